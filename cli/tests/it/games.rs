//! Game files: a famous game of ordinary chess read as PGN replays to the position shakmaty gives;
//! tags, comments with arrows and circles, glyphs, variations and several games a file are read;
//! every kind of mistake is a located error.

use dotchess::VariantId;
use dotchess::input::{Brush, read_games};
use shakmaty::Position as _;

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/games/{name}", crate::common::ROOT)).expect("test data")
}

/// The final FEN shakmaty reaches playing the same SAN moves from the start.
fn shakmaty_final(sans: &[&str]) -> String {
    let mut pos = shakmaty::Chess::default();
    for s in sans {
        let san: shakmaty::san::San = s.parse().unwrap_or_else(|_| panic!("shakmaty reads {s}"));
        let m = san.to_move(&pos).unwrap_or_else(|_| panic!("{s} is legal for shakmaty"));
        pos.play_unchecked(m);
    }
    shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string()
}

#[test]
fn the_opera_game_replays_to_shakmatys_final_position() {
    let games = read_games("opera.pgn", &data("opera.pgn"), VariantId::Dot).expect("the game reads");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.variant, VariantId::Flat);
    assert_eq!(g.plies.len(), 33);
    assert_eq!(g.result, "1-0");
    assert_eq!(g.players(), "Paul Morphy – Duke Karl / Count Isouard");
    // The moves as a reference source gives them, independently of the file.
    let sans = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ \
                Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
    let sans: Vec<&str> = sans.split_whitespace().collect();
    let ours: Vec<&str> = g.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(ours, sans);
    let last = g.positions().pop().expect("a final position");
    assert_eq!(last.fen(), shakmaty_final(&sans));
    assert!(last.in_check() && last.moves().is_empty(), "Rd8 mates");
    // Glyphs, comments and their markup.
    assert_eq!(g.plies[17].glyph(), Some("?!"));
    assert_eq!(g.plies[18].glyph(), Some("!"));
    assert_eq!(g.plies[30].glyph(), Some("!!"));
    assert_eq!(g.numbered(30), "16. Qb8+!!");
    assert_eq!(g.numbered(31), "16... Nxb8");
    assert_eq!(g.plies[5].note.text, "This is a weak move already.");
    let topo = last.topology();
    let n = &g.plies[30].note;
    assert_eq!(n.text, "The queen sacrifice.");
    assert_eq!(n.arrows, vec![(topo.parse_cell("d1").unwrap(), topo.parse_cell("d8").unwrap(), Brush::Red)]);
    assert_eq!(n.circles, vec![(topo.parse_cell("b8").unwrap(), Brush::Green)]);
}

#[test]
fn several_games_variations_nags_clocks_and_the_coordinate_form() {
    let text = "\
[Variant \"dot\"]
[TimeControl \"60+1\"]
[White \"A\"]

1. e4 {[%clk 0:00:58]} e5 {[%clk 0:00:55]} 2. Nf3 $1 {[%clk 0:00:50]} (2. Bc4 Nc6 (2... Nf6) 3. Qh5) 2... g8f6 {[%emt 0:00:04]} *

[Variant \"small\"]
1. a3 f4 2. a1a2 1-0
";
    let games = read_games("two.pgn", text, VariantId::Flat).expect("both games read");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.variant, VariantId::Dot);
    assert_eq!(g.plies.len(), 4);
    assert_eq!(g.plies[2].nags, vec![1]);
    assert_eq!(g.plies[3].san, "Nf6");
    // The variation replaces 2. Nf3 and holds its own variation replacing 2... Nc6.
    let v = &g.plies[2].variations;
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].iter().map(|p| p.san.as_str()).collect::<Vec<_>>(), ["Bc4", "Nc6", "Qh5"]);
    assert_eq!(v[0][1].variations[0][0].san, "Nf6");
    // 60 s + 1 s a move: White used 3 s on move 1 (60 + 1 - 58) and 9 on move 2 (58 + 1 - 50);
    // Black 6 s, then 4 s by [%emt].
    assert_eq!(g.move_times(), vec![Some(300), Some(600), Some(900), Some(400)]);
    assert_eq!(g.result, "*");
    assert_eq!(games[1].variant, VariantId::Small);
    assert_eq!(games[1].plies[2].san, "Ra2");
}

/// The error of a text, as the program prints it.
fn error(text: &str) -> String {
    read_games("bad.pgn", text, VariantId::Dot).map(|_| ()).expect_err("an error").to_string()
}

#[test]
fn mistakes_are_located_with_the_move_the_reason_and_the_nearest_legal_moves() {
    // An illegal move: line 3, column 10; the move number, the move, why, the nearest.
    let e = error("[Variant \"flat\"]\n\n1. e4 e5 Nf6 2. Nf3 *\n");
    assert!(
        e.starts_with("bad.pgn:3:10: move 2. Nf6: `Nf6` is not a legal move: no white knight can move to f6"),
        "{e}"
    );
    assert!(e.contains("nearest legal moves: Nf3,"), "{e}");
    assert!(e.contains("\n    3 | 1. e4 e5 Nf6 2. Nf3 *\n      |          ^"), "{e}");
    // An ambiguous one names both readings.
    let e = error("[Variant \"flat\"]\n[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *");
    assert!(e.starts_with("bad.pgn:3:4: move 1. Nd2: `Nd2` is ambiguous: it fits Nbd2 and Nfd2"), "{e}");
    // A bad tag: an unknown variant, a FEN that does not fit, a broken tag pair, a bad result.
    let e = error("[Variant \"dots\"]\n1. e4 *");
    assert!(e.starts_with("bad.pgn:1:11: unknown variant `dots`"), "{e}");
    let e = error("[Variant \"small\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n*");
    assert!(e.starts_with("bad.pgn:2:7: bad FEN"), "{e}");
    let e = error("[White \"Morphy]\n1. e4 *");
    assert!(e.starts_with("bad.pgn:1:8: the value of `White` is not closed"), "{e}");
    let e = error("[Result \"2-0\"]\n1. e4 *");
    assert!(e.starts_with("bad.pgn:1:10: `2-0` is not a result"), "{e}");
    // Broken comments: not closed, a bad arrow.
    let e = error("1. e4 {a comment\n e5 *");
    assert!(e.starts_with("bad.pgn:1:7: this comment is not closed"), "{e}");
    let e = error("1. e4 {see [%cal Ge2e9]} e5 *");
    assert!(e.starts_with("bad.pgn:1:19: `e2e9` in [%cal] is not two cells of this board"), "{e}");
    // A variation not closed, a result that disagrees with its tag.
    let e = error("1. e4 (1. d4 d5 2. c4 *");
    assert!(e.starts_with("bad.pgn:1:23: a result inside a variation: the `(` at 1:7 is not closed"), "{e}");
    let e = error("1. e4 (1. d4 d5 2. c4");
    assert!(e.starts_with("bad.pgn:1:7: this variation is not closed"), "{e}");
    let e = error("[Result \"1-0\"]\n1. e4 0-1");
    assert!(e.starts_with("bad.pgn:2:7: the moves end `0-1` but the [Result] tag says `1-0`"), "{e}");
    // Without a Variant tag, a game is read as the command's variant, and the error says so.
    // (The a-pawn takes on h5 across the seam on the Dot, not in ordinary chess.)
    let text = "1. a4 h5 2. axh5 *";
    assert!(read_games("seam.pgn", text, VariantId::Dot).is_ok());
    let e = read_games("seam.pgn", text, VariantId::Flat).map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("no [Variant] tag, so it is read as flat"), "{e}");
}

#[test]
fn every_example_game_reads_in_its_variant_and_the_essay_replays_it() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/games");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".pgn"))
        .collect();
    names.sort();
    let manifest = dotchess::batch::essay_manifest();
    let mut variants = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        // Read with another default variant: each file names its own.
        let games = read_games(name, &text, VariantId::XiangqiFlat).unwrap_or_else(|e| panic!("{e}"));
        let g = &games[0];
        assert!(name.starts_with(g.variant.name()), "{name} is a {} game", g.variant);
        assert!(!g.plies.is_empty());
        variants.push(g.variant);
        let job = manifest.jobs.iter().find(|j| j.position == format!("../games/{name}"));
        let job = job.unwrap_or_else(|| panic!("the essay replays {name}"));
        let files = dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES);
        let fig = dotchess::batch::figure(job, &files, manifest.variant).unwrap_or_else(|e| panic!("{e}"));
        let anim = fig.animate().expect("a replay").expect("frames");
        assert_eq!(anim.frames.len(), g.plies.len() + 1, "{name}");
    }
    // A game for every chess variant and for Spherical Chinese Chess (not ordinary xiangqi).
    for v in VariantId::ALL.into_iter().filter(|&v| v != VariantId::XiangqiFlat) {
        assert!(variants.contains(&v), "no example game of {v}");
    }
}

#[test]
fn the_dot_example_ends_in_a_mate_given_over_the_s_pole() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/games/dot-pole-mate.pgn")).unwrap();
    let g = read_games("dot.pgn", &text, VariantId::Dot).unwrap().swap_remove(0);
    let last = g.positions().pop().unwrap();
    assert!(last.in_check() && last.moves().is_empty(), "mate");
    // The queen's check reaches the king only over the pole: a1 S e1.
    let topo = last.topology();
    let (a1, e1) = (topo.parse_cell("a1").unwrap(), topo.parse_cell("e1").unwrap());
    let route = dotchess::arrow_route(last.variant(), a1, e1).expect("a way from a1 to e1");
    assert_eq!(route.steps.len(), 1);
    assert_eq!(route.poles(), vec![dotchess::Pole::South]);
}

/// Castling written with zeros as a word of its own is a castling (as `O-O` is), with its check
/// sign and glyph; only a word that starts with digits and a dot is a move number.
#[test]
fn castling_with_zeros_as_its_own_word_is_a_castling() {
    let text = "[Variant \"flat\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 d6 5. d3 Bg4 6. Nc3 Qd7 7. Be3 0-0-0!? *\n";
    let games = read_games("castle.pgn", text, VariantId::Dot).expect("castling with zeros reads");
    let sans: Vec<&str> = games[0].plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!((sans[6], sans[13]), ("O-O", "O-O-O"), "{sans:?}");
    assert_eq!(games[0].plies[13].glyph(), Some("!?"));
    // Run into its number too, and with a check sign (the rook on f1 checks the king on f8).
    let text = "[Variant \"flat\"]\n[FEN \"5k2/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1.0-0+ *\n";
    let games = read_games("castle.pgn", text, VariantId::Dot).expect("`1.0-0+` reads");
    assert_eq!(games[0].plies[0].san, "O-O+");
}

/// A null move (a side passing its turn) is no move of chess: refused where it stands, with a
/// sentence saying what it is.
#[test]
fn a_null_move_is_refused_as_one() {
    for (text, column) in [("1. e4 -- 2. d4 *", 7), ("1. e4 e5 2. Z0 d5 *", 13), ("1. e4 0000 *", 7)] {
        let e = error(&format!("[Variant \"flat\"]\n{text}\n"));
        assert!(e.starts_with(&format!("bad.pgn:2:{column}: `")), "{e}");
        assert!(e.contains("is a null move (a side passing its turn)"), "{e}");
    }
}
