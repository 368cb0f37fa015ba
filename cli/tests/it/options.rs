//! Inputs that agree: one options model for flags, files and URLs. Each test here is one of the
//! faults fuzzing found, or one of the things a newcomer ran into, and failed on the code before
//! the options model.

mod table_properties;

use crate::common::{self, run_in, stderr, stdout};

use std::path::Path;
use std::process::Output;

fn both(o: &Output) -> String {
    format!("status {:?}\nstdout: {}\nstderr: {}", o.status.code(), stdout(o), stderr(o))
}

/// A file of the essay's examples, by absolute path.
fn example(name: &str) -> String {
    Path::new(crate::common::ROOT).join("examples/essay").join(name).display().to_string()
}

/// A scratch folder with the given files.
fn files(name: &str, list: &[(&str, &str)]) -> common::Scratch {
    let d = common::Scratch::new(&format!("options-{name}"));
    for (n, t) in list {
        let path = d.join(n);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, t).unwrap();
    }
    d
}

/// The status is 2 (bad input) and the message names `what` (a flag, or `file:line:`).
#[track_caller]
fn refused_naming(o: &Output, what: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{}", both(o));
    let e = stderr(o);
    for w in what {
        assert!(e.contains(w), "the message does not name `{w}`: {e}");
    }
}

#[track_caller]
fn succeeded(o: &Output) {
    assert_eq!(o.status.code(), Some(0), "{}", both(o));
}

/// An attribute of the root element of an SVG document.
fn root_attr(svg: &str, name: &str) -> Option<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.root_element().attribute(name).map(str::to_string)
}

/// An animated SVG's frame count, frame delay (hundredths of a second) and repeat count.
fn animated_svg(path: &Path) -> (u32, u32, String) {
    let svg = std::fs::read_to_string(path).expect("the animated SVG was written");
    let frames = root_attr(&svg, "data-frames").expect("data-frames").parse().unwrap();
    let delay = root_attr(&svg, "data-delay-cs").expect("data-delay-cs").parse().unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let repeat = doc
        .descendants()
        .find(|n| n.has_tag_name("animate"))
        .and_then(|n| n.attribute("repeatCount"))
        .unwrap_or("")
        .to_string();
    (frames, delay, repeat)
}

/// The number of frames of a GIF file, decoding every one.
fn gif_frames(path: &Path) -> usize {
    let file = std::fs::File::open(path).expect("the GIF was written");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(file).expect("a GIF");
    let mut n = 0;
    while decoder.read_next_frame().expect("a decodable frame").is_some() {
        n += 1;
    }
    n
}

const GEAR_600: &str = "[animation]\nkind = \"gear\"\nframes = 600\n";

// ---------------------------------------------------------------------------------------------
// Faults fuzzing found.

/// The documented defaults must fit: the chart animation with every default is written (154
/// frames, `docs/inputs.md`: 168 did not fit once counted exactly). And the budget is checked exactly before anything is encoded: a frame
/// count the first frame's estimate lets through but the frames do not fit is refused with status
/// 2 naming the flag, never status 1 after all the work.
#[test]
fn the_default_chart_animation_is_written_and_the_budget_is_exact_up_front() {
    let d = files("the-default-chart-animation-is-written-and-the-budget-is-exact-up-front", &[]);
    let o = run_in(&d, &["animate", &example("empty.fen"), "--kind", "chart", "-o", "a.gif"]);
    succeeded(&o);
    // The default documented in docs/inputs.md and `--help`.
    assert_eq!(gif_frames(&d.join("a.gif")), 154, "the chart's default frame count");
    // Near the limit: written whole, or refused up front naming --frames; never built and then
    // refused by the encoder.
    let o = run_in(&d, &["animate", &example("empty.fen"), "--kind", "chart", "--frames", "190", "-o", "b.gif"]);
    match o.status.code() {
        Some(0) => assert_eq!(gif_frames(&d.join("b.gif")), 190),
        _ => refused_naming(&o, &["--frames"]),
    }
}

/// `--frames 3` on the chart animation gave 7 frames, in every format and in batch: the chart
/// has seven steps, so fewer frames are refused, naming where the count came from.
#[test]
fn chart_frames_are_honoured_or_refused() {
    let d = files(
        "chart-frames-are-honoured-or-refused",
        &[
            ("c.toml", "[animation]\nkind = \"chart\"\nframes = 3\n"),
            ("m.toml", "formats = [\"svg\"]\n[[figure]]\nname = \"c\"\nposition = \"e.fen\"\noverlay = \"c.toml\"\n"),
            ("e.fen", "8/8/8/8/8/8/8/8\n"),
        ],
    );
    let o = run_in(&d, &["animate", "e.fen", "--kind", "chart", "--frames", "3", "-o", "a.svg"]);
    refused_naming(&o, &["--frames", "7"]);
    assert!(!d.join("a.svg").exists());
    let o = run_in(&d, &["animate", "e.fen", "c.toml", "-o", "b.svg"]);
    refused_naming(&o, &["c.toml:3:"]);
    // A batch goes on past the figure and reports it, located.
    let o = run_in(&d, &["batch", "m.toml", "-o", "out"]);
    assert_eq!(o.status.code(), Some(1), "{}", both(&o));
    assert!(stderr(&o).contains("c.toml:3:"), "{}", both(&o));
    assert!(!d.join("out/c.svg").exists());
    // Seven frames, one a step, are honoured.
    let o = run_in(&d, &["animate", "e.fen", "--kind", "chart", "--frames", "7", "-o", "c.svg"]);
    succeeded(&o);
    assert_eq!(animated_svg(&d.join("c.svg")).0, 7);
}

/// An animated SVG has no pixels: the raster limits do not apply to it. A still SVG at that
/// width is written, so is an animated one; a GIF at that width is refused naming `--width`.
#[test]
fn an_animated_svg_is_not_held_to_pixel_limits() {
    let d = files("an-animated-svg-is-not-held-to-pixel-limits", &[]);
    let still = run_in(&d, &["render", &example("empty.fen"), "--width", "8000", "-o", "still.svg"]);
    succeeded(&still);
    let o = run_in(&d, &["animate", &example("empty.fen"), "--width", "8000", "--frames", "2", "-o", "a.svg"]);
    succeeded(&o);
    let svg = std::fs::read_to_string(d.join("a.svg")).unwrap();
    assert_eq!(root_attr(&svg, "width").as_deref(), Some("8000"));
    assert_eq!(root_attr(&svg, "data-frames").as_deref(), Some("2"));
    let o = run_in(&d, &["animate", &example("empty.fen"), "--width", "8000", "--frames", "2", "-o", "a.gif"]);
    refused_naming(&o, &["--width"]);
}

/// An animation's error is reported at the key at fault: `kind` for a walk without a loop or a
/// chart on a board it cannot draw, `width` for frames too large, not always at `frames`.
#[test]
fn animation_errors_point_at_the_key_at_fault() {
    let d = files(
        "animation-errors-point-at-the-key-at-fault",
        &[
            ("e.fen", "8/8/8/8/8/8/8/8\n"),
            ("walk.toml", "[animation]\nkind = \"walk\"\nframes = 10\n"),
            (
                "wide.toml",
                "[[panels]]\nview = \"hemispheres\"\nwidth = 8000\n\n[animation]\nkind = \"gear\"\nframes = 48\n",
            ),
            ("chart.toml", "[animation]\nkind = \"chart\"\nframes = 10\n"),
            ("x.fen", "# variant: xiangqi\n1/9/9/9/9/9/9/9/9/9/9/1\n"),
        ],
    );
    let o = run_in(&d, &["animate", "e.fen", "walk.toml", "-o", "a.svg"]);
    refused_naming(&o, &["walk.toml:2:"]);
    let o = run_in(&d, &["animate", "e.fen", "wide.toml", "-o", "a.gif"]);
    refused_naming(&o, &["wide.toml:3:"]);
    let o = run_in(&d, &["animate", "x.fen", "chart.toml", "-o", "a.svg"]);
    refused_naming(&o, &["chart.toml:2:"]);
}

/// Flags override the file, then everything is checked once: `frames = 600` in an overlay that
/// `--frames 2` replaces is not budget-checked, and `render` (a still) does not check an
/// animation's budget at all.
#[test]
fn flags_override_the_file_before_the_budget_is_checked() {
    let d = files(
        "flags-override-the-file-before-the-budget-is-checked",
        &[("e.fen", "8/8/8/8/8/8/8/8\n"), ("g.toml", GEAR_600)],
    );
    let o = run_in(&d, &["animate", "e.fen", "g.toml", "--frames", "2", "-o", "a.gif"]);
    succeeded(&o);
    assert_eq!(gif_frames(&d.join("a.gif")), 2);
    let o = run_in(&d, &["render", "e.fen", "g.toml", "-o", "still.svg"]);
    succeeded(&o);
    // Without the flag, the file's 600 frames are refused at the file's key.
    let o = run_in(&d, &["animate", "e.fen", "g.toml", "-o", "a.gif"]);
    refused_naming(&o, &["g.toml:3:"]);
}

/// `--kind` replaces only the kind: the overlay's `fps` and `loop` stay (as `--help` says).
#[test]
fn kind_keeps_the_files_timing() {
    let d = files(
        "kind-keeps-the-files-timing",
        &[("e.fen", "8/8/8/8/8/8/8/8\n"), ("g.toml", "[animation]\nkind = \"gear\"\nfps = 10\nloop = false\n")],
    );
    let o = run_in(&d, &["animate", "e.fen", "g.toml", "--kind", "spin", "--frames", "2", "-o", "a.svg"]);
    succeeded(&o);
    let (frames, delay, repeat) = animated_svg(&d.join("a.svg"));
    assert_eq!(frames, 2);
    assert_eq!(delay, 10, "fps = 10 is 10 hundredths a frame");
    assert_eq!(repeat, "1", "loop = false plays once");
}

/// `seconds` is a length: with `--fps 24` over an overlay's `seconds = 1, fps = 12` the
/// animation lasts one second (to within half a frame), not 13 frames at the new rate.
#[test]
fn seconds_are_kept_when_the_rate_changes() {
    let d = files(
        "seconds-are-kept-when-the-rate-changes",
        &[("e.fen", "8/8/8/8/8/8/8/8\n"), ("g.toml", "[animation]\nkind = \"gear\"\nseconds = 1\nfps = 12\n")],
    );
    let o = run_in(&d, &["animate", "e.fen", "g.toml", "--fps", "24", "-o", "a.svg"]);
    succeeded(&o);
    let (frames, delay, _) = animated_svg(&d.join("a.svg"));
    assert_eq!(delay, 4, "24 frames a second: 4 hundredths each");
    let length = frames * delay;
    assert!(length.abs_diff(100) * 2 <= delay, "{frames} frames of {delay} cs last {length} cs, not 100");
}

/// `#+1+1+1` is not a colour (Rust's `from_str_radix` takes a sign): refused in flags, overlays
/// and themes alike.
#[test]
fn a_sign_is_not_a_hex_digit() {
    let essay = include_str!("../../../templates/themes/essay.toml");
    let theme = essay.replace("light = \"#f0d9b5\"", "light = \"#+1+1+1\"");
    assert_ne!(theme, essay);
    let d = files(
        "a-sign-is-not-a-hex-digit",
        &[("e.fen", "8/8/8/8/8/8/8/8\n"), ("h.toml", "highlights = [\"e4:#+1+1+1\"]\n"), ("t.toml", &theme)],
    );
    let o = run_in(&d, &["render", "e.fen", "--highlight", "e4:#+1+1+1", "-o", "a.svg"]);
    refused_naming(&o, &["--highlight", "#+1+1+1"]);
    let o = run_in(&d, &["render", "e.fen", "--background", "#+1+1+1", "-o", "a.svg"]);
    refused_naming(&o, &["--background"]);
    let o = run_in(&d, &["render", "e.fen", "h.toml", "-o", "a.svg"]);
    refused_naming(&o, &["h.toml:1:"]);
    let o = run_in(&d, &["render", "e.fen", "--theme", "t.toml", "-o", "a.svg"]);
    refused_naming(&o, &["t.toml:"]);
    // `#-1-1-1` and `#+f+f+f` neither; `#0f0` and `#00ff00` still are colours.
    for bad in ["#+f+f+f", "#-1-1-1", "#+1+"] {
        let o = run_in(&d, &["render", "e.fen", "--highlight", &format!("e4:{bad}"), "-o", "a.svg"]);
        refused_naming(&o, &["--highlight"]);
    }
    for good in ["#0f0", "#00FF00"] {
        succeeded(&run_in(&d, &["render", "e.fen", "--highlight", &format!("e4:{good}"), "-o", "a.svg"]));
    }
}

/// An output named twice is an error in `animate`, as in `render`: standard output twice, or
/// one file twice.
#[test]
fn an_output_named_twice_is_refused() {
    let d = files("an-output-named-twice-is-refused", &[]);
    let o = run_in(&d, &["animate", &example("empty.fen"), "--frames", "2", "-o", "-", "-o", "-"]);
    refused_naming(&o, &["standard output"]);
    assert!(o.stdout.is_empty(), "nothing is written when the outputs are refused");
    let o = run_in(&d, &["animate", &example("empty.fen"), "--frames", "2", "-o", "a.gif", "-o", "a.gif"]);
    refused_naming(&o, &["a.gif"]);
    assert!(!d.join("a.gif").exists());
    // render agrees.
    let o = run_in(&d, &["render", &example("empty.fen"), "-o", "a.svg", "-o", "a.svg"]);
    refused_naming(&o, &["a.svg"]);
}

/// `--plays` has the file's limits (`loop`: 1 to 10000 plays, or forever).
#[test]
fn plays_has_the_files_limits() {
    let d = files(
        "plays-has-the-files-limits",
        &[("e.fen", "8/8/8/8/8/8/8/8\n"), ("l.toml", "[animation]\nkind = \"gear\"\nloop = 100000\n")],
    );
    let o = run_in(&d, &["animate", "e.fen", "--plays", "100000", "--frames", "2", "-o", "a.gif"]);
    refused_naming(&o, &["--plays", "10000"]);
    assert!(!d.join("a.gif").exists());
    let o = run_in(&d, &["animate", "e.fen", "l.toml", "--frames", "2", "-o", "a.gif"]);
    refused_naming(&o, &["l.toml:3:"]);
    let o = run_in(&d, &["animate", "e.fen", "--plays", "10000", "--frames", "2", "-o", "b.svg"]);
    succeeded(&o);
    assert_eq!(animated_svg(&d.join("b.svg")).2, "10000");
}

/// Every message names its source: the flag, or the file's line and column.
#[test]
fn every_message_names_its_source() {
    let d = files(
        "every-message-names-its-source",
        &[
            ("flat.fen", "# variant: flat\n8/8/8/8/8/8/8/R7\n"),
            ("loop.toml", "loops = [\"a1:e\"]\n"),
            ("walk.toml", "loops = [\"a1:e\"]\n[animation]\nkind = \"walk\"\n"),
        ],
    );
    let rook = example("rook-d5.fen");
    // The cell has no piece: the message names --square.
    let o = run_in(&d, &["check", &rook, "--square", "d4", "--expect", "d5"]);
    refused_naming(&o, &["--square"]);
    // A cell the board lacks: the message names --expect.
    let o = run_in(&d, &["check", &rook, "--square", "d5", "--expect", "d4,z9"]);
    refused_naming(&o, &["--expect", "z9"]);
    // The chart animation on a board of nine files: --kind is at fault, not --frames.
    let o = run_in(&d, &["animate", &example("xiangqi-start.fen"), "--kind", "chart", "--frames", "7", "-o", "a.svg"]);
    refused_naming(&o, &["--kind"]);
    assert!(!stderr(&o).contains("--frames"), "{}", stderr(&o));
    // A walk without a loop names --kind (and says how to give one).
    let o = run_in(&d, &["animate", &rook, "--kind", "walk", "-o", "a.svg"]);
    refused_naming(&o, &["--kind", "--loop"]);
    // A loop that never closes (the flat board has no wrap) names the flag…
    let o = run_in(&d, &["animate", "flat.fen", "--kind", "walk", "--loop", "a1:e", "-o", "a.svg"]);
    refused_naming(&o, &["--loop"]);
    let o = run_in(&d, &["render", "flat.fen", "--view", "board", "--loop", "a1:e", "-o", "a.svg"]);
    refused_naming(&o, &["--loop"]);
    // …or the file's line, and render and animate agree about it.
    let o = run_in(&d, &["render", "flat.fen", "loop.toml", "-o", "a.svg"]);
    refused_naming(&o, &["loop.toml:1:"]);
    let o = run_in(&d, &["animate", "flat.fen", "walk.toml", "-o", "a.svg"]);
    refused_naming(&o, &["walk.toml:1:"]);
    assert!(!d.join("a.svg").exists());
}

/// `animate` has no `--format`: its advice does not name one.
#[test]
fn animate_advice_names_only_its_own_flags() {
    let d = files("animate-advice-names-only-its-own-flags", &[]);
    let o = run_in(&d, &["animate", &example("empty.fen"), "--frame", "0", "-o", "x.gif"]);
    assert_eq!(o.status.code(), Some(2), "{}", both(&o));
    assert!(!stderr(&o).contains("--format"), "{}", stderr(&o));
    assert!(stderr(&o).contains("x.gif"), "{}", stderr(&o));
    assert!(!d.join("x.gif").exists());
}

// ---------------------------------------------------------------------------------------------
// What a newcomer ran into.

/// `-o nodir/x.png`: the folder is made (as `essay -o` makes its folder), for `render` and
/// `animate`; nothing temporary is left.
#[test]
fn an_output_folder_is_made() {
    let d = files("folder", &[]);
    let o = run_in(&d, &["render", &example("empty.fen"), "-o", "nodir/x.png"]);
    succeeded(&o);
    assert!(std::fs::read(d.join("nodir/x.png")).unwrap().starts_with(b"\x89PNG"));
    let o = run_in(&d, &["animate", &example("empty.fen"), "--frames", "2", "-o", "deeper/still/a.gif"]);
    succeeded(&o);
    assert_eq!(gif_frames(&d.join("deeper/still/a.gif")), 2);
    for folder in ["nodir", "deeper/still"] {
        let names: Vec<_> = std::fs::read_dir(d.join(folder)).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "{folder}: {names:?}");
    }
    // A path through a file cannot be made: refused cleanly with the path as given.
    std::fs::write(d.join("plain"), "x").unwrap();
    let o = run_in(&d, &["render", &example("empty.fen"), "-o", "plain/x.png"]);
    assert_eq!(o.status.code(), Some(2), "{}", both(&o));
    assert!(stderr(&o).contains("plain/x.png"), "{}", stderr(&o));
    assert!(!stderr(&o).contains(".tmp"), "{}", stderr(&o));
}

/// The fill colours of the elements of a class (`class="… NAME …"`) in an SVG, in order.
fn fills_of(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class)))
        .filter_map(|n| n.attribute("fill").map(str::to_string))
        .collect()
}

fn has_class(svg: &str, classes: &str) -> Vec<String> {
    let want: Vec<&str> = classes.split(' ').collect();
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| want.iter().all(|w| c.split(' ').any(|x| x == *w))))
        .filter_map(|n| n.attribute("fill").map(str::to_string))
        .collect()
}

/// A theme that sets one key takes the rest from the essay theme, or from `base`.
#[test]
fn a_partial_theme_takes_the_rest_from_its_base() {
    let d = files(
        "n-theme",
        &[
            ("e.fen", "8/8/8/8/8/8/8/8\n"),
            ("one.toml", "light = \"#ffeeee\"\n"),
            ("print.toml", "base = \"print\"\nlight = \"#ffeeee\"\n"),
            ("none.toml", "background = \"none\"\n"),
        ],
    );
    let o = run_in(&d, &["render", "e.fen", "--view", "board", "--theme", "one.toml", "-o", "one.svg"]);
    succeeded(&o);
    let svg = std::fs::read_to_string(d.join("one.svg")).unwrap();
    let (light, dark) = (has_class(&svg, "cell light"), has_class(&svg, "cell dark"));
    assert!(!light.is_empty() && light.iter().all(|f| f == "#ffeeee"), "{light:?}");
    // The essay theme's dark squares (templates/themes/essay.toml).
    assert!(!dark.is_empty() && dark.iter().all(|f| f == "#b58863"), "{dark:?}");
    let o = run_in(&d, &["render", "e.fen", "--view", "board", "--theme", "print.toml", "-o", "print.svg"]);
    succeeded(&o);
    let svg = std::fs::read_to_string(d.join("print.svg")).unwrap();
    // The print theme's dark squares (templates/themes/print.toml).
    assert!(has_class(&svg, "cell dark").iter().all(|f| f == "#bdbdbd"), "{svg}");
    assert!(has_class(&svg, "cell light").iter().all(|f| f == "#ffeeee"));
    // `background = "none"` in a theme, as in an overlay: no background rectangle.
    let o = run_in(&d, &["render", "e.fen", "--theme", "none.toml", "-o", "none.svg"]);
    succeeded(&o);
    let o2 = run_in(&d, &["render", "e.fen", "--background", "none", "-o", "flag.svg"]);
    succeeded(&o2);
    assert_eq!(std::fs::read(d.join("none.svg")).unwrap(), std::fs::read(d.join("flag.svg")).unwrap());
    // An unknown base is refused at its line.
    std::fs::write(d.join("bad.toml"), "light = \"#ffeeee\"\nbase = \"pirnt\"\n").unwrap();
    let o = run_in(&d, &["render", "e.fen", "--theme", "bad.toml", "-o", "bad.svg"]);
    refused_naming(&o, &["bad.toml:2:"]);
}

/// Relative luminance of `#rrggbb` (WCAG).
fn luminance(hex: &str) -> f64 {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).expect("#rrggbb");
    let c = |s: u32| {
        let x = ((v >> s) & 0xff) as f64 / 255.0;
        if x <= 0.03928 { x / 12.92 } else { ((x + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * c(16) + 0.7152 * c(8) + 0.0722 * c(0)
}

/// A light `text` colour (for titles on a dark page) does not make the rank numbers on their
/// badges white on white: a badge has its own keys.
#[test]
fn badges_have_their_own_colours() {
    let essay = include_str!("../../../templates/themes/essay.toml");
    let light_text = essay.replace("\ntext = \"#222222\"", "\ntext = \"#ffffff\"");
    assert_ne!(light_text, essay);
    let d = files("badge", &[("e.fen", "8/8/8/8/8/8/8/8\n"), ("t.toml", &light_text)]);
    let o = run_in(&d, &["render", "e.fen", "--theme", "t.toml", "-o", "a.svg"]);
    succeeded(&o);
    let svg = std::fs::read_to_string(d.join("a.svg")).unwrap();
    let halos = fills_of(&svg, "coordinate-halo");
    let ranks = has_class(&svg, "coordinate rank");
    assert!(!halos.is_empty() && !ranks.is_empty());
    for (halo, rank) in halos.iter().zip(&ranks) {
        let (a, b) = (luminance(halo), luminance(rank));
        let ratio = (a.max(b) + 0.05) / (a.min(b) + 0.05);
        assert!(ratio >= 4.5, "rank number {rank} on its badge {halo}: contrast {ratio:.2}");
    }
    // The badge's colours are keys of their own.
    let own = "badge = \"#102030\"\nbadge_text = \"#fafafa\"\n";
    std::fs::write(d.join("own.toml"), own).unwrap();
    let o = run_in(&d, &["render", "e.fen", "--theme", "own.toml", "-o", "own.svg"]);
    succeeded(&o);
    let svg = std::fs::read_to_string(d.join("own.svg")).unwrap();
    assert!(fills_of(&svg, "coordinate-halo").iter().all(|f| f == "#102030"));
    assert!(has_class(&svg, "coordinate rank").iter().all(|f| f == "#fafafa"));
}

/// `--longitude g` takes a file letter (the file's middle, at `u·360/W` degrees, SPEC's
/// longitude) as `--rotation` does, in flags and files alike.
#[test]
fn longitude_takes_a_file_letter() {
    let d = files(
        "n-longitude",
        &[
            ("e.fen", "8/8/8/8/8/8/8/8\n"),
            ("g.toml", "[[panels]]\nview = \"globe\"\nlongitude = \"g\"\n"),
            ("n.toml", "[[panels]]\nview = \"globe\"\nlongitude = 292.5\n"),
        ],
    );
    // File g is the seventh of eight: its middle is at 6.5 files, 6.5 · 360 / 8 = 292.5°.
    succeeded(&run_in(&d, &["render", "e.fen", "--view", "globe", "--longitude", "g", "-o", "letter.svg"]));
    succeeded(&run_in(&d, &["render", "e.fen", "--view", "globe", "--longitude", "292.5", "-o", "number.svg"]));
    succeeded(&run_in(&d, &["render", "e.fen", "g.toml", "-o", "file-letter.svg"]));
    succeeded(&run_in(&d, &["render", "e.fen", "n.toml", "-o", "file-number.svg"]));
    let read = |n: &str| std::fs::read(d.join(n)).unwrap();
    assert_eq!(read("letter.svg"), read("number.svg"));
    assert_eq!(read("file-letter.svg"), read("file-number.svg"));
    // A letter the board lacks is refused naming the flag.
    let o = run_in(&d, &["render", "e.fen", "--view", "globe", "--longitude", "q", "-o", "q.svg"]);
    refused_naming(&o, &["--longitude"]);
}

/// A FEN of 1 to 6 fields is read, the missing ones taking their defaults (`w - - 0 1`), the
/// same way in flags and files; a seventh field is refused.
#[test]
fn fen_of_one_to_six_fields() {
    // Black to move in the start position (SPEC: FEN as in chess, poles aside).
    let full = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "b", "-", "-", "0", "1"];
    let d = files("fen", &[]);
    let whole = run_in(&d, &["moves", "--fen", &full.join(" ")]);
    succeeded(&whole);
    let white = run_in(&d, &["moves", "--fen", full[0]]);
    succeeded(&white);
    assert_ne!(stdout(&white), stdout(&whole), "the placement alone is White to move");
    for k in 2..=5 {
        let fen = full[..k].join(" ");
        let o = run_in(&d, &["moves", "--fen", &fen]);
        succeeded(&o);
        assert_eq!(stdout(&o), stdout(&whole), "`{fen}`");
        // The same in a position file.
        std::fs::write(d.join("p.fen"), format!("{fen}\n")).unwrap();
        std::fs::write(d.join("p.toml"), format!("fen = \"{fen}\"\n")).unwrap();
        succeeded(&run_in(&d, &["render", "p.fen", "-o", "p.svg"]));
        succeeded(&run_in(&d, &["render", "p.toml", "-o", "p.svg"]));
    }
    let seven = format!("{} 9", full.join(" "));
    let o = run_in(&d, &["moves", "--fen", &seven]);
    assert_eq!(o.status.code(), Some(2), "{}", both(&o));
    // Xiangqi reads the same way (live poles are part of the placement).
    let x = "k/rhea1aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEA1AEHR/K";
    let whole = run_in(&d, &["moves", "--variant", "xiangqi", "--fen", &format!("{x} b - - 0 1")]);
    succeeded(&whole);
    let short = run_in(&d, &["moves", "--variant", "xiangqi", "--fen", &format!("{x} b")]);
    succeeded(&short);
    assert_eq!(stdout(&short), stdout(&whole));
}

/// `batch` writes into `./out` of the working folder by default (as `essay` does), and the essay's
/// manifest names no folder of its own, so that nothing is written beside it, in the folder
/// `build.rs` watches. A manifest's own `output` is relative to it, as its files are.
#[test]
fn batch_writes_into_the_working_folder() {
    let d = files(
        "n-batch",
        &[
            ("set/e.fen", "8/8/8/8/8/8/8/8\n"),
            ("set/m.toml", "formats = [\"svg\"]\n[[figure]]\nname = \"e\"\nposition = \"e.fen\"\n"),
            ("set/o.toml", "output = \"figs\"\nformats = [\"svg\"]\n[[figure]]\nname = \"e\"\nposition = \"e.fen\"\n"),
        ],
    );
    succeeded(&run_in(&d, &["batch", "set/m.toml"]));
    assert!(d.join("out/e.svg").exists());
    assert!(!d.join("set/out").exists());
    succeeded(&run_in(&d, &["batch", "set/o.toml"]));
    assert!(d.join("set/figs/e.svg").exists());
    let essay = Path::new(crate::common::ROOT).join("examples/essay/manifest.toml");
    let manifest = dotchess::batch::read_manifest("manifest.toml", &std::fs::read_to_string(essay).unwrap()).unwrap();
    assert_eq!(manifest.output, None, "the essay's manifest writes into ./out, not beside itself");
}

/// The documentation's `check` examples agree with the program (the README's once listed the
/// rook's destinations without the pawn on d2 that the 12-rook files have): every `[[expect]]`
/// example for d5 agrees with `12-rook.fen`, and every `$ dotchess check …` prints what is shown.
#[test]
fn documented_check_examples_agree() {
    let root = Path::new(crate::common::ROOT);
    let mut texts = vec![std::fs::read_to_string(root.join("README.md")).unwrap()];
    for e in std::fs::read_dir(root.join("docs")).unwrap().flatten() {
        if e.path().extension().is_some_and(|x| x == "md") {
            texts.push(std::fs::read_to_string(e.path()).unwrap());
        }
    }
    let blocks = |fence: &str| -> Vec<String> {
        texts
            .iter()
            .flat_map(|t| t.split(fence).skip(1).map(|b| b.split("```").next().unwrap_or("").to_string()))
            .collect()
    };
    let mut seen = 0;
    for block in blocks("```toml\n").into_iter().filter(|b| b.contains("[[expect]]") && b.contains("square = \"d5\"")) {
        let d = files("readme", &[("x.toml", &block)]);
        let o = run_in(&d, &["check", &example("12-rook.fen"), "x.toml"]);
        assert_eq!(o.status.code(), Some(0), "the example disagrees with 12-rook.fen:\n{block}\n{}", both(&o));
        seen += 1;
    }
    for block in blocks("```console\n") {
        let mut lines = block.lines().peekable();
        while let Some(line) = lines.next() {
            let Some(command) = line.strip_prefix("$ dotchess check ") else { continue };
            let mut shown = Vec::new();
            while let Some(l) = lines.next_if(|l| !l.starts_with('$')) {
                if !l.starts_with("dotchess:") {
                    shown.push(l);
                }
            }
            let args: Vec<&str> = ["check"].into_iter().chain(command.split_whitespace()).collect();
            let o = run_in(root, &args);
            assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), shown, "$ dotchess {}", args.join(" "));
            let differs = shown.iter().any(|l| l.contains("DIFFER"));
            assert_eq!(o.status.code(), Some(if differs { 1 } else { 0 }), "{}", both(&o));
            seen += 1;
        }
    }
    assert!(seen > 0, "the documentation shows `check`");
}
