//! Algebraic notation: over random legal positions of every variant, every legal move's name reads
//! back to that move and no other, and no shorter name of the grammar (less disambiguation) does;
//! in ordinary chess the names are shakmaty's SAN over thousands of positions; and a few names
//! from the rules (pole moves, captures across the seam, castlings round the board) are checked by
//! hand.

use crate::common;
use dotchess::{Hint, MoveErrorKind, San};
use dotchess::{Move, Position, VariantId};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() }
}

/// A position reached by playing the moves picked by `picks` from the variant's start (from a
/// random placement for `small8`, whose start is empty).
fn played(start: &Position, picks: &[usize]) -> Vec<Position> {
    let mut out = vec![start.clone()];
    let mut pos = start.clone();
    for &k in picks {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[k % moves.len()]).expect("a legal move");
        out.push(pos.clone());
    }
    out
}

/// The FEN of pieces placed on cells (by index into the board's cells, live poles last), the two
/// kings first, written by hand from the board's shape.
fn placed_fen(v: VariantId, placed: &[(usize, usize)], black: bool) -> String {
    let topo = &v.variant().topology;
    let letters: &[u8] = if v.variant().is_xiangqi() { b"AEHRCPaehrcpRRHH" } else { b"QRBNPqrbnpQQRRNN" };
    let (w, h) = (topo.width() as usize, topo.height() as usize);
    let live = topo.poles() == dotchess::Poles::Live;
    let squares = w * h;
    let mut rows = vec![vec![None; w]; h];
    let (mut north, mut south) = (None, None);
    for (i, &(at, piece)) in placed.iter().enumerate() {
        let letter = match i {
            0 => 'K',
            1 => 'k',
            _ => letters[piece % letters.len()] as char,
        };
        let at = at % (squares + if live { 2 } else { 0 });
        // Pawns (and soldiers) off the first and last ranks.
        let rank = at / w.max(1);
        if letter.eq_ignore_ascii_case(&'p') && at < squares && (rank == 0 || rank == h - 1) {
            continue;
        }
        match at.checked_sub(squares) {
            None => rows[rank][at % w] = Some(letter),
            Some(0) => north = Some(letter),
            Some(_) => south = Some(letter),
        }
    }
    common::fen_of_rows(&rows, live.then_some((north, south)), black)
}

/// The name of `m` with a weaker hint, when the grammar allows that hint for it.
fn weaker(parts: &San, hint: Hint) -> Option<String> {
    let San::Move { letter, from, capture, hint: given, .. } = parts else { return None };
    if hint >= *given {
        return None;
    }
    let pole = !from.chars().any(|c| c.is_ascii_digit());
    if pole && hint != Hint::None {
        return None;
    }
    // A pawn's capture names its file at least.
    if letter.is_none() && *capture && hint != Hint::File {
        return None;
    }
    let mut p = parts.clone();
    if let San::Move { hint: h, .. } = &mut p {
        *h = hint;
    }
    Some(p.to_string())
}

/// Every legal move's name reads back to it alone; the coordinate name does too; and no weaker
/// disambiguation would do.
fn check_names(pos: &Position) -> Result<(), TestCaseError> {
    let moves = pos.moves();
    for &m in &moves {
        let parts = pos.san_parts(m);
        let name = parts.to_string();
        prop_assert_eq!(pos.read_move(&name), Ok(m), "{:?}: {} ({:?})", pos, name, m);
        // The coordinate name reads back, unless it is also an algebraic name (`Nc8` from the N
        // pole, where a knight goes to c8: the algebraic reading wins); the long form `N-c8`
        // always does.
        let coord = pos.move_name(m);
        if !(coord.starts_with('N') && pos.variant().roles.contains(&dotchess::Role::Knight)) {
            prop_assert_eq!(pos.read_move(&coord), Ok(m), "{:?}: {}", pos, coord);
        }
        if !matches!(m.kind, dotchess::MoveKind::Castle(_)) {
            let from = pos.topology().name(m.from);
            let long = format!("{from}-{}", &coord[from.len()..]);
            prop_assert_eq!(pos.read_move(&long), Ok(m), "{:?}: {}", pos, long);
        }
        for hint in [Hint::None, Hint::File, Hint::Rank] {
            if let Some(short) = weaker(&parts, hint)
                && short != name
            {
                let read = pos.read_move(&short);
                prop_assert!(read != Ok(m), "{:?}: {} would do for {}", pos, short, name);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// Positions reached by random games from each variant's start.
    #[test]
    fn every_move_of_a_random_game_reads_back_from_its_name(v in 0usize..9, picks in prop::collection::vec(0usize..1000, 0..60)) {
        let v = VariantId::ALL[v];
        let start = if v == VariantId::Small8 {
            Position::from_fen(v, "k/rbnqnbrr/pppppppp/8/8/8/8/PPPPPPPP/RBNQNBRR/K w - - 0 1").expect("a small8 setup")
        } else {
            Position::start(v)
        };
        for pos in played(&start, &picks) {
            check_names(&pos)?;
        }
    }

    /// Random placements with several pieces of a kind (queens, rooks, knights, horses, chariots),
    /// pieces on live poles, then a few random moves.
    #[test]
    fn every_move_of_a_random_placement_reads_back_from_its_name(
        v in 0usize..9,
        placed in prop::collection::vec((0usize..200, 0usize..16), 2..14),
        black: bool,
        picks in prop::collection::vec(0usize..1000, 0..6),
    ) {
        let v = VariantId::ALL[v];
        if let Ok(start) = Position::from_fen(v, &placed_fen(v, &placed, black)) {
            for pos in played(&start, &picks) {
                check_names(&pos)?;
            }
        }
    }
}

/// Our move for a shakmaty move (castling by the king's squares).
fn ours(pos: &Position, m: &shakmaty::Move) -> Move {
    let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
    let topo = pos.topology();
    pos.moves()
        .into_iter()
        .find(|&o| pos.move_name(o) == uci || format!("{}{}", topo.name(o.from), topo.name(o.to)) == uci)
        .unwrap_or_else(|| panic!("{pos:?}: no move {uci}"))
}

/// Walks random games in both libraries from `fen`, comparing every legal move's name; returns the
/// number of positions compared.
fn compare_with_shakmaty(fen: &str, seed: &mut u64, plies: usize) -> usize {
    use shakmaty::Position as _;
    let mut ours_pos = Position::from_fen(VariantId::Flat, fen).expect("our FEN");
    let setup: shakmaty::fen::Fen = fen.parse().expect("shakmaty's FEN");
    let Ok(mut theirs) = setup.into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard) else { return 0 };
    let mut n = 0;
    for _ in 0..=plies {
        let legal = theirs.legal_moves();
        assert_eq!(legal.len(), ours_pos.moves().len(), "{ours_pos:?}");
        for m in &legal {
            let expected = shakmaty::san::SanPlus::from_move(theirs.clone(), *m).to_string();
            let mine = ours(&ours_pos, m);
            assert_eq!(ours_pos.san(mine), expected, "{ours_pos:?}");
            assert_eq!(ours_pos.read_move(&expected), Ok(mine), "{ours_pos:?}: {expected}");
        }
        n += 1;
        if legal.is_empty() {
            break;
        }
        // A small linear congruential generator: the same games every run.
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = legal[(*seed >> 33) as usize % legal.len()];
        let mine = ours(&ours_pos, &m);
        ours_pos.play(mine).expect("legal");
        theirs.play_unchecked(m);
    }
    n
}

#[test]
fn flat_names_are_shakmatys_san_over_thousands_of_positions() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/flat.perft")).unwrap();
    let fens: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("fen ")).collect();
    assert!(fens.len() > 20, "{} FENs", fens.len());
    let mut seed = 2024u64;
    let mut positions = 0;
    for round in 0..6 {
        for fen in &fens {
            positions += compare_with_shakmaty(fen, &mut seed, 12 + 4 * round);
        }
    }
    assert!(positions >= 3000, "only {positions} positions compared");
}

/// Random placements with several queens, rooks and knights, read by both libraries (those
/// shakmaty accepts), then compared as above.
#[test]
fn flat_names_are_shakmatys_san_with_several_pieces_of_a_kind() {
    let mut seed = 77u64;
    let mut next = |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let mut positions = 0;
    for _ in 0..400 {
        let placed: Vec<(usize, usize)> = (0..2 + next(12)).map(|_| (next(64), next(16))).collect();
        let fen = placed_fen(VariantId::Flat, &placed, next(2) == 1);
        if Position::from_fen(VariantId::Flat, &fen).is_ok() {
            let mut s = next(1 << 30) as u64;
            positions += compare_with_shakmaty(&fen, &mut s, 4);
        }
    }
    assert!(positions >= 500, "only {positions} positions compared");
}

fn pos(v: VariantId, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.moves().into_iter().map(|m| p.san(m).trim_end_matches(['+', '#']).to_string()).collect();
    v.sort();
    v
}

#[test]
fn a_rook_reaching_a_square_both_ways_round_a_latitude_is_one_move_without_disambiguation() {
    // The rook on d5 reaches h5 eastward and westward round rank 5 (SPEC §2): one move, `Rh5`.
    let p = pos(VariantId::Dot, "4k3/8/8/3R4/8/8/8/4K3 w - - 0 1");
    assert!(names(&p).contains(&"Rh5".to_string()));
    // Two rooks on one rank reaching the same square: told apart by file.
    let p = pos(VariantId::Dot, "4k3/8/8/R2R4/8/8/8/4K3 w - - 0 1");
    let n = names(&p);
    assert!(n.contains(&"Rag5".to_string()) && n.contains(&"Rdg5".to_string()), "{n:?}");
    // On one file: by rank.
    let p = pos(VariantId::Flat, "4k3/8/8/R7/8/8/R7/4K3 w - - 0 1");
    let n = names(&p);
    assert!(n.contains(&"R5a4".to_string()) && n.contains(&"R2a4".to_string()), "{n:?}");
}

#[test]
fn a_pawn_captures_across_the_seam_naming_its_file() {
    // The a-pawn takes on h3 round the back of the ball (files wrap).
    let p = pos(VariantId::Dot, "4k3/8/8/8/8/7p/P7/4K3 w - - 0 1");
    assert!(names(&p).contains(&"axh3".to_string()), "{:?}", names(&p));
    assert_eq!(p.read_move("axh3").map(|m| p.move_name(m)), Ok("a2h3".into()));
}

#[test]
fn poles_are_cells_where_they_are_live() {
    // Small Spherical Chess: two pawns on rank 6 can both step onto N and promote there.
    let p = pos(VariantId::Small, "1/PP4/6/6/6/k5/6/K w - - 0 1");
    let n = names(&p);
    assert!(n.contains(&"aN=R".to_string()) && n.contains(&"bN=B".to_string()), "{n:?}");
    // A single pawn needs no file.
    let p = pos(VariantId::Small, "1/P5/6/6/6/k5/6/K w - - 0 1");
    assert!(names(&p).contains(&"N=N".to_string()), "{:?}", names(&p));
    assert_eq!(p.read_move("N=N").map(|m| p.move_name(m)), Ok("a6Nn".into()));
    // A rook on the pole and one on a square reaching b6 (Mori's rook reaches f7 over N): the one
    // on the pole is named by it, the other by its file.
    let p = pos(VariantId::Small8, "R/R7/8/8/8/8/8/8/8/K w - - 0 1");
    let n = names(&p);
    assert!(n.contains(&"RNb8".to_string()) && n.contains(&"Rab8".to_string()), "{n:?}");
    // The king steps onto its own pole.
    let p = pos(VariantId::Small, "k/6/6/6/6/6/K5/1 w - - 0 1");
    assert!(names(&p).contains(&"KS".to_string()), "{:?}", names(&p));
}

#[test]
fn castling_round_the_board_and_its_king_move() {
    let p = pos(VariantId::Dot, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let n = names(&p);
    // The h8 rook sees d1 over the N pole (its longitude), so of the four only O-O is legal.
    assert_eq!(n.iter().filter(|m| m.contains("O-O")).collect::<Vec<_>>(), ["O-O"], "{n:?}");
    // With the a-rook alone, it castles both ways round the rank; `e1g1` is the one round the
    // board (the h-rook's O-O would need h1).
    let p = pos(VariantId::Dot, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let n = names(&p);
    assert!(n.contains(&"O-O-O".to_string()) && n.contains(&"C-O-O".to_string()), "{n:?}");
    assert_eq!(p.read_move("e1g1").map(|m| p.san(m)), Ok("C-O-O".into()));
    let p = pos(VariantId::Dot, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let n = names(&p);
    assert!(n.contains(&"O-O".to_string()) && n.contains(&"C-O-O-O".to_string()), "{n:?}");
    // In ordinary chess it is O-O.
    let p = pos(VariantId::Flat, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.read_move("e1g1").map(|m| p.san(m)), Ok("O-O".into()));
    assert_eq!(p.read_move("0-0-0").map(|m| p.san(m)), Ok("O-O-O".into()));
    let e = p.read_move("C-O-O").unwrap_err();
    assert!(e.to_string().contains("no C-O-O"), "{e}");
}

#[test]
fn xiangqi_names_every_piece_by_its_letter() {
    let p = Position::start(VariantId::Xiangqi);
    let n = names(&p);
    assert!(n.contains(&"Pe5".to_string()), "{n:?}");
    // Xiangqi has ten ranks: a chariot is told apart by rank 10 against rank 1.
    let p = pos(VariantId::XiangqiFlat, "R8/5k3/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    let n = names(&p);
    assert!(n.contains(&"R10a5".to_string()) && n.contains(&"R1a5".to_string()), "{n:?}");
    assert_eq!(p.read_move("R10a5").map(|m| p.move_name(m)), Ok("a10a5".into()));
}

#[test]
fn check_and_mate_are_marked() {
    // Fool's mate.
    let mut p = Position::start(VariantId::Flat);
    for m in ["f3", "e5", "g4"] {
        let mv = p.read_move(m).unwrap();
        p.play(mv).unwrap();
    }
    let mate = p.read_move("Qh4").unwrap();
    assert_eq!(p.san(mate), "Qh4#");
}

#[test]
fn bad_moves_say_why_and_offer_the_nearest() {
    let p = Position::start(VariantId::Flat);
    let e = p.read_move("Nf4").unwrap_err();
    assert!(matches!(e.kind, MoveErrorKind::Illegal(_)), "{e}");
    assert!(e.nearest.contains(&"Nf3".to_string()), "{e}");
    let e = p.read_move("Nxf3").unwrap_err();
    assert!(e.to_string().contains("nothing to capture"), "{e}");
    let e = p.read_move("Zz9").unwrap_err();
    assert!(matches!(e.kind, MoveErrorKind::NotAMove(_)), "{e}");
    // Pinned: the knight on d2 shields the king from the bishop.
    let p = pos(VariantId::Flat, "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1");
    let e = p.read_move("Nf3").unwrap_err();
    assert!(e.to_string().contains("leave the white king in check"), "{e}");
    // An illegal move in coordinates is explained for the piece on its origin, not as a pawn's,
    // and the piece's own moves are among the nearest.
    let p = Position::start(VariantId::Flat);
    let e = p.read_move("g1g3").unwrap_err();
    assert!(e.to_string().contains("the knight on g1 cannot move to g3"), "{e}");
    assert!(e.nearest.contains(&"Nf3".to_string()) && e.nearest.contains(&"Nh3".to_string()), "{e}");
    let e = p.read_move("e7e5").unwrap_err();
    assert!(e.to_string().contains("the piece on e7 is not white's"), "{e}");
    let e = p.read_move("e4e5").unwrap_err();
    assert!(e.to_string().contains("e4 is empty"), "{e}");
    let p = pos(VariantId::Flat, "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    let e = p.read_move("e2d3").unwrap_err();
    assert!(e.to_string().contains("a bishop moving to d3 would leave the white king in check"), "{e}");
    assert!(!e.to_string().contains("pawn"), "{e}");
    // Two knights reach d2.
    let p = pos(VariantId::Flat, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let e = p.read_move("Nd2").unwrap_err();
    assert!(matches!(&e.kind, MoveErrorKind::Ambiguous(v) if v == &["Nbd2".to_string(), "Nfd2".to_string()]), "{e}");
}

#[test]
fn the_moves_command_prints_either_form() {
    let run = |args: &[&str]| {
        let out =
            std::process::Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).output().expect("dotchess runs");
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (code, text) = run(&["moves", "--variant", "flat", "--san"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20);
    assert!(lines.contains(&"Nf3") && lines.contains(&"e4"), "{lines:?}");
    let (_, text) = run(&["moves", "--variant", "flat"]);
    assert!(text.lines().any(|l| l == "g1f3"), "{text}");
    let (code, _) = run(&["moves", "--variant", "flat", "--san", "--pseudo"]);
    assert_eq!(code, Some(2));
}
