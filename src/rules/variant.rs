//! The variants of docs/rules.md §4: a topology plus the rules that differ between games.

use crate::rules::piece::{Color, Role};
use crate::rules::topology::{DiagonalRule, Poles, Topology};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// How the knight leaps (docs/rules.md §3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KnightRule {
    /// The L-leap on the unrolled chart: `|dr|` steps along the file, then `|df|` along the rank.
    Chart,
    /// As `Chart`, minus any target on the origin's rank, file or diagonal (Boholy).
    Strict,
}

/// Which castlings a variant has (docs/rules.md §3).
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
    /// Never (xiangqi soldiers).
    None,
    /// On the last rank (the enemy's polar circle on the Dot).
    LastRank,
    /// On the enemy pole cell (Small Spherical Chess).
    EnemyPole,
}

/// Which game's pieces and rules a variant plays with. Move generation, attacks and routes
/// dispatch on this once, at the top of their public functions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    /// Chess pieces (docs/rules.md §3), with the variant's knight, castling and pawn rules.
    Chess,
    /// Xiangqi pieces (docs/rules.md §4, Spherical Chinese Chess), with the palace shape of the board.
    Xiangqi(Palace),
}

/// The shape of a xiangqi palace: where the general and the guards may stand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Palace {
    /// A board with live poles: the own pole plus the two ranks nearest to it (`2W + 1` cells;
    /// 19 on the 9-file sphere).
    PolarCap,
    /// A flat board: the middle three files of the three ranks nearest the own edge (files d–f
    /// on nine files).
    Square,
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
    /// Spherical Chinese Chess (Neatham 2010): xiangqi on 9 files × 10 ranks with live poles.
    Xiangqi,
    /// Ordinary xiangqi on the flat 9 × 10 board, for checking the core.
    XiangqiFlat,
}

impl VariantId {
    /// Every variant, in the order of docs/rules.md §4.
    pub const ALL: [VariantId; 9] = [
        VariantId::Dot,
        VariantId::Boholy,
        VariantId::Spherical,
        VariantId::Small,
        VariantId::Small8,
        VariantId::Flat,
        VariantId::Cylinder,
        VariantId::Xiangqi,
        VariantId::XiangqiFlat,
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
            VariantId::Xiangqi => "xiangqi",
            VariantId::XiangqiFlat => "xiangqi-flat",
        }
    }

    /// The variant's rules, built once.
    pub fn variant(self) -> &'static Variant {
        static CELLS: [OnceLock<Variant>; VariantId::ALL.len()] = [const { OnceLock::new() }; VariantId::ALL.len()];
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
    "unknown variant `{0}` (known: dot, boholy, spherical, small, small8, flat, cylinder, xiangqi, xiangqi-flat; aliases chao, yapsan, global, nadvorney, chess)"
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
            "xiangqi" => VariantId::Xiangqi,
            "xiangqi-flat" => VariantId::XiangqiFlat,
            _ => return Err(UnknownVariant(s.to_string())),
        })
    }
}

/// A variant: its board and the rules that differ between the games. Its move tables are
/// `Variant::tables`, built by the rules module on first use.
#[derive(Debug)]
pub struct Variant {
    /// Which variant.
    pub id: VariantId,
    /// A human name.
    pub title: &'static str,
    /// The board.
    pub topology: Topology,
    /// Chess or xiangqi pieces.
    pub family: Family,
    /// The roles a position of this variant may hold (its FEN letters).
    pub roles: &'static [Role],
    /// The knight rule (chess family).
    pub knight: KnightRule,
    /// The castlings (chess family; `None` for xiangqi).
    pub castling: CastlingRule,
    /// Whether pawns may step twice from their first rank (and so capture en passant).
    pub pawn_double_step: bool,
    /// Where pawns promote (`None` for xiangqi soldiers).
    pub promotion: Promotion,
    /// What pawns may promote to.
    pub promotion_roles: &'static [Role],
    /// The start position.
    pub start_fen: &'static str,
}

const FIDE: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// docs/rules.md §4's default setup of Spherical Chinese Chess (the project's choice; the source's picture
/// is lost): Gold general on S; rank 1 chariot, horse, elephant, guard, empty e1, guard, elephant,
/// horse, chariot; cannons b3 and h3; soldiers a4 c4 e4 g4 i4; Red mirrored round N.
const XIANGQI_START: &str = "k/rhea1aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEA1AEHR/K w - - 0 1";
/// The standard start of ordinary xiangqi, Gold (uppercase, moving first) at the bottom.
const XIANGQI_FLAT_START: &str = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1";
const QRBN: &[Role] = &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const RBN: &[Role] = &[Role::Rook, Role::Bishop, Role::Knight];

impl Variant {
    fn build(id: VariantId) -> Variant {
        use DiagonalRule::{Antipode, Chart};
        let topo =
            |w, h, wrap, poles, diag| Topology::new(w, h, wrap, poles, diag).expect("built-in topology is valid");
        let chess = |topology, knight, castling, title| Variant::chess(id, topology, knight, castling, title);
        let small = |topology, title, start_fen| Variant::small(id, topology, title, start_fen);
        let xiangqi = |topology, palace, title, start_fen| Variant::xiangqi(id, topology, palace, title, start_fen);
        match id {
            // With nine files no file is antipodal, so nothing passes a pole and the diagonal
            // rule never applies; `Chart` is named only because a topology needs one.
            VariantId::Xiangqi => xiangqi(
                topo(9, 10, true, Poles::Live, Chart),
                Palace::PolarCap,
                "Spherical Chinese Chess",
                XIANGQI_START,
            ),
            VariantId::XiangqiFlat => {
                xiangqi(topo(9, 10, false, Poles::Edge, Antipode), Palace::Square, "Xiangqi", XIANGQI_FLAT_START)
            }
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

    /// A chess variant with the double step, promotion on the last rank to Q R B N, and the
    /// standard start.
    fn chess(
        id: VariantId,
        topology: Topology,
        knight: KnightRule,
        castling: CastlingRule,
        title: &'static str,
    ) -> Variant {
        Variant {
            id,
            title,
            topology,
            family: Family::Chess,
            roles: &Role::CHESS,
            knight,
            castling,
            pawn_double_step: true,
            promotion: Promotion::LastRank,
            promotion_roles: QRBN,
            start_fen: FIDE,
        }
    }

    /// A Small Spherical Chess board: no castling, no double step, promotion on the enemy pole
    /// to R B N.
    fn small(id: VariantId, topology: Topology, title: &'static str, start_fen: &'static str) -> Variant {
        Variant {
            id,
            title,
            topology,
            family: Family::Chess,
            roles: &Role::CHESS,
            knight: KnightRule::Chart,
            castling: CastlingRule::None,
            pawn_double_step: false,
            promotion: Promotion::EnemyPole,
            promotion_roles: RBN,
            start_fen,
        }
    }

    /// A xiangqi board. The knight and castling fields mean nothing to xiangqi; they are filled
    /// with the values that switch chess machinery off (no castling, no double step, no promotion).
    fn xiangqi(
        id: VariantId,
        topology: Topology,
        palace: Palace,
        title: &'static str,
        start_fen: &'static str,
    ) -> Variant {
        Variant {
            id,
            title,
            topology,
            family: Family::Xiangqi(palace),
            roles: &Role::XIANGQI,
            knight: KnightRule::Chart,
            castling: CastlingRule::None,
            pawn_double_step: false,
            promotion: Promotion::None,
            promotion_roles: &[],
            start_fen,
        }
    }

    /// Whether the variant plays with xiangqi pieces.
    pub const fn is_xiangqi(&self) -> bool {
        matches!(self.family, Family::Xiangqi(_))
    }

    /// The name of a side in this variant: `white` / `black` in chess, `gold` / `red` in
    /// Spherical Chinese Chess and xiangqi (Gold is White's place: south, moving first).
    pub const fn color_name(&self, color: Color) -> &'static str {
        match (self.family, color) {
            (Family::Chess, c) => c.name(),
            (Family::Xiangqi(_), Color::White) => "gold",
            (Family::Xiangqi(_), Color::Black) => "red",
        }
    }

    /// The name of a role in this variant: the shared roles are the general, chariot and
    /// soldier in xiangqi.
    pub const fn role_name(&self, role: Role) -> &'static str {
        match (self.family, role) {
            (Family::Xiangqi(_), Role::King) => "general",
            (Family::Xiangqi(_), Role::Rook) => "chariot",
            (Family::Xiangqi(_), Role::Pawn) => "soldier",
            (_, r) => r.name(),
        }
    }
}
