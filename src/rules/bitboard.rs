//! A set of cells as one 128-bit word.

use crate::rules::topology::Cell;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells: bit `i` is cell `i`. Every board of the project has at most 128 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every bit set.
    pub const FULL: Bitboard = Bitboard(u128::MAX);

    /// The set holding one cell.
    #[inline]
    pub const fn from_cell(cell: Cell) -> Bitboard {
        Bitboard(1 << cell.index())
    }
    /// Whether the set holds `cell`.
    #[inline]
    pub const fn has(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 != 0
    }
    /// Adds a cell.
    #[inline]
    pub fn add(&mut self, cell: Cell) {
        self.0 |= 1 << cell.index();
    }
    /// Removes a cell.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1 << cell.index());
    }
    /// Adds or removes a cell.
    #[inline]
    pub fn toggle(&mut self, cell: Cell) {
        self.0 ^= 1 << cell.index();
    }
    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Number of cells in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// The lowest cell, if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        (self.0 != 0).then(|| Cell::from_index(self.0.trailing_zeros() as u8))
    }
}

impl Iterator for Bitboard {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let c = self.first()?;
        self.0 &= self.0 - 1;
        Some(c)
    }
}

impl FromIterator<Cell> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for c in iter {
            b.add(c);
        }
        b
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
