//! Options that take effect the same way everywhere: flags over overlay files, one validator for
//! flags and files, themes named by overlays, the FEN's variant hint.

use crate::common::{self, run_in, stderr};

use std::path::{Path, PathBuf};

/// The SVG file a successful run writes, the last argument naming it.
fn render_svg(dir: &Path, args: &[&str]) -> String {
    let o = run_in(dir, args);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::read_to_string(dir.join(args.last().expect("an output file"))).unwrap()
}

fn temp_dir(name: &str) -> common::Scratch {
    common::Scratch::new(&format!("controls-{name}"))
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[1..4], b"PNG");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

/// The fill of the first element with this class.
fn fill_of(svg: &str, class: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let node = doc.descendants().find(|n| n.attribute("class") == Some(class)).unwrap_or_else(|| panic!("no {class}"));
    node.attribute("fill").unwrap().to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn flags_given_with_an_overlay_override_it() {
    let d = temp_dir("override");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(&d, "o.toml", "theme = \"essay\"\nmoves = [\"d5\"]\n");
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--theme", "print", "--width", "1600", "-o", "f.png"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(png_size(&std::fs::read(d.join("f.png")).unwrap()).0, 1600);
    let svg = render_svg(&d, &["render", "rook.fen", "o.toml", "--theme", "print", "--view", "board", "-o", "f.svg"]);
    let print = dotchess::Theme::built_in("print").unwrap();
    assert_eq!(fill_of(&svg, "cell dark"), print.dark.hex());
    // The view flag took effect: the board has pole bands, the hemispheres pole caps.
    assert!(svg.contains("class=\"pole\"") && !svg.contains("<circle class=\"pole\""), "not a board");
}

#[test]
fn a_figure_of_several_panels_takes_the_whole_width() {
    let d = temp_dir("panels-width");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(
        &d,
        "o.toml",
        "[[panels]]\nview = \"board\"\n[[panels]]\nview = \"chart\"\n[[panels]]\nview = \"hemispheres\"\n",
    );
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--width", "1000", "-o", "f.png"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(png_size(&std::fs::read(d.join("f.png")).unwrap()).0, 1000);
    // A view flag cannot choose one view for three panels.
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--view", "chart", "-o", "g.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--view: cannot apply"), "{}", stderr(&o));
    // Nor a rotation a chart panel (the one validator says whose option it is).
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--rotation", "3", "-o", "g.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("--rotation: belongs to the hemispheres, north, south and disc views, not to the board view"),
        "{}",
        stderr(&o)
    );
    assert!(!d.join("g.png").exists());
}

#[test]
fn an_overlay_names_a_theme_file_relative_to_itself() {
    let d = temp_dir("theme-path");
    std::fs::create_dir_all(d.join("figs/themes")).unwrap();
    let print = include_str!("../../../templates/themes/print.toml");
    let mine = print.replace("dark = \"#bdbdbd\"", "dark = \"#123456\"");
    assert_ne!(mine, print);
    write(&d, "figs/themes/mine.toml", &mine);
    write(&d, "figs/rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(&d, "figs/o.toml", "theme = \"themes/mine.toml\"\n[[panels]]\nview = \"board\"\n");
    // Run from another folder: the theme is found beside the overlay, not in the working folder.
    let svg = render_svg(&d, &["render", "figs/rook.fen", "figs/o.toml", "-o", "f.svg"]);
    assert_eq!(fill_of(&svg, "cell dark"), "#123456");
    // A theme file that is not there is an error at the key.
    write(&d, "figs/p.toml", "theme = \"nowhere.toml\"\n");
    let o = run_in(&d, &["render", "figs/rook.fen", "figs/p.toml", "-o", "g.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("p.toml:1:9"), "{}", stderr(&o));
}

#[test]
fn rotation_has_the_same_limits_as_a_flag_and_as_a_key() {
    let d = temp_dir("rotation");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    for value in ["1000000", "1e300", "-9", "3000000000", "inf", "NaN"] {
        let o = run_in(&d, &["render", "--rotation", value, "-o", "f.svg"]);
        assert_eq!(o.status.code(), Some(2), "--rotation {value}");
        assert!(stderr(&o).contains("--rotation: "), "{}", stderr(&o));
        assert!(stderr(&o).contains("out of range") || stderr(&o).contains("number of files"), "{}", stderr(&o));
        let toml = if value.parse::<f64>().is_ok_and(f64::is_finite) {
            format!("[[panels]]\nview = \"hemispheres\"\nrotation = {value}\n")
        } else {
            format!("[[panels]]\nview = \"hemispheres\"\nrotation = \"{value}\"\n")
        };
        write(&d, "o.toml", &toml);
        let o = run_in(&d, &["render", "rook.fen", "o.toml", "-o", "f.svg"]);
        assert_eq!(o.status.code(), Some(2), "rotation = {value}");
        assert!(stderr(&o).contains("o.toml:3:12: `rotation`: "), "{}", stderr(&o));
    }
    assert!(!d.join("f.svg").exists());
    // In range, both ways: a turn either way of the board.
    for value in ["16", "-8", "d"] {
        let o = run_in(&d, &["render", "--rotation", value, "-o", "f.svg"]);
        assert!(o.status.success(), "--rotation {value}: {}", stderr(&o));
    }
    // A rotation or window given to a view that has none is an error, not silence.
    for args in [
        &["--view", "board", "--rotation", "3"][..],
        &["--view", "board", "--window", "0,0,8,8"],
        &["--view", "hemispheres", "--tint"],
        &["--view", "chart", "--rotation", "d"],
    ] {
        let mut full = vec!["render"];
        full.extend(args);
        full.extend(["-o", "g.svg"]);
        let o = run_in(&d, &full);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("belongs to the"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_fen_of_another_variant_says_which() {
    let d = temp_dir("fen-hint");
    let small = "k/rbnnbr/pppppp/6/6/PPPPPP/RBNNBR/K w - - 0 1";
    let o = run_in(&d, &["render", "--fen", small, "-o", "f.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("did you mean --variant small?"), "{}", stderr(&o));
    let o = run_in(&d, &["moves", "--fen", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR"]);
    assert!(stderr(&o).contains("did you mean --variant xiangqi-flat?"), "{}", stderr(&o));
    write(&d, "s.fen", &format!("{small}\n"));
    let o = run_in(&d, &["render", "s.fen", "-o", "f.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("`# variant: small`"), "{}", stderr(&o));
    // A FEN whose shape is right but whose content is wrong gets no hint.
    let o = run_in(&d, &["render", "--fen", "8/8/8/8/8/8/8/7Z", "-o", "f.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("did you mean"), "{}", stderr(&o));
}

/// Black to move and in check from the queen on a4, over the west edge: a4 h5 g6 f7 e8.
const QUEEN_CHECK: &str = "rnbqkbnr/ppppp1pp/8/5p2/Q7/2P5/PP1PPPPP/RNB1KBNR b KQkq - 0 1";

fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants().filter(|n| n.attribute("class") == Some(class)).collect()
}

#[test]
fn an_arrow_from_a_piece_follows_its_move() {
    use dotchess::{Position, VariantId, arrow_route_in};
    let pos = Position::from_fen(VariantId::Dot, QUEEN_CHECK).unwrap();
    let t = pos.topology();
    let c = |n: &str| t.parse_cell(n).unwrap();
    let route = arrow_route_in(&pos, c("a4"), c("e8")).unwrap();
    let names: Vec<String> = route.cells().into_iter().map(|x| t.name(x)).collect();
    assert_eq!(names, ["a4", "h5", "g6", "f7", "e8"]);
    // Without a piece that can go there, the shortest way on the empty board.
    let route = arrow_route_in(&pos, c("a6"), c("e2")).unwrap();
    assert_eq!(route.cells().len(), 5);

    let d = temp_dir("arrow");
    let args = ["render", "--view", "board", "--fen", QUEEN_CHECK, "--arrow", "a4:e8", "--arrow", "b1:c3:#0077cc"];
    let svg = render_svg(&d, &[&args[..], &["-o", "a.svg"]].concat());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let arrows = with_class(&doc, "arrow");
    // Over the board's west edge: two parts (through d7 it would be one straight line).
    let queen: Vec<_> = arrows.iter().filter(|n| n.attribute("data-from") == Some("a4")).collect();
    assert_eq!(queen.len(), 2);
    assert_eq!(queen[1].attribute("data-part"), Some("2/2"));
    let knight = arrows.iter().find(|n| n.attribute("data-from") == Some("b1")).unwrap();
    assert_eq!(knight.attribute("stroke"), Some("#0077cc"));
    let head = with_class(&doc, "arrow-head").into_iter().find(|n| n.attribute("data-from") == Some("b1")).unwrap();
    assert_eq!(head.attribute("fill"), Some("#0077cc"));
    // A colour by name is the same colour as its hex form; a misspelt one is an error.
    let svg = render_svg(&d, &["render", "--fen", QUEEN_CHECK, "--arrow", "b1:c3:blue", "-o", "b.svg"]);
    assert!(svg.contains("stroke=\"#0000ff\""), "a named colour is drawn");
    let o = run_in(&d, &["render", "--fen", QUEEN_CHECK, "--arrow", "b1:c3:bleu", "-o", "c.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a colour"), "{}", stderr(&o));
}

#[test]
fn the_last_move_and_the_check_are_marked() {
    let d = temp_dir("lastmove");
    let svg = render_svg(&d, &["render", "--view", "board", "--fen", QUEEN_CHECK, "--lastmove", "d1a4", "-o", "a.svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let check = with_class(&doc, "check");
    assert_eq!(check.len(), 1);
    assert_eq!(check[0].attribute("data-cell"), Some("e8"));
    let mut tinted: Vec<&str> =
        with_class(&doc, "cell lastmove").iter().filter_map(|n| n.attribute("data-cell")).collect();
    tinted.sort();
    assert_eq!(tinted, ["a4", "d1"]);
    assert!(!with_class(&doc, "lastmove").is_empty(), "the move's route");
    // The check mark can be turned off, by flag and by key; a position without check has none.
    assert!(
        !render_svg(&d, &["render", "--fen", QUEEN_CHECK, "--no-check", "-o", "b.svg"]).contains("class=\"check\"")
    );
    write(&d, "q.fen", &format!("{QUEEN_CHECK}\n"));
    write(&d, "o.toml", "check = false\nlastmove = \"d1a4\"\n");
    let svg = render_svg(&d, &["render", "q.fen", "o.toml", "-o", "c.svg"]);
    assert!(!svg.contains("class=\"check\"") && svg.contains("cell lastmove"));
    assert!(!render_svg(&d, &["render", "--view", "board", "-o", "d.svg"]).contains("class=\"check\""));
    // A last move whose piece is not on its cell is an error at the key.
    write(&d, "p.toml", "lastmove = \"d1d4\"\n");
    let o = run_in(&d, &["render", "q.fen", "p.toml", "-o", "e.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("p.toml:1:13: no piece on d4"), "{}", stderr(&o));
}

#[test]
fn png_sizes_are_whole_pixels_and_every_row_is_opaque() {
    let d = temp_dir("opaque");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(&d, "o.toml", "[[panels]]\nview = \"board\"\n[[panels]]\nview = \"hemispheres\"\n");
    for (i, args) in [
        &["render", "--width", "480", "-o"][..],
        &["render", "--view", "board", "--width", "333.3", "-o"],
        &["render", "--view", "chart", "--width", "517", "-o"],
        &["render", "rook.fen", "o.toml", "--width", "777", "-o"],
    ]
    .iter()
    .enumerate()
    {
        let name = format!("f{i}.png");
        let o = run_in(&d, &[&args[..], &[name.as_str()]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(d.join(&name)).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        // The encoder writes RGB (no alpha channel) only when it found every pixel opaque.
        assert_eq!(
            info.color_type,
            png::ColorType::Rgb,
            "{args:?}: some pixels not opaque ({}×{})",
            info.width,
            info.height
        );
    }
}

/// The paper position of the element with this class and `data-<key>` value: a rect's centre or
/// a circle's centre.
fn place(doc: &roxmltree::Document, class: &str, key: &str, value: &str) -> (f64, f64) {
    let n = doc
        .descendants()
        .find(|n| n.attribute("class") == Some(class) && n.attribute(key) == Some(value))
        .unwrap_or_else(|| panic!("no {class} {key}={value}"));
    let f = |a: &str| n.attribute(a).map(|v| v.parse::<f64>().unwrap());
    match (f("x"), f("y"), f("width"), f("height"), f("cx"), f("cy")) {
        (Some(x), Some(y), Some(w), Some(h), _, _) => (x + w / 2.0, y + h / 2.0),
        (_, _, _, _, Some(cx), Some(cy)) => (cx, cy),
        _ => {
            // A path: its first point.
            let d = n.attribute("d").unwrap_or_else(|| panic!("no place for {class} {value}"));
            let first = d.trim_start_matches('M').split(|c: char| c.is_ascii_alphabetic()).next().unwrap();
            let (x, y) = first.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        }
    }
}

#[test]
fn seen_from_blacks_side_the_figure_is_turned() {
    let d = temp_dir("orientation");
    for (orientation, turned) in [("white", false), ("black", true)] {
        let svg = render_svg(&d, &["render", "--view", "board", "--orientation", orientation, "-o", "b.svg"]);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let a1 = place(&doc, "cell dark", "data-cell", "a1");
        let h8 = place(&doc, "cell dark", "data-cell", "h8");
        // White: a1 bottom left, h8 top right; Black: the other way round.
        assert_eq!(a1.0 > h8.0, turned, "{orientation}: a1 {a1:?}, h8 {h8:?}");
        assert_eq!(a1.1 < h8.1, turned, "{orientation}: a1 {a1:?}, h8 {h8:?}");
        let svg = render_svg(&d, &["render", "--orientation", orientation, "-o", "h.svg"]);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let (n, s) = (place(&doc, "pole", "data-pole", "N"), place(&doc, "pole", "data-pole", "S"));
        assert_eq!(s.1 < n.1, turned, "{orientation}: S on top");
        let a1 = place(&doc, "cell dark", "data-cell", "a1");
        assert_eq!(a1.1 < s.1, turned, "{orientation}: a1 {a1:?} beside the S pole {s:?}");
    }
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(&d, "o.toml", "[[panels]]\nview = \"chart\"\norientation = \"north\"\n");
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "-o", "c.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("o.toml:3:15: `orientation`: is white or black"), "{}", stderr(&o));
}

#[test]
fn the_expected_sets_source_is_named_in_the_legend() {
    let d = temp_dir("expect-source");
    write(&d, "k.fen", "# variant: small\nk/6/6/2R3/6/6/6/K\n");
    let toml = "[[panels]]\nview = \"board\"\ncaption = \"Rook on c4\"\n[[expect]]\nsquare = \"c4\"\n\
                destinations = [\"c5\", \"c6\", \"N\", \"a3\"]\nsource = \"Mori 1997, fig. 4\"\n";
    write(&d, "k.toml", toml);
    let svg = render_svg(&d, &["render", "k.fen", "k.toml", "-o", "k.svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let legend: Vec<&str> = with_class(&doc, "legend").iter().filter_map(|n| n.attribute("data-text")).collect();
    assert!(legend.iter().any(|t| t.contains("expected by Mori 1997, fig. 4")), "{legend:?}");
    // The caption of the one panel is drawn too.
    assert!(with_class(&doc, "caption").iter().any(|n| n.attribute("data-text") == Some("Rook on c4")), "no caption");
}

#[test]
fn circles_and_crosses_mark_cells_in_every_view() {
    use dotchess::{Overlay, Position, Theme, VariantId, View, render};
    let pos = Position::start(VariantId::Dot);
    let t = pos.topology();
    let c = |n: &str| t.parse_cell(n).unwrap();
    let red = dotchess::draw::scene::Rgb(0xcc, 0, 0);
    let overlay = Overlay {
        circles: vec![(c("e4"), None), (c("d5"), Some(red))],
        crosses: vec![(c("e2"), None)],
        ..Overlay::default()
    };
    let theme = Theme::essay();
    for view in [View::board(), View::hemispheres(), View::chart(), View::globe(), View::disc()] {
        let scene = render(&pos, &overlay, &view, &theme);
        let on = |class: &str, cell: &str| {
            scene.find(class).into_iter().filter(|e| e.data.iter().any(|(k, v)| *k == "cell" && v == cell)).count()
        };
        // The default globe faces the middle of the board: e4, d5 and e2 are on its near side.
        assert!(on("mark circle", "e4") >= 1, "{view:?}");
        assert!(on("mark cross", "e2") >= 1, "{view:?}");
        let d5 = scene.find("mark circle").into_iter().find(|e| e.data.iter().any(|(_, v)| v == "d5")).unwrap();
        assert_eq!(d5.paint.stroke.map(|s| s.0), Some(red), "{view:?}");
        // One mark per shown copy of the cell: on the chart as many as d5's pieces would be.
        let copies = scene.find("piece").len() / 32;
        if matches!(view.kind, dotchess::ViewKind::Chart { .. }) {
            assert_eq!(on("mark circle", "e4"), copies, "one circle per copy");
        } else {
            assert_eq!(on("mark circle", "e4"), 1, "{view:?}");
        }
    }

    // The overlay keys and the flags: addressable SVG, colours in attributes; bad input located.
    let d = temp_dir("markups");
    write(&d, "start.fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    write(&d, "o.toml", "circles = [\"e4\", \"d5:#c00\"]\ncrosses = [\"e2:green\"]\n[[panels]]\nview = \"board\"\n");
    let svg = render_svg(&d, &["render", "start.fen", "o.toml", "--cross", "a8:#0077cc", "-o", "f.svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let circles = with_class(&doc, "mark circle");
    let cells: Vec<_> = circles.iter().map(|n| n.attribute("data-cell").unwrap()).collect();
    assert_eq!(cells, ["e4", "d5"]);
    assert_eq!(circles[1].attribute("stroke"), Some("#cc0000"));
    let crosses = with_class(&doc, "mark cross");
    assert_eq!(crosses.len(), 2);
    assert_eq!(crosses[0].attribute("stroke"), Some("#008000"));
    assert_eq!(crosses[1].attribute("data-cell"), Some("a8"));
    write(&d, "bad.toml", "circles = [\"e4\", \"d5:#c0\"]\n");
    let o = run_in(&d, &["render", "start.fen", "bad.toml", "-o", "g.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.toml:1:22: `#c0` is not a colour"), "{}", stderr(&o));
    let o = run_in(&d, &["render", "--cross", "z9", "-o", "g.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--cross `z9`"), "{}", stderr(&o));
    assert!(!d.join("g.svg").exists());
}

/// A PNG file's pixels (as RGBA) and its `pHYs` resolution in pixels per metre, if it has one.
fn png_pixels(path: &Path) -> (u32, u32, Vec<u8>, Option<u32>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let phys = reader.info().pixel_dims.filter(|p| p.unit == png::Unit::Meter).map(|p| {
        assert_eq!(p.xppu, p.yppu);
        p.xppu
    });
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        // Opaque figures are written without an alpha channel.
        png::ColorType::Rgb => buf.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        other => panic!("{}: a {other:?} PNG", path.display()),
    };
    (info.width, info.height, rgba, phys)
}

#[test]
fn a_transparent_background_and_a_resolution() {
    let d = temp_dir("background");
    // Transparent: the corners (paper) are clear, the board's middle opaque; no background rect.
    let o = run_in(&d, &["render", "--view", "board", "--background", "none", "-o", "t.png", "-o", "t.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (w, h, px, phys) = png_pixels(&d.join("t.png"));
    let alpha = |x: u32, y: u32| px[((y * w + x) * 4 + 3) as usize];
    assert_eq!((alpha(0, 0), alpha(w - 1, h - 1)), (0, 0));
    assert_eq!(alpha(w / 2, h / 2), 255);
    assert_eq!(phys, None, "no resolution unless asked for");
    let svg = std::fs::read_to_string(d.join("t.svg")).unwrap();
    assert!(!svg.contains("class=\"background\""));
    // The same from an overlay file; a colour replaces the paper; a bad value is located.
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(&d, "o.toml", "background = \"none\"\ndpi = 300\n[[panels]]\nview = \"hemispheres\"\n");
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "-o", "o.png", "-o", "o.pdf"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (w, _, px, phys) = png_pixels(&d.join("o.png"));
    assert_eq!(px[3], 0);
    // 300 pixels per inch is 11811 per metre.
    assert_eq!(phys, Some(11811));
    // The PDF page is the figure at 300 dpi: w / 300 inches, 72 points an inch.
    let pdf = String::from_utf8_lossy(&std::fs::read(d.join("o.pdf")).unwrap()).into_owned();
    let media = pdf.split("/MediaBox [").nth(1).expect("a MediaBox");
    let nums: Vec<f64> = media.split(']').next().unwrap().split_whitespace().map(|n| n.parse().unwrap()).collect();
    assert!((nums[2] - w as f64 / 300.0 * 72.0).abs() < 0.01, "{nums:?} for {w} pixels");
    let o = run_in(&d, &["render", "--view", "board", "--background", "#fffff0", "--dpi", "150", "-o", "c.png"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (_, _, px, phys) = png_pixels(&d.join("c.png"));
    assert_eq!(&px[..4], &[0xff, 0xff, 0xf0, 0xff]);
    assert_eq!(phys, Some(5906));
    assert!(px.chunks(4).all(|p| p[3] == 255), "a colour background is opaque");
    write(&d, "bad.toml", "background = \"nein\"\n");
    let o = run_in(&d, &["render", "rook.fen", "bad.toml", "-o", "x.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.toml:1:14: `background`: is `none` or a colour"), "{}", stderr(&o));
    for bad in [&["--dpi", "0"][..], &["--dpi", "1e9"], &["--background", "clear"]] {
        let o = run_in(&d, &[&["render", "-o", "x.png"][..], bad].concat());
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
    assert!(!d.join("x.png").exists());
}

#[test]
fn one_hemisphere_alone() {
    use dotchess::{Overlay, Position, Theme, VariantId, View, render};
    let theme = Theme::essay();
    let pos = Position::start(VariantId::Dot);
    let t = pos.topology();
    let rank_of = |name: &str| t.coords(t.parse_cell(name).unwrap()).unwrap().1;
    let pair = render(&pos, &Overlay::default(), &View::hemispheres(), &theme);
    for (pole, ranks, letter) in [(dotchess::Pole::North, 4..8, "N"), (dotchess::Pole::South, 0..4, "S")] {
        let scene = render(&pos, &Overlay::default(), &View::hemisphere(pole), &theme);
        // The cells of its half of the board, each once; the one pole cap.
        let cells: Vec<String> = scene
            .find("cell")
            .iter()
            .filter_map(|e| e.data.iter().find(|(k, _)| *k == "cell").map(|(_, v)| v.clone()))
            .collect();
        assert_eq!(cells.len(), 32, "{pole:?}");
        assert!(cells.iter().all(|c| ranks.contains(&rank_of(c))), "{pole:?}: {cells:?}");
        let caps: Vec<_> = scene.find("pole").iter().flat_map(|e| e.data.clone()).collect();
        assert_eq!(caps, [("pole", letter.to_string())]);
        // The side whose home it is: 16 pieces, all of one colour.
        let pieces = scene.find("piece");
        assert_eq!(pieces.len(), 16);
        // One disc: about half as tall as the pair.
        assert!(scene.height < pair.height * 0.6 && scene.height >= scene.width * 0.99, "{}", scene.height);
    }
    // A route that leaves the disc is drawn up to its rim, and nothing beyond: every point of the
    // rook's lines lies within the southern disc.
    let rook = Position::from_fen(VariantId::Dot, "8/8/8/8/8/8/3R4/8 w - - 0 1").unwrap();
    let d2 = rook.topology().parse_cell("d2").unwrap();
    let overlay = Overlay { moves: vec![d2.into()], ..Overlay::default() };
    let scene = render(&rook, &overlay, &View::hemisphere(dotchess::Pole::South), &theme);
    let (w, h) = (scene.width, scene.height);
    let routes = scene.find("route");
    assert!(!routes.is_empty());
    for e in routes {
        if let dotchess::draw::scene::Shape::Polyline(pts) = &e.shape {
            assert!(pts.iter().all(|p| p.x >= 0.0 && p.x <= w && p.y >= 0.0 && p.y <= h), "{pts:?}");
        }
    }
    // Only the dots on the southern half, ranks 1–4: d1 d3 d4, the rest of rank 2, and h1 h3 h4
    // over the pole (h2 is on rank 2 already).
    let dots = scene.find("dot");
    assert!(dots.iter().all(|e| e.data.iter().any(|(k, v)| *k == "cell" && rank_of(v) < 4)));
    assert_eq!(dots.len(), 3 + 7 + 3);
    // Its options: a rotation belongs to it, a window does not.
    let d = temp_dir("north");
    let o = run_in(&d, &["render", "--view", "north", "--rotation", "d", "-o", "n.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_in(&d, &["render", "--view", "south", "--window", "0,0,8,8", "-o", "s.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not to the south view"), "{}", stderr(&o));
}

/// The keys an overlay (or a panel, `[[panels]]`) accepts, as the reader lists them for an
/// unknown key.
fn known_keys(d: &Path, table: &str) -> Vec<String> {
    write(d, "k.toml", &format!("{table}zzzzzzzzzzzzzzzzzzzz = 1\n"));
    let o = run_in(d, &["render", "rook.fen", "k.toml", "-o", "k.svg"]);
    let err = stderr(&o);
    let list = err.split("known keys: ").nth(1).unwrap_or_else(|| panic!("{err}"));
    list.split(')').next().unwrap().split(", ").map(str::to_string).collect()
}

#[test]
fn the_annotated_template_shows_every_key() {
    let d = temp_dir("template-keys");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    let template = include_str!("../../../templates/overlay.toml");
    let written = |key: &str| {
        template.lines().any(|l| {
            let l = l.trim_start_matches(['#', ' ']);
            l.starts_with(&format!("{key} ="))
                || l.starts_with(&format!("{key}  "))
                || l == format!("[[{key}]]")
                || l == format!("[{key}]")
        })
    };
    let top = known_keys(&d, "");
    let panel = known_keys(&d, "[[panels]]\nview = \"board\"\n");
    for k in ["check", "lastmove", "circles", "crosses", "background", "dpi"] {
        assert!(top.contains(&k.to_string()), "{k} in {top:?}");
    }
    let missing: Vec<&String> = top.iter().chain(&panel).filter(|k| !written(k)).collect();
    assert!(missing.is_empty(), "templates/overlay.toml does not show {missing:?}");
}

#[test]
fn chart_coordinates_follow_each_copys_flip_and_shift() {
    let d = temp_dir("chart-coords");
    // docs/rules.md §5.2: chart(x, y) with y' = y mod 2H is (x mod W, y') below H, else (anti(x mod W),
    // 2H-1-y'). A window of 8 columns and 10 rows: rows 8 and 9 lie in the flipped copy over N.
    let svg =
        render_svg(&d, &["render", "--view", "chart", "--coordinates", "edge", "--window", "0,0,8,10", "-o", "c.svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let text = |n: &roxmltree::Node| n.attribute("data-text").unwrap().to_string();
    let files: Vec<String> = with_class(&doc, "coordinate file").iter().map(text).collect();
    let (w, h) = (8, 8);
    let file = |x: i32| ((b'a' + x.rem_euclid(w) as u8) as char).to_string();
    let mut want: Vec<String> = (0..8).map(file).collect();
    want.extend((0..8).map(|x| file(x + w / 2)));
    assert_eq!(files, want, "under row 0 the board's files, over row 9 the flipped copy's");
    let ranks: Vec<String> = with_class(&doc, "coordinate rank").iter().map(text).collect();
    let rank = |y: i32| if y < h { y + 1 } else { 2 * h - 1 - y + 1 };
    assert_eq!(ranks, (0..10).map(|y| rank(y).to_string()).collect::<Vec<_>>());
    // Every label sits outside the window, beside the square it names.
    let inside = |n: &roxmltree::Node, class: &str| {
        with_class(&doc, class).iter().any(|c| c.attribute("data-chart") == n.attribute("data-chart"))
    };
    for n in with_class(&doc, "coordinate file") {
        assert!(inside(&n, "cell light") || inside(&n, "cell dark"), "{:?}", n.attribute("data-chart"));
    }
    // `none` (the chart's default) draws none.
    assert!(!render_svg(&d, &["render", "--view", "chart", "-o", "n.svg"]).contains("coordinate"));
}

#[test]
fn panels_in_a_row_share_a_height() {
    let d = temp_dir("row-height");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(
        &d,
        "o.toml",
        "[[panels]]\nview = \"board\"\n[[panels]]\nview = \"hemispheres\"\n[[panels]]\nview = \"chart\"\n",
    );
    let svg = render_svg(&d, &["render", "rook.fen", "o.toml", "-o", "f.svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let panels = with_class(&doc, "panel");
    assert_eq!(panels.len(), 3);
    let size = |n: &roxmltree::Node, k: &str| n.attribute(k).unwrap().parse::<f64>().unwrap();
    let heights: Vec<f64> = panels.iter().map(|n| size(n, "data-height")).collect();
    // The hemispheres (two discs, 480 wide) are the tallest; the board and chart are drawn as tall.
    let (board, hemi, chart) = (
        dotchess::render(
            &dotchess::Position::start(dotchess::VariantId::Dot),
            &dotchess::Overlay::default(),
            &dotchess::View::board(),
            &dotchess::Theme::essay(),
        ),
        heights[1],
        heights[2],
    );
    assert!(heights.iter().all(|h| (h - hemi).abs() < 0.02), "{heights:?}");
    assert!((chart - hemi).abs() < 0.02);
    // The board is larger than it is alone, keeping its shape.
    assert!(size(&panels[0], "data-width") > board.width * 1.5, "{}", size(&panels[0], "data-width"));
    let shape = size(&panels[0], "data-width") / size(&panels[0], "data-height");
    assert!((shape - board.width / board.height).abs() < 0.01);
    // Panels of one shape keep the grid: no panel grows.
    write(
        &d,
        "same.toml",
        "[[panels]]\nview = \"board\"\n[[panels]]\nview = \"board\"\n[[panels]]\nview = \"board\"\n",
    );
    let svg = render_svg(&d, &["render", "rook.fen", "same.toml", "-o", "g.svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    for n in with_class(&doc, "panel") {
        assert!((size(&n, "data-width") - board.width).abs() < 0.02);
    }
}

#[test]
fn one_legend_under_a_figure_of_several_panels() {
    let d = temp_dir("legend");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    let expect = "[[expect]]\nsquare = \"d5\"\nsource = \"a book\"\ndestinations = [\"d4\", \"h5\", \"a1\"]\n";
    let panels = "moves = [\"d5\"]\n[[panels]]\nview = \"board\"\n[[panels]]\nview = \"hemispheres\"\nwidth = 300\n";
    write(&d, "o.toml", &format!("{panels}{expect}"));
    let svg = render_svg(&d, &["render", "rook.fen", "o.toml", "-o", "f.svg"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts = with_class(&doc, "legend");
    // Three items once (agreed, missing, extra), not three under each panel; at one size.
    assert_eq!(texts.len(), 3, "{:?}", texts.iter().map(|n| n.attribute("data-text")).collect::<Vec<_>>());
    // Both panels found the rook's 21 destinations; 2 of the book's 3 agree (a1 is missing).
    let words: Vec<&str> = texts.iter().map(|n| n.attribute("data-text").unwrap()).collect();
    assert_eq!(words[0], "agreed (2)");
    assert!(words[1].starts_with("missing: expected by a book") && words[1].ends_with("(1)"), "{words:?}");
    assert!(words[2].ends_with("(19)"), "{words:?}");
    // Below every panel: not inside any panel group.
    for n in &texts {
        assert!(n.ancestors().all(|a| a.attribute("class") != Some("panel")));
    }
}

#[test]
fn a_partial_ride_ends_in_an_arrowhead_on_its_last_cell() {
    use dotchess::draw::scene::{PathCmd, Shape};
    use dotchess::{Overlay, Position, Theme, VariantId, View, render};
    let pos = Position::from_fen(VariantId::Dot, "8/8/8/8/Q7/8/8/8 w - - 0 1").unwrap();
    let t = pos.topology();
    let c = |n: &str| t.parse_cell(n).unwrap();
    let nw = dotchess::Dir::from_name("nw").unwrap();
    let theme = Theme::essay();
    // a4 north-west over the west edge: h5 g6 f7 e8 (docs/rules.md §2: files wrap).
    let part = Overlay { paths: vec![(c("a4"), nw, c("e8"))], ..Overlay::default() };
    let scene = render(&pos, &part, &View::board(), &theme);
    let heads = scene.find("loop-head");
    assert_eq!(heads.len(), 1);
    assert!(heads[0].data.contains(&("until", "e8".to_string())));
    let Shape::Path(cmds) = &heads[0].shape else { panic!("a path") };
    let PathCmd::Move(tip) = cmds[0] else { panic!("starts at the tip") };
    let e8 = scene.find("cell").into_iter().find(|e| e.data.contains(&("cell", "e8".to_string()))).unwrap();
    let Shape::Rect { at, w, h } = e8.shape else { panic!("a square") };
    assert!(tip.dist(at.offset(w / 2.0, h / 2.0)) < 0.5, "{tip:?}");
    // A whole loop has no end, and no head; nor has a ride whose end a globe hides.
    let whole = Overlay { loops: vec![(c("a4"), nw)], ..Overlay::default() };
    assert!(render(&pos, &whole, &View::board(), &theme).find("loop-head").is_empty());
    for view in [View::hemispheres(), View::chart(), View::disc()] {
        assert_eq!(render(&pos, &part, &view, &theme).find("loop-head").len(), 1, "{view:?}");
    }
}

#[test]
fn pole_letters_stay_readable_over_pieces_and_routes() {
    use dotchess::draw::ViewKind;
    use dotchess::draw::scene::Shape;
    use dotchess::{Overlay, Position, Theme, VariantId, View, render};
    let theme = Theme::essay();
    // A king on each live pole of Small Spherical Chess; a rook's route through the dead N pole.
    let small = Position::start(VariantId::Small);
    let rook = Position::from_fen(VariantId::Dot, "8/8/8/8/8/8/3R4/8 w - - 0 1").unwrap();
    let d2 = rook.topology().parse_cell("d2").unwrap();
    let through = Overlay { moves: vec![d2.into()], ..Overlay::default() };
    for (pos, overlay) in [(&small, Overlay::default()), (&rook, through)] {
        for view in [View::hemispheres(), View::globe(), View::disc(), View::board()] {
            for width in [160.0, 480.0] {
                let view = View { width, ..view };
                let scene = render(pos, &overlay, &view, &theme);
                let all = scene.elements();
                let last_under =
                    all.iter().rposition(|e| ["piece", "route", "dot"].iter().any(|c| e.class == *c)).unwrap_or(0);
                let labels: Vec<usize> = (0..all.len()).filter(|&i| all[i].class == "pole-label").collect();
                // A king on each live pole names it: the hemispheres leave both letters out
                // (docs/rules.md §5.8); the board keeps its letters beside the bands.
                let kings_on_caps = std::ptr::eq(pos, &small) && matches!(view.kind, ViewKind::Hemispheres { .. });
                assert_eq!(labels.is_empty(), kings_on_caps, "{view:?}");
                for i in labels {
                    let Shape::Text { size, at, .. } = &all[i].shape else { panic!("text") };
                    assert!(*size >= 11.0 * width / 480.0 - 1e-9, "{view:?}: a letter {size} high");
                    assert!(i > last_under, "{view:?}: the letter is drawn under a piece or route");
                    // On its plate, drawn just before it, of the pole's colour (unless a band too
                    // thin to hold it puts it beside the band, on the paper, in the text colour).
                    let plate = all[i - 1];
                    if plate.class != "pole-label-plate" {
                        assert_eq!(all[i].paint.fill, Some(theme.text), "{view:?}");
                        continue;
                    }
                    let Shape::Circle { c, r } = plate.shape else { panic!("a round plate") };
                    assert!(c.dist(*at) < 1e-9 && r >= size * 0.6);
                    assert_eq!(plate.paint.fill, Some(theme.pole));
                }
            }
        }
    }
}

#[test]
fn the_print_theme_tells_lines_apart_without_colour() {
    use dotchess::{Overlay, Position, Theme, VariantId, View, render};
    let print = Theme::built_in("print").unwrap();
    // Xiangqi's river and palaces, a cannon's routes and capture ring; a loop on the Dot.
    let xq = Position::start(VariantId::Xiangqi);
    let b3 = xq.topology().parse_cell("b3").unwrap();
    let scene = render(&xq, &Overlay { moves: vec![b3.into()], ..Overlay::default() }, &View::board(), &print);
    let dot = Position::from_fen(VariantId::Dot, "8/8/8/3R3r/8/8/8/8 w - - 0 1").unwrap();
    let c = |n: &str| dot.topology().parse_cell(n).unwrap();
    let ne = dotchess::Dir::from_name("ne").unwrap();
    let overlay = Overlay { moves: vec![c("d5").into()], loops: vec![(c("a1"), ne)], ..Overlay::default() };
    let scene2 = render(&dot, &overlay, &View::board(), &print);
    let style = |s: &dotchess::Scene, class: &str| {
        let e = s.find(class).into_iter().next().unwrap_or_else(|| panic!("no {class}"));
        let (col, w) = e.paint.stroke.unwrap();
        // The pattern in line widths, so that lines of different widths compare.
        (col, e.paint.dash.clone().map(|d| d.iter().map(|x| (x / w * 100.0).round() as i64).collect::<Vec<_>>()))
    };
    let styles = [
        ("river", style(&scene, "river")),
        ("palace", style(&scene, "palace")),
        ("route", style(&scene, "route")),
        ("capture ring", style(&scene2, "dot capture")),
        ("loop", style(&scene2, "loop")),
    ];
    // All black: only the line style can tell them apart, and it does, pairwise.
    for (name, (col, _)) in &styles {
        assert_eq!(col.hex(), "#000000", "{name}");
    }
    for (i, (a, sa)) in styles.iter().enumerate() {
        for (b, sb) in &styles[i + 1..] {
            assert_ne!(sa.1, sb.1, "{a} and {b} look alike in print");
        }
    }
    // Routes stay solid; the colour themes keep every line solid.
    assert_eq!(styles[2].1.1, None);
    let essay = render(&dot, &overlay, &View::board(), &Theme::essay());
    assert!(essay.find("loop").iter().chain(&essay.find("dot capture")).all(|e| e.paint.dash.is_none()));
}
