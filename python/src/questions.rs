//! Questions about a move or a cell of a position, answered as python-chess answers them on its
//! board and with the library's rules on the sphere: is it a capture, a castling, does it give
//! check, which pieces attack a cell, the move's long algebraic name, and the FEN with the en
//! passant square written only when it can be taken.

use dotchess::{Color, Move, MoveKind, Position, San};

/// Whether `m` takes a piece (en passant included).
pub fn is_capture(pos: &Position, m: Move) -> bool {
    m.kind == MoveKind::EnPassant
        || (!matches!(m.kind, MoveKind::Castle(_)) && pos.piece_at(m.to).is_some_and(|p| p.color != pos.turn()))
}

/// Whether `m` checks the other side's king.
pub fn gives_check(pos: &Position, m: Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after.in_check()
}

/// The cells of `color`'s pieces that attack `cell`, in cell order.
pub fn attackers(pos: &Position, color: Color, cell: dotchess::Cell) -> Vec<dotchess::Cell> {
    pos.pieces()
        .filter(|(_, p)| p.color == color)
        .filter(|&(from, p)| pos.attacks_from(from, p, pos.occupied()).has(cell))
        .map(|(from, _)| from)
        .collect()
}

/// The long algebraic name of a legal move, as python-chess's `lan()`: the piece's letter, both
/// cells joined by `-` or `x`, the promotion and the check or mate (`Ng1-f3`, `e7xf8=Q+`, `O-O`).
pub fn lan(pos: &Position, m: Move) -> String {
    let san = pos.san_parts(m);
    let San::Move { letter, from, capture, to, promotion, .. } = &san else { return san.to_string() };
    let mut s: String = letter.map(String::from).unwrap_or_default();
    s.push_str(from);
    s.push(if *capture { 'x' } else { '-' });
    s.push_str(to);
    if let Some(p) = promotion {
        s.push('=');
        s.push(*p);
    }
    let written = san.to_string();
    if written.ends_with('#') || written.ends_with('+') {
        s.push(written.chars().last().unwrap_or('+'));
    }
    s
}

/// Which en passant square a FEN writes: python-chess's `en_passant` argument.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum EnPassant {
    /// Only when a legal move takes en passant (python-chess's default).
    Legal,
    /// When a pawn stands ready to take, legal or not (X-FEN).
    Xfen,
    /// Whenever the last move was a double step (the library's FEN).
    Fen,
}

impl EnPassant {
    /// The mode named `name` (`legal`, `xfen`, `fen`).
    pub fn named(name: &str) -> Option<EnPassant> {
        match name {
            "legal" => Some(EnPassant::Legal),
            "xfen" => Some(EnPassant::Xfen),
            "fen" => Some(EnPassant::Fen),
            _ => None,
        }
    }
}

/// Whether an en passant capture is open: legal ones (`legal`), or pseudo-legal ones.
pub fn can_take_en_passant(pos: &Position, legal: bool) -> bool {
    let mut moves = Vec::new();
    if legal {
        pos.legal_moves(&mut moves);
    } else {
        pos.pseudo_legal_moves(&mut moves);
    }
    moves.iter().any(|m| m.kind == MoveKind::EnPassant)
}

/// The FEN with the en passant square written as `mode` says.
pub fn fen(pos: &Position, mode: EnPassant) -> String {
    let full = pos.fen();
    let keep = match mode {
        EnPassant::Fen => true,
        EnPassant::Legal => can_take_en_passant(pos, true),
        EnPassant::Xfen => can_take_en_passant(pos, false),
    };
    if keep || pos.ep_square().is_none() {
        return full;
    }
    // The fields are separated by single spaces and none holds one: the fourth is the square.
    let mut fields: Vec<&str> = full.split(' ').collect();
    if let Some(ep) = fields.get_mut(3) {
        *ep = "-";
    }
    fields.join(" ")
}

/// The board as text, python-chess's `str(board)`: a line a rank from the top, pieces by FEN
/// letter and `.` for an empty cell, separated by spaces; a live pole is a line of its own above
/// (`N: k`) or below (`S: .`) the ranks.
pub fn ascii(pos: &Position) -> String {
    let topo = pos.topology();
    let letter = |c| pos.piece_at(c).map_or('.', |p| p.letter());
    let mut lines = Vec::new();
    let pole = |p| topo.pole_cell(p).map(|c| format!("{}: {}", topo.name(c), letter(c)));
    lines.extend(pole(dotchess::Pole::North));
    for rank in (0..topo.height()).rev() {
        let row: Vec<String> =
            (0..topo.width()).filter_map(|file| topo.square(file, rank)).map(|c| letter(c).to_string()).collect();
        lines.push(row.join(" "));
    }
    lines.extend(pole(dotchess::Pole::South));
    lines.join("\n")
}
