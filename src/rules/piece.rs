//! Colours, roles and pieces.

use std::fmt;

/// A side. White (Gold in xiangqi) lives around the South pole and moves first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Color {
    /// Home around S; moves north.
    White,
    /// Home around N; moves south.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// +1 for White (north), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// What a piece is.
///
/// Chess and xiangqi share the three roles whose letters and places agree: `King` is also the
/// xiangqi general (K), `Rook` the chariot (R) and `Pawn` the soldier (P). A role says nothing
/// about how the piece moves: the variant's family does (a soldier never moves like a chess
/// pawn). Which roles a variant allows is [`Variant::roles`](crate::Variant::roles).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Role {
    /// Pawn; the xiangqi soldier.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook; the xiangqi chariot.
    Rook,
    /// Queen.
    Queen,
    /// King; the xiangqi general.
    King,
    /// Xiangqi guard (advisor), letter A.
    Guard,
    /// Xiangqi elephant, letter E.
    Elephant,
    /// Xiangqi horse, letter H.
    Horse,
    /// Xiangqi cannon, letter C.
    Cannon,
}

impl Role {
    /// Every role, in table order.
    pub const ALL: [Role; 10] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Guard,
        Role::Elephant,
        Role::Horse,
        Role::Cannon,
    ];
    /// The roles of chess, in table order.
    pub const CHESS: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
    /// The roles of xiangqi: general, guard, elephant, horse, chariot, cannon, soldier.
    pub const XIANGQI: [Role; 7] =
        [Role::King, Role::Guard, Role::Elephant, Role::Horse, Role::Rook, Role::Cannon, Role::Pawn];
    /// Number of roles (table size).
    pub const COUNT: usize = 10;
    /// Index for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The lowercase FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
            Role::Guard => 'a',
            Role::Elephant => 'e',
            Role::Horse => 'h',
            Role::Cannon => 'c',
        }
    }
    /// The role of a FEN letter (either case), in any variant; a variant may allow fewer.
    pub fn from_letter(c: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == c.to_ascii_lowercase())
    }
    /// The English name, as in chess for the shared roles (see
    /// [`Variant::role_name`](crate::Variant::role_name) for a variant's own names).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
            Role::Guard => "guard",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Cannon => "cannon",
        }
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: uppercase for White.
    pub fn letter(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
    /// The piece of a FEN letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let role = Role::from_letter(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
