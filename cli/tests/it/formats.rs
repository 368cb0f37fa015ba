//! The one table of output formats against what the writers do. Each format's text
//! form reads back; every extension chooses its format, whose bytes (read from their own
//! signature, not from the table) are of its media type and motion, on the command line, in a
//! batch and on the server; the pixel limits hold for exactly the raster formats (an animated
//! SVG has none).

use crate::common::{self, run_in, stderr};
use dotchess::output::{Format, Motion};

/// What bytes are, read from their signature: the media type (without parameters) and whether
/// they hold one picture or several frames.
fn sniff(bytes: &[u8]) -> (&'static str, Motion) {
    let motion = |animated: bool| if animated { Motion::Animated } else { Motion::Still };
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let dec = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a PNG");
        return match dec.info().animation_control {
            Some(_) => ("image/apng", Motion::Animated),
            None => ("image/png", Motion::Still),
        };
    }
    if bytes.starts_with(b"GIF89a") || bytes.starts_with(b"GIF87a") {
        let mut dec = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
        let mut frames = 0;
        while dec.read_next_frame().expect("a frame").is_some() {
            frames += 1;
        }
        return ("image/gif", motion(frames > 1));
    }
    if bytes.starts_with(b"%PDF-") {
        return ("application/pdf", Motion::Still);
    }
    let text = std::str::from_utf8(bytes).expect("a text format");
    if text.to_ascii_lowercase().starts_with("<!doctype html>") {
        return ("text/html", Motion::Still);
    }
    let doc = roxmltree::Document::parse(text).expect("SVG is XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg", "an SVG document");
    ("image/svg+xml", motion(doc.descendants().any(|n| n.has_tag_name("animate"))))
}

/// Asserts that bytes are of a format: its media type and its motion.
fn is_of(bytes: &[u8], f: Format, what: &str) {
    let essence = f.mime().split(';').next().unwrap();
    assert_eq!(sniff(bytes), (essence, f.motion()), "{what}: the bytes of {f}");
}

#[test]
fn every_format_reads_back_from_its_text_form_and_its_name() {
    for f in Format::ALL {
        assert_eq!(f.to_string().parse::<Format>(), Ok(f));
        assert_eq!(f.to_string().to_uppercase().parse::<Format>(), Ok(f), "any case");
        // The short name says which format once still or animated is known.
        assert_eq!(Format::named(f.name(), f.motion()), Some(f));
        assert_eq!(f.is_animation(), f.motion() == Motion::Animated);
    }
    let mut ids: Vec<String> = Format::ALL.iter().map(Format::to_string).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), Format::ALL.len(), "text forms are distinct");
    // Two formats are `svg`: the still and the animation.
    assert_eq!(Format::named("svg", Motion::Still), Some(Format::Svg));
    assert_eq!(Format::named("svg", Motion::Animated), Some(Format::AnimatedSvg));
    assert!("animated svg".parse::<Format>().is_err() && "".parse::<Format>().is_err());
}

#[test]
fn every_extension_chooses_its_format_in_any_case() {
    for f in Format::ALL {
        assert_eq!(f.extensions()[0], f.extension());
        for e in f.extensions() {
            assert_eq!(Format::of_extension(e, f.motion()), Some(f), ".{e}");
            assert_eq!(Format::of_extension(&e.to_uppercase(), f.motion()), Some(f), ".{e} in capitals");
        }
        // A still format written with an animated one's extension has that one as its animation.
        if let Some(a) = f.animated() {
            assert!(a.is_animation() && a.extensions().contains(&f.extension()), "{f} → {a}");
        }
    }
    assert_eq!(Format::of_extension("apng", Motion::Still), None, "a still figure is no APNG");
    assert_eq!(Format::of_extension("gif", Motion::Still), None);
    assert_eq!(Format::of_extension("pdf", Motion::Animated), None);
}

/// A small animated figure's overlay: two frames of the gears, 200 units wide.
const GEARS: &str = "[[panels]]\nview = \"hemispheres\"\nwidth = 200\n[animation]\nkind = \"gear\"\nframes = 2\n";

#[test]
fn the_command_line_writes_each_extension_in_its_format() {
    let d = common::Scratch::new("formats-cli");
    std::fs::write(d.join("r.fen"), "8/8/8/8/3R4/8/8/8 w - - 0 1\n").unwrap();
    std::fs::write(d.join("g.toml"), GEARS).unwrap();
    for f in Format::ALL {
        for e in f.extensions() {
            let name = format!("{f}.{e}");
            let o = match f.motion() {
                Motion::Still => run_in(&d, &["render", "r.fen", "--width", "200", "-o", &name]),
                Motion::Animated => run_in(&d, &["animate", "r.fen", "g.toml", "-o", &name]),
            };
            assert!(o.status.success(), "{name}: {}", stderr(&o));
            is_of(&std::fs::read(d.join(&name)).unwrap(), f, &name);
        }
    }
    // `-o -` of `animate` is a GIF.
    let o = run_in(&d, &["animate", "r.fen", "g.toml", "-o", "-"]);
    is_of(&o.stdout, Format::Gif, "animate -o -");
}

#[test]
fn format_takes_the_still_formats_names_only() {
    let d = common::Scratch::new("formats-flag");
    std::fs::write(d.join("r.fen"), "8/8/8/8/3R4/8/8/8 w - - 0 1\n").unwrap();
    for f in Format::ALL {
        for name in [f.name().to_string(), f.name().to_uppercase(), f.to_string()] {
            let o = run_in(&d, &["render", "r.fen", "--width", "200", "--format", &name, "-o", "-"]);
            match f.motion() {
                Motion::Still => is_of(&o.stdout, f, &format!("--format {name}")),
                // `svg` is the still SVG; the animations' names are refused with the still ones'.
                Motion::Animated if name.eq_ignore_ascii_case("svg") => is_of(&o.stdout, Format::Svg, "--format svg"),
                Motion::Animated => {
                    assert_eq!(o.status.code(), Some(2), "--format {name}");
                    let e = stderr(&o);
                    let says = format!("`{name}` is not a format ({})", Format::names(Motion::Still));
                    assert!(e.contains(&says), "--format {name}: {e}");
                }
            }
        }
    }
    // The help lists the names the flag takes.
    let help = common::stdout(&run_in(&d, &["render", "--help"]));
    assert!(help.contains(&Format::names(Motion::Still)), "{help}");
}

#[test]
fn a_batch_writes_an_animated_figure_in_the_animated_format_of_each_extension() {
    let d = common::Scratch::new("formats-batch");
    std::fs::write(d.join("r.fen"), "8/8/8/8/3R4/8/8/8 w - - 0 1\n").unwrap();
    std::fs::write(d.join("g.toml"), GEARS).unwrap();
    let stills: Vec<String> = Format::ALL.iter().filter(|f| !f.is_animation()).map(|f| format!("\"{f}\"")).collect();
    let manifest = format!(
        "formats = [{}]\n[[figure]]\nname = \"still\"\nposition = \"r.fen\"\n\
         [[figure]]\nname = \"moving\"\nposition = \"r.fen\"\noverlay = \"g.toml\"\n",
        stills.join(", ")
    );
    std::fs::write(d.join("m.toml"), manifest).unwrap();
    let o = run_in(&d, &["batch", "m.toml", "-o", "out"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for f in Format::ALL.into_iter().filter(|f| !f.is_animation()) {
        is_of(&std::fs::read(d.join(format!("out/still.{}", f.extension()))).unwrap(), f, "a still figure");
        let moving = d.join(format!("out/moving.{}", f.extension()));
        match (f, f.animated()) {
            // No interactive page of an animation.
            (Format::Html, _) => assert!(!moving.exists()),
            (_, Some(a)) => is_of(&std::fs::read(&moving).unwrap(), a, "an animated figure"),
            // A PDF of an animation is its first frame.
            (_, None) => is_of(&std::fs::read(&moving).unwrap(), f, "an animated figure's still"),
        }
    }
    is_of(&std::fs::read(d.join("out/moving.gif")).unwrap(), Format::Gif, "an animation's GIF");
}

/// A figure of 8000 × 14880 units: past the pixel limits, not past the memory budget.
fn tall(frames: u32) -> dotchess::draw::FigureSpec {
    use dotchess::input::PositionSpec;
    let base = PositionSpec { position: dotchess::Position::start(dotchess::VariantId::Dot), title: None };
    let overlay =
        format!("[[panels]]\nview = \"hemispheres\"\nwidth = 8000\n[animation]\nkind = \"gear\"\nframes = {frames}\n");
    dotchess::input::read_overlay("o.toml", &overlay, &base, &dotchess::input::no_files).expect("overlay")
}

#[test]
fn pixel_limits_hold_for_exactly_the_raster_formats() {
    let figure = tall(2);
    let scene = dotchess::output::render_checked(&dotchess::draw::FigureSpec { animation: None, ..figure.clone() })
        .expect("a still figure of that size draws");
    assert!(scene.width.ceil() * scene.height.ceil() > dotchess::output::MAX_PIXELS as f64);
    for f in Format::ALL {
        let refused = match f.motion() {
            Motion::Still => dotchess::output::check_size(&scene, &[f]).is_err(),
            // Built with its pixels counted when it has any, then encoded, as the writers do.
            Motion::Animated => {
                dotchess::output::build_animation(&figure, f.is_raster()).and_then(|a| a.encode(f)).is_err()
            }
        };
        assert_eq!(refused, f.is_raster(), "{f}");
    }
}

#[tokio::test]
async fn every_route_answers_in_its_formats_media_type() {
    use crate::http::{app, enc, get, send};
    let app = app();
    for f in Format::ALL {
        // `/figure.NAME` for a still format, `/animation.NAME` for an animated one (README).
        let path = format!("/{}.{}", if f.is_animation() { "animation" } else { "figure" }, f.name());
        let query = match f.motion() {
            Motion::Still => "width=200".to_string(),
            Motion::Animated => format!("overlay={}", enc(GEARS)),
        };
        let a = send(&app, get(&format!("{path}?{query}"))).await;
        assert_eq!(a.status, axum::http::StatusCode::OK, "{path}: {}", a.text());
        assert_eq!(a.header("content-type"), f.mime(), "{path}");
        is_of(&a.body, f, &path);
    }
    // Only the names of a route's own motion.
    for path in ["/figure.gif", "/figure.apng", "/animation.png", "/animation.pdf", "/figure.SVG"] {
        let a = send(&app, get(&format!("{path}?width=200"))).await;
        assert_eq!(a.status, axum::http::StatusCode::NOT_FOUND, "{path}");
    }
}
