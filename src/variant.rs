//! The variants of SPEC §4: a topology plus the rules that differ between games.

use crate::piece::Role;
use crate::rules::Tables;
use crate::topology::{DiagonalRule, Poles, Topology};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// How the knight leaps (SPEC §3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KnightRule {
    /// The L-leap on the unrolled chart: `|dr|` steps along the file, then `|df|` along the rank.
    Chart,
    /// As `Chart`, minus any target on the origin's rank, file or diagonal (Boholy).
    Strict,
}

/// Which castlings a variant has (SPEC §3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastlingRule {
    /// No castling.
    None,
    /// The two of ordinary chess.
    Two,
    /// Both rooks both ways round the rank: `O-O`, `O-O-O`, `C-O-O`, `C-O-O-O`.
    Four,
}

/// Where a pawn promotes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Promotion {
    /// On the last rank (the enemy's polar circle on the Dot).
    LastRank,
    /// On the enemy pole cell (Small Spherical Chess).
    EnemyPole,
}

/// The variants the project knows.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum VariantId {
    /// Chess on the Dot (Chao 2008), same as Yapsan 1971; the default.
    Dot,
    /// Boholy 1987: the Dot with the strict knight.
    Boholy,
    /// The 1996 "Spherical chess" page: colour-changing bishop over the poles.
    Spherical,
    /// Small Spherical Chess (Mori 1997), 6×6 with live poles.
    Small,
    /// Mori's board with W = H = 8, empty at the start.
    Small8,
    /// Ordinary chess.
    Flat,
    /// Cylindrical chess: ranks wrap, files end.
    Cylinder,
}

impl VariantId {
    /// Every variant, in the order of SPEC §4.
    pub const ALL: [VariantId; 7] = [
        VariantId::Dot,
        VariantId::Boholy,
        VariantId::Spherical,
        VariantId::Small,
        VariantId::Small8,
        VariantId::Flat,
        VariantId::Cylinder,
    ];

    /// The id used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            VariantId::Dot => "dot",
            VariantId::Boholy => "boholy",
            VariantId::Spherical => "spherical",
            VariantId::Small => "small",
            VariantId::Small8 => "small8",
            VariantId::Flat => "flat",
            VariantId::Cylinder => "cylinder",
        }
    }

    /// The variant's rules, built once.
    pub fn variant(self) -> &'static Variant {
        static CELLS: [OnceLock<Variant>; 7] = [const { OnceLock::new() }; 7];
        CELLS[self as usize].get_or_init(|| Variant::build(self))
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant `{0}` (known: dot, boholy, spherical, small, small8, flat, cylinder; aliases chao, yapsan, global, nadvorney, chess)"
)]
pub struct UnknownVariant(pub String);

impl FromStr for VariantId {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<VariantId, UnknownVariant> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "dot" | "chao" | "yapsan" | "global" => VariantId::Dot,
            "boholy" => VariantId::Boholy,
            "spherical" | "nadvorney" => VariantId::Spherical,
            "small" => VariantId::Small,
            "small8" => VariantId::Small8,
            "flat" | "chess" => VariantId::Flat,
            "cylinder" => VariantId::Cylinder,
            _ => return Err(UnknownVariant(s.to_string())),
        })
    }
}

/// A variant: its board and the rules that differ between the games, with its move tables.
#[derive(Debug)]
pub struct Variant {
    /// Which variant.
    pub id: VariantId,
    /// A human name.
    pub title: &'static str,
    /// The board.
    pub topology: Topology,
    /// The knight rule.
    pub knight: KnightRule,
    /// The castlings.
    pub castling: CastlingRule,
    /// Whether pawns may step twice from their first rank (and so capture en passant).
    pub pawn_double_step: bool,
    /// Where pawns promote.
    pub promotion: Promotion,
    /// What pawns may promote to.
    pub promotion_roles: &'static [Role],
    /// The start position.
    pub start_fen: &'static str,
    tables: OnceLock<Tables>,
}

const FIDE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const QRBN: &[Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const RBN: &[Role] = &[Role::Rook, Role::Bishop, Role::Knight];

impl Variant {
    fn build(id: VariantId) -> Variant {
        use DiagonalRule::{Antipode, Chart};
        let topo =
            |w, h, wrap, poles, diag| Topology::new(w, h, wrap, poles, diag).expect("built-in topology is valid");
        let chess = |topology, knight, castling, title| Variant {
            id,
            title,
            topology,
            knight,
            castling,
            pawn_double_step: true,
            promotion: Promotion::LastRank,
            promotion_roles: QRBN,
            start_fen: FIDE,
            tables: OnceLock::new(),
        };
        let small = |topology, title, start_fen| Variant {
            id,
            title,
            topology,
            knight: KnightRule::Chart,
            castling: CastlingRule::None,
            pawn_double_step: false,
            promotion: Promotion::EnemyPole,
            promotion_roles: RBN,
            start_fen,
            tables: OnceLock::new(),
        };
        match id {
            VariantId::Dot => chess(
                topo(8, 8, true, Poles::Dead, Antipode),
                KnightRule::Chart,
                CastlingRule::Four,
                "Chess on the Dot",
            ),
            VariantId::Boholy => chess(
                topo(8, 8, true, Poles::Dead, Antipode),
                KnightRule::Strict,
                CastlingRule::Four,
                "Boholy's spherical chess",
            ),
            VariantId::Spherical => chess(
                topo(8, 8, true, Poles::Dead, Chart),
                KnightRule::Chart,
                CastlingRule::Four,
                "Spherical chess (1996)",
            ),
            VariantId::Flat => {
                chess(topo(8, 8, false, Poles::Edge, Antipode), KnightRule::Chart, CastlingRule::Two, "Chess")
            }
            VariantId::Cylinder => chess(
                topo(8, 8, true, Poles::Edge, Antipode),
                KnightRule::Chart,
                CastlingRule::Four,
                "Cylindrical chess",
            ),
            VariantId::Small => small(
                topo(6, 6, true, Poles::Live, Chart),
                "Small Spherical Chess",
                "k/rbnnbr/pppppp/6/6/PPPPPP/RBNNBR/K w - - 0 1",
            ),
            VariantId::Small8 => small(
                topo(8, 8, true, Poles::Live, Chart),
                "Small Spherical Chess on 8×8",
                "1/8/8/8/8/8/8/8/8/1 w - - 0 1",
            ),
        }
    }

    /// The precomputed move tables, built on first use.
    pub fn tables(&self) -> &Tables {
        self.tables.get_or_init(|| Tables::build(self))
    }
}
