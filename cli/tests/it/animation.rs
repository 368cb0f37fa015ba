//! Animations: the gear meets at one file boundary on both discs and closes its turn; every
//! encoder's output decodes back to the frames with their count, size and delays; the animated
//! SVG is well-formed (and plays in headless Chromium: `browser::animated_svg`).

use crate::common;

use dotchess::draw::Animation;
use dotchess::draw::FigureSpec;
use dotchess::draw::scene::{PathCmd, Pt, Scene, Shape};
use dotchess::input::read_overlay;
use dotchess::input::read_position;
use dotchess::output::{Format, Image};
use dotchess::{Topology, VariantId};

fn figure(fen: &str, overlay: &str) -> FigureSpec {
    let base = read_position("test.fen", fen, VariantId::Dot).expect("position");
    read_overlay("test.toml", overlay, &base, &dotchess::input::no_files).expect("overlay")
}

fn animation(fen: &str, overlay: &str) -> Animation {
    figure(fen, overlay).animate().expect("an [animation] table").expect("frames")
}

/// Disc centres of a hemispheres scene: (north, south).
fn centres(s: &Scene) -> (Pt, Pt) {
    let mut n = None;
    let mut so = None;
    for e in s.find("pole") {
        if let Shape::Circle { c, .. } = e.shape {
            let pole = e.data.iter().find(|(k, _)| *k == "pole").map(|(_, v)| v.as_str());
            match pole {
                Some("N") => n = Some(c),
                Some("S") => so = Some(c),
                _ => {}
            }
        }
    }
    (n.expect("north cap"), so.expect("south cap"))
}

fn cross(a: Pt, b: Pt) -> f64 {
    a.x * b.y - a.y * b.x
}

/// The cell whose sector holds `p` on the disc centred at `c`.
fn cell_at(s: &Scene, c: Pt, p: Pt) -> Option<String> {
    let rel = |q: Pt| Pt::new(q.x - c.x, q.y - c.y);
    for e in s.find("cell") {
        let Shape::Path(cmds) = &e.shape else { continue };
        let (PathCmd::Move(a), PathCmd::Arc { to: b, .. }, PathCmd::Line(inner)) = (cmds[0], cmds[1], cmds[2]) else {
            continue;
        };
        let (r1, r0, d) = (a.dist(c), inner.dist(c), p.dist(c));
        // Both corners on the outer arc must lie on a circle round this centre.
        if (b.dist(c) - r1).abs() > 0.05 || d < r0 || d > r1 {
            continue;
        }
        let (v0, v1, q) = (rel(a), rel(b), rel(p));
        let span = cross(v0, v1);
        let inside =
            cross(v0, q) * span >= 0.0 && cross(q, v1) * span >= 0.0 && q.x * (v0.x + v1.x) + q.y * (v0.y + v1.y) > 0.0;
        if inside {
            return e.data.iter().find(|(k, _)| *k == "cell").map(|(_, v)| v.clone());
        }
    }
    None
}

#[test]
fn gear_discs_meet_at_one_file_boundary_in_every_frame_and_close_the_turn() {
    let a = animation("8/8/8/8/8/8/8/8", "[animation]\nkind = \"gear\"\nframes = 48\n");
    assert_eq!(a.frames.len(), 48);
    let topo: &Topology = &VariantId::Dot.variant().topology;
    let mut right_files = Vec::new();
    for (k, s) in a.frames.iter().enumerate() {
        let (n, so) = centres(s);
        let touch = n.lerp(so, 0.5);
        let radius = n.dist(so) / 2.0;
        let (dx, dy) = (radius * 0.03, radius * 0.02);
        let mut sides = Vec::new();
        for side in [-1.0, 1.0] {
            let north = cell_at(s, n, touch.offset(side * dx, -dy)).expect("a northern cell at the meeting point");
            let south = cell_at(s, so, touch.offset(side * dx, dy)).expect("a southern cell at the meeting point");
            let (nc, sc) = (topo.parse_cell(&north).unwrap(), topo.parse_cell(&south).unwrap());
            let ((nf, nr), (sf, sr)) = (topo.coords(nc).unwrap(), topo.coords(sc).unwrap());
            // The equator: rank 5 on the northern rim, rank 4 on the southern one.
            assert_eq!((nr, sr), (4, 3), "frame {k}: {north} meets {south}");
            assert_eq!(
                nf,
                sf,
                "frame {k}: {north} meets {south} on the {} side",
                if side < 0.0 { "left" } else { "right" }
            );
            sides.push(nf);
        }
        // On paper east runs to the right at the meeting point on both discs: the right-hand
        // cell is the left-hand one or the file east of it (a boundary at the meeting point).
        assert!(sides[1] == sides[0] || sides[1] == (sides[0] + 1) % 8, "frame {k}: {sides:?}");
        right_files.push(sides[1]);
    }
    // One full turn: every file comes to the meeting point, in order, for the same number of
    // frames, and the frame after the last is the first.
    let mut order = right_files.clone();
    order.dedup();
    assert_eq!(order.len(), 8, "{right_files:?}");
    for w in order.windows(2) {
        assert_eq!(w[1], (w[0] + 1) % 8, "{order:?}");
    }
    let first = &figure("8/8/8/8/8/8/8/8", "[animation]\nkind = \"gear\"\nframes = 48\n");
    // One full turn east from the d|e boundary: the eight files of the board further on.
    let next_turn = 4.0 + 8.0;
    let mut view = first.panels[0].view;
    view.kind = dotchess::ViewKind::Hemispheres { rotation: next_turn };
    let after_last = dotchess::render(&first.panels[0].position, &first.panels[0].overlay, &view, &first.theme);
    assert_eq!(dotchess::output::to_svg(&after_last), dotchess::output::to_svg(&a.frames[0]));
    assert_ne!(dotchess::output::to_svg(&a.frames[47]), dotchess::output::to_svg(&a.frames[0]));
}

/// Composites decoded GIF frames (each a rectangle over the picture so far) into full images.
fn decode_gif(bytes: &[u8]) -> (u16, u16, Vec<(u16, Vec<u8>)>, gif::Repeat) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(bytes).expect("a GIF");
    let (w, h) = (dec.width(), dec.height());
    let mut canvas = vec![0u8; w as usize * h as usize * 4];
    let mut out = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let src = &f.buffer[4 * (y * f.width as usize + x)..][..4];
                if src[3] == 0 {
                    continue;
                }
                let i = 4 * ((f.top as usize + y) * w as usize + f.left as usize + x);
                canvas[i..i + 4].copy_from_slice(src);
            }
        }
        out.push((f.delay, canvas.clone()));
    }
    let repeat = dec.repeat();
    (w, h, out, repeat)
}

fn mean_error(a: &[u8], b: &[u8]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (*x as f64 - *y as f64).abs()).sum::<f64>() / a.len() as f64
}

pub(crate) fn walk() -> Animation {
    animation("8/8/8/3R4/8/8/8/8", "loops = [\"d5:n\"]\n[animation]\nkind = \"walk\"\nfps = 10\nloop = 3\n")
}

#[test]
fn gif_decodes_to_the_frames_with_their_count_size_and_delays() {
    let a = walk();
    let images: Vec<Image> = a.rasterise().unwrap();
    let bytes = a.encode(Format::Gif).unwrap();
    let (w, h, frames, repeat) = decode_gif(&bytes);
    assert_eq!((w as u32, h as u32), (images[0].width, images[0].height));
    // The rook's longitude from d5 north: 16 squares round, so 17 frames from start to closed.
    assert_eq!(frames.len(), 17);
    assert_eq!(frames.len(), a.frames.len());
    assert_eq!(repeat, gif::Repeat::Finite(2), "three plays: the first and two repeats");
    for (k, ((delay, rgba), img)) in frames.iter().zip(&images).enumerate() {
        assert_eq!(*delay, 10, "frame {k}");
        // Palette colours stand in for antialiasing blends: close, not equal.
        let e = mean_error(rgba, &img.rgba);
        assert!(e < 1.5, "frame {k}: mean error {e}");
    }
}

#[test]
fn gif_loops_forever_by_default() {
    let a = animation("8/8/8/3R4/8/8/8/8", "loops = [\"d5:e\"]\n[animation]\nkind = \"walk\"\n");
    let (_, _, frames, repeat) = decode_gif(&a.encode(Format::Gif).unwrap());
    assert_eq!(repeat, gif::Repeat::Infinite);
    assert_eq!(frames.len(), 9, "eight squares round the latitude, plus the start");
    assert!(frames.iter().all(|(d, _)| *d == 4), "24 frames a second: 4 hundredths each");
}

#[test]
fn apng_decodes_to_exactly_the_frames_with_their_count_size_and_delays() {
    let a = walk();
    let images = a.rasterise().unwrap();
    let bytes = a.encode(Format::Apng).unwrap();
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    // An opaque APNG may be RGB: read it as RGBA (alpha 255) to compare with the frames.
    dec.set_transformations(png::Transformations::ALPHA);
    let mut dec = dec.read_info().expect("a PNG");
    let info = dec.info().clone();
    assert_eq!((info.width, info.height), (images[0].width, images[0].height));
    let actl = info.animation_control.expect("an animated PNG");
    assert_eq!((actl.num_frames, actl.num_plays), (17, 3));
    let (w, h) = (info.width as usize, info.height as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut buf = vec![0u8; dec.output_buffer_size().unwrap()];
    for (k, img) in images.iter().enumerate() {
        let out = dec.next_frame(&mut buf).expect("a frame");
        let fc = dec.info().frame_control.expect("a frame control");
        assert_eq!((fc.delay_num, fc.delay_den), (10, 100), "frame {k}");
        for y in 0..fc.height as usize {
            for x in 0..fc.width as usize {
                let src = &buf[out.line_size * y + 4 * x..][..4];
                let i = 4 * ((fc.y_offset as usize + y) * w + fc.x_offset as usize + x);
                // Blending over: opaque pixels replace, transparent ones keep what was there.
                if k == 0 || src[3] == 255 {
                    canvas[i..i + 4].copy_from_slice(src);
                } else {
                    assert_eq!(src[3], 0, "frame {k}: only opaque or clear pixels");
                }
            }
        }
        assert!(canvas == img.rgba, "frame {k} differs from the rasterised frame");
    }
}

#[test]
fn animated_svg_is_well_formed_with_a_group_and_a_clock_per_frame() {
    let a = walk();
    let svg = String::from_utf8(a.encode(Format::AnimatedSvg).unwrap()).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let frames: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("frame")).collect();
    assert_eq!(frames.len(), 17);
    for (k, f) in frames.iter().enumerate() {
        assert_eq!(f.attribute("data-frame"), Some(k.to_string().as_str()));
        let anim = f.children().find(|c| c.has_tag_name("animate")).expect("a clock");
        assert_eq!(anim.attribute("dur"), Some("1.7s"), "17 frames of a tenth of a second");
        assert_eq!(anim.attribute("repeatCount"), Some("3"));
    }
    // Same frames, same bytes.
    assert_eq!(svg.as_bytes(), walk().encode(Format::AnimatedSvg).unwrap());
}

#[test]
fn animate_writes_each_format_by_extension_and_a_still_of_one_frame() {
    let dir = common::Scratch::new("anim-cli");
    let fen = dir.join("rook.fen");
    std::fs::write(&fen, "8/8/8/3R4/8/8/8/8\n").unwrap();
    let (gif, png, svg, still) = (dir.join("w.gif"), dir.join("w.png"), dir.join("w.svg"), dir.join("f2.png"));
    let p = |x: &std::path::Path| x.display().to_string();
    let out = common::dotchess(&[
        "animate",
        &p(&fen),
        "--kind",
        "walk",
        "--loop",
        "d5:e",
        "--view",
        "board",
        "-o",
        &p(&gif),
        "-o",
        &p(&png),
        "-o",
        &p(&svg),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (_, _, frames, _) = decode_gif(&std::fs::read(&gif).unwrap());
    assert_eq!(frames.len(), 9);
    assert!(std::fs::read(&png).unwrap().windows(4).any(|w| w == b"acTL"), "an animated PNG");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<animate "));
    let out =
        common::dotchess(&["animate", &p(&fen), "--kind", "walk", "--loop", "d5:e", "--frame", "2", "-o", &p(&still)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let dec = png::Decoder::new(std::io::Cursor::new(std::fs::read(&still).unwrap())).read_info().unwrap();
    assert!(dec.info().animation_control.is_none(), "a still is a plain PNG");
}

#[test]
fn animate_rejects_bad_requests_with_status_2_and_writes_nothing() {
    let dir = common::Scratch::new("anim-bad");
    let fen = dir.join("empty.fen");
    std::fs::write(&fen, "8/8/8/8/8/8/8/8\n").unwrap();
    let overlay = dir.join("o.toml");
    std::fs::write(&overlay, "[animation]\nkind = \"gaer\"\n").unwrap();
    let out_file = dir.join("x.gif");
    let p = |x: &std::path::Path| x.display().to_string();
    for (args, message) in [
        (vec!["animate", &p(&fen), "-o", &p(&dir.join("x.jpg"))][..].to_vec(), ".gif, .png (APNG) or .svg"),
        (vec!["animate", &p(&fen), "--frame", "48", "-o", &p(&dir.join("x.png"))], "0 to 47"),
        (vec!["animate", &p(&fen), "--kind", "walk", "-o", &p(&out_file)], "a walk needs a loop"),
        (vec!["animate", &p(&fen), "--fps", "500", "-o", &p(&out_file)], "'500' for '--fps"),
        (vec!["animate", &p(&fen), &p(&overlay), "-o", &p(&out_file)], "o.toml:2:8"),
    ] {
        let out = common::dotchess(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    assert!(!out_file.exists());
}

#[test]
fn chart_animation_ends_on_the_chart_every_square_beside_its_neighbours_on_the_dot() {
    let a = animation("8/8/8/8/8/8/8/8", "[animation]\nkind = \"chart\"\nframes = 70\n");
    assert_eq!(a.frames.len(), 70);
    let last = a.frames.last().unwrap();
    let topo: &Topology = &VariantId::Dot.variant().topology;
    // Every square of every copy: its rectangle and cell.
    let mut squares = Vec::new();
    for e in last.find("cell") {
        if let Shape::Rect { at, w, h } = e.shape {
            let cell = e.data.iter().find(|(k, _)| *k == "cell").map(|(_, v)| topo.parse_cell(v).unwrap()).unwrap();
            squares.push((at, w, h, cell));
        }
    }
    assert!(squares.len() > 64 * 6, "many copies: {}", squares.len());
    let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
    let find = |x: f64, y: f64| squares.iter().find(|(at, ..)| near(at.x, x) && near(at.y, y)).map(|s| s.3);
    let step = |c, d| topo.step(topo.cursor(c, d)).map(|s| s.to.cell);
    let (n, s, e, w) =
        (dotchess::Dir::new(0, 1), dotchess::Dir::new(0, -1), dotchess::Dir::new(1, 0), dotchess::Dir::new(-1, 0));
    let mut checked = 0;
    for &(at, sw, sh, cell) in &squares {
        // Beside each other on paper means beside each other on the Dot: east–west along a rank
        // (either way round, as a flipped copy keeps east to the right), north–south along a file
        // or over a pole.
        if let Some(right) = find(at.x + sw, at.y) {
            assert!(step(cell, e) == Some(right), "{} then {} on paper", topo.name(cell), topo.name(right));
            checked += 1;
        }
        if let Some(below) = find(at.x, at.y + sh) {
            assert!(
                step(cell, s) == Some(below) || step(cell, n) == Some(below),
                "{} above {} on paper",
                topo.name(cell),
                topo.name(below)
            );
            checked += 1;
        }
        let _ = w;
    }
    assert!(checked > squares.len(), "{checked} pairs checked");
}

/// The equator cells a globe frame shows.
fn visible_on_rank_4(s: &Scene) -> Vec<String> {
    let mut cells: Vec<String> = s
        .find("cell")
        .iter()
        .filter_map(|e| e.data.iter().find(|(k, _)| *k == "cell").map(|(_, v)| v.clone()))
        .filter(|c| c.ends_with('4'))
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

#[test]
fn spin_turns_the_globe_once_showing_the_far_files_half_way_and_closing_the_turn() {
    // Seen from the equator, facing the d|e boundary: half a turn later the a|h boundary faces
    // the viewer (files f and anti(f) = f + 4 trade places), and a whole turn returns to the start.
    let a = animation(
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "[[panels]]\nview = \"globe\"\nlatitude = 0\n[animation]\nkind = \"spin\"\nframes = 8\n",
    );
    assert_eq!(a.frames.len(), 8);
    let first = visible_on_rank_4(&a.frames[0]);
    let half = visible_on_rank_4(&a.frames[4]);
    for c in ["d4", "e4"] {
        assert!(first.contains(&c.to_string()) && !half.contains(&c.to_string()), "{c}: {first:?} / {half:?}");
    }
    for c in ["a4", "h4"] {
        assert!(half.contains(&c.to_string()) && !first.contains(&c.to_string()), "{c}: {first:?} / {half:?}");
    }
    // Each frame shows half the equator (4 whole files, their edges possibly cut at the limb).
    for f in &a.frames {
        let n = visible_on_rank_4(f).len();
        assert!((4..=6).contains(&n), "{n} cells of rank 4 in sight");
    }
}

/// Where each piece of a scene stands: (cell, centre).
fn piece_places(s: &Scene) -> Vec<(String, Pt)> {
    let mut out: Vec<(String, Pt)> = s
        .find("piece")
        .into_iter()
        .filter_map(|e| {
            let cell = e.data.iter().find(|(k, _)| *k == "cell")?.1.clone();
            match e.shape {
                Shape::Piece { at, .. } => Some((cell, at)),
                _ => None,
            }
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn wrap_starts_on_the_board_up_to_scale_and_ends_on_the_globe() {
    let a = animation(START, "[[panels]]\nview = \"board\"\n[animation]\nkind = \"wrap\"\nframes = 12\n");
    assert_eq!(a.frames.len(), 12);
    // First frame: every piece where the board view puts it, up to one scale and one shift.
    let board = figure(START, "[[panels]]\nview = \"board\"\n").render();
    let (first, flat) = (piece_places(&a.frames[0]), piece_places(&board));
    assert_eq!(first.len(), 32);
    assert_eq!(first.iter().map(|p| &p.0).collect::<Vec<_>>(), flat.iter().map(|p| &p.0).collect::<Vec<_>>());
    let (a1, h8) = (flat.iter().position(|p| p.0 == "a1").unwrap(), flat.iter().position(|p| p.0 == "h8").unwrap());
    let scale = first[a1].1.dist(first[h8].1) / flat[a1].1.dist(flat[h8].1);
    let shift = Pt::new(first[a1].1.x - scale * flat[a1].1.x, first[a1].1.y - scale * flat[a1].1.y);
    for (w, b) in first.iter().zip(&flat) {
        let expect = Pt::new(scale * b.1.x + shift.x, scale * b.1.y + shift.y);
        assert!(w.1.dist(expect) < 1e-6, "{}: {:?} on the wrap, {:?} expected", w.0, w.1, expect);
    }
    // Last frame: the globe view's pieces, in the same places (those on its near side).
    let globe = figure(START, "[[panels]]\nview = \"globe\"\n").render();
    let (last, ball) = (piece_places(&a.frames[11]), piece_places(&globe));
    // Both armies are in sight (not the pieces on slivers of cells at the limb, left out).
    assert!(ball.len() >= 8, "{} pieces in sight", ball.len());
    assert_eq!(last.iter().map(|p| &p.0).collect::<Vec<_>>(), ball.iter().map(|p| &p.0).collect::<Vec<_>>());
    for (w, g) in last.iter().zip(&ball) {
        assert!(w.1.dist(g.1) < 1e-6, "{}: {:?} on the wrap, {:?} on the globe", w.0, w.1, g.1);
    }
    assert_eq!((a.frames[11].width, a.frames[11].height), (globe.width, globe.height));
}

#[test]
fn wrap_joins_the_east_and_west_edges_into_a_tube() {
    use dotchess::draw::geometry::{Morph, Viewpoint, WrapGeom};
    let topo: &Topology = &VariantId::Dot.variant().topology;
    let at = |morph: Morph| WrapGeom::new(topo, morph, Viewpoint::default(), Pt::new(240.0, 240.0), 216.0);
    let dist =
        |a: [f64; 3], b: [f64; 3]| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
    let s = *at(Morph::FLAT).surface();
    // a8's west side (u = 0) and h8's east side (u = 8), from the bottom of rank 8 to its top.
    for (morph, apart) in [(Morph::FLAT, true), (Morph { bend: 0.5, ..Morph::FLAT }, true)] {
        let g = at(morph);
        let d = dist(g.space(0.0, s.cell_colatitude(7.5)), g.space(8.0, s.cell_colatitude(7.5)));
        assert_eq!(d > 0.1, apart, "{morph:?}: a8|h8 {d} apart");
    }
    // Flat, they are the board's width apart: eight squares.
    let flat = at(Morph::FLAT);
    let square = dist(flat.space(0.0, s.cell_colatitude(7.5)), flat.space(1.0, s.cell_colatitude(7.5)));
    assert!(
        (dist(flat.space(0.0, s.cell_colatitude(7.5)), flat.space(8.0, s.cell_colatitude(7.5))) - 8.0 * square).abs()
            < 1e-9
    );
    for morph in [Morph { bend: 1.0, ..Morph::FLAT }, Morph::CYLINDER, Morph::BALL] {
        let g = at(morph);
        for i in 0..=10 {
            let c = s.cell_colatitude(7.0 + i as f64 / 10.0);
            assert!(dist(g.space(0.0, c), g.space(8.0, c)) < 1e-9, "{morph:?}: the seam is open");
        }
    }
}

#[test]
fn wrap_encodes_in_every_format_with_its_frames() {
    let a = animation(
        START,
        "[[panels]]\nview = \"board\"\ntint = true\nedges = true\n[animation]\nkind = \"wrap\"\nframes = 9\nfps = 12\n",
    );
    let out =
        a.encode_all(&[Format::Gif, Format::Apng, Format::AnimatedSvg], &dotchess::output::Caches::new()).unwrap();
    let (w, h, frames, _) = decode_gif(&out[0]);
    assert_eq!(frames.len(), 9);
    assert_eq!((w as f64, h as f64), (a.frames[0].width, a.frames[0].height));
    assert!(frames.iter().all(|(d, _)| *d == 8));
    let dec = png::Decoder::new(std::io::Cursor::new(&out[1])).read_info().expect("a PNG");
    assert_eq!(dec.info().animation_control.expect("animated").num_frames, 9);
    let svg = String::from_utf8(out[2].clone()).unwrap();
    roxmltree::Document::parse(&svg).expect("well-formed SVG");
    // The colour mode's edges are drawn on the surface, and the surface is one addressable group.
    assert!(a.frames[4].find("edge north").len() + a.frames[4].find("edge south").len() > 0);
    assert_eq!(svg.matches("class=\"surface\"").count(), 9);
}

/// A frame drawn the long way: its SVG text parsed and rendered by resvg.
fn resvg_frame(s: &Scene) -> Vec<u8> {
    let tree = resvg::usvg::Tree::from_str(&dotchess::output::to_svg(s), &resvg::usvg::Options::default())
        .expect("the frame's SVG");
    let mut pixmap = tiny_skia::Pixmap::new(s.width.ceil() as u32, s.height.ceil() as u32).expect("a pixmap");
    let bg = s.background;
    pixmap.fill(tiny_skia::Color::from_rgba8(bg.0, bg.1, bg.2, 255));
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap.take()
}

#[test]
fn frames_painted_from_the_scene_match_what_resvg_draws_from_their_svg() {
    for (fen, overlay) in [
        (START, "[animation]\nkind = \"gear\"\nframes = 6\n"),
        (START, "[[panels]]\nview = \"board\"\ntint = true\nedges = true\n[animation]\nkind = \"wrap\"\nframes = 5\n"),
    ] {
        let a = animation(fen, overlay);
        let images = a.rasterise().unwrap();
        assert_eq!(images.len(), a.frames.len());
        for (k, (img, s)) in images.iter().zip(&a.frames).enumerate() {
            let e = mean_error(&img.rgba, &resvg_frame(s));
            assert!(e < 0.5, "{overlay}: frame {k} differs from resvg's by {e} per channel");
        }
    }
}

#[test]
fn gear_rank_numbers_turn_with_the_discs() {
    // Each rank number keeps its place on its ring as the discs turn: its distance from the
    // piece on that ring's a-square is the same in every frame.
    let a = animation(START, "[animation]\nkind = \"gear\"\nframes = 16\n");
    let text_at = |s: &Scene, t: &str| -> Pt {
        let e = s.find("coordinate rank").into_iter().find(|e| e.data.iter().any(|(k, v)| *k == "text" && v == t));
        match e.expect("a rank number").shape {
            Shape::Text { at, .. } => at,
            _ => panic!("a rank number is text"),
        }
    };
    for (rank, cell) in [("1", "a1"), ("2", "a2"), ("7", "a7"), ("8", "a8")] {
        let d: Vec<f64> = a
            .frames
            .iter()
            .map(|s| {
                let piece = piece_places(s).into_iter().find(|p| p.0 == cell).expect("the piece").1;
                text_at(s, rank).dist(piece)
            })
            .collect();
        for (k, x) in d.iter().enumerate() {
            assert!((x - d[0]).abs() < 1e-6, "rank {rank}, frame {k}: {x} from {cell}, {} in frame 0", d[0]);
        }
    }
}

#[test]
fn an_animation_beyond_the_memory_budget_is_refused_at_its_key() {
    // 300 frames of the hemispheres 1600 wide: 1600 × 2976 pixels each, far beyond the budget.
    let base = read_position("test.fen", "8/8/8/8/8/8/8/8", VariantId::Dot).unwrap();
    let text = "[[panels]]\nview = \"hemispheres\"\nwidth = 1600\n\n[animation]\nkind = \"gear\"\nframes = 300\n";
    // Read and checked (a flag may still override `frames`), then refused when built, before
    // anything is painted, at the key that asked for the frames.
    let built = |name: &str, text: &str| {
        let draft = dotchess::input::read_draft(name, text, &base, &dotchess::input::no_files).unwrap();
        let checked = dotchess::input::check_figure(&draft, &Default::default()).unwrap();
        dotchess::output::build_animation(&checked.figure, true)
            .map(|a| a.frames.len())
            .map_err(|e| dotchess::input::animation_error(&checked, &e))
    };
    let Err(e) = built("big.toml", text) else { panic!("300 frames at 1600 wide should be refused") };
    let big = dotchess::input::Place::File { name: "big.toml".into(), line: 7, column: 10 };
    assert_eq!(e.place, big, "{e:?}");
    assert!(e.message.contains("300 frames") && e.message.contains("MiB"), "{}", e.message);
    // The frames are drawn in parallel, and which of them are done when the total goes over
    // depends on the threads: the message must not (a server and the CLI say the same words).
    let spin = "[[panels]]\nview = \"hemispheres\"\nwidth = 4000\n\n[animation]\nkind = \"spin\"\nframes = 600\n";
    let once = built("spin.toml", spin).unwrap_err().message;
    for threads in [1, 2, 8] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let again = pool.install(|| (built("big.toml", text), built("spin.toml", spin)));
        assert_eq!(again.0.unwrap_err().message, e.message, "{threads} threads");
        assert_eq!(again.1.unwrap_err().message, once, "{threads} threads");
    }
    // The same at 12 frames fits.
    assert_eq!(built("ok.toml", &text.replace("300", "12")), Ok(12));
    // From the command line: status 2, the flags named, nothing written.
    let dir = common::Scratch::new("budget");
    let fen = dir.join("empty.fen");
    std::fs::write(&fen, "8/8/8/8/8/8/8/8 w - - 0 1\n").unwrap();
    let fen = fen.to_str().unwrap();
    let animate = |extra: &[&str], out: &std::path::Path| {
        let mut args = vec!["animate", fen, "--frames", "500", "--width", "2500", "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        common::dotchess(&args)
    };
    let out = dir.join("big.gif");
    let o = animate(&[], &out);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--frames: 500 frames") && err.contains("--width"), "{err}");
    assert!(!out.exists());
    // A still of one of those frames paints one picture, not 500: it is made.
    let still = dir.join("still.png");
    let o = animate(&["--frame", "7"], &still);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(still.exists());
}

/// Every file letter of a scene: (file, where).
fn file_letters(s: &Scene) -> Vec<(String, Pt)> {
    s.find("coordinate file")
        .into_iter()
        .filter_map(|e| {
            let t = e.data.iter().find(|(k, _)| *k == "text").map(|(_, v)| v.clone())?;
            match e.shape {
                Shape::Text { at, .. } => Some((t, at)),
                _ => None,
            }
        })
        .collect()
}

#[test]
fn gear_file_letters_glide_through_the_touching_point_without_jumps() {
    // The essay's gear: 48 frames, one file every 6 frames. A letter goes round its rim by one
    // 48th of a turn a frame (a rim step), turning its course by a 48th of a turn each frame.
    // Where the two discs' letters of a file meet and part at the touching point the course may
    // bend more, but no letter may jump: for every letter, with the nearest letter of its file
    // in the frames before and after, its motion changes by at most 0.6 rim steps a frame.
    let a = animation("8/8/8/8/8/8/8/8", "[animation]\nkind = \"gear\"\nframes = 48\n");
    let (n, s) = centres(&a.frames[0]);
    let letters: Vec<Vec<(String, Pt)>> = a.frames.iter().map(file_letters).collect();
    let rim = letters[0].iter().map(|(_, p)| p.dist(n).min(p.dist(s))).fold(f64::MAX, f64::min);
    let step = rim * std::f64::consts::TAU / 48.0;
    let nearest = |frame: &[(String, Pt)], t: &str, p: Pt| {
        frame.iter().filter(|(u, _)| u == t).map(|(_, q)| *q).min_by(|a, b| a.dist(p).total_cmp(&b.dist(p)))
    };
    let (mut merged, mut worst) = (0, 0.0f64);
    for k in 0..48 {
        let (before, this, after) = (&letters[(k + 47) % 48], &letters[k], &letters[(k + 1) % 48]);
        merged += (this.len() < 16) as usize;
        for (t, p) in this {
            let (b, a) = (nearest(before, t, *p).expect("the file before"), nearest(after, t, *p).expect("after"));
            let bend = Pt::new(a.x - 2.0 * p.x + b.x, a.y - 2.0 * p.y + b.y).dist(Pt::new(0.0, 0.0));
            worst = worst.max(bend / step);
            assert!(
                bend <= 0.6 * step,
                "frame {k}: letter {t} at {p:?} comes from {b:?} and goes to {a:?}: its motion changes by {bend:.1} (a rim step is {step:.1})"
            );
        }
    }
    eprintln!("the letters' motion changes by at most {worst:.2} rim steps a frame");
    // The two discs' letters of a file do meet: some frames write a file once.
    assert!(merged > 0, "no frame merges a file's two letters");
}

#[test]
fn gif_gear_frames_show_every_pixel_near_its_painted_colour() {
    // The gear turns every cell edge through each frame, its frames are coded by several workers
    // from several starting frames, and its long rows of one colour take the LZW run codes: every
    // pixel a viewer sees must still be close to the colour the frame painted there.
    let a = animation("8/8/8/8/8/8/8/8", "[animation]\nkind = \"gear\"\nframes = 24\n");
    let images: Vec<Image> = a.rasterise().unwrap();
    let (_, _, frames, _) = decode_gif(&a.encode(Format::Gif).unwrap());
    assert_eq!(frames.len(), 24);
    for (k, ((_, rgba), img)) in frames.iter().zip(&images).enumerate() {
        let worst = rgba.iter().zip(&img.rgba).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
        assert!(worst <= 40, "frame {k}: a channel {worst} off");
    }
}
