//! The checks of docs/rules.md §2 and §3, each asserted against the rules as docs/rules.md states them.

use crate::common;

use dotchess::{Cell, Dir, LoopKind, Position, Route, Topology, VariantId, destinations, loops};
use std::collections::BTreeSet;

fn topo(v: VariantId) -> &'static Topology {
    &v.variant().topology
}

fn cell(v: VariantId, name: &str) -> Cell {
    topo(v).parse_cell(name).unwrap_or_else(|| panic!("{name} is not a cell of {v}"))
}

/// The cells of a ride on the empty board, as names.
fn ride(v: VariantId, from: &str, dir: Dir) -> Vec<String> {
    let t = topo(v);
    t.ride(t.cursor(cell(v, from), dir)).iter().map(|s| t.name(s.to.cell)).collect()
}

/// A route written with dead poles where they are passed: `d7 d8 N h8`.
fn path(t: &Topology, r: &Route) -> String {
    let mut v = vec![t.name(r.from)];
    for s in &r.steps {
        if let Some(p) = s.via {
            v.push(p.letter().to_string());
        }
        v.push(t.name(s.cell));
    }
    v.join(" ")
}

/// A position with the given pieces (`"Rd5"`, `"kN"` …; uppercase White) and White to move.
fn setup(v: VariantId, pieces: &[&str]) -> Position {
    common::setup_turn(v, pieces, dotchess::Color::White)
}

/// Destination names of the piece on `sq`, sorted.
fn dests(pos: &Position, sq: &str) -> Vec<String> {
    let t = pos.topology();
    let c = t.parse_cell(sq).unwrap();
    let mut v: Vec<String> = destinations(pos, c, true).iter().map(|d| t.name(d.cell)).collect();
    v.sort();
    v
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The route paths from `from` to `to` of the piece there.
fn routes_to(pos: &Position, from: &str, to: &str) -> Vec<String> {
    let t = pos.topology();
    destinations(pos, t.parse_cell(from).unwrap(), true)
        .into_iter()
        .filter(|d| t.name(d.cell) == to)
        .flat_map(|d| d.routes)
        .map(|r| path(t, &r))
        .collect()
}

// ---- docs/rules.md §2: steps -------------------------------------------------------------------------

#[test]
fn dot_rook_latitude_from_d5() {
    assert_eq!(ride(VariantId::Dot, "d5", Dir::new(1, 0)), ["e5", "f5", "g5", "h5", "a5", "b5", "c5"]);
}

#[test]
fn dot_rook_longitude_from_d7() {
    assert_eq!(
        ride(VariantId::Dot, "d7", Dir::new(0, 1)),
        ["d8", "h8", "h7", "h6", "h5", "h4", "h3", "h2", "h1", "d1", "d2", "d3", "d4", "d5", "d6"]
    );
    let pos = setup(VariantId::Dot, &["Rd7"]);
    let got: BTreeSet<String> = routes_to(&pos, "d7", "d6").into_iter().collect();
    let want: BTreeSet<String> =
        ["d7 d6", "d7 d8 N h8 h7 h6 h5 h4 h3 h2 h1 S d1 d2 d3 d4 d5 d6"].iter().map(|s| s.to_string()).collect();
    assert_eq!(got, want);
}

#[test]
fn dot_bishop_diagonal_from_d2() {
    let names = ride(VariantId::Dot, "d2", Dir::new(1, 1));
    assert_eq!(names, ["e3", "f4", "g5", "h6", "a7", "b8", "f8", "e7", "d6", "c5", "b4", "a3", "h2", "g1", "c1"]);
    let pos = setup(VariantId::Dot, &["Bd2"]);
    assert!(routes_to(&pos, "d2", "c1").contains(&"d2 e3 f4 g5 h6 a7 b8 N f8 e7 d6 c5 b4 a3 h2 g1 S c1".to_string()));
}

#[test]
fn dot_has_twenty_loops() {
    let t = topo(VariantId::Dot);
    let all = loops(t);
    assert_eq!(all.len(), 20);
    let of = |k| all.iter().filter(|l| l.kind == k).collect::<Vec<_>>();
    let lat = of(LoopKind::Latitude);
    let lon = of(LoopKind::Longitude);
    let diag = of(LoopKind::Diagonal);
    assert_eq!((lat.len(), lon.len(), diag.len()), (8, 4, 8));
    // One latitude per rank, 8 squares each.
    let ranks: BTreeSet<u8> = lat.iter().map(|l| t.coords(l.cells()[0]).unwrap().1).collect();
    assert_eq!(ranks.len(), 8);
    assert!(lat.iter().all(|l| l.cells().len() == 8));
    // A longitude is a file plus its antipodal file: 16 squares.
    for l in &lon {
        let files: BTreeSet<u8> = l.cells().iter().map(|&c| t.coords(c).unwrap().0).collect();
        assert_eq!(l.cells().len(), 16);
        let f: Vec<u8> = files.into_iter().collect();
        assert_eq!(f.len(), 2);
        assert_eq!(t.antipode(f[0]), Some(f[1]));
    }
    // Diagonals: 16 squares, one colour each, 4 of each slant (the slant of the first step).
    let mut slants = [0, 0];
    for l in &diag {
        let cells = l.cells();
        assert_eq!(cells.len(), 16);
        let colours: BTreeSet<bool> = cells.iter().map(|&c| t.is_dark(c).unwrap()).collect();
        assert_eq!(colours.len(), 1, "diagonal loop changes colour");
        let first = l.route.steps[0].dir;
        slants[(first.df == first.dr) as usize] += 1;
    }
    assert_eq!(slants, [4, 4]);
    // Together the loops cover every square twice orthogonally and twice diagonally.
    for c in topo(VariantId::Dot).all_cells() {
        assert_eq!(lat.iter().chain(&lon).filter(|l| l.cells().contains(&c)).count(), 2);
        assert_eq!(diag.iter().filter(|l| l.cells().contains(&c)).count(), 2);
    }
}

#[test]
fn dot_king_on_d8_has_six_moves() {
    let pos = setup(VariantId::Dot, &["Kd8"]);
    assert_eq!(dests(&pos, "d8"), sorted(&["c8", "e8", "c7", "d7", "e7", "h8"]));
}

#[test]
fn spherical_transpolar_examples_of_page_002() {
    let v = VariantId::Spherical;
    let pos = setup(v, &["Ra3"]);
    assert!(routes_to(&pos, "a3", "e4").contains(&"a3 a2 a1 S e1 e2 e3 e4".to_string()));
    let pos = setup(v, &["Bh3"]);
    assert!(routes_to(&pos, "h3", "g3").contains(&"h3 g2 f1 S a1 h2 g3".to_string()));
    let pos = setup(v, &["Bd3"]);
    assert!(routes_to(&pos, "d3", "e3").contains(&"d3 e2 f1 S c1 d2 e3".to_string()));
    // "but not Bh3-g2-f1-c1": no route from h3 passes f1 and lands on c1 next.
    let pos = setup(v, &["Bh3"]);
    assert!(routes_to(&pos, "h3", "c1").iter().all(|r| !r.contains("f1 S c1")));
    let pos = setup(v, &["Nd1"]);
    let d = dests(&pos, "d1");
    assert!(d.contains(&"g2".to_string()) && d.contains(&"a2".to_string()), "{d:?}");
}

#[test]
fn spherical_king_has_eight_moves_everywhere() {
    let t = topo(VariantId::Spherical);
    for c in t.all_cells() {
        let pos = setup(VariantId::Spherical, &[&format!("K{}", t.name(c))]);
        assert_eq!(dests(&pos, &t.name(c)).len(), 8, "king on {}", t.name(c));
    }
}

/// The cells a lone knight on `sq` leaps to.
fn knight_leaps(v: VariantId, sq: Cell) -> Vec<Cell> {
    let pos = setup(v, &[&format!("N{}", topo(v).name(sq))]);
    destinations(&pos, sq, true).iter().map(|d| d.cell).collect()
}

#[test]
fn small8_transpolar_examples() {
    let v = VariantId::Small8;
    let pos = setup(v, &["Rb6"]);
    assert!(routes_to(&pos, "b6", "f7").contains(&"b6 b7 b8 N f8 f7".to_string()));
    let pos = setup(v, &["Be7"]);
    assert!(routes_to(&pos, "e7", "d7").contains(&"e7 f8 N c8 d7".to_string()));
    assert!(routes_to(&pos, "e7", "f7").contains(&"e7 d8 N g8 f7".to_string()));
}

// ---- docs/rules.md §3: pieces ------------------------------------------------------------------------

#[test]
fn rides_stop_before_own_piece_and_on_enemy() {
    let pos = setup(VariantId::Dot, &["Rd5", "Pf5", "pd3"]);
    let d = dests(&pos, "d5");
    assert!(d.contains(&"e5".to_string()));
    assert!(!d.contains(&"f5".to_string()));
    // West: c5 b5 a5 h5 g5, then the own pawn on f5.
    for s in ["c5", "b5", "a5", "h5", "g5"] {
        assert!(d.contains(&s.to_string()), "{s}");
    }
    assert!(d.contains(&"d3".to_string()));
    // d2 lies beyond the capture going south, but the ride north comes round to it over both
    // poles before it meets the black pawn.
    assert_eq!(routes_to(&pos, "d5", "d2"), ["d5 d6 d7 d8 N h8 h7 h6 h5 h4 h3 h2 h1 S d1 d2"]);
    // North over the pole reaches h-file down to h1, S, d1, d2, and stops on the d3 capture.
    assert!(routes_to(&pos, "d5", "d3").contains(&"d5 d6 d7 d8 N h8 h7 h6 h5 h4 h3 h2 h1 S d1 d2 d3".to_string()));
    let caps: Vec<_> = destinations(&pos, cell(VariantId::Dot, "d5"), true).into_iter().filter(|d| d.capture).collect();
    assert_eq!(caps.len(), 1);
}

#[test]
fn ride_never_returns_to_its_square() {
    let pos = setup(VariantId::Dot, &["Qd5"]);
    let d = dests(&pos, "d5");
    assert!(!d.contains(&"d5".to_string()));
    // A lone queen reaches every other square of the rides from d5 in the eight directions
    // (its loops, which cross one another away from d5 too).
    let (t, d5) = (topo(VariantId::Dot), cell(VariantId::Dot, "d5"));
    let dirs = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
    let on_loops: BTreeSet<String> = dirs
        .iter()
        .flat_map(|&(df, dr)| t.ride(t.cursor(d5, Dir::new(df, dr))))
        .map(|s| t.name(s.to.cell))
        .filter(|n| n != "d5")
        .collect();
    assert_eq!(d.iter().cloned().collect::<BTreeSet<String>>(), on_loops);
}

#[test]
fn live_pole_riders_start_a_ride_into_every_polar_circle_square() {
    let v = VariantId::Small8;
    let t = topo(v);
    assert!(t.pole_cell(dotchess::Pole::North).is_some());
    // A rook on N reaches every square and S (the pole itself is its start).
    let pos = setup(v, &["RN"]);
    assert_eq!(dests(&pos, "N").len(), 65);
    // A bishop on N reaches every square of its colour-changing diagonals in two ways: b6 by
    // d8 c7 b6 and by h8 a7 b6 (Mori's example).
    let pos = setup(v, &["BN"]);
    let r = routes_to(&pos, "N", "b6");
    assert!(r.contains(&"N d8 c7 b6".to_string()) && r.contains(&"N h8 a7 b6".to_string()), "{r:?}");
}

#[test]
fn king_steps_count_once() {
    // Antipode rule: three steps over the pole land on one square.
    let pos = setup(VariantId::Dot, &["Ka8"]);
    assert_eq!(dests(&pos, "a8"), sorted(&["b8", "h8", "a7", "b7", "h7", "e8"]));
    // A king on a live pole steps onto every square of its polar circle.
    let pos = setup(VariantId::Small, &["KS"]);
    assert_eq!(dests(&pos, "S"), sorted(&["a1", "b1", "c1", "d1", "e1", "f1"]));
    let pos = setup(VariantId::Small, &["Kc1"]);
    assert_eq!(dests(&pos, "c1"), sorted(&["b1", "d1", "b2", "c2", "d2", "S"]));
}

#[test]
fn dot_knight_has_eight_moves_everywhere() {
    for v in [VariantId::Dot, VariantId::Spherical] {
        let t = topo(v);
        for sq in t.all_cells() {
            let n = knight_leaps(v, sq).len();
            assert_eq!(n, 8, "{v} knight on {}", t.name(sq));
        }
    }
}

#[test]
fn knight_leap_orders_agree() {
    // |dr| file steps then |df| rank steps, or the other way: the same squares (dead poles).
    for v in [VariantId::Dot, VariantId::Spherical, VariantId::Cylinder, VariantId::Flat] {
        let t = topo(v);
        for sq in t.all_cells() {
            let a: BTreeSet<Cell> = knight_leaps(v, sq).into_iter().collect();
            let mut b = BTreeSet::new();
            for (df, dr) in [(1i8, 2i8), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1)] {
                let mut cur = t.cursor(sq, Dir::new(df.signum(), 0));
                let mut ok = true;
                for _ in 0..df.abs() {
                    match t.step(cur) {
                        Some(s) => cur = s.to,
                        None => ok = false,
                    }
                }
                cur.dir = Dir::new(0, dr.signum());
                for _ in 0..dr.abs() {
                    match ok.then(|| t.step(cur)).flatten() {
                        Some(s) => cur = s.to,
                        None => ok = false,
                    }
                }
                if ok {
                    b.insert(cur.cell);
                }
            }
            assert_eq!(a, b, "{v} {}", t.name(sq));
        }
    }
}

#[test]
fn boholy_strict_knight_near_the_poles() {
    let v = VariantId::Boholy;
    let t = topo(v);
    for sq in t.all_cells() {
        let (_, r) = t.coords(sq).unwrap();
        let n = knight_leaps(v, sq).len();
        let want = match r {
            0 | 7 => 4,
            1 | 6 => 6,
            _ => 8,
        };
        assert_eq!(n, want, "boholy knight on {}", t.name(sq));
    }
    // d1: the chart targets f1 and b1 share its rank, g2 and a2 its diagonals over S.
    let pos = setup(v, &["Nd1"]);
    assert_eq!(dests(&pos, "d1"), sorted(&["c3", "e3", "b2", "f2"]));
}

#[test]
fn live_pole_knight() {
    for v in [VariantId::Small, VariantId::Small8] {
        let t = topo(v);
        let h = t.height();
        let w = t.width() as usize;
        let pos = setup(v, &["NN"]);
        let d = dests(&pos, "N");
        assert_eq!(d.len(), 2 * w, "{v}: knight on N reaches the two nearest ranks");
        for name in &d {
            let (_, r) = t.coords(t.parse_cell(name).unwrap()).unwrap();
            assert!(r == h - 1 || r == h - 2);
        }
        // From those two ranks a knight reaches the pole; from the polar circle it never leaps
        // past the pole (only one leap towards it lands: on it).
        for rank in [h - 1, h - 2] {
            let from = t.name(t.square(2, rank).unwrap());
            let pos = setup(v, &[&format!("N{from}")]);
            assert!(dests(&pos, &from).contains(&"N".to_string()), "{v} knight {from}");
        }
        let from = t.name(t.square(2, h - 1).unwrap());
        let pos = setup(v, &[&format!("N{from}")]);
        let d = dests(&pos, &from);
        // Two leaps of (±1,-2), two of (±2,-1), and the leaps one rank up all end on the pole;
        // those two ranks up would pass it.
        assert_eq!(d.len(), 2 + 2 + 1, "{v} knight {from}: {d:?}");
        let from = t.name(t.square(2, h - 3).unwrap());
        let pos = setup(v, &[&format!("N{from}")]);
        assert!(!dests(&pos, &from).contains(&"N".to_string()), "{v} knight {from} is three ranks from the pole");
    }
}

#[test]
fn pawns_never_cross_a_pole_and_promote_where_the_variant_says() {
    // Dot: promotion on rank 8 to Q R B N.
    let pos = setup(VariantId::Dot, &["Pe7"]);
    let mut names: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).collect();
    names.sort();
    assert_eq!(names, sorted(&["e7e8b", "e7e8n", "e7e8q", "e7e8r"]));
    // Small: a pawn on the last rank steps onto the enemy pole and promotes to R B N only.
    let pos = setup(VariantId::Small, &["Pc6"]);
    let mut names: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).collect();
    names.sort();
    assert_eq!(names, sorted(&["c6Nb", "c6Nn", "c6Nr"]));
    // Captures onto the pole: a pawn on the last rank attacks the pole cell.
    let pos = setup(VariantId::Small, &["Pc6", "rN"]);
    let mut names: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).collect();
    names.sort();
    assert_eq!(names, sorted(&["c6Nb", "c6Nn", "c6Nr"]));
    // Small: no double step.
    let pos = setup(VariantId::Small, &["Pc2"]);
    assert_eq!(dests(&pos, "c2"), ["c3"]);
    // Dot: files wrap for pawn captures, and a pawn never steps over the pole.
    let pos = setup(VariantId::Dot, &["Pa2", "ph3"]);
    assert_eq!(dests(&pos, "a2"), sorted(&["a3", "a4", "h3"]));
}

#[test]
fn en_passant_across_the_wrap() {
    let pos = Position::from_fen(VariantId::Dot, "4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 1").unwrap();
    assert!(pos.parse_move("a5b6").is_some());
    let pos = Position::from_fen(VariantId::Dot, "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 1").unwrap();
    let m = pos.parse_move("a5h6").expect("en passant from a5 to h6 across the wrap");
    let mut after = pos.clone();
    after.make(m);
    assert!(after.piece_at(cell(VariantId::Dot, "h5")).is_none());
    // Not on the flat board.
    let pos = Position::from_fen(VariantId::Flat, "4k3/8/8/P6p/8/8/8/4K3 w - h6 0 1").unwrap();
    assert!(pos.parse_move("a5h6").is_none());
}

fn castlings(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).filter(|n| n.contains('O')).collect();
    v.sort();
    v
}

#[test]
fn four_castlings() {
    let v = VariantId::Dot;
    // Both rooks home: only the two ordinary castlings have empty squares between.
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["O-O", "O-O-O"]);
    // Only the a-rook: O-O-O, and C-O-O east round the board over f1 g1 h1.
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["C-O-O", "O-O-O"]);
    let m = pos.parse_move("C-O-O").unwrap();
    let mut after = pos.clone();
    after.make(m);
    assert_eq!(after.fen().split(' ').next().unwrap(), "4k3/8/8/8/8/8/8/5RK1");
    // Only the h-rook: O-O, and C-O-O-O west round over d1 c1 b1 a1.
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["C-O-O-O", "O-O"]);
    let m = pos.parse_move("C-O-O-O").unwrap();
    let mut after = pos.clone();
    after.make(m);
    assert_eq!(after.fen().split(' ').next().unwrap(), "4k3/8/8/8/8/8/8/2KR4");
    // Flat chess has two.
    let pos = Position::from_fen(VariantId::Flat, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["O-O-O"]);
    // Black castles round its own polar circle too.
    let pos = Position::from_fen(v, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["C-O-O", "O-O-O"]);
}

#[test]
fn castling_conditions() {
    let v = VariantId::Dot;
    // In check (rook on e5 down the e-file): no castling.
    let pos = Position::from_fen(v, "4k3/8/8/4r3/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert!(castlings(&pos).is_empty());
    // The square crossed is attacked (f-file rook): C-O-O is gone, O-O-O stays.
    let pos = Position::from_fen(v, "4k3/8/8/5r2/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["O-O-O"]);
    // The landing square is attacked (a knight on h3 hits g1): C-O-O is gone.
    let pos = Position::from_fen(v, "4k3/8/8/8/8/7n/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["O-O-O"]);
    // A rook on the g-file also hits c1 over the S pole: both landings attacked.
    let pos = Position::from_fen(v, "4k3/8/8/6r1/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert!(castlings(&pos).is_empty());
    // A piece between on the way round blocks it; the other way stays.
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/R3K1N1 w Q - 0 1").unwrap();
    assert_eq!(castlings(&pos), ["O-O-O"]);
    // A b1 rook attacks g1 once the a1 rook has left for f1: C-O-O would land in check.
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/Rr1BK3 w Q - 0 1").unwrap();
    assert!(!castlings(&pos).contains(&"C-O-O".to_string()), "{:?}", castlings(&pos));
    // A rook that has moved has no right.
    let pos = Position::from_fen(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert!(castlings(&pos).is_empty());
}

#[test]
fn check_and_pins_wrap_round_the_sphere() {
    let v = VariantId::Dot;
    // After c2-c3 the queen on d1 pins f7 along d1 c2 b3 a4 h5 g6 f7 e8.
    let mut pos = Position::start(v);
    let m = pos.parse_move("c2c3").unwrap();
    pos.make(m);
    let moves: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).collect();
    assert!(!moves.iter().any(|m| m.starts_with("f7")), "{moves:?}");
    assert_eq!(moves.len(), 18);
    // One rook checks along both ways of a latitude: blocking one way is not enough.
    let pos = Position::from_fen(v, "8/8/8/r3K3/8/8/1Q6/8 w - - 0 1").unwrap();
    let moves: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).collect();
    assert!(!moves.iter().any(|m| m.starts_with("b2b5")), "b5 blocks only the east side: {moves:?}");
    // The king cannot step along the latitude: both e5's neighbours on the rank stay attacked.
    assert!(!moves.contains(&"e5d5".to_string()) && !moves.contains(&"e5f5".to_string()));
}

/// Whether the side that just moved left its king attacked.
fn mover_in_check(pos: &Position) -> bool {
    let us = pos.turn().other();
    pos.king(us).is_some_and(|k| pos.attacked(k, pos.turn()))
}

#[test]
fn pins_hold_on_rides_that_pass_a_square_twice() {
    let v = VariantId::Small;
    // On the 6×6 board with live poles and chart diagonals a diagonal ride may pass a square twice
    // before it closes (docs/rules.md §3 stops it only before its own starting square): a1 north-west
    // passes c5 and f2 twice, b6 south-west passes d2 and a5 twice.
    assert_eq!(
        ride(v, "a1", Dir::new(-1, 1)),
        ["f2", "e3", "d4", "c5", "b6", "N", "d6", "c5", "b4", "a3", "f2", "e1", "S"]
    );
    assert_eq!(
        ride(v, "b6", Dir::new(-1, -1)),
        ["a5", "f4", "e3", "d2", "c1", "S", "e1", "d2", "c3", "b4", "a5", "f6", "N"]
    );
    // Each position: a move that would leave the own king attacked along such a ride.
    for (fen, illegal) in [
        ("1/6/2p3/1k4/p5/6/B5/1 b - - 0 1", "c5c4"),
        ("1/1B3k/r5/6/6/6/6/1 b - - 0 1", "a5N"),
        ("1/6/6/6/6/4N1/3b1K/1 w - - 0 1", "e2S"),
        ("1/1P4/4p1/5k/6/6/2p3/B b - - 1 1", "e5e4"),
    ] {
        let pos = Position::from_fen(v, fen).unwrap();
        let names: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).collect();
        assert!(!names.contains(&illegal.to_string()), "{fen}: {illegal} is listed in {names:?}");
        // The illegal move is a pseudo-legal one: it is the pin that removes it.
        let mut pseudo = Vec::new();
        pos.pseudo_legal_moves(&mut pseudo);
        assert!(pseudo.iter().any(|&m| pos.move_name(m) == illegal), "{fen}: {illegal} is not even pseudo-legal");
        for m in pos.moves() {
            let mut after = pos.clone();
            after.make(m);
            assert!(!mover_in_check(&after), "{fen}: {} leaves the king attacked", pos.move_name(m));
        }
    }
    let pos = Position::from_fen(v, "1/6/p1p3/1k4/p1p3/6/6/B w - - 0 1").unwrap();
    assert_eq!(dotchess::perft(&pos, 2), 166);
    assert_eq!(dotchess::perft(&pos, 3), 1970);
}

#[test]
fn a_pawns_route_is_the_step_it_makes() {
    let v = VariantId::Small;
    let chart_ends = |pos: &Position, from: &str, to: &str| -> Vec<(i32, i32)> {
        let t = pos.topology();
        destinations(pos, cell(v, from), true)
            .into_iter()
            .filter(|d| t.name(d.cell) == to)
            .flat_map(|d| d.routes)
            .map(|r| *r.chart_path().last().unwrap())
            .collect()
    };
    // A push onto the empty pole N goes along the pawn's file: one route, no sideways column.
    let pos = setup(v, &["Pc6", "Ka1"]);
    assert_eq!(chart_ends(&pos, "c6", "N"), [(0, 1)]);
    // A capture on N is a diagonal step (docs/rules.md §3): one route, one column sideways; the blocked
    // push is not a route.
    let pos = setup(v, &["Pc6", "Ka1", "kN"]);
    let ends = chart_ends(&pos, "c6", "N");
    assert_eq!(ends.len(), 1, "{ends:?}");
    assert_eq!(ends[0].0.abs(), 1, "{ends:?}");
    // On the Dot a pawn that can both push and capture has one route to each cell.
    let pos = setup(VariantId::Dot, &["Pe2", "nd3"]);
    assert_eq!(routes_to(&pos, "e2", "e3"), ["e2 e3"]);
    assert_eq!(routes_to(&pos, "e2", "e4"), ["e2 e3 e4"]);
    assert_eq!(routes_to(&pos, "e2", "d3"), ["e2 d3"]);
}

#[test]
fn a_live_pole_entered_by_three_headings_is_one_route() {
    let v = VariantId::Small;
    let pos = Position::from_fen(v, "1/2K3/6/3P2/6/6/k5/1 w - - 0 1").unwrap();
    assert_eq!(routes_to(&pos, "a1", "S"), ["a1 S"]);
    // A queen on the pole starts three rides whose first step is a1 (down the file, and the two
    // diagonal departures that leave a1 north-east and north-west): one route S a1.
    let pos = setup(v, &["QS"]);
    assert_eq!(routes_to(&pos, "S", "a1").iter().filter(|r| r.as_str() == "S a1").count(), 1);
}

#[test]
fn no_king_means_every_pseudo_legal_move_counts() {
    let pos = setup(VariantId::Dot, &["Rd5", "rd7"]);
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    assert_eq!(pos.moves().len(), pseudo.len());
}

// ---- variants ---------------------------------------------------------------------------------

#[test]
fn start_position_move_counts() {
    // Every chess variant: 16 pawn moves and 4 knight moves; everything else is blocked at the
    // start (on the Dot the pole rules lead the back rank pieces onto their own pieces).
    for v in [VariantId::Dot, VariantId::Boholy, VariantId::Spherical, VariantId::Flat, VariantId::Cylinder] {
        assert_eq!(Position::start(v).moves().len(), 20, "{v}");
    }
    // Small: six single pawn steps, and each knight reaches two squares of rank 3; the king on S
    // is walled in by its own back rank.
    assert_eq!(Position::start(VariantId::Small).moves().len(), 10);
    // Small8 starts empty.
    assert_eq!(Position::start(VariantId::Small8).moves().len(), 0);
}

#[test]
fn variant_aliases() {
    for (alias, id) in [
        ("chao", VariantId::Dot),
        ("yapsan", VariantId::Dot),
        ("global", VariantId::Dot),
        ("nadvorney", VariantId::Spherical),
        ("chess", VariantId::Flat),
        ("Small8", VariantId::Small8),
    ] {
        assert_eq!(alias.parse::<VariantId>().unwrap(), id);
    }
    assert!("globe".parse::<VariantId>().is_err());
}

// ---- properties -------------------------------------------------------------------------------

/// Positions from every variant to test properties on.
fn sample_positions() -> Vec<Position> {
    let mut v: Vec<Position> = VariantId::ALL.iter().map(|&id| Position::start(id)).collect();
    for (id, fen) in [
        (VariantId::Dot, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        (VariantId::Spherical, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        (VariantId::Boholy, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1"),
        (VariantId::Cylinder, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        (VariantId::Small, "k/r1n1br/pp1ppp/2b3/3P2/PPP1PP/RBNN1R/K w - - 0 1"),
        (VariantId::Small8, "q/3k4/8/2n5/8/4B3/8/2Q1K3/1R6/1 w - - 0 1"),
    ] {
        v.push(Position::from_fen(id, fen).unwrap());
    }
    v
}

#[test]
fn perft_is_the_same_for_the_colour_flipped_mirror() {
    for pos in sample_positions() {
        let m = pos.mirrored();
        for d in 1..=3 {
            assert_eq!(dotchess::perft(&pos, d), dotchess::perft(&m, d), "{pos:?} vs {m:?} depth {d}");
        }
    }
}

#[test]
fn make_then_unmake_restores_the_position() {
    for pos in sample_positions() {
        let mut p = pos.clone();
        for m in pos.moves() {
            let u = p.make(m);
            p.unmake(m, u);
            assert_eq!(p, pos, "{}", pos.move_name(m));
        }
    }
}

#[test]
fn chart_paths_follow_the_chart() {
    // The antipode bishop's step over a pole is a vertical hop on the chart; the chart bishop's
    // is an ordinary diagonal step.
    let pos = setup(VariantId::Dot, &["Bd2"]);
    let r = destinations(&pos, cell(VariantId::Dot, "d2"), true)
        .into_iter()
        .find(|d| pos.topology().name(d.cell) == "e7")
        .unwrap()
        .routes
        .into_iter()
        .find(|r| r.poles() == [dotchess::Pole::North])
        .unwrap();
    let cp = r.chart_path();
    // d2 e3 f4 g5 h6 a7 b8 | N | f8: six NE steps, then straight up.
    assert_eq!(cp[6], (6, 6));
    assert_eq!(cp[7], (6, 7));
    // Then e7 on the flipped copy: south-west on the board, up and to the left on the chart.
    assert_eq!(cp[8], (5, 8));
    let pos = setup(VariantId::Spherical, &["Bd3"]);
    let r = destinations(&pos, cell(VariantId::Spherical, "d3"), true)
        .into_iter()
        .find(|d| pos.topology().name(d.cell) == "e3")
        .unwrap()
        .routes
        .into_iter()
        .find(|r| r.poles() == [dotchess::Pole::South])
        .unwrap();
    // d3 e2 f1 | S | c1 d2 e3: on the chart one straight south-east line (beyond S the copy is
    // flipped, so north on the board is down on the chart).
    assert_eq!(r.chart_path(), [(0, 0), (1, -1), (2, -2), (3, -3), (4, -4), (5, -5)]);
}
