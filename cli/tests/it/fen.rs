//! FEN: round trips for every variant, and errors that name the field and the column.

use dotchess::{FenField, Position, VariantId};

#[test]
fn start_positions_round_trip() {
    for v in VariantId::ALL {
        let p = Position::start(v);
        assert_eq!(p.fen(), v.variant().start_fen, "{v}");
        assert_eq!(Position::from_fen(v, &p.fen()).unwrap(), p);
    }
}

#[test]
fn small_start_matches_spec() {
    // docs/rules.md §4 writes the Small Spherical Chess start with its pole fields.
    let p = Position::start(VariantId::Small);
    assert_eq!(p.fen(), "k/rbnnbr/pppppp/6/6/PPPPPP/RBNNBR/K w - - 0 1");
    let t = p.topology();
    assert_eq!(p.piece_at(t.parse_cell("S").unwrap()).unwrap().letter(), 'K');
    assert_eq!(p.piece_at(t.parse_cell("N").unwrap()).unwrap().letter(), 'k');
    assert_eq!(p.piece_at(t.parse_cell("c1").unwrap()).unwrap().letter(), 'N');
    assert_eq!(p.piece_at(t.parse_cell("a5").unwrap()).unwrap().letter(), 'p');
}

#[test]
fn positions_round_trip_after_moves() {
    for v in VariantId::ALL {
        let mut p = Position::start(v);
        // Walk a few plies, always the first move in notation order, and round-trip each.
        for _ in 0..12 {
            let mut moves = p.moves();
            moves.sort_by_key(|&m| p.move_name(m));
            let Some(&m) = moves.first() else { break };
            p.make(m);
            let back = Position::from_fen(v, &p.fen()).unwrap_or_else(|e| panic!("{v} {}: {e}", p.fen()));
            assert_eq!(back, p);
        }
    }
    let fen = "q/3k4/8/2n5/8/4B3/8/2Q1K3/1R6/1 b - - 7 31";
    assert_eq!(Position::from_fen(VariantId::Small8, fen).unwrap().fen(), fen);
    let fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
    assert_eq!(Position::from_fen(VariantId::Dot, fen).unwrap().fen(), fen);
}

#[test]
fn placement_alone_is_a_diagram_with_white_to_move() {
    let p = Position::from_fen(VariantId::Dot, "8/8/8/3R4/8/8/8/8").unwrap();
    assert_eq!(p.fen(), "8/8/8/3R4/8/8/8/8 w - - 0 1");
}

#[test]
fn clocks_may_be_left_out() {
    // Three fields are a FEN as four are: en passant takes its default (1 to 6 fields).
    let p = Position::from_fen(VariantId::Dot, "4k3/8/8/8/8/8/8/4K3 b -").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    let p = Position::from_fen(VariantId::Dot, "4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

/// Checks that a FEN is refused in the given field at the given 1-based column.
fn refused(v: VariantId, fen: &str, field: FenField, column: usize, words: &str) {
    let e = Position::from_fen(v, fen).expect_err(fen);
    assert_eq!((e.field, e.column), (field, column), "{fen}: {e}");
    assert!(e.to_string().contains(words), "{fen}: `{e}` does not say `{words}`");
}

#[test]
fn bad_fen_names_field_and_column() {
    use FenField::*;
    let d = VariantId::Dot;
    refused(d, "", Board, 1, "missing");
    // Two fields are a FEN as one or six are: the rest take their defaults.
    let two = Position::from_fen(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b").unwrap();
    assert_eq!(two.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", Board, 1, "expected 8 fields");
    refused(d, "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board, 14, "`x` is not a piece letter");
    refused(d, "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board, 18, "more than 8 squares");
    refused(d, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board, 19, "more than 8 squares");
    refused(d, "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board, 20, "7 squares, expected 8");
    refused(d, "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board, 19, "not a count");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", Turn, 45, "expected `w` or `b`");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", Castling, 49, "found `x`");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", Castling, 48, "given twice");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", Castling, 47, "rook on h1");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", EnPassant, 52, "not a square");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", EnPassant, 52, "no black pawn");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", Halfmove, 54, "expected a number");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", Fullmove, 56, "expected a number");
    refused(d, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", Fullmove, 58, "unexpected text");
    refused(d, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", Board, 19, "second white king");
    refused(d, "4k3/8/8/8/8/8/8/3PK3 w - - 0 1", Board, 18, "rank 1");
    // Live poles: the pole fields.
    let s = VariantId::Small;
    refused(s, "rbnnbr/pppppp/6/6/PPPPPP/RBNNBR w - - 0 1", Board, 1, "N, 6 ranks and S");
    refused(s, "kk/rbnnbr/pppppp/6/6/PPPPPP/RBNNBR/K w - - 0 1", Board, 1, "pole field");
    refused(s, "P/rbnnbr/pppppp/6/6/PPPPPP/RBNNBR/K w - - 0 1", Board, 1, "pawn cannot stand on a pole");
    refused(s, "k/rbnnbr/pppppp/6/6/PPPPPP/RBNNBR/K w K - 0 1", Castling, 39, "no castling");
    // Non-ASCII text is counted in characters, not bytes.
    refused(d, "4k3/8/8/8/8/8/8/4K3 w – - 0 1", Castling, 23, "found `–`");
}

#[test]
fn huge_fen_is_refused() {
    let fen = "8/".repeat(1000);
    let e = Position::from_fen(VariantId::Dot, &fen).unwrap_err();
    assert!(e.to_string().contains("longer than"), "{e}");
}

#[test]
fn xiangqi_fen_has_pole_fields_and_xiangqi_letters() {
    let x = VariantId::Xiangqi;
    for fen in [
        "1/4k4/9/9/9/2C6/9/9/9/3A5/4K4/1 b - - 5 40",
        // A Gold soldier may stand on the Red pole; Red's elephant on its own pole.
        "P/4k4/9/9/9/9/9/9/9/9/9/K w - - 0 1",
        "e/3ak4/9/9/9/9/9/9/9/9/4K4/H w - - 0 1",
    ] {
        assert_eq!(Position::from_fen(x, fen).unwrap().fen(), fen);
    }
    let f = VariantId::XiangqiFlat;
    for fen in ["4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "3ak4/4a4/9/9/2p6/9/9/4C4/9/3K5 b - - 2 9"] {
        assert_eq!(Position::from_fen(f, fen).unwrap().fen(), fen);
    }
}

#[test]
fn bad_xiangqi_fen_names_field_and_column() {
    use FenField::*;
    let x = VariantId::Xiangqi;
    let f = VariantId::XiangqiFlat;
    // Each variant reads its own letters only.
    refused(VariantId::Dot, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RHBQKBNR w KQkq - 0 1", Board, 37, "of dot");
    refused(VariantId::Flat, "4k3/8/8/8/8/8/8/4K2C w - - 0 1", Board, 20, "`C` is not a piece letter");
    refused(
        x,
        "k/9/9/9/9/9/9/9/9/9/4q4/K w - - 0 1",
        Board,
        22,
        "`q` is not a piece letter of xiangqi (K A E H R C P)",
    );
    refused(x, "k/9/9/9/9/9/9/9/9/9/9/N w - - 0 1", Board, 23, "`N` is not a piece letter");
    refused(f, "4k4/9/9/9/9/9/9/9/9/3BK4 w - - 0 1", Board, 22, "`B` is not a piece letter of xiangqi-flat");
    // Twelve fields on the sphere, ten on the flat board.
    refused(
        x,
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        Board,
        1,
        "expected 12 fields separated by `/` (N, 10 ranks and S)",
    );
    refused(f, "k/4k4/9/9/9/9/9/9/9/9/4K4/K w - - 0 1", Board, 1, "expected 10 fields");
    // Where pieces may stand.
    refused(
        x,
        "k/9/9/9/9/9/9/9/4K4/9/9/1 w - - 0 1",
        Board,
        18,
        "gold general never leaves its palace (e3 is outside)",
    );
    refused(f, "4k4/9/9/9/9/9/3K5/9/9/9 w - - 0 1", Board, 16, "(d4 is outside)");
    refused(x, "k/9/9/4a4/9/9/9/9/9/9/9/K w - - 0 1", Board, 8, "red guard never leaves its palace");
    refused(x, "k/9/9/9/9/4E4/9/9/9/9/9/K w - - 0 1", Board, 12, "gold elephant never crosses the river (e6)");
    refused(x, "k/9/9/9/9/9/9/9/9/9/9/P w - - 0 1", Board, 23, "gold soldier cannot stand on its own pole (S)");
    refused(x, "k/9/9/9/9/9/9/9/9/9/3K5/K w - - 0 1", Board, 25, "a second gold general");
    // No castling, no en passant.
    let start = "k/rhea1aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEA1AEHR/K";
    refused(x, &format!("{start} w K - 0 1"), Castling, 67, "xiangqi has no castling");
    refused(x, "k/9/9/9/9/9/9/9/9/9/9/K w - e3 0 1", EnPassant, 29, "xiangqi has no en passant");
}
