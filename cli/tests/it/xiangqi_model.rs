//! A second, deliberately plain implementation of docs/rules.md §4 (Spherical Chinese Chess) and of flat
//! xiangqi, written with coordinate arithmetic only: no step function, no tables, no bitboards,
//! no `Position`. The core's legal moves are compared with it on the start positions (perft to
//! depth 3), along many random games, and on random placements crowded round the poles.
//!
//! The model's geometry: squares `(file, rank)` with files wrapping on the sphere; a pole is one
//! cell next to every square of its rank (orthogonally and diagonally); a step that would leave
//! the board over a rank edge lands on the pole (sphere) or nowhere (flat), and nothing ever
//! steps on from a pole except a piece that stands on it.

use crate::common::fen_rank;
use dotchess::{Color, Position, VariantId, perft};
use std::collections::BTreeMap;

const W: i32 = 9;
const H: i32 = 10;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Sq {
    At(i32, i32),
    South,
    North,
}

use Sq::{At, North, South};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    gold: bool,
    /// Lowercase xiangqi letter: k a e h r c p.
    kind: char,
}

#[derive(Clone)]
struct Model {
    sphere: bool,
    men: BTreeMap<Sq, Man>,
    gold_to_move: bool,
}

fn name(s: Sq) -> String {
    match s {
        At(f, r) => format!("{}{}", (b'a' + f as u8) as char, r + 1),
        South => "S".into(),
        North => "N".into(),
    }
}

impl Model {
    fn from_position(p: &Position) -> Model {
        let t = p.topology();
        let mut men = BTreeMap::new();
        for (c, piece) in p.pieces() {
            let sq = match t.coords(c) {
                Some((f, r)) => At(f as i32, r as i32),
                None if t.name(c) == "S" => South,
                None => North,
            };
            men.insert(sq, Man { gold: piece.color == Color::White, kind: piece.letter().to_ascii_lowercase() });
        }
        Model { sphere: t.poles() == dotchess::Poles::Live, men, gold_to_move: p.turn() == Color::White }
    }

    fn fen(&self) -> String {
        let letter = |m: &Man| if m.gold { m.kind.to_ascii_uppercase() } else { m.kind };
        let mut fields = Vec::new();
        if self.sphere {
            fields.push(self.men.get(&North).map_or('1', letter).to_string());
        }
        for r in (0..H).rev() {
            fields.push(fen_rank((0..W).map(|f| self.men.get(&At(f, r)).map(letter))));
        }
        if self.sphere {
            fields.push(self.men.get(&South).map_or('1', letter).to_string());
        }
        format!("{} {} - - 0 1", fields.join("/"), if self.gold_to_move { "w" } else { "b" })
    }

    /// One step from a square; `None` off a flat board. Never called on a pole.
    fn step(&self, s: Sq, df: i32, dr: i32) -> Option<Sq> {
        let At(f, r) = s else { panic!("stepping from a pole") };
        let nr = r + dr;
        if nr < 0 {
            return self.sphere.then_some(South);
        }
        if nr >= H {
            return self.sphere.then_some(North);
        }
        let nf = f + df;
        if self.sphere { Some(At(nf.rem_euclid(W), nr)) } else { (0..W).contains(&nf).then_some(At(nf, nr)) }
    }

    /// The rank next to a pole, and the rank direction away from it.
    fn polar(pole: Sq) -> (i32, i32) {
        if pole == South { (0, 1) } else { (H - 1, -1) }
    }

    fn in_palace(&self, gold: bool, s: Sq) -> bool {
        match (self.sphere, s) {
            (true, South) => gold,
            (true, North) => !gold,
            (true, At(_, r)) => (gold && r <= 1) || (!gold && r >= H - 2),
            (false, At(f, r)) => (3..=5).contains(&f) && ((gold && r <= 2) || (!gold && r >= H - 3)),
            (false, _) => false,
        }
    }

    fn own_half(gold: bool, s: Sq) -> bool {
        match s {
            South => gold,
            North => !gold,
            At(_, r) => (r < H / 2) == gold,
        }
    }

    /// Orthogonal or diagonal neighbours.
    fn neighbours(&self, s: Sq, diagonal: bool) -> Vec<Sq> {
        match s {
            At(..) => {
                let dirs: &[(i32, i32)] =
                    if diagonal { &[(1, 1), (1, -1), (-1, 1), (-1, -1)] } else { &[(1, 0), (-1, 0), (0, 1), (0, -1)] };
                dirs.iter().filter_map(|&(df, dr)| self.step(s, df, dr)).collect()
            }
            pole => (0..W).map(|f| At(f, Self::polar(pole).0)).collect(),
        }
    }

    /// The orthogonal lines from a cell, each in order outwards.
    fn lines(&self, s: Sq) -> Vec<Vec<Sq>> {
        let mut out = Vec::new();
        match s {
            At(f, r) => {
                for df in [1, -1] {
                    let mut line = Vec::new();
                    let mut x = f + df;
                    loop {
                        let nf = if self.sphere { x.rem_euclid(W) } else { x };
                        if !(0..W).contains(&nf) || nf == f {
                            break;
                        }
                        line.push(At(nf, r));
                        x += df;
                    }
                    out.push(line);
                }
                for dr in [1, -1] {
                    let mut line: Vec<Sq> = Vec::new();
                    let mut y = r + dr;
                    while (0..H).contains(&y) {
                        line.push(At(f, y));
                        y += dr;
                    }
                    if self.sphere {
                        line.push(if dr > 0 { North } else { South });
                    }
                    out.push(line);
                }
            }
            pole => {
                let (start, away) = Self::polar(pole);
                for f in 0..W {
                    let mut line: Vec<Sq> = (0..H).map(|k| At(f, start + away * k)).collect();
                    line.push(if pole == South { North } else { South });
                    out.push(line);
                }
            }
        }
        out.retain(|l| !l.is_empty());
        out
    }

    fn empty(&self, s: Sq) -> bool {
        !self.men.contains_key(&s)
    }

    /// Cells the man on `s` could go to, ignoring what stands on them, except that a cannon's
    /// list is split: quiet cells and capture cells.
    fn reach(&self, s: Sq, man: Man) -> (Vec<Sq>, Vec<Sq>) {
        let gold = man.gold;
        let mut quiet_or_any = Vec::new();
        let mut cannon_caps = Vec::new();
        match man.kind {
            'k' | 'a' => {
                if self.in_palace(gold, s) {
                    for n in self.neighbours(s, man.kind == 'a') {
                        if self.in_palace(gold, n) {
                            quiet_or_any.push(n);
                        }
                    }
                }
            }
            'e' => {
                let mut pairs: Vec<(Sq, Sq)> = Vec::new();
                match s {
                    At(..) => {
                        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            if let Some(eye @ At(..)) = self.step(s, df, dr)
                                && let Some(to) = self.step(eye, df, dr)
                            {
                                pairs.push((eye, to));
                            }
                        }
                    }
                    pole => {
                        let (r0, away) = Self::polar(pole);
                        for f in 0..W {
                            for df in [1, -1] {
                                let eye = At(f, r0);
                                pairs.extend(self.step(eye, df, away).map(|to| (eye, to)));
                            }
                        }
                    }
                }
                for (eye, to) in pairs {
                    if Self::own_half(gold, s)
                        && Self::own_half(gold, eye)
                        && Self::own_half(gold, to)
                        && self.empty(eye)
                    {
                        quiet_or_any.push(to);
                    }
                }
            }
            'h' => {
                let mut pairs: Vec<(Sq, Sq)> = Vec::new();
                match s {
                    At(..) => {
                        for (lf, lr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let Some(leg @ At(..)) = self.step(s, lf, lr) else { continue };
                            for side in [1, -1] {
                                let (df, dr) = if lf == 0 { (side, lr) } else { (lf, side) };
                                pairs.extend(self.step(leg, df, dr).map(|to| (leg, to)));
                            }
                        }
                    }
                    pole => {
                        let (r0, away) = Self::polar(pole);
                        for f in 0..W {
                            for side in [1, -1] {
                                let leg = At(f, r0);
                                pairs.extend(self.step(leg, side, away).map(|to| (leg, to)));
                            }
                        }
                    }
                }
                for (leg, to) in pairs {
                    if self.empty(leg) {
                        quiet_or_any.push(to);
                    }
                }
            }
            'r' => {
                for line in self.lines(s) {
                    for &c in &line {
                        quiet_or_any.push(c);
                        if !self.empty(c) {
                            break;
                        }
                    }
                }
            }
            'c' => {
                for line in self.lines(s) {
                    let mut screen = false;
                    for &c in &line {
                        match (screen, self.empty(c)) {
                            (false, true) => quiet_or_any.push(c),
                            (false, false) => screen = true,
                            (true, true) => {}
                            (true, false) => {
                                cannon_caps.push(c);
                                break;
                            }
                        }
                    }
                }
            }
            'p' => {
                if let At(..) = s {
                    let fwd = if gold { 1 } else { -1 };
                    quiet_or_any.extend(self.step(s, 0, fwd));
                    if !Self::own_half(gold, s) {
                        quiet_or_any.extend(self.step(s, 1, 0));
                        quiet_or_any.extend(self.step(s, -1, 0));
                    }
                }
            }
            k => panic!("unknown man {k}"),
        }
        (quiet_or_any, cannon_caps)
    }

    /// Moves `(from, to)` of the side to move, ignoring its general's safety.
    fn pseudo(&self) -> Vec<(Sq, Sq)> {
        let mut out = Vec::new();
        for (&s, &man) in &self.men {
            if man.gold != self.gold_to_move {
                continue;
            }
            let (a, caps) = self.reach(s, man);
            for to in a {
                let ok =
                    if man.kind == 'c' { self.empty(to) } else { self.men.get(&to).is_none_or(|m| m.gold != man.gold) };
                if ok && !out.contains(&(s, to)) {
                    out.push((s, to));
                }
            }
            for to in caps {
                if self.men.get(&to).is_some_and(|m| m.gold != man.gold) && !out.contains(&(s, to)) {
                    out.push((s, to));
                }
            }
        }
        out
    }

    fn general(&self, gold: bool) -> Option<Sq> {
        self.men.iter().find(|(_, m)| m.kind == 'k' && m.gold == gold).map(|(&s, _)| s)
    }

    fn attacked(&self, target: Sq, by_gold: bool) -> bool {
        self.men.iter().any(|(&s, &man)| {
            if man.gold != by_gold {
                return false;
            }
            let (a, caps) = self.reach(s, man);
            if man.kind == 'c' { caps.contains(&target) } else { a.contains(&target) }
        })
    }

    fn facing(&self) -> bool {
        let (Some(g), Some(r)) = (self.general(true), self.general(false)) else { return false };
        let files: Vec<Vec<Sq>> = match g {
            At(f, rank) => {
                let mut up: Vec<Sq> = (rank + 1..H).map(|y| At(f, y)).collect();
                let mut down: Vec<Sq> = (0..rank).rev().map(|y| At(f, y)).collect();
                if self.sphere {
                    up.push(North);
                    down.push(South);
                }
                vec![up, down]
            }
            _ => self.lines(g),
        };
        files.iter().any(|line| line.iter().find(|&&c| !self.empty(c)) == Some(&r))
    }

    fn play(&self, (from, to): (Sq, Sq)) -> Model {
        let mut m = self.clone();
        let man = m.men.remove(&from).unwrap();
        m.men.insert(to, man);
        m.gold_to_move = !m.gold_to_move;
        m
    }

    fn legal(&self) -> Vec<(Sq, Sq)> {
        let us = self.gold_to_move;
        if self.general(us).is_none() {
            return self.pseudo();
        }
        self.pseudo()
            .into_iter()
            .filter(|&mv| {
                let after = self.play(mv);
                let g = after.general(us).unwrap();
                !after.facing() && !after.attacked(g, !us)
            })
            .collect()
    }

    fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().into_iter().map(|(a, b)| name(a) + &name(b)).collect();
        v.sort();
        v
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

fn core_names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.moves().iter().map(|&m| p.move_name(m)).collect();
    v.sort();
    v
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
}

#[test]
fn model_reads_the_start_positions_back() {
    for v in [VariantId::Xiangqi, VariantId::XiangqiFlat] {
        let p = Position::start(v);
        assert_eq!(Model::from_position(&p).fen(), p.fen());
    }
}

#[test]
fn perft_agrees_with_the_model_from_both_starts() {
    for v in [VariantId::Xiangqi, VariantId::XiangqiFlat] {
        let p = Position::start(v);
        let m = Model::from_position(&p);
        assert_eq!(core_names(&p), m.names(), "{v}");
        for depth in 1..=3 {
            assert_eq!(perft(&p, depth), m.perft(depth), "{v} depth {depth}");
        }
    }
}

#[test]
fn legal_moves_agree_with_the_model_along_random_games() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut positions = 0;
    for v in [VariantId::Xiangqi, VariantId::XiangqiFlat] {
        for _game in 0..40 {
            let mut p = Position::start(v);
            for _ply in 0..80 {
                let m = Model::from_position(&p);
                let got = core_names(&p);
                assert_eq!(got, m.names(), "{v} {}", p.fen());
                assert_eq!(p.in_check(), m.general(m.gold_to_move).is_some_and(|g| m.attacked(g, !m.gold_to_move)));
                positions += 1;
                let moves = p.moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                p.make(mv);
            }
        }
    }
    assert!(positions > 3000, "{positions}");
}

#[test]
fn legal_moves_agree_with_the_model_on_crowded_poles() {
    // Random placements that keep every piece where FEN allows it (generals and guards in their
    // palaces, elephants on their own half, no soldier on its own pole), weighted towards the
    // cells near the poles, for both sides to move.
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let kinds = ['k', 'a', 'a', 'e', 'e', 'h', 'h', 'r', 'c', 'c', 'p', 'p', 'p'];
    let mut checked = 0;
    for v in [VariantId::Xiangqi, VariantId::XiangqiFlat] {
        let sphere = v == VariantId::Xiangqi;
        let mut cells: Vec<Sq> = (0..H).flat_map(|r| (0..W).map(move |f| At(f, r))).collect();
        if sphere {
            cells.extend([South, North]);
        }
        let near_pole = |s: &Sq| matches!(s, South | North | At(_, 0 | 1 | 2 | 7 | 8 | 9));
        let weighted: Vec<Sq> = cells
            .iter()
            .copied()
            .chain(cells.iter().copied().filter(near_pole))
            .chain(cells.iter().copied().filter(near_pole))
            .collect();
        for _ in 0..1500 {
            let mut model = Model { sphere, men: BTreeMap::new(), gold_to_move: rng.below(2) == 0 };
            for gold in [true, false] {
                for &kind in &kinds {
                    if kind != 'k' && rng.below(3) == 0 {
                        continue;
                    }
                    for _try in 0..40 {
                        let s = weighted[rng.below(weighted.len())];
                        let fits = match kind {
                            'k' | 'a' => model.in_palace(gold, s),
                            'e' => Model::own_half(gold, s),
                            'p' => !matches!(s, South | North) || !Model::own_half(gold, s),
                            _ => true,
                        };
                        if fits && model.empty(s) {
                            model.men.insert(s, Man { gold, kind });
                            break;
                        }
                    }
                }
            }
            let fen = model.fen();
            let p = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(core_names(&p), model.names(), "{v} {fen}");
            assert_eq!(p.generals_face(), model.facing(), "{v} {fen}");
            checked += 1;
        }
    }
    assert_eq!(checked, 3000);
}
