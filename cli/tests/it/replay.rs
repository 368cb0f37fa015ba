//! Game replays and stills: one frame for the start and one a ply (or the range's), the last move's
//! route and cells in every frame, the checked king ringed, the comment's arrows and circles and
//! the glyph drawn, the players and result in the caption; delays as specified; on the globe the
//! moved piece in view; GIF and APNG decode to the frames with their delays (the SVG plays in
//! headless Chromium: `browser::animated_svg`); the command line replays, draws stills and game
//! sheets, and refuses bad game files with a located error, status 2 and no file.

use crate::common;
use dotchess::draw::replay::{Replay, Script, build, delays, scale};
use dotchess::input::FigureOptions;
use dotchess::input::{Game, read_games};
use dotchess::output::Format;
use dotchess::{Scene, Theme, VariantId, View};

pub(crate) fn game(text: &str) -> Game {
    read_games("test.pgn", text, VariantId::Dot).expect("the game reads").swap_remove(0)
}

fn data<'a>(e: &'a dotchess::draw::scene::Element, key: &str) -> Option<&'a str> {
    e.data.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_str())
}

/// A short Dot game with a check, comment markup and glyphs (the pole mate of the examples).
pub(crate) const POLE_MATE: &str = include_str!("../../../examples/games/dot-pole-mate.pgn");

fn views() -> Vec<(&'static str, View)> {
    vec![
        ("hemispheres", View::hemispheres()),
        ("globe", View::globe()),
        ("board", View::board()),
        ("chart", View::chart()),
        ("disc", View::disc()),
    ]
}

/// What a frame must show for the position after `k` plies of `g`.
fn check_frame(g: &Game, k: usize, s: &Scene, view: &str) {
    let topo = g.start.topology();
    let positions = g.positions();
    let pos = &positions[k];
    let heading = s.find("title").first().and_then(|e| data(e, "text")).unwrap_or_default().to_string();
    if k == 0 {
        assert_eq!(heading, "Start", "{view}");
        assert!(s.find("lastmove").is_empty(), "{view}: no last move at the start");
    } else {
        let p = &g.plies[k - 1];
        assert_eq!(heading, g.numbered(k - 1), "{view} frame {k}");
        let (from, to) = (topo.name(p.mv.from), topo.name(p.mv.to));
        // The move's route, from its cells (the globe may hide some of it, never all).
        let route =
            s.find("lastmove").into_iter().any(|e| data(e, "from") == Some(&from) && data(e, "to") == Some(&to));
        assert!(route, "{view} frame {k}: the route of {}", p.san);
        let tinted: Vec<&str> = s.find("lastmove").iter().filter_map(|e| data(e, "cell")).collect();
        assert!(tinted.contains(&to.as_str()), "{view} frame {k}: {to} tinted ({tinted:?})");
        // The moved piece is in view (on the globe, the ball turned to it).
        assert!(s.find("piece").iter().any(|e| data(e, "cell") == Some(&to)), "{view} frame {k}: a piece on {to}");
        if let Some(glyph) = p.glyph() {
            assert!(s.find("glyph").iter().any(|e| data(e, "glyph") == Some(glyph) && data(e, "cell") == Some(&to)));
        } else {
            assert!(s.find("glyph").is_empty());
        }
        for (a, b, _) in &p.note.arrows {
            let (a, b) = (topo.name(*a), topo.name(*b));
            let drawn = s.find("arrow").iter().any(|e| data(e, "from") == Some(&a) && data(e, "to") == Some(&b));
            assert!(drawn || view == "globe", "{view} frame {k}: the arrow {a}{b}");
        }
        for (c, _) in &p.note.circles {
            let c = topo.name(*c);
            let drawn = s.find("mark circle").iter().any(|e| data(e, "cell") == Some(&c));
            assert!(drawn || view == "globe", "{view} frame {k}: the circle on {c}");
        }
    }
    let king = pos.king(pos.turn()).map(|c| topo.name(c));
    let ringed: Vec<&str> = s.find("check").iter().filter_map(|e| data(e, "cell")).collect();
    if pos.in_check() {
        assert!(ringed.contains(&king.as_deref().unwrap_or("-")), "{view} frame {k}: the king in check ringed");
    } else {
        assert!(ringed.is_empty(), "{view} frame {k}: no check");
    }
    let caption = s.find("caption").first().and_then(|e| data(e, "text")).unwrap_or_default().to_string();
    assert!(caption.contains("White – Black") && caption.contains("0-1"), "{view}: {caption}");
}

#[test]
fn every_view_replays_one_frame_a_ply_with_the_move_check_markup_and_caption() {
    let g = game(POLE_MATE);
    let script = g.script();
    let theme = Theme::essay();
    for (name, view) in views() {
        let a = build(&script, &Replay::new(view), &theme).expect("a replay");
        assert_eq!(a.frames.len(), g.plies.len() + 1, "{name}");
        let size = (a.frames[0].width, a.frames[0].height);
        for (k, s) in a.frames.iter().enumerate() {
            assert_eq!((s.width, s.height), size, "{name}: every frame one size");
            check_frame(&g, k, s, name);
        }
    }
}

#[test]
fn a_chart_replay_keeps_one_size_when_a_comment_arrow_widens_the_chart() {
    // On the cylinder the arrow f8-e1 runs across the seam, beyond the chart's default window of
    // two boards: a chart fitted to that frame alone is wider, so at the same width it is shorter.
    let g = game("[Variant \"cylinder\"]\n1. d4 g6+ {[%cal Rf8e1]} 2. c3 *");
    let script = g.script();
    let (view, theme) = (View::chart(), Theme::essay());
    let alone: Vec<f64> =
        script.stills.iter().map(|s| dotchess::draw::replay::frame(s, &view, &theme, "").height).collect();
    assert!(alone[2] < alone[0], "drawn alone, the frame with the arrow is shorter: {alone:?}");
    let a = build(&script, &Replay::new(view), &theme).unwrap();
    let size = (a.frames[0].width, a.frames[0].height);
    assert!(a.frames.iter().all(|s| (s.width, s.height) == size), "every frame one size");
    let arrow =
        a.frames[2].find("arrow").into_iter().any(|e| data(e, "from") == Some("f8") && data(e, "to") == Some("e1"));
    assert!(arrow, "the arrow across the seam is drawn");
}

#[test]
fn a_range_of_plies_gives_its_frames_and_a_bad_one_is_refused() {
    let g = game(POLE_MATE);
    let script = Script { from: 3, to: 7, ..g.script() };
    let a = build(&script, &Replay::new(View::board()), &Theme::essay()).unwrap();
    assert_eq!(a.frames.len(), 5);
    for (i, s) in a.frames.iter().enumerate() {
        check_frame(&g, 3 + i, s, "board");
    }
    assert_eq!(a.delays, vec![100, 100, 100, 100, 300], "the range's last frame is held");
    let bad = Script { from: 9, to: 4, ..g.script() };
    assert!(build(&bad, &Replay::new(View::board()), &Theme::essay()).is_err());
}

#[test]
fn delays_are_a_second_the_last_three_and_move_times_scaled_never_under_two_hundredths() {
    let g = game(POLE_MATE);
    let d = delays(&g.script(), 0, g.plies.len());
    assert_eq!(d.len(), g.plies.len() + 1);
    assert!(d[..d.len() - 1].iter().all(|&x| x == 100) && d[d.len() - 1] == 300, "{d:?}");
    // Clock times: 60 s and 1 s a move. Move times 1, 20, 0 (instant), 5, 30 s: median 5 s, so
    // every time is scaled by 0.8/5; the instant move keeps its 0 but is shown for 2 hundredths.
    let text = "[TimeControl \"60+1\"]\n1. e4 {[%clk 0:01:00]} e5 {[%clk 0:00:41]} 2. Nf3 {[%clk 0:01:01]} \
                Nc6 {[%clk 0:00:37]} 3. Bc4 {[%clk 0:00:32]} Nf6 *";
    let g = game(text);
    assert_eq!(g.move_times(), vec![Some(100), Some(2000), Some(0), Some(500), Some(3000), None]);
    assert_eq!(scale(&g.move_times()), vec![Some(40), Some(200), Some(0), Some(80), Some(200), None]);
    let d = delays(&g.script(), 0, g.plies.len());
    assert_eq!(d, vec![40, 200, 2, 80, 200, 100, 300]);
}

fn decode_gif(bytes: &[u8]) -> Vec<u16> {
    let mut dec = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let mut delays = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        delays.push(f.delay);
    }
    delays
}

#[test]
fn gif_apng_and_svg_hold_the_frames_with_their_delays() {
    let g = game(POLE_MATE);
    let r = Replay::new(View { width: 240.0, ..View::board() });
    let mut a = build(&Script { to: 4, ..g.script() }, &r, &Theme::essay()).unwrap();
    a.delays[1] = 37;
    assert_eq!(decode_gif(&a.encode(Format::Gif).unwrap()), a.delays);
    let bytes = a.encode(Format::Apng).unwrap();
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a PNG");
    assert_eq!(dec.info().animation_control.map(|c| c.num_frames), Some(5));
    let mut buf = vec![0u8; dec.output_buffer_size().unwrap()];
    for (k, &d) in a.delays.iter().enumerate() {
        dec.next_frame(&mut buf).expect("a frame");
        let fc = dec.info().frame_control.expect("a frame control");
        assert_eq!((fc.delay_num, fc.delay_den), (d, 100), "frame {k}");
    }
    let svg = String::from_utf8(a.encode(Format::AnimatedSvg).unwrap()).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().attribute("data-delays-cs"), Some("100 37 100 100 300"));
    let clocks: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("animate")).collect();
    assert_eq!(clocks.len(), 5);
    // Frame 2 shows from 1.37 s to 2.37 s of 6.37 s.
    assert_eq!(clocks[2].attribute("keyTimes"), Some("0;0.215071;0.372057"));
    assert!(clocks.iter().all(|c| c.attribute("dur") == Some("6.37s")));
}

#[test]
fn a_game_sheet_has_a_panel_a_ply_with_numbered_captions() {
    let g = game(POLE_MATE);
    let board = FigureOptions::from_query("view=board").expect("the board view");
    let scene = g.sheet(&[2, 5, 10], &board).expect("a sheet").figure.render();
    let captions: Vec<String> =
        scene.find("caption").iter().filter_map(|e| data(e, "text")).map(str::to_string).collect();
    assert_eq!(captions, ["1... e6", "3. h3?", "5... Qxa1#"]);
    let svg = dotchess::output::to_svg(&scene);
    assert_eq!(svg.matches("class=\"panel\"").count(), 3);
    // Each panel marks its own last move.
    for (from, to) in [("e7", "e6"), ("h2", "h3"), ("f6", "a1")] {
        assert!(svg.contains(&format!("data-from=\"{from}\" data-to=\"{to}\"")), "{from}{to}");
    }
}

#[test]
fn the_command_replays_a_game_and_draws_stills_and_sheets() {
    let dir = common::Scratch::new("replay-cli");
    let pgn = dir.join("mate.pgn");
    std::fs::write(&pgn, POLE_MATE).unwrap();
    let p = |x: &std::path::Path| x.display().to_string();
    let gif = dir.join("g.gif");
    let out = common::dotchess(&[
        "animate",
        &p(&pgn),
        "--view",
        "board",
        "--width",
        "240",
        "--from",
        "2",
        "--to",
        "6",
        "-o",
        &p(&gif),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(decode_gif(&std::fs::read(&gif).unwrap()), vec![100, 100, 100, 100, 300]);
    let still = dir.join("s.svg");
    let out = common::dotchess(&["render", &p(&pgn), "--ply", "10", "--view", "board", "-o", &p(&still)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(&still).unwrap();
    assert!(svg.contains("data-from=\"f6\" data-to=\"a1\"") && svg.contains("5... Qxa1#"));
    let sheet = dir.join("sheet.svg");
    let out = common::dotchess(&["render", &p(&pgn), "--plies", "0,4,8", "--view", "globe", "-o", &p(&sheet)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&sheet).unwrap().matches("class=\"panel\"").count(), 3);
    for (args, message) in [
        (vec!["render", &p(&pgn), "--ply", "11", "-o", &p(&dir.join("x.svg"))], "the game has 10 plies"),
        (vec!["animate", &p(&pgn), "--to", "30", "-o", &p(&dir.join("x.gif"))], "the game has 10 plies"),
        (vec!["animate", &p(&pgn), "--frames", "3", "-o", &p(&dir.join("x.gif"))], "cannot apply to a game replay"),
        (vec!["animate", &p(&pgn), "--game", "2", "-o", &p(&dir.join("x.gif"))], "holds 1 game"),
    ] {
        let out = common::dotchess(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(message),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(!dir.join("x.svg").exists() && !dir.join("x.gif").exists());
}

#[test]
fn bad_game_files_are_located_errors_with_status_2_and_no_output() {
    let dir = common::Scratch::new("replay-bad");
    let p = |x: &std::path::Path| x.display().to_string();
    for (name, text, located) in [
        (
            "illegal.pgn",
            "[Variant \"flat\"]\n1. e4 e5 2. Nf6 *\n",
            "illegal.pgn:2:13: move 2. Nf6: `Nf6` is not a legal move",
        ),
        (
            "ambiguous.pgn",
            "[Variant \"flat\"]\n[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 *\n",
            "ambiguous.pgn:3:4: move 1. Nd2: `Nd2` is ambiguous",
        ),
        ("tag.pgn", "[Variant \"dott\"]\n1. e4 *\n", "tag.pgn:1:11: unknown variant"),
        ("comment.pgn", "1. e4 {a [%csl Ge9] circle} *\n", "comment.pgn:1:17: `e9` in [%csl]"),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        for args in [
            vec!["animate".to_string(), p(&file), "-o".into(), p(&dir.join("x.gif"))],
            vec!["render".to_string(), p(&file), "-o".into(), p(&dir.join("x.svg"))],
        ] {
            let out = common::dotchess(&args.iter().map(String::as_str).collect::<Vec<_>>());
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{name}: {err}");
            assert!(err.contains(located), "{name}: {err}");
        }
    }
    assert!(!dir.join("x.gif").exists() && !dir.join("x.svg").exists(), "nothing written");
}

/// On the single disc the outer pole is a ring whose piece stands at one place of it, and a route
/// into it ran round the ring to that place. The last move is drawn back to where the piece came
/// from, a pole it has left: `game-xiangqi-pole-general`'s one-step Ke10 was a half circle round
/// the N ring. A one-step move's line is no longer than the cell it ends on is across.
#[test]
fn a_last_move_off_the_outer_pole_is_drawn_as_one_step_on_the_disc() {
    use dotchess::{Overlay, Position};
    let mut pos = Position::start(VariantId::Xiangqi);
    let topo = *pos.topology();
    let (s, n) = (topo.pole_cell(dotchess::Pole::South).unwrap(), topo.pole_cell(dotchess::Pole::North).unwrap());
    let (e1, e10) = (topo.parse_cell("e1").unwrap(), topo.parse_cell("e10").unwrap());
    for (from, to) in [(s, e1), (n, e10)] {
        let m = pos.moves().into_iter().find(|m| m.from == from && m.to == to).expect("the general's step");
        pos.play(m).unwrap();
    }
    let overlay = Overlay { lastmove: Some((n, e10)), ..Overlay::default() };
    let scene = dotchess::render(&pos, &overlay, &View::disc(), &Theme::essay());
    use dotchess::draw::scene::{Element, Node, PathCmd, Pt, Shape};
    fn walk<'a>(nodes: &'a [Node], out: &mut Vec<&'a Element>) {
        for n in nodes {
            match n {
                Node::Element(e) => out.push(e),
                Node::Group(g) => walk(&g.children, out),
            }
        }
    }
    // The points a shape passes through (a path's curves by their ends: enough for a cell's extent
    // and a route's polyline).
    let points = |s: &Shape| -> Vec<Pt> {
        match s {
            Shape::Polyline(p) => p.clone(),
            Shape::Path(cmds) => cmds
                .iter()
                .filter_map(|c| match *c {
                    PathCmd::Move(p) | PathCmd::Line(p) | PathCmd::Arc { to: p, .. } => Some(p),
                    PathCmd::Quad(_, p) | PathCmd::Cubic(_, _, p) => Some(p),
                    PathCmd::Close => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    };
    let mut elements = Vec::new();
    walk(&scene.nodes, &mut elements);
    let cell = elements.iter().find(|e| e.class.contains("cell") && data(e, "cell") == Some("e10")).expect("e10 drawn");
    let corners = points(&cell.shape);
    let size = corners.iter().flat_map(|a| corners.iter().map(move |b| a.dist(*b))).fold(0.0, f64::max);
    let length: f64 = elements
        .iter()
        .filter(|e| {
            e.class.split_whitespace().any(|c| c == "lastmove")
                && !e.class.contains("cell")
                && !e.class.contains("pole")
        })
        .map(|e| points(&e.shape).windows(2).map(|w| w[0].dist(w[1])).sum::<f64>())
        .sum();
    assert!(length > 0.0, "the last move is drawn");
    assert!(length <= size, "Ke10's line is {length:.0} units long, e10 {size:.0} across");
}
