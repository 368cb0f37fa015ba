//! Property tests (proptest) over the input readers and FEN: no panic on any text, round trips,
//! and for accepted overlays a figure whose SVG is XML. Few cases, for CI; the fuzz targets
//! (`fuzz/`) search the same space for longer.

use crate::common;
use dotchess::{Position, VariantId};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() }
}

/// A variant by index.
fn variant(i: usize) -> VariantId {
    VariantId::ALL[i % VariantId::ALL.len()]
}

/// The FEN of pieces placed on cells (by index into the board's cells, the poles last), written
/// by hand from the board's shape, not by the library under test.
fn fen_of(v: VariantId, placed: &[(usize, usize)], black: bool) -> String {
    let topo = &v.variant().topology;
    let letters: &[u8] = if topo.height() == 10 { b"KAEHRCPkaehrcp" } else { b"KQRBNPkqrbnp" };
    let (w, h) = (topo.width() as usize, topo.height() as usize);
    let live = topo.poles() == dotchess::Poles::Live;
    let mut rows = vec![vec![None; w]; h];
    let (mut north, mut south) = (None, None);
    let squares = w * h;
    for &(at, piece) in placed {
        let letter = letters[piece % letters.len()] as char;
        let at = at % (squares + if live { 2 } else { 0 });
        match at.checked_sub(squares) {
            None => rows[at / w][at % w] = Some(letter),
            Some(0) => north = Some(letter),
            Some(_) => south = Some(letter),
        }
    }
    common::fen_of_rows(&rows, live.then_some((north, south)), black)
}

proptest! {
    #![proptest_config(config())]

    /// Every FEN the library accepts it writes back to a FEN that reads to the same position,
    /// with the same pieces where they were placed.
    #[test]
    fn fen_round_trips(v in 0usize..9, placed in prop::collection::vec((0usize..200, 0usize..14), 0..12), black: bool) {
        let v = variant(v);
        let fen = fen_of(v, &placed, black);
        if let Ok(pos) = Position::from_fen(v, &fen) {
            let written = pos.fen();
            let again = Position::from_fen(v, &written).expect("a written FEN reads back");
            prop_assert_eq!(again.fen(), written.clone());
            // The placement field is the one written by hand.
            prop_assert_eq!(written.split(' ').next(), fen.split(' ').next());
        }
    }

    /// Any text: the FEN parser and the position reader answer, never panic.
    #[test]
    fn fen_reader_never_panics(v in 0usize..9, text in "\\PC{0,80}") {
        let _ = Position::from_fen(variant(v), &text);
        let _ = dotchess::input::read_position("p.fen", &text, variant(v));
        let _ = dotchess::input::read_position("p.toml", &text, variant(v));
    }

    /// Any text: the manifest and theme readers answer, never panic.
    #[test]
    fn manifest_and_theme_readers_never_panic(text in "\\PC{0,200}") {
        let _ = dotchess::batch::read_manifest("m.toml", &text);
        let _ = dotchess::input::read_theme("t.toml", &text);
    }

    /// Overlays made of real keys with values right and wrong: accepted ones draw a figure whose
    /// SVG is XML; refused ones say where.
    #[test]
    fn overlays_are_refused_with_a_place_or_drawn_as_xml(lines in prop::collection::vec(overlay_line(), 0..8)) {
        let text = lines.join("\n") + "\n";
        let base = dotchess::input::PositionSpec { position: Position::start(VariantId::Dot), title: None };
        match dotchess::input::read_overlay("o.toml", &text, &base, &dotchess::input::no_files) {
            Ok(figure) => {
                if let Ok(scene) = dotchess::output::render_checked(&figure) {
                    let svg = dotchess::output::to_svg(&scene);
                    prop_assert!(roxmltree::Document::parse(&svg).is_ok(), "{}", text);
                }
            }
            Err(e) => prop_assert!(!e.message.is_empty() && !e.message.contains("untagged"), "{}", e),
        }
    }
}

/// One line of an overlay: a top-level key, or a panel's keys.
fn overlay_line() -> impl Strategy<Value = String> {
    let cell = prop::sample::select(vec!["a1", "d4", "e2", "h8", "b7", "N", "S", "i9", "z0", "e1"]);
    let dir = prop::sample::select(vec!["n", "ne", "e", "se", "s", "sw", "w", "nw", "up"]);
    let view = prop::sample::select(vec!["hemispheres", "chart", "board", "globe"]);
    let variant = prop::sample::select(vec!["dot", "small", "xiangqi", "flat", "boholy", "nope"]);
    let text = "[ -~\u{e9}\u{1}]{0,12}";
    prop_oneof![
        (cell.clone(), text).prop_map(|(c, t)| format!("labels = [{:?}]", format!("{c}:{t}"))),
        cell.clone().prop_map(|c| format!("moves = [\"{c}\"]")),
        (cell.clone(), dir.clone()).prop_map(|(c, d)| format!("loops = [\"{c}:{d}\"]")),
        (cell.clone(), dir, cell.clone()).prop_map(|(c, d, u)| format!("loops = [\"{c}:{d}:{u}\"]")),
        (cell.clone(), cell.clone()).prop_map(|(a, b)| format!("arrows = [\"{a}:{b}\"]")),
        cell.clone().prop_map(|c| format!("highlights = [\"{c}:#f80\"]")),
        "[ -~]{0,30}".prop_map(|t| format!("title = {t:?}")),
        (view, variant, -20i64..300, -5.0f64..20.0).prop_map(|(v, var, w, r)| format!(
            "[[panels]]\nview = \"{v}\"\nvariant = \"{var}\"\nwidth = {w}\nrotation = {r}"
        )),
        (-5i64..5, -5i64..5, 0i64..12, 0i64..12).prop_map(|(x, y, c, r)| format!(
            "[[panels]]\nview = \"chart\"\nwindow = [{x}, {y}, {c}, {r}]\ncoordinates = \"cells\""
        )),
        Just("[[panels]]\nview = \"board\"\neach_loop = true".to_string()),
    ]
}
