//! A second, deliberately plain implementation of the chess rules of docs/rules.md §3 and §4, compared with
//! the core on random games and random placements in every chess variant.
//!
//! The model uses only the step function ([`Topology::step`]) and the topology's cell names: no
//! tables, no bitboards, no `Position` machinery. Every ride is walked square by square; a move is
//! legal when, after playing it on a copy, no enemy move lands on the mover's king; castling adds
//! its own three conditions. Its moves are written in the notation of docs/rules.md §4 and compared as sets of names.
//!
//! At every position the test asserts: the core's legal moves are the model's; the core's
//! pseudo-legal moves are the model's; the core's legal moves are its pseudo-legal ones minus those
//! that leave the own king attacked; `make` then `unmake` gives back the same position; the FEN
//! reads back to the same position; and after each move the core's FEN is the model's.

use crate::common::fen_rank;
use dotchess::{Cell, Cursor, Dir, Pole, Poles, Position, Topology, VariantId};
use std::collections::{BTreeMap, BTreeSet};

/// The variant rules of docs/rules.md §4's table, written out here rather than read from the core.
#[derive(Clone, Copy)]
struct Rules {
    strict_knight: bool,
    /// 0, 2 (O-O, O-O-O) or 4 (and C-O-O, C-O-O-O).
    castlings: usize,
    double_step: bool,
    /// Promotion on the enemy pole (Small Spherical Chess) instead of the last rank.
    promote_on_pole: bool,
    promotions: &'static [char],
}

fn rules(v: VariantId) -> Rules {
    let fide = Rules {
        strict_knight: false,
        castlings: 4,
        double_step: true,
        promote_on_pole: false,
        promotions: &['q', 'r', 'b', 'n'],
    };
    match v {
        VariantId::Dot | VariantId::Spherical | VariantId::Cylinder => fide,
        VariantId::Boholy => Rules { strict_knight: true, ..fide },
        VariantId::Flat => Rules { castlings: 2, ..fide },
        VariantId::Small | VariantId::Small8 => Rules {
            strict_knight: false,
            castlings: 0,
            double_step: false,
            promote_on_pole: true,
            promotions: &['r', 'b', 'n'],
        },
        _ => panic!("{v} is not a chess variant"),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    /// Lowercase letter: p n b r q k.
    kind: char,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct MMove {
    from: Cell,
    to: Cell,
    promotion: Option<char>,
    /// The castling's name; `from` and `to` are then the king's squares.
    castle: Option<&'static str>,
    en_passant: bool,
    /// A pawn's double step: the square it passes over.
    passes: Option<Cell>,
}

impl MMove {
    fn new(from: Cell, to: Cell) -> MMove {
        MMove { from, to, promotion: None, castle: None, en_passant: false, passes: None }
    }
}

/// A castling as docs/rules.md §3 lists it: name, whether it needs the h-rook's right, the rook's file,
/// the files that must be empty, the king's and the rook's landing files.
struct Way {
    name: &'static str,
    h_rook: bool,
    rook_file: u8,
    empty: &'static [u8],
    king_to: u8,
    rook_to: u8,
}

const WAYS: [Way; 4] = [
    Way { name: "O-O", h_rook: true, rook_file: 7, empty: &[5, 6], king_to: 6, rook_to: 5 },
    Way { name: "O-O-O", h_rook: false, rook_file: 0, empty: &[3, 2, 1], king_to: 2, rook_to: 3 },
    Way { name: "C-O-O", h_rook: false, rook_file: 0, empty: &[5, 6, 7], king_to: 6, rook_to: 5 },
    Way { name: "C-O-O-O", h_rook: true, rook_file: 7, empty: &[3, 2, 1, 0], king_to: 2, rook_to: 3 },
];

/// More steps than any ride on these boards has: a ride that gets here is a bug in the step
/// function, which the model reports rather than loops on.
const RUNAWAY: usize = 1000;

#[derive(Clone)]
struct Model {
    v: VariantId,
    rules: Rules,
    topo: Topology,
    men: BTreeMap<Cell, Man>,
    white_to_move: bool,
    /// Castling rights K, Q, k, q.
    rights: [bool; 4],
    ep: Option<Cell>,
    halfmove: u32,
    fullmove: u32,
}

fn right_index(white: bool, h_rook: bool) -> usize {
    (if white { 0 } else { 2 }) + if h_rook { 0 } else { 1 }
}

impl Model {
    /// Reads a FEN (all six fields) with the model's own parser.
    fn from_fen(v: VariantId, fen: &str) -> Model {
        let topo = v.variant().topology;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        assert_eq!(fields.len(), 6, "{fen}");
        let mut rows: Vec<&str> = fields[0].split('/').collect();
        let mut men = BTreeMap::new();
        let letter = |c: char| Man { white: c.is_ascii_uppercase(), kind: c.to_ascii_lowercase() };
        if topo.poles() == Poles::Live {
            let south = rows.pop().unwrap();
            let north = rows.remove(0);
            for (field, pole) in [(north, Pole::North), (south, Pole::South)] {
                if field != "1" {
                    men.insert(topo.pole_cell(pole).unwrap(), letter(field.chars().next().unwrap()));
                }
            }
        }
        assert_eq!(rows.len(), topo.height() as usize, "{fen}");
        for (i, row) in rows.iter().enumerate() {
            let rank = topo.height() - 1 - i as u8;
            let mut file = 0u8;
            let mut digits = 0u8;
            let chars: Vec<char> = row.chars().collect();
            for (j, &c) in chars.iter().enumerate() {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d as u8;
                    if chars.get(j + 1).is_none_or(|n| !n.is_ascii_digit()) {
                        file += digits;
                        digits = 0;
                    }
                } else {
                    men.insert(topo.square(file, rank).unwrap(), letter(c));
                    file += 1;
                }
            }
            assert_eq!(file, topo.width(), "{fen}");
        }
        let rights = ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c));
        let ep = (fields[3] != "-").then(|| topo.parse_cell(fields[3]).unwrap());
        Model {
            v,
            rules: rules(v),
            topo,
            men,
            white_to_move: fields[1] == "w",
            rights,
            ep,
            halfmove: fields[4].parse().unwrap(),
            fullmove: fields[5].parse().unwrap(),
        }
    }

    fn fen(&self) -> String {
        let t = &self.topo;
        let letter = |m: &Man| if m.white { m.kind.to_ascii_uppercase() } else { m.kind };
        let pole_field = |p: Pole| t.pole_cell(p).and_then(|c| self.men.get(&c)).map_or('1', letter).to_string();
        let mut fields = Vec::new();
        if t.poles() == Poles::Live {
            fields.push(pole_field(Pole::North));
        }
        for r in (0..t.height()).rev() {
            fields.push(fen_rank((0..t.width()).map(|f| self.men.get(&t.square(f, r).unwrap()).map(letter))));
        }
        if t.poles() == Poles::Live {
            fields.push(pole_field(Pole::South));
        }
        let rights: String =
            ['K', 'Q', 'k', 'q'].iter().zip(self.rights).filter(|(_, on)| *on).map(|(c, _)| *c).collect();
        format!(
            "{} {} {} {} {} {}",
            fields.join("/"),
            if self.white_to_move { "w" } else { "b" },
            if rights.is_empty() { "-".to_string() } else { rights },
            self.ep.map_or("-".to_string(), |c| t.name(c)),
            self.halfmove,
            self.fullmove
        )
    }

    fn name(&self, m: &MMove) -> String {
        if let Some(c) = m.castle {
            return c.to_string();
        }
        let mut s = self.topo.name(m.from) + &self.topo.name(m.to);
        if let Some(p) = m.promotion {
            s.push(p);
        }
        s
    }

    fn is_pole(&self, c: Cell) -> bool {
        self.topo.coords(c).is_none()
    }

    /// The heads of the rides from a cell (docs/rules.md §3): the four (or eight) headings from a square;
    /// from a live pole, one ride down each file (orthogonal), or leaving each polar-circle square
    /// in both diagonal senses (diagonal).
    fn ride_starts(&self, from: Cell, diagonal: bool) -> Vec<Cursor> {
        let t = &self.topo;
        if self.is_pole(from) {
            let away = if t.name(from) == "N" { -1 } else { 1 };
            let dfs: &[i8] = if diagonal { &[1, -1] } else { &[0] };
            let mut out = Vec::new();
            for file in 0..t.width() {
                for &df in dfs {
                    out.push(Cursor { cell: from, dir: Dir::new(df, away), exit_file: file });
                }
            }
            return out;
        }
        let dirs: &[(i8, i8)] =
            if diagonal { &[(1, 1), (1, -1), (-1, -1), (-1, 1)] } else { &[(0, 1), (1, 0), (0, -1), (-1, 0)] };
        dirs.iter().map(|&(df, dr)| t.cursor(from, Dir::new(df, dr))).collect()
    }

    /// The cells a ride visits on the empty board, in order, before it would re-enter its start.
    fn empty_ride(&self, start: Cursor) -> Vec<Cell> {
        let mut out = Vec::new();
        let mut cur = start;
        while let Some(s) = self.topo.step(cur) {
            if s.to.cell == start.cell {
                break;
            }
            out.push(s.to.cell);
            cur = s.to;
            assert!(out.len() < RUNAWAY, "runaway ride from {}", self.topo.name(start.cell));
        }
        out
    }

    /// Rider targets: walk each ride, stop before an own piece, on an enemy piece.
    fn ride_targets(&self, from: Cell, white: bool, diagonal: bool, out: &mut Vec<Cell>) {
        for start in self.ride_starts(from, diagonal) {
            for c in self.empty_ride(start) {
                match self.men.get(&c) {
                    Some(m) if m.white == white => break,
                    Some(_) => {
                        out.push(c);
                        break;
                    }
                    None => out.push(c),
                }
            }
        }
    }

    /// Knight targets before own pieces are removed (docs/rules.md §3, knight).
    fn knight_targets(&self, from: Cell) -> BTreeSet<Cell> {
        let t = &self.topo;
        let (w, h) = (t.width() as i32, t.height() as i32);
        let mut out = BTreeSet::new();
        if t.poles() == Poles::Live {
            // The pole is one cell at rank H + 1 (or 0) on every file.
            let coord = |c: Cell| match t.coords(c) {
                Some((f, r)) => (Some(f as i32), r as i32),
                None if t.name(c) == "N" => (None, h),
                None => (None, -1),
            };
            let at = |f: i32, r: i32| -> Option<Cell> {
                match r {
                    r if r == h => t.pole_cell(Pole::North),
                    -1 => t.pole_cell(Pole::South),
                    r if (0..h).contains(&r) => t.square(f.rem_euclid(w) as u8, r as u8),
                    _ => None,
                }
            };
            match coord(from) {
                (None, r) => {
                    // Every square of the two nearest ranks.
                    let ranks = if r == h { [h - 1, h - 2] } else { [0, 1] };
                    for rr in ranks {
                        for f in 0..w {
                            out.insert(at(f, rr).unwrap());
                        }
                    }
                }
                (Some(f), r) => {
                    for (df, dr) in [(1, 2), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1)] {
                        out.extend(at(f + df, r + dr));
                    }
                }
            }
        } else {
            // |dr| steps along the file (carrying the heading the pole rule returns), then |df|
            // along the rank.
            for (df, dr) in [(1i8, 2i8), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1)] {
                let mut cur = t.cursor(from, Dir::new(0, dr.signum()));
                let mut ok = true;
                for _ in 0..dr.abs() {
                    match t.step(cur) {
                        Some(s) => cur = s.to,
                        None => ok = false,
                    }
                }
                cur.dir = Dir::new(df.signum(), 0);
                for _ in 0..df.abs() {
                    match t.step(cur).filter(|_| ok) {
                        Some(s) => cur = s.to,
                        None => ok = false,
                    }
                }
                if ok {
                    out.insert(cur.cell);
                }
            }
        }
        out.remove(&from);
        if self.rules.strict_knight {
            // Not on the origin's rank, file or diagonal: any cell of a rook or bishop ride.
            for diagonal in [false, true] {
                for start in self.ride_starts(from, diagonal) {
                    for c in self.empty_ride(start) {
                        out.remove(&c);
                    }
                }
            }
        }
        out
    }

    /// A pawn's step of heading `(df, forward)`: never over a pole, never from one.
    fn pawn_step(&self, from: Cell, df: i8, white: bool) -> Option<Cell> {
        if self.is_pole(from) {
            return None;
        }
        let s = self.topo.step(self.topo.cursor(from, Dir::new(df, if white { 1 } else { -1 })))?;
        s.via.is_none().then_some(s.to.cell)
    }

    fn promotes(&self, to: Cell, white: bool) -> bool {
        let t = &self.topo;
        if self.rules.promote_on_pole {
            t.pole_cell(if white { Pole::North } else { Pole::South }) == Some(to)
        } else {
            t.coords(to).is_some_and(|(_, r)| r == if white { t.height() - 1 } else { 0 })
        }
    }

    /// Every move of the man on `from`, castling aside, ignoring the own king.
    fn piece_moves(&self, from: Cell, out: &mut Vec<MMove>) {
        let man = self.men[&from];
        let own = |c: &Cell| self.men.get(c).is_some_and(|m| m.white == man.white);
        let mut targets = Vec::new();
        match man.kind {
            'r' => self.ride_targets(from, man.white, false, &mut targets),
            'b' => self.ride_targets(from, man.white, true, &mut targets),
            'q' => {
                self.ride_targets(from, man.white, false, &mut targets);
                self.ride_targets(from, man.white, true, &mut targets);
            }
            'n' => targets.extend(self.knight_targets(from).into_iter().filter(|c| !own(c))),
            'k' => {
                let steps: BTreeSet<Cell> = [false, true]
                    .into_iter()
                    .flat_map(|d| self.ride_starts(from, d))
                    .filter_map(|c| self.topo.step(c))
                    .map(|s| s.to.cell)
                    .filter(|&c| c != from && !own(&c))
                    .collect();
                targets.extend(steps);
            }
            'p' => {
                let mut pawn = |m: MMove| {
                    if self.promotes(m.to, man.white) {
                        out.extend(self.rules.promotions.iter().map(|&p| MMove { promotion: Some(p), ..m }));
                    } else {
                        out.push(m);
                    }
                };
                if let Some(one) = self.pawn_step(from, 0, man.white).filter(|c| !self.men.contains_key(c)) {
                    pawn(MMove::new(from, one));
                    let first_rank = if man.white { 1 } else { self.topo.height() - 2 };
                    if self.rules.double_step
                        && self.topo.coords(from).is_some_and(|(_, r)| r == first_rank)
                        && let Some(two) = self.pawn_step(one, 0, man.white).filter(|c| !self.men.contains_key(c))
                    {
                        pawn(MMove { passes: Some(one), ..MMove::new(from, two) });
                    }
                }
                let diagonals: BTreeSet<Cell> =
                    [-1, 1].into_iter().filter_map(|df| self.pawn_step(from, df, man.white)).collect();
                for to in diagonals {
                    if self.men.get(&to).is_some_and(|m| m.white != man.white) {
                        pawn(MMove::new(from, to));
                    } else if self.ep == Some(to) {
                        pawn(MMove { en_passant: true, ..MMove::new(from, to) });
                    }
                }
            }
            k => panic!("not a chess piece: {k}"),
        }
        out.extend(targets.into_iter().collect::<BTreeSet<_>>().into_iter().map(|to| MMove::new(from, to)));
    }

    fn home(&self, white: bool, file: u8) -> Cell {
        let rank = if white { 0 } else { self.topo.height() - 1 };
        self.topo.square(file, rank).unwrap()
    }

    /// Castlings with their rights, the king and rook at home and the squares between empty.
    fn castlings(&self, out: &mut Vec<MMove>) {
        let white = self.white_to_move;
        let is = |c: Cell, kind: char| self.men.get(&c) == Some(&Man { white, kind });
        for way in &WAYS[..self.rules.castlings] {
            let king = self.home(white, 4);
            if self.rights[right_index(white, way.h_rook)]
                && is(king, 'k')
                && is(self.home(white, way.rook_file), 'r')
                && way.empty.iter().all(|&f| !self.men.contains_key(&self.home(white, f)))
            {
                out.push(MMove { castle: Some(way.name), ..MMove::new(king, self.home(white, way.king_to)) });
            }
        }
    }

    fn pseudo(&self) -> Vec<MMove> {
        let mut out = Vec::new();
        for (&c, m) in &self.men {
            if m.white == self.white_to_move {
                self.piece_moves(c, &mut out);
            }
        }
        self.castlings(&mut out);
        out
    }

    fn king(&self, white: bool) -> Option<Cell> {
        self.men.iter().find(|(_, m)| **m == Man { white, kind: 'k' }).map(|(&c, _)| c)
    }

    /// Whether a man of the given side could capture on `cell` (whoever is to move).
    fn attacked(&self, cell: Cell, by_white: bool) -> bool {
        let mut probe = self.clone();
        probe.ep = None;
        // Whatever stands on the cell, ask as if an enemy of `by_white` stood there.
        probe.men.insert(cell, Man { white: !by_white, kind: 'p' });
        let mut moves = Vec::new();
        for (&c, m) in &probe.men {
            if m.white == by_white {
                moves.clear();
                probe.piece_moves(c, &mut moves);
                if moves.iter().any(|mv| mv.to == cell) {
                    return true;
                }
            }
        }
        false
    }

    fn play(&self, m: &MMove) -> Model {
        let mut n = self.clone();
        let white = self.white_to_move;
        n.ep = None;
        if let Some(name) = m.castle {
            let way = WAYS.iter().find(|w| w.name == name).unwrap();
            let king = n.men.remove(&m.from).unwrap();
            let rook = n.men.remove(&self.home(white, way.rook_file)).unwrap();
            n.men.insert(m.to, king);
            n.men.insert(self.home(white, way.rook_to), rook);
            n.halfmove += 1;
        } else {
            let mut man = n.men.remove(&m.from).unwrap();
            let victim = if m.en_passant {
                // On the capturing pawn's rank, on the file it lands on.
                let (f, _) = self.topo.coords(m.to).unwrap();
                let (_, r) = self.topo.coords(m.from).unwrap();
                self.topo.square(f, r).unwrap()
            } else {
                m.to
            };
            let captured = n.men.remove(&victim).is_some();
            if let Some(p) = m.promotion {
                man.kind = p;
            }
            n.men.insert(m.to, man);
            n.ep = m.passes;
            n.halfmove = if captured || self.men[&m.from].kind == 'p' { 0 } else { n.halfmove + 1 };
        }
        if self.rules.castlings > 0 {
            for c in [m.from, m.to] {
                for w in [true, false] {
                    if c == self.home(w, 4) {
                        n.rights[right_index(w, true)] = false;
                        n.rights[right_index(w, false)] = false;
                    }
                    if c == self.home(w, 7) {
                        n.rights[right_index(w, true)] = false;
                    }
                    if c == self.home(w, 0) {
                        n.rights[right_index(w, false)] = false;
                    }
                }
            }
        }
        if !white {
            n.fullmove += 1;
        }
        n.white_to_move = !white;
        n
    }

    /// Whether the side to move may play a pseudo-legal move: its king is not attacked after it;
    /// a castling also needs the king out of check and the square it crosses unattacked.
    fn is_legal(&self, m: &MMove) -> bool {
        let white = self.white_to_move;
        let Some(king) = self.king(white) else { return true };
        if let Some(name) = m.castle {
            let way = WAYS.iter().find(|w| w.name == name).unwrap();
            if self.attacked(king, !white) || self.attacked(self.home(white, way.rook_to), !white) {
                return false;
            }
        }
        let after = self.play(m);
        !after.attacked(after.king(white).unwrap(), !white)
    }

    fn legal(&self) -> Vec<MMove> {
        self.pseudo().into_iter().filter(|m| self.is_legal(m)).collect()
    }
}

fn names(model: &Model, moves: &[MMove]) -> BTreeSet<String> {
    moves.iter().map(|m| model.name(m)).collect()
}

fn core_names(p: &Position, moves: &[dotchess::Move]) -> BTreeSet<String> {
    moves.iter().map(|&m| p.move_name(m)).collect()
}

/// Everything asserted at one position; returns the model's legal moves for the game to go on.
fn check(pos: &Position, model: &Model) -> Vec<MMove> {
    let fen = pos.fen();
    assert_eq!(model.fen(), fen, "the model and the core disagree on the position");
    // FEN round trip.
    let back = Position::from_fen(model.v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back, *pos, "{fen} reads back differently");
    assert_eq!(back.fen(), fen);
    // Legal and pseudo-legal sets.
    let legal = model.legal();
    let core_legal = pos.moves();
    assert_eq!(core_names(pos, &core_legal), names(model, &legal), "legal moves of {fen}");
    assert_eq!(core_legal.len(), legal.len(), "duplicate legal moves in {fen}");
    let mut core_pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut core_pseudo);
    assert_eq!(core_names(pos, &core_pseudo), names(model, &model.pseudo()), "pseudo-legal moves of {fen}");
    // Legal = pseudo-legal minus moves that leave the own king attacked (castling's other
    // conditions are the model's business above).
    let us = pos.turn();
    for &m in &core_pseudo {
        if matches!(m.kind, dotchess::MoveKind::Castle(_)) {
            continue;
        }
        let mut after = pos.clone();
        let undo = after.make(m);
        let safe = after.king(us).is_none_or(|k| !after.attacked(k, us.other()));
        assert_eq!(core_legal.contains(&m), safe, "{fen}: {}", pos.move_name(m));
        after.unmake(m, undo);
        assert_eq!(after, *pos, "{fen}: make/unmake of {}", pos.move_name(m));
        assert_eq!(after.fen(), fen);
    }
    for &m in &core_legal {
        let mut after = pos.clone();
        let undo = after.make(m);
        after.unmake(m, undo);
        assert_eq!(after, *pos, "{fen}: make/unmake of {}", pos.move_name(m));
    }
    legal
}

/// A small deterministic pseudo-random generator (xorshift), so failures repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// How many checked positions had each kind of special legal move (so the counts show the
/// random games reach them).
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    castling: usize,
    en_passant: usize,
    promotion: usize,
    onto_pole: usize,
    in_check: usize,
}

/// Plays `plies` random legal moves from `pos`, checking every position on the way.
fn random_game(pos: Position, plies: usize, rng: &mut Rng, seen: &mut Seen) {
    let mut pos = pos;
    let mut model = Model::from_fen(pos.variant().id, &pos.fen());
    for _ in 0..=plies {
        let legal = check(&pos, &model);
        seen.positions += 1;
        seen.castling += legal.iter().any(|m| m.castle.is_some()) as usize;
        seen.en_passant += legal.iter().any(|m| m.en_passant) as usize;
        seen.promotion += legal.iter().any(|m| m.promotion.is_some()) as usize;
        seen.onto_pole += legal.iter().any(|m| model.is_pole(m.to)) as usize;
        seen.in_check += pos.in_check() as usize;
        if legal.is_empty() {
            break;
        }
        // Prefer captures, promotions, castlings and pole moves now and then, so games reach
        // them.
        let mut pick = legal[rng.below(legal.len())];
        if rng.chance(40) {
            let special: Vec<&MMove> = legal
                .iter()
                .filter(|m| {
                    model.men.contains_key(&m.to)
                        || m.promotion.is_some()
                        || m.castle.is_some()
                        || m.en_passant
                        || m.passes.is_some()
                        || model.is_pole(m.to)
                })
                .collect();
            if !special.is_empty() {
                pick = *special[rng.below(special.len())];
            }
        }
        let name = model.name(&pick);
        let m = pos.parse_move(&name).unwrap_or_else(|| panic!("{}: the core has no move {name}", pos.fen()));
        pos.make(m);
        model = model.play(&pick);
    }
}

/// A random placement: kings (usually), a handful of pieces crowded round the poles half the
/// time, castling rights where king and rook stand at home, and an en passant square (often on
/// the a or h file, so the capture crosses the wrap) where a pawn can just have stepped over it.
/// `None` when the core's FEN reader refuses it (a position it does not accept as a diagram).
fn random_placement(v: VariantId, rng: &mut Rng) -> Option<Position> {
    let t = v.variant().topology;
    let r = rules(v);
    let (w, h) = (t.width(), t.height());
    let mut men: BTreeMap<Cell, char> = BTreeMap::new();
    let polar: Vec<Cell> =
        t.all_cells().filter(|&c| t.coords(c).is_none_or(|(_, rank)| rank <= 1 || rank >= h - 2)).collect();
    let all: Vec<Cell> = t.all_cells().collect();
    let crowd = rng.chance(50);
    let free = |rng: &mut Rng, men: &BTreeMap<Cell, char>, pawn: bool| -> Option<Cell> {
        for _ in 0..50 {
            let pool = if crowd && rng.chance(70) { &polar } else { &all };
            let c = pool[rng.below(pool.len())];
            let ok_pawn = t.coords(c).is_some_and(|(_, rank)| rank >= 1 && rank <= h - 2);
            if !men.contains_key(&c) && (!pawn || ok_pawn) {
                return Some(c);
            }
        }
        None
    };
    let mut rights = String::new();
    for white in [true, false] {
        let case = |c: char| if white { c.to_ascii_uppercase() } else { c };
        if r.castlings > 0 && rng.chance(35) {
            let rank = if white { 0 } else { h - 1 };
            men.insert(t.square(4, rank).unwrap(), case('k'));
            for (file, right) in [(w - 1, 'k'), (0, 'q')] {
                if rng.chance(75) {
                    men.insert(t.square(file, rank).unwrap(), case('r'));
                    if rng.chance(80) {
                        rights.push(case(right));
                    }
                }
            }
        } else if rng.chance(90) {
            let c = free(rng, &men, false)?;
            men.insert(c, case('k'));
        }
    }
    let white_to_move = rng.chance(50);
    let mut ep = "-".to_string();
    if r.double_step && rng.chance(30) {
        // The side that just moved stepped a pawn two squares, passing over `over`.
        let mover_white = !white_to_move;
        let file = if rng.chance(50) { [0, w - 1][rng.below(2)] } else { rng.below(w as usize) as u8 };
        let (from_r, over_r, to_r) = if mover_white { (1, 2, 3) } else { (h - 2, h - 3, h - 4) };
        let (from, over, to) = (t.square(file, from_r)?, t.square(file, over_r)?, t.square(file, to_r)?);
        if !men.contains_key(&from) && !men.contains_key(&over) && !men.contains_key(&to) {
            men.insert(to, if mover_white { 'P' } else { 'p' });
            ep = t.name(over);
            // A capturer beside it, across the wrap when the file is a or h.
            let side = [(file + 1) % w, (file + w - 1) % w][rng.below(2)];
            let beside = t.square(side, to_r)?;
            if !men.contains_key(&beside) && rng.chance(80) {
                men.insert(beside, if mover_white { 'p' } else { 'P' });
            }
        }
    }
    let count = 2 + rng.below(9);
    for _ in 0..count {
        let kind = ['p', 'p', 'n', 'b', 'r', 'q'][rng.below(6)];
        let c = free(rng, &men, kind == 'p')?;
        men.insert(c, if rng.chance(50) { kind.to_ascii_uppercase() } else { kind });
    }
    // Make sure nothing stands where the en passant pawn came from or passed over.
    let mut rows: Vec<String> = Vec::new();
    if t.poles() == Poles::Live {
        rows.push(t.pole_cell(Pole::North).and_then(|c| men.get(&c)).map_or('1', |&c| c).to_string());
    }
    for rank in (0..h).rev() {
        rows.push(fen_rank((0..w).map(|f| men.get(&t.square(f, rank).unwrap()).copied())));
    }
    if t.poles() == Poles::Live {
        rows.push(t.pole_cell(Pole::South).and_then(|c| men.get(&c)).map_or('1', |&c| c).to_string());
    }
    let mut ordered = String::new();
    for c in ['K', 'Q', 'k', 'q'] {
        if rights.contains(c) {
            ordered.push(c);
        }
    }
    if ordered.is_empty() {
        ordered.push('-');
    }
    let fen = format!(
        "{} {} {ordered} {ep} {} {}",
        rows.join("/"),
        if white_to_move { "w" } else { "b" },
        rng.below(20),
        1 + rng.below(40)
    );
    Position::from_fen(v, &fen).ok()
}

/// Random games from the start (`games` of them, when the start has moves), then games from
/// random placements until at least `positions` positions have been checked in one variant;
/// returns how many were.
fn cross_check(v: VariantId, games: usize, positions: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    let start = Position::start(v);
    if !start.moves().is_empty() {
        for _ in 0..games {
            random_game(start.clone(), 60, &mut rng, &mut seen);
        }
    }
    let (mut accepted, mut refused) = (0, 0);
    while seen.positions < positions {
        match random_placement(v, &mut rng) {
            Some(pos) => {
                accepted += 1;
                random_game(pos, 12, &mut rng, &mut seen);
            }
            None => refused += 1,
        }
        assert!(refused < 10 * accepted + 100, "{v}: the FEN reader refuses most random placements");
    }
    println!("{v}: {accepted} placements, {seen:?}");
    // The games reach what the variant has: castling, en passant, promotion, moves onto a pole.
    let r = rules(v);
    assert!(seen.castling > 0 || r.castlings == 0, "{v}: {seen:?}");
    assert!(seen.en_passant > 0 || !r.double_step, "{v}: {seen:?}");
    assert!(seen.promotion > 0 && seen.in_check > 0, "{v}: {seen:?}");
    assert!(seen.onto_pole > 0 || start.topology().poles() != Poles::Live, "{v}: {seen:?}");
    seen.positions
}

/// Positions per variant in `cargo test`.
const QUICK: usize = 600;

macro_rules! quick {
    ($name:ident, $v:expr, $seed:expr) => {
        #[test]
        fn $name() {
            assert!(cross_check($v, 4, QUICK, $seed) >= QUICK);
        }
    };
}

quick!(dot_agrees_with_the_model, VariantId::Dot, 0x9e37_79b9_7f4a_7c15);
quick!(boholy_agrees_with_the_model, VariantId::Boholy, 0xd1b5_4a32_d192_ed03);
quick!(spherical_agrees_with_the_model, VariantId::Spherical, 0x8cb9_2ba7_2f3d_8dd7);
quick!(small_agrees_with_the_model, VariantId::Small, 0xaef1_7502_108e_f2d9);
quick!(small8_agrees_with_the_model, VariantId::Small8, 0xf1bb_cdcb_fd24_ee45);
quick!(flat_agrees_with_the_model, VariantId::Flat, 0x2545_f491_4f6c_dd1d);
quick!(cylinder_agrees_with_the_model, VariantId::Cylinder, 0x6a09_e667_f3bc_c909);

#[test]
fn the_model_finds_a_pin_by_a_ride_that_passes_the_pinned_cell_twice() {
    // The model alone, on the position where the core once listed c5c4: the ride a1 f2 e3 d4 c5
    // b6 N d6 c5 b4 passes c5 twice, and the pawn on c5 shields the king on b4.
    let fen = "1/6/2p3/1k4/p5/6/B5/1 b - - 0 1";
    let model = Model::from_fen(VariantId::Small, fen);
    let legal = names(&model, &model.legal());
    assert!(!legal.contains("c5c4"), "{legal:?}");
    assert!(names(&model, &model.pseudo()).contains("c5c4"));
}

#[test]
#[ignore = "a larger run (10 000 positions a variant): cargo test --test it chess_model:: -- --ignored --nocapture"]
fn every_chess_variant_agrees_with_the_model_at_length() {
    let mut total = 0;
    // The chess variants, in VariantId::ALL's order (so each keeps its seed).
    let chess = VariantId::ALL.into_iter().filter(|v| !matches!(v, VariantId::Xiangqi | VariantId::XiangqiFlat));
    for (i, v) in chess.enumerate() {
        let n = cross_check(v, 100, 10_000, 0x1234_5678_9abc_def1 ^ ((i as u64) << 32));
        println!("{v}: {n} positions");
        total += n;
    }
    println!("total: {total} positions");
}
