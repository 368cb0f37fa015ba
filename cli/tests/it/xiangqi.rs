//! Spherical Chinese Chess (docs/rules.md §4) and flat xiangqi: each piece's moves at the start and near
//! the poles and the river, facing generals, cannon screens, check and mate, perft. Every expected
//! value is worked out by hand from the rules as docs/rules.md states them.

use crate::common::setup_turn;
use dotchess::{Color, Position, Role, VariantId, destinations, perft};

const X: VariantId = VariantId::Xiangqi;
const F: VariantId = VariantId::XiangqiFlat;

/// As [`setup_turn`], Gold to move.
fn setup(v: VariantId, pieces: &[&str]) -> Position {
    setup_turn(v, pieces, Color::White)
}

fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Legal destinations of the piece on `sq`, sorted.
fn dests(pos: &Position, sq: &str) -> Vec<String> {
    let t = pos.topology();
    let mut v: Vec<String> =
        destinations(pos, t.parse_cell(sq).unwrap(), true).iter().map(|d| t.name(d.cell)).collect();
    v.sort();
    v
}

/// Pseudo-legal destinations of the piece on `sq`, sorted.
fn pseudo(pos: &Position, sq: &str) -> Vec<String> {
    let t = pos.topology();
    let mut v: Vec<String> =
        destinations(pos, t.parse_cell(sq).unwrap(), false).iter().map(|d| t.name(d.cell)).collect();
    v.sort();
    v
}

/// Capture destinations of the piece on `sq`, sorted.
fn captures(pos: &Position, sq: &str) -> Vec<String> {
    let t = pos.topology();
    let mut v: Vec<String> = destinations(pos, t.parse_cell(sq).unwrap(), true)
        .iter()
        .filter(|d| d.capture)
        .map(|d| t.name(d.cell))
        .collect();
    v.sort();
    v
}

/// Every route from `from` to `to`, as cell names joined by spaces, sorted.
fn routes_to(pos: &Position, from: &str, to: &str) -> Vec<String> {
    let t = pos.topology();
    let mut v: Vec<String> = destinations(pos, t.parse_cell(from).unwrap(), true)
        .into_iter()
        .filter(|d| t.name(d.cell) == to)
        .flat_map(|d| d.routes)
        .map(|r| r.cells().iter().map(|&c| t.name(c)).collect::<Vec<_>>().join(" "))
        .collect();
    v.sort();
    v
}

/// Legal moves in notation, sorted.
fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.moves().iter().map(|&m| pos.move_name(m)).collect();
    v.sort();
    v
}

/// The names of every square of a rank (1-based), a to i.
fn rank(r: u8) -> Vec<String> {
    (b'a'..=b'i').map(|f| format!("{}{r}", f as char)).collect()
}

// ---- the board ----------------------------------------------------------------------------------

#[test]
fn board_has_92_cells_a_river_and_19_cell_palaces() {
    let v = X.variant();
    let t = &v.topology;
    assert_eq!((t.width(), t.height(), t.cells()), (9, 10, 92));
    let x = v.xiangqi_tables().unwrap();
    let names = |b: dotchess::Bitboard| -> Vec<String> {
        let mut v: Vec<String> = b.map(|c| t.name(c)).collect();
        v.sort();
        v
    };
    // Gold's palace: S and ranks 1 and 2; Red's: N and ranks 10 and 9.
    let mut gold: Vec<String> = rank(1).into_iter().chain(rank(2)).chain(["S".to_string()]).collect();
    gold.sort();
    assert_eq!(names(x.palace(dotchess::Color::White)), gold);
    assert_eq!(x.palace(dotchess::Color::Black).count(), 19);
    assert!(
        x.palace(dotchess::Color::Black).has(t.parse_cell("N").unwrap())
            && x.palace(dotchess::Color::Black).has(t.parse_cell("e9").unwrap())
    );
    assert!(!x.palace(dotchess::Color::Black).has(t.parse_cell("e8").unwrap()));
    // The river lies between ranks 5 and 6: Gold's half is ranks 1–5 with S (46 cells).
    assert_eq!(x.own_half(dotchess::Color::White).count(), 46);
    assert!(
        x.own_half(dotchess::Color::White).has(t.parse_cell("e5").unwrap())
            && !x.own_half(dotchess::Color::White).has(t.parse_cell("e6").unwrap())
    );
    // Flat xiangqi: 3×3 palaces on files d–f.
    let f = F.variant();
    let xf = f.xiangqi_tables().unwrap();
    let ft = &f.topology;
    let mut want = sorted(&["d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"]);
    want.sort();
    let mut got: Vec<String> = xf.palace(dotchess::Color::White).map(|c| ft.name(c)).collect();
    got.sort();
    assert_eq!(got, want);
    assert!(
        xf.palace(dotchess::Color::Black).has(ft.parse_cell("e10").unwrap())
            && xf.palace(dotchess::Color::Black).has(ft.parse_cell("d8").unwrap())
    );
}

// ---- the start ----------------------------------------------------------------------------------

#[test]
fn start_position_is_the_setup_of_spec() {
    let p = Position::start(X);
    assert_eq!(p.fen(), "k/rhea1aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEA1AEHR/K w - - 0 1");
    let t = p.topology();
    let at = |s: &str| p.piece_at(t.parse_cell(s).unwrap()).map(|q| q.letter());
    assert_eq!(at("S"), Some('K'));
    assert_eq!(at("N"), Some('k'));
    let back: Vec<Option<char>> = rank(1).iter().map(|s| at(s)).collect();
    let want = [Some('R'), Some('H'), Some('E'), Some('A'), None, Some('A'), Some('E'), Some('H'), Some('R')];
    assert_eq!(back, want);
    let red_back: Vec<Option<char>> = rank(10).iter().map(|s| at(s)).collect();
    assert_eq!(red_back, want.map(|c| c.map(|c| c.to_ascii_lowercase())));
    assert_eq!((at("b3"), at("h3"), at("b8"), at("h8")), (Some('C'), Some('C'), Some('c'), Some('c')));
    for f in ["a", "c", "e", "g", "i"] {
        assert_eq!(at(&format!("{f}4")), Some('P'));
        assert_eq!(at(&format!("{f}7")), Some('p'));
    }
    assert_eq!(p.pieces().count(), 32);
    assert_eq!(p.turn(), Color::White, "Gold moves first");
}

#[test]
fn gold_has_28_moves_at_the_start() {
    // docs/rules.md §4: the Red cannons on b8 and h8 pin the horses on b1 and h1 against the general on
    // S, which lies on every file; the Gold cannons b3 and h3 may only stay on their files.
    let p = Position::start(X);
    let want = sorted(&[
        "Se1", // the general onto the one empty cell of rank 1
        "d1c2", "d1e2", "f1e2", "f1g2", // guards
        "c1a3", "c1e3", "g1e3", "g1i3", // elephants
        "a1a2", "a1a3", "i1i2", "i1i3", // chariots: up to the own soldiers
        "b3b2", "b3b4", "b3b5", "b3b6", "b3b7", // cannons, along their files only
        "h3h2", "h3h4", "h3h5", "h3h6", "h3h7", //
        "a4a5", "c4c5", "e4e5", "g4g5", "i4i5", // soldiers, forward only before the river
    ]);
    assert_eq!(moves(&p), want);
    assert_eq!(want.len(), 28);
    assert_eq!(perft(&p, 1), 28);
    // Red, to move in the same position, has the mirror image.
    let red = Position::from_fen(X, "k/rhea1aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEA1AEHR/K b - - 0 1");
    let red = red.unwrap();
    assert_eq!(red.moves().len(), 28);
    assert!(moves(&red).contains(&"Ne10".to_string()));
}

#[test]
fn each_piece_at_the_start() {
    let p = Position::start(X);
    assert_eq!(dests(&p, "S"), ["e1"]);
    assert_eq!(dests(&p, "d1"), sorted(&["c2", "e2"]));
    assert_eq!(dests(&p, "c1"), sorted(&["a3", "e3"]));
    assert_eq!(dests(&p, "a1"), sorted(&["a2", "a3"]));
    assert_eq!(dests(&p, "e4"), ["e5"]);
    // The horse on b1: its leg b2 is free (a3, c3), c1 and a1 are own pieces, and S is no leg.
    assert_eq!(pseudo(&p, "b1"), sorted(&["a3", "c3"]));
    assert!(dests(&p, "b1").is_empty(), "pinned by the cannon b8 over the screen b3");
    // The cannon b3 without legality: c3–g3 east up to the cannon h3, a3 and i3 west round the
    // board to it, b4–b7 north up to the enemy cannon, b2 south; it captures the horse b10 over
    // the screen b8 (south, the pole S beyond the screen b1 holds its own general).
    assert_eq!(
        pseudo(&p, "b3"),
        sorted(&["a3", "c3", "d3", "e3", "f3", "g3", "i3", "b2", "b4", "b5", "b6", "b7", "b10"])
    );
    assert_eq!(dests(&p, "b3"), sorted(&["b2", "b4", "b5", "b6", "b7"]));
}

// ---- pieces near the poles and the river ----------------------------------------------------------

#[test]
fn general_steps_orthogonally_inside_its_palace() {
    let p = setup(X, &["KS"]);
    assert_eq!(dests(&p, "S"), rank(1), "a general on its pole reaches all of rank 1");
    let p = setup(X, &["Ke1"]);
    assert_eq!(dests(&p, "e1"), sorted(&["d1", "f1", "e2", "S"]));
    let p = setup(X, &["Ke2"]);
    assert_eq!(dests(&p, "e2"), sorted(&["d2", "f2", "e1"]), "e3 is outside the palace");
    let p = setup(X, &["Ka1"]);
    assert_eq!(dests(&p, "a1"), sorted(&["i1", "b1", "a2", "S"]), "files wrap");
    let p = setup(X, &["kN"]);
    assert_eq!(dests(&p, "N"), rank(10));
    let p = setup(X, &["ke9"]);
    assert_eq!(dests(&p, "e9"), sorted(&["d9", "f9", "e10"]));
}

#[test]
fn guard_steps_diagonally_inside_its_palace() {
    let p = setup(X, &["AS"]);
    assert_eq!(dests(&p, "S"), rank(1), "the pole is diagonally next to all of rank 1");
    let p = setup(X, &["Ae1"]);
    assert_eq!(dests(&p, "e1"), sorted(&["d2", "f2", "S"]));
    let p = setup(X, &["Ae2"]);
    assert_eq!(dests(&p, "e2"), sorted(&["d1", "f1"]));
    let p = setup(X, &["Aa2"]);
    assert_eq!(dests(&p, "a2"), sorted(&["i1", "b1"]));
    let p = setup(X, &["Ae1", "KS"]);
    assert_eq!(dests(&p, "e1"), sorted(&["d2", "f2"]));
}

#[test]
fn elephant_near_the_pole_and_the_river() {
    // On the pole: all of rank 2, each through either of two first cells.
    let p = setup(X, &["ES"]);
    assert_eq!(dests(&p, "S"), rank(2));
    assert_eq!(routes_to(&p, "S", "e2"), sorted(&["S d1 e2", "S f1 e2"]));
    let p = setup(X, &["ES", "Ad1"]);
    assert_eq!(dests(&p, "S"), rank(2), "e2 through f1, c2 through b1");
    assert_eq!(routes_to(&p, "S", "e2"), ["S f1 e2"]);
    let p = setup(X, &["ES", "Ad1", "Af1"]);
    let mut want = rank(2);
    want.retain(|s| s != "e2");
    assert_eq!(dests(&p, "S"), want, "e2 is blocked only when both d1 and f1 are occupied");
    // From rank 2 onto the pole, through d1 or f1.
    let p = setup(X, &["Ee2"]);
    assert_eq!(dests(&p, "e2"), sorted(&["c4", "g4", "S"]));
    assert_eq!(routes_to(&p, "e2", "S"), sorted(&["e2 d1 S", "e2 f1 S"]));
    let p = setup(X, &["Ee2", "Ad1", "Af1"]);
    assert_eq!(dests(&p, "e2"), sorted(&["c4", "g4"]));
    // From rank 1 it never leaps across the pole.
    let p = setup(X, &["Ee1"]);
    assert_eq!(dests(&p, "e1"), sorted(&["c3", "g3"]));
    // On the river bank it never crosses.
    let p = setup(X, &["Ee5"]);
    assert_eq!(dests(&p, "e5"), sorted(&["c3", "g3"]));
    let p = setup(X, &["Ec3"]);
    assert_eq!(dests(&p, "c3"), sorted(&["a1", "e1", "a5", "e5"]));
    // Files wrap: a1 north-west is i2 then h3.
    let p = setup(X, &["Ea1"]);
    assert_eq!(dests(&p, "a1"), sorted(&["c3", "h3"]));
    // Red's elephant on its pole and next to it.
    let p = setup(X, &["eN"]);
    assert_eq!(dests(&p, "N"), rank(9));
    let p = setup(X, &["ee9"]);
    assert_eq!(dests(&p, "e9"), sorted(&["c7", "g7", "N"]));
}

#[test]
fn horse_near_the_pole() {
    // On the pole: all of rank 2 (first step onto rank 1, then diagonally outward).
    let p = setup(X, &["HS"]);
    assert_eq!(dests(&p, "S"), rank(2));
    assert_eq!(routes_to(&p, "S", "c2"), sorted(&["S b1 c2", "S d1 c2"]));
    let p = setup(X, &["HS", "Ad1", "Af1"]);
    let mut want = rank(2);
    want.retain(|s| s != "e2");
    assert_eq!(dests(&p, "S"), want);
    // Rank 1: over e2 to d3 and f3; along the rank over d1 to c2 and S, over f1 to g2 and S.
    let p = setup(X, &["He1"]);
    assert_eq!(dests(&p, "e1"), sorted(&["c2", "d3", "f3", "g2", "S"]));
    let p = setup(X, &["He1", "Ae2"]);
    assert_eq!(dests(&p, "e1"), sorted(&["c2", "g2", "S"]));
    let p = setup(X, &["He1", "Af1"]);
    assert_eq!(dests(&p, "e1"), sorted(&["c2", "d3", "f3", "S"]), "S still through d1");
    let p = setup(X, &["He1", "Ad1", "Af1"]);
    assert_eq!(dests(&p, "e1"), sorted(&["d3", "f3"]));
    // Rank 2: south over e1 onto the pole.
    let p = setup(X, &["He2"]);
    assert_eq!(dests(&p, "e2"), sorted(&["c1", "c3", "d4", "f4", "g1", "g3", "S"]));
    assert_eq!(routes_to(&p, "e2", "S"), ["e2 e1 S"]);
    let p = setup(X, &["He2", "Ae1"]);
    assert_eq!(dests(&p, "e2"), sorted(&["c1", "c3", "d4", "f4", "g1", "g3"]));
    // Rank 3 is too far from the pole.
    let p = setup(X, &["He3"]);
    assert_eq!(dests(&p, "e3"), sorted(&["c2", "c4", "d1", "d5", "f1", "f5", "g2", "g4"]));
    // Near the North pole the same; and across the river and round the wrap nothing changes.
    let p = setup(X, &["He10"]);
    assert_eq!(dests(&p, "e10"), sorted(&["c9", "g9", "d8", "f8", "N"]));
    let p = setup(X, &["Ha5"]);
    assert_eq!(dests(&p, "a5"), sorted(&["b7", "i7", "c6", "c4", "h6", "h4", "b3", "i3"]));
}

#[test]
fn chariot_rides_to_and_onto_the_poles() {
    // On the pole: down each of the 9 files to the other pole (reached by every file once).
    let p = setup(X, &["RS"]);
    assert_eq!(dests(&p, "S").len(), 9 * 10 + 1);
    // e5: 8 more cells of its rank; e6–e10 and N; e4–e1 and S.
    let p = setup(X, &["Re5"]);
    assert_eq!(dests(&p, "e5").len(), 8 + 6 + 5);
    // It captures on the pole.
    let p = setup(X, &["Re5", "kN"]);
    assert_eq!(captures(&p, "e5"), ["N"]);
    // The rank is a loop: a piece on it is met both ways round.
    let p = setup(X, &["Re5", "pa5"]);
    assert_eq!(captures(&p, "e5"), ["a5"]);
    assert_eq!(routes_to(&p, "e5", "a5"), sorted(&["e5 f5 g5 h5 i5 a5", "e5 d5 c5 b5 a5"]));
}

#[test]
fn cannon_screens() {
    // e3: the screen e5 (own soldier) lets it capture the horse e8, not stop beyond it; south it
    // may stop on e2, e1 and the empty pole.
    let p = setup(X, &["Ce3", "Pe5", "he8"]);
    let want = sorted(&["a3", "b3", "c3", "d3", "f3", "g3", "h3", "i3", "e4", "e8", "e2", "e1", "S"]);
    assert_eq!(dests(&p, "e3"), want);
    assert_eq!(captures(&p, "e3"), ["e8"]);
    assert_eq!(routes_to(&p, "e3", "e8"), ["e3 e4 e5 e6 e7 e8"]);
    // Two pieces in between: no capture.
    let p = setup(X, &["Ce3", "Pe5", "Pe6", "he8"]);
    assert!(captures(&p, "e3").is_empty());
    // No screen: no capture.
    let p = setup(X, &["Ce3", "he8"]);
    assert!(captures(&p, "e3").is_empty());
    assert!(dests(&p, "e3").contains(&"e7".to_string()) && !dests(&p, "e3").contains(&"e8".to_string()));
    // Round the loop of rank 5: c5 screens g5 one way, g5 screens c5 the other way.
    let p = setup(X, &["Ca5", "hc5", "hg5"]);
    assert_eq!(captures(&p, "a5"), sorted(&["c5", "g5"]));
    assert_eq!(routes_to(&p, "a5", "g5"), ["a5 b5 c5 d5 e5 f5 g5"]);
    assert_eq!(routes_to(&p, "a5", "c5"), ["a5 i5 h5 g5 f5 e5 d5 c5"]);
    assert_eq!(dests(&p, "a5").len(), 3 + 6 + 5 + 2);
    // From the pole, up file e over the screen e4 onto the chariot e8; the other 8 files to N.
    let p = setup(X, &["CS", "Pe4", "re8"]);
    assert_eq!(captures(&p, "S"), ["e8"]);
    assert_eq!(dests(&p, "S").len(), 8 * 10 + 1 + 3 + 1);
}

#[test]
fn a_pole_is_never_a_cannon_screen() {
    // The cannon on e10 meets the general on N first going north, and nothing lies beyond a pole
    // on a board with nine files; along rank 10 each chariot screens the other.
    let p = setup(X, &["Ce10", "kN", "ra10", "ri10"]);
    assert_eq!(captures(&p, "e10"), sorted(&["a10", "i10"]));
    assert_eq!(dests(&p, "e10").len(), 6 + 2 + 9 + 1);
    // But a cannon captures on a pole over a screen: Red is in check here, not without e8.
    let p = setup_turn(X, &["Ce5", "pe8", "kN"], Color::Black);
    assert!(p.in_check());
    let p = setup_turn(X, &["Ce5", "kN"], Color::Black);
    assert!(!p.in_check());
}

#[test]
fn soldier_forward_then_sideways_and_onto_the_pole() {
    let one = |pieces: &[&str], sq: &str| dests(&setup(X, pieces), sq);
    assert_eq!(one(&["Pe4"], "e4"), ["e5"]);
    assert_eq!(one(&["Pe5"], "e5"), ["e6"], "rank 5 is still Gold's side of the river");
    assert_eq!(one(&["Pe6"], "e6"), sorted(&["e7", "d6", "f6"]));
    assert_eq!(one(&["Pa6"], "a6"), sorted(&["a7", "b6", "i6"]), "files wrap");
    assert_eq!(one(&["Pe10"], "e10"), sorted(&["N", "d10", "f10"]), "from the last rank into the pole");
    assert!(one(&["PN"], "N").is_empty(), "a soldier on the enemy pole has no move");
    assert_eq!(one(&["pe1"], "e1"), sorted(&["S", "d1", "f1"]));
    assert_eq!(one(&["pe6"], "e6"), ["e5"]);
    assert_eq!(one(&["pe5"], "e5"), sorted(&["e4", "d5", "f5"]));
    // Never a chess pawn: no double step, no diagonal capture.
    let p = setup(X, &["Pe4", "pd5", "pf5"]);
    assert_eq!(dests(&p, "e4"), ["e5"]);
    // On the flat board: no wrap, no pole.
    let one = |pieces: &[&str], sq: &str| dests(&setup(F, pieces), sq);
    assert_eq!(one(&["Pa6"], "a6"), sorted(&["a7", "b6"]));
    assert_eq!(one(&["Pe10"], "e10"), sorted(&["d10", "f10"]));
}

// ---- facing generals --------------------------------------------------------------------------

#[test]
fn generals_on_the_two_poles_face_when_any_file_is_empty() {
    assert!(setup(X, &["KS", "kN"]).generals_face());
    let eight = ["Pa5", "Pb5", "Pc5", "Pd5", "Pf5", "Pg5", "Ph5", "Pi5"];
    let mut pieces = vec!["KS", "kN"];
    pieces.extend(eight);
    assert!(setup(X, &pieces).generals_face(), "file e is empty");
    pieces.push("Pe5");
    assert!(!setup(X, &pieces).generals_face());
    // A general on a pole faces a general on a square when that one's file is empty between.
    assert!(setup(X, &["KS", "ke9"]).generals_face());
    assert!(setup(X, &["KS", "ke9", "Pd5"]).generals_face());
    assert!(!setup(X, &["KS", "ke9", "Pe5"]).generals_face());
    assert!(setup(X, &["Ke2", "kN"]).generals_face());
    assert!(!setup(X, &["Ke2", "kN", "pe7"]).generals_face());
}

#[test]
fn facing_through_the_pole_pins_and_restricts() {
    // Eight soldiers block eight files; the horse on e5 is the only piece on file e between S and
    // N, so it cannot move. The soldiers stay on their files and the general steps onto rank 1.
    let p = setup(X, &["KS", "kN", "Pa5", "Pb5", "Pc5", "Pd5", "Pf5", "Pg5", "Ph5", "Pi5", "He5"]);
    assert!(!p.generals_face());
    assert_eq!(pseudo(&p, "e5"), sorted(&["d7", "f7", "d3", "f3"]));
    assert!(dests(&p, "e5").is_empty());
    assert_eq!(dests(&p, "S"), rank(1));
    assert_eq!(p.moves().len(), 8 + 9);
    // The seed's picture: a general kept off its pole by the facing rule (file i is empty).
    let p = setup(X, &["Ke1", "kN", "Pa4", "Pb4", "Pc4", "Pd4", "Pe4", "Pf4", "Pg4", "Ph4"]);
    assert_eq!(pseudo(&p, "e1"), sorted(&["d1", "f1", "e2", "S"]));
    assert_eq!(dests(&p, "e1"), sorted(&["d1", "f1", "e2"]));
    // Flat xiangqi: the flying-general rule on one file.
    let p = setup(F, &["Ke1", "ke10", "He5"]);
    assert!(dests(&p, "e5").is_empty());
    assert_eq!(dests(&p, "e1"), sorted(&["d1", "f1", "e2"]));
}

// ---- check and mate ---------------------------------------------------------------------------

#[test]
fn chariot_mate_on_the_polar_circle() {
    // Gold: general e1 behind its soldier e4 (so it does not face N down file e), chariots a1
    // and a5; Red: general on N, guard a10. Before the move the guard shields N from file a.
    // a5xa10 checks (a10 is next to the pole) and covers all of rank 10 round the loop; the
    // general cannot take on a10, which the chariot a1 now guards along file a.
    let pieces = ["Ke1", "Pe4", "Ra1", "Ra5", "aa10", "kN"];
    assert!(!setup_turn(X, &pieces, Color::Black).in_check());
    let mut p = setup(X, &pieces);
    assert!(!p.generals_face());
    let m = p.parse_move("a5a10").expect("a5a10 is legal");
    p.make(m);
    assert!(p.in_check());
    assert!(p.moves().is_empty(), "checkmate: {:?}", moves(&p));
    assert_eq!(pseudo(&p, "N"), rank(10));
    // Without the chariot a1 the general takes the checker.
    let mut p = setup(X, &["Ke1", "Pe4", "Ra5", "aa10", "kN"]);
    let m = p.parse_move("a5a10").unwrap();
    p.make(m);
    assert!(p.in_check());
    assert_eq!(moves(&p), ["Na10"]);
}

#[test]
fn a_move_may_not_leave_the_general_attacked() {
    // The Red horse c3 checks the general e2 over its leg d3 (c3, d3 east, then e2 south-east).
    // The general may step to d2, f2 or e1, none of which the horse reaches (b1 d1 a2 a4 b5 d5
    // e4 e2); the soldier's step does not help; the chariot a3 takes the horse, or blocks the
    // leg d3, which it reaches the other way round rank 3 (i3 h3 g3 f3 e3 d3).
    let p = setup(X, &["Ke2", "Pe5", "Ra3", "hc3", "ke10"]);
    assert!(p.in_check());
    assert!(!p.generals_face());
    assert_eq!(dests(&p, "e2"), sorted(&["d2", "f2", "e1"]));
    assert!(dests(&p, "e5").is_empty());
    assert_eq!(dests(&p, "a3"), sorted(&["c3", "d3"]));
    assert_eq!(routes_to(&p, "a3", "d3"), ["a3 i3 h3 g3 f3 e3 d3"]);
    assert_eq!(p.moves().len(), 5);
}

// ---- flat xiangqi -------------------------------------------------------------------------------

#[test]
fn flat_xiangqi_start_and_perft() {
    let p = Position::start(F);
    assert_eq!(p.fen(), "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");
    // The published perft of the standard xiangqi start.
    assert_eq!(perft(&p, 1), 44);
    assert_eq!(perft(&p, 2), 1920);
    assert_eq!(perft(&p, 3), 79666);
}

#[test]
fn flat_xiangqi_pieces() {
    let one = |pieces: &[&str], sq: &str| dests(&setup(F, pieces), sq);
    assert_eq!(one(&["Ke2"], "e2"), sorted(&["d2", "f2", "e1", "e3"]));
    assert_eq!(one(&["Kd1"], "d1"), sorted(&["e1", "d2"]));
    assert_eq!(one(&["Ae2"], "e2"), sorted(&["d1", "f1", "d3", "f3"]));
    assert_eq!(one(&["Ad1"], "d1"), ["e2"]);
    assert_eq!(one(&["Ec1"], "c1"), sorted(&["a3", "e3"]));
    assert_eq!(one(&["Ee3"], "e3"), sorted(&["c1", "g1", "c5", "g5"]));
    assert_eq!(one(&["Ec5"], "c5"), sorted(&["a3", "e3"]));
    assert_eq!(one(&["Ha1"], "a1"), sorted(&["b3", "c2"]));
    assert_eq!(one(&["Ha1", "Pa2"], "a1"), ["c2"]);
    assert_eq!(one(&["Re5"], "e5").len(), 8 + 9);
}

// ---- variant-aware names ---------------------------------------------------------------------------

#[test]
fn names_of_sides_and_pieces() {
    let v = X.variant();
    assert_eq!((v.color_name(Color::White), v.color_name(Color::Black)), ("gold", "red"));
    assert_eq!(v.role_name(Role::King), "general");
    assert_eq!(v.role_name(Role::Rook), "chariot");
    assert_eq!(v.role_name(Role::Pawn), "soldier");
    assert_eq!(v.role_name(Role::Guard), "guard");
    let d = VariantId::Dot.variant();
    assert_eq!((d.color_name(Color::White), d.role_name(Role::King)), ("white", "king"));
}

#[test]
fn flat_xiangqi_matches_more_published_perft() {
    // Chess Programming Wiki, "Chinese Chess Perft Results", positions 2 and 3 (letters E/H for
    // the elephant and horse). Depth 4 (1339047 and 326201) runs in `cargo test --release --
    // --ignored` below.
    for (fen, counts) in [
        ("r1ea1a3/4kh3/2h1e4/pHp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2EAKAE2 w - - 0 1", [38u64, 1128, 43929]),
        ("1ceak4/9/h2a5/2p1p3p/5cp2/2h2H3/6PCP/3AE4/2C6/3A1K1H1 w - - 0 1", [7, 281, 8620]),
    ] {
        let pos = dotchess::Position::from_fen(dotchess::VariantId::XiangqiFlat, fen).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(dotchess::perft(&pos, d as u32 + 1), n, "{fen} depth {}", d + 1);
        }
    }
}

#[test]
#[ignore]
fn flat_xiangqi_published_perft_depth_4() {
    for (fen, n) in [
        ("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", 3290240),
        ("r1ea1a3/4kh3/2h1e4/pHp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2EAKAE2 w - - 0 1", 1339047),
        ("1ceak4/9/h2a5/2p1p3p/5cp2/2h2H3/6PCP/3AE4/2C6/3A1K1H1 w - - 0 1", 326201),
    ] {
        let pos = dotchess::Position::from_fen(dotchess::VariantId::XiangqiFlat, fen).unwrap();
        assert_eq!(dotchess::perft(&pos, 4), n, "{fen}");
    }
}
