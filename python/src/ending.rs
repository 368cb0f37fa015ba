//! How a game ends, with python-chess's names and order: checkmate, insufficient material,
//! stalemate (in xiangqi a loss, its own rule), the seventy-five-move rule and fivefold repetition
//! end it; the fifty-move rule and threefold repetition may be claimed. Material is counted as
//! python-chess counts it on the flat board; on the sphere only bare kings are insufficient
//! (docs/rules.md, "how a game ends").

use crate::questions::{EnPassant, fen};
use dotchess::{Color, Family, Position, Role, VariantId};

/// Why a game is over: python-chess's `Termination` names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Termination {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    SeventyfiveMoves,
    FivefoldRepetition,
    FiftyMoves,
    ThreefoldRepetition,
}

impl Termination {
    /// The python-chess name (`CHECKMATE`, `FIFTY_MOVES`, …).
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "CHECKMATE",
            Termination::Stalemate => "STALEMATE",
            Termination::InsufficientMaterial => "INSUFFICIENT_MATERIAL",
            Termination::SeventyfiveMoves => "SEVENTYFIVE_MOVES",
            Termination::FivefoldRepetition => "FIVEFOLD_REPETITION",
            Termination::FiftyMoves => "FIFTY_MOVES",
            Termination::ThreefoldRepetition => "THREEFOLD_REPETITION",
        }
    }
}

/// What makes positions the same for repetition: the placement, the side to move, the castling
/// rights and an en passant square only where it can be taken.
pub fn key(pos: &Position) -> String {
    let written = fen(pos, EnPassant::Legal);
    written.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// The halfmove clock (plies since the last capture or pawn move).
pub fn halfmove_clock(pos: &Position) -> u32 {
    pos.setup().halfmove
}

/// Whether `color` cannot mate with what it has. On the flat board, python-chess's rule: no
/// pawn, rook or queen, and a lone knight against at most queens, or bishops all on one colour
/// with no knight or pawn on the board. Elsewhere only a bare king.
fn cannot_mate(pos: &Position, color: Color) -> bool {
    let own = pos.by_color(color);
    if pos.variant().id != VariantId::Flat || pos.variant().family != Family::Chess {
        return own.count() <= 1 && (own & !pos.by_role(Role::King)).is_empty();
    }
    let heavy = pos.by_role(Role::Pawn) | pos.by_role(Role::Rook) | pos.by_role(Role::Queen);
    if !(own & heavy).is_empty() {
        return false;
    }
    if !(own & pos.by_role(Role::Knight)).is_empty() {
        let theirs = pos.by_color(color.other()) & !pos.by_role(Role::King) & !pos.by_role(Role::Queen);
        return own.count() <= 2 && theirs.is_empty();
    }
    if !(own & pos.by_role(Role::Bishop)).is_empty() {
        let topo = pos.topology();
        let shade = |c| topo.coords(c).map(|(f, r)| (f + r) % 2);
        let mut shades = pos.by_role(Role::Bishop).map(shade);
        let first = shades.next().flatten();
        let one_shade = shades.all(|s| s == first);
        return one_shade && pos.by_role(Role::Pawn).is_empty() && pos.by_role(Role::Knight).is_empty();
    }
    true
}

/// Whether neither side can mate.
pub fn is_insufficient_material(pos: &Position) -> bool {
    cannot_mate(pos, Color::White) && cannot_mate(pos, Color::Black)
}

/// Whether 150 plies passed without a capture or a pawn move, and a move is left.
pub fn is_seventyfive_moves(pos: &Position) -> bool {
    halfmove_clock(pos) >= 150 && !pos.moves().is_empty()
}

/// How often the current position stands in the game (`history` the positions before it).
pub fn repetitions(history: &[Position], pos: &Position) -> usize {
    let now = key(pos);
    1 + history.iter().filter(|p| key(p) == now).count()
}

/// Whether the fifty-move rule may be claimed: the clock at 100, or a legal move that brings it
/// there (and leaves the other side a move).
pub fn can_claim_fifty_moves(pos: &Position) -> bool {
    let clock = halfmove_clock(pos);
    let moves = pos.moves();
    if moves.is_empty() {
        return false;
    }
    clock >= 100
        || (clock >= 99
            && moves.iter().any(|&m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                halfmove_clock(&after) >= 100 && !after.moves().is_empty()
            }))
}

/// Whether threefold repetition may be claimed: the position stands for the third time, or a
/// legal move brings a position about for the third time.
pub fn can_claim_threefold(history: &[Position], pos: &Position) -> bool {
    if repetitions(history, pos) >= 3 {
        return true;
    }
    let mut keys: Vec<String> = history.iter().map(key).collect();
    keys.push(key(pos));
    pos.moves().into_iter().any(|m| {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let k = key(&after);
        keys.iter().filter(|&o| *o == k).count() >= 2
    })
}

/// The outcome, in python-chess's order: `None` while the game goes on.
pub fn outcome(history: &[Position], pos: &Position, claim_draw: bool) -> Option<(Termination, Option<Color>)> {
    let moves = pos.moves();
    if moves.is_empty() && pos.in_check() {
        return Some((Termination::Checkmate, Some(pos.turn().other())));
    }
    let clock = halfmove_clock(pos);
    let end = if is_insufficient_material(pos) {
        Termination::InsufficientMaterial
    } else if moves.is_empty() {
        // Xiangqi's own rule: a side with no move loses, in check or not.
        let loses = matches!(pos.variant().family, Family::Xiangqi(_));
        return Some((Termination::Stalemate, loses.then(|| pos.turn().other())));
    } else if clock >= 150 {
        Termination::SeventyfiveMoves
    } else if repetitions(history, pos) >= 5 {
        Termination::FivefoldRepetition
    } else if claim_draw && can_claim_fifty_moves(pos) {
        Termination::FiftyMoves
    } else if claim_draw && can_claim_threefold(history, pos) {
        Termination::ThreefoldRepetition
    } else {
        return None;
    };
    Some((end, None))
}
