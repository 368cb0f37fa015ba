//! Hostile and odd inputs: each test here failed on the code before its fix.

use crate::common::{self, run_in, stderr, stdout};

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn temp_dir(name: &str) -> common::Scratch {
    common::Scratch::new(&format!("harden-{name}"))
}

/// A folder with the given files.
fn files(name: &str, list: &[(&str, &str)]) -> common::Scratch {
    let d = temp_dir(name);
    for (n, t) in list {
        std::fs::write(d.join(n), t).unwrap();
    }
    d
}

fn entries(d: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect();
    v.sort();
    v
}

/// Bug 1: `check` compares with the position file's position even when the first panel draws
/// another (here an empty board of another variant, where d4 is empty).
#[test]
fn check_uses_the_base_position_when_a_panel_has_its_own() {
    // docs/rules.md §3: the knight has 8 moves on the Dot (W = 8), here b3 b5 c2 c6 e2 e6 f3 f5 from d4.
    let d = files(
        "check-base",
        &[
            ("n.fen", "8/8/8/8/3N4/8/8/8 w - - 0 1\n"),
            (
                "o.toml",
                "[[panels]]\nview = \"board\"\nvariant = \"small8\"\n\n[[expect]]\nsquare = \"d4\"\n\
                 destinations = [\"b3\", \"b5\", \"c2\", \"c6\", \"e2\", \"e6\", \"f3\", \"f5\"]\n",
            ),
        ],
    );
    let o = run_in(&d, &["check", "n.fen", "o.toml", "-o", "fig.svg"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("white knight on d4"), "{text}");
    assert!(text.contains("agree (8 expected, 8 found)"), "{text}");
    assert!(text.contains("not on the panels' own positions"), "{text}");
    // The panel of another position does not show the expectation's marks.
    let svg = std::fs::read_to_string(d.join("fig.svg")).unwrap();
    assert!(!svg.contains("class=\"dot"), "an empty small8 board shows move dots");
}

/// Bug 2: panels that expand to none are an error, for `check` and for `render`.
#[test]
fn each_loop_on_a_board_without_loops_is_an_error() {
    let d = files(
        "no-panels",
        &[
            ("n.fen", "8/8/8/8/3N4/8/8/8 w - - 0 1\n"),
            (
                "o.toml",
                "[[panels]]\nview = \"board\"\nvariant = \"flat\"\neach_loop = true\n\n[[expect]]\nsquare = \"d4\"\ndestinations = []\n",
            ),
        ],
    );
    for args in [vec!["check", "n.fen", "o.toml"], vec!["render", "n.fen", "o.toml", "-o", "x.png"]] {
        let o = run_in(&d, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        // At the key at fault, `each_loop` (errors name the key at fault).
        assert!(stderr(&o).contains("o.toml:4:13"), "{}", stderr(&o));
        assert!(stderr(&o).contains("no loops"), "{}", stderr(&o));
    }
    assert_eq!(entries(&d), ["n.fen", "o.toml"]);
}

/// Bug 3: top-level marks are resolved on each panel's own board, by name.
#[test]
fn top_level_marks_are_names_resolved_per_panel() {
    let d = files("marks", &[("n.fen", "8/8/8/8/3N4/8/8/8 w - - 0 1\n")]);
    // h8 is no cell of the 6 × 6 small board: an error at the mark, naming the panel.
    std::fs::write(d.join("small.toml"), "labels = [\"h8:x\"]\n\n[[panels]]\nview = \"board\"\nvariant = \"small\"\n")
        .unwrap();
    let o = run_in(&d, &["render", "n.fen", "small.toml", "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("small.toml:1:12"), "{err}");
    assert!(err.contains("`h8` is not a cell of the small board") && err.contains("panel 1"), "{err}");
    assert!(!d.join("x.svg").exists());
    // On a xiangqi board h8 exists: the label is drawn there, in every panel.
    std::fs::write(
        d.join("xq.toml"),
        "labels = [\"h8:x\"]\n\n[[panels]]\nview = \"chart\"\nvariant = \"xiangqi\"\n\n[[panels]]\nview = \"board\"\n",
    )
    .unwrap();
    let o = run_in(&d, &["render", "n.fen", "xq.toml", "-o", "x.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(d.join("x.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("label"))
        .filter_map(|n| n.attribute("data-cell"))
        .collect();
    assert!(!cells.is_empty());
    assert!(cells.iter().all(|&c| c == "h8"), "{cells:?}");
}

/// Runs the binary, killing it (and failing) when it hangs.
fn run_bounded(dir: &Path, args: &[&str], secs: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dotchess");
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= secs {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("{args:?} still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Bug 4: control characters that XML cannot hold are refused where they are read.
#[test]
fn control_characters_in_texts_are_refused_with_their_place() {
    let d = files("control", &[("n.fen", "8/8/8/8/3N4/8/8/8 w - - 0 1\n")]);
    std::fs::write(d.join("t.toml"), "title = \"a\\u0001b\"\n").unwrap();
    std::fs::write(
        d.join("c.toml"),
        "[[panels]]\nview = \"board\"\ncaption = \"x\\u000Cy\"\n[[panels]]\nview = \"chart\"\n",
    )
    .unwrap();
    std::fs::write(d.join("l.toml"), "labels = [\"e4:\\uFFFF\"]\n").unwrap();
    for (file, place, code) in
        [("t.toml", "t.toml:1:9", "U+0001"), ("c.toml", "c.toml:3:11", "U+000C"), ("l.toml", "l.toml:1:11", "U+FFFF")]
    {
        let o = run_in(&d, &["render", "n.fen", file, "-o", "x.png"]);
        assert_eq!(o.status.code(), Some(2), "{file}: {}", stderr(&o));
        assert!(stderr(&o).contains(place) && stderr(&o).contains(code), "{file}: {}", stderr(&o));
    }
    for args in [["--title", "a\u{1}b"], ["--label", "e4:\u{1f}"], ["--title", "\u{fffe}"]] {
        let mut full = vec!["render", "--fen", "8/8/8/8/3N4/8/8/8"];
        full.extend(args);
        full.extend(["-o", "x.png"]);
        let o = run_in(&d, &full);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("control character"), "{args:?}: {}", stderr(&o));
    }
    assert!(!d.join("x.png").exists());
    // Tabs and other characters are fine and the SVG stays XML.
    let o = run_in(&d, &["render", "--fen", "8/8/8/8/3N4/8/8/8", "--title", "a\tb <&> ü", "-o", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    roxmltree::Document::parse(&stdout(&o)).unwrap();
}

/// Bug 6: devices, FIFOs and folders as inputs are refused at once; reads are bounded.
#[cfg(unix)]
#[test]
fn inputs_that_are_not_regular_files_are_refused_without_reading_them() {
    let d = files("devices", &[("n.fen", "8/8/8/8/3N4/8/8/8 w - - 0 1\n")]);
    std::os::unix::fs::symlink("/dev/zero", d.join("zero.toml")).unwrap();
    std::fs::write(d.join("o.toml"), "theme = \"zero.toml\"\n").unwrap();
    assert!(Command::new("mkfifo").arg(d.join("fifo.fen")).status().unwrap().success());
    let cases: [&[&str]; 7] = [
        &["render", "/dev/zero", "-o", "x.svg"],
        &["batch", "/dev/zero"],
        &["render", "n.fen", "zero.toml", "-o", "x.svg"],
        &["render", "n.fen", "o.toml", "-o", "x.svg"],
        &["render", "--theme", "zero.toml", "-o", "x.svg"],
        &["render", "fifo.fen", "-o", "x.svg"],
        &["check", "fifo.fen", "--square", "d4", "--expect", "e6"],
    ];
    for args in cases {
        let o = run_bounded(&d, args, 20);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("not a regular file"), "{args:?}: {}", stderr(&o));
    }
    let o = run_bounded(&d, &["render", ".", "-o", "x.svg"], 20);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!d.join("x.svg").exists());
}

/// A position file saved with a byte-order mark is read like any other.
#[test]
fn a_fen_file_with_a_byte_order_mark_is_accepted() {
    let d = files(
        "bom",
        &[
            ("n.fen", "\u{feff}8/8/8/8/3N4/8/8/8 w - - 0 1\n"),
            ("c.fen", "\u{feff}# variant: small\nk/6/6/6/6/6/6/K w - - 0 1\n"),
            ("p.toml", "\u{feff}fen = \"8/8/8/8/3N4/8/8/8 w - - 0 1\"\n"),
        ],
    );
    for f in ["n.fen", "c.fen", "p.toml"] {
        let o = run_in(&d, &["render", f, "-o", "-"]);
        assert!(o.status.success(), "{f}: {}", stderr(&o));
    }
    let o = run_in(&d, &["check", "n.fen", "--square", "d4", "--expect", "b3,b5,c2,c6,e2,e6,f3,f5"]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
}

/// Bug 11: the widths the documentation allows agree with the PNG limit: a PNG too large for it
/// is refused before anything is drawn, naming the key and the largest width that fits.
#[test]
fn a_png_too_large_names_the_width_that_fits() {
    let d = temp_dir("png-size");
    let o = run_in(&d, &["render", "--width", "8000", "-o", "h.png"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("`width` (--width) to at most 4247"), "{err}");
    // The width it names works, and gives a PNG within the limit.
    let o = run_in(&d, &["render", "--width", "4247", "-o", "h.png"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let png = std::fs::read(d.join("h.png")).unwrap();
    let (w, h) =
        (u32::from_be_bytes(png[16..20].try_into().unwrap()), u32::from_be_bytes(png[20..24].try_into().unwrap()));
    assert!(u64::from(w) * u64::from(h) <= dotchess::output::MAX_PIXELS, "{w} × {h}");
    // SVG at the documented largest width is fine.
    let o = run_in(&d, &["render", "--width", "8000", "-o", "h.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Bug 7: the figure as a whole has a budget: one 200 × 200 chart window is accepted, three of
/// them with every cell named are refused at once, before any output is written (and before the
/// first is drawn).
#[test]
fn the_figure_budget_bounds_the_product_of_the_limits() {
    let panel = "[[panels]]\nview = \"chart\"\nwindow = [0, 0, 200, 200]\ncoordinates = \"cells\"\n\n";
    let d = files("budget", &[("n.fen", "8/8/8/8/3N4/8/8/8 w - - 0 1\n"), ("three.toml", &panel.repeat(3))]);
    let o = run_in(&d, &["render", "n.fen", "three.toml", "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("draws too much") && stderr(&o).contains("panel 1 of 3"), "{}", stderr(&o));
    // Refused from samples of the window, before the panel is drawn.
    assert!(stderr(&o).contains("foreseen"), "{}", stderr(&o));
    assert!(!d.join("x.svg").exists());
    std::fs::write(d.join("one.toml"), "[[panels]]\nview = \"chart\"\nwindow = [0, 0, 200, 200]\n").unwrap();
    let o = run_in(&d, &["render", "n.fen", "one.toml", "-o", "x.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Loop counts, numbers, nesting depth and long lines: each reported in plain words.
#[test]
fn loops_numbers_depth_and_long_lines_are_reported_plainly() {
    let d = files("plain", &[("n.fen", "8/8/8/8/3N4/8/8/8 w - - 0 1\n")]);
    let run = |args: &[&str]| run_in(&d, args);
    // A ride that never reaches UNTIL.
    let o = run(&["render", "--loop", "d2:ne:a1", "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("never reaches a1"), "{}", stderr(&o));
    std::fs::write(d.join("l.toml"), "loops = [\"d2:ne:a1\"]\n").unwrap();
    let o = run(&["render", "n.fen", "l.toml", "-o", "x.svg"]);
    assert!(stderr(&o).contains("l.toml:1:17") && stderr(&o).contains("never reaches a1"), "{}", stderr(&o));
    // A tiny width in a few characters.
    let o = run(&["render", "--width", "1e-300", "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1e-300") && stderr(&o).len() < 200, "{}", stderr(&o));
    // Messages in the user's words.
    for (text, words) in [
        ("columns = \"x\"\n", "expected a whole number, found the string \"x\""),
        ("[[panels]]\nview = \"board\"\nwidth = \"w\"\n", "expected a number"),
        ("panels = [1]\n", "expected a table, found the number 1"),
        ("[[expect]]\nsquare = \"e2\"\n", "missing key `destinations`"),
    ] {
        std::fs::write(d.join("m.toml"), text).unwrap();
        let err = stderr(&run(&["render", "n.fen", "m.toml", "-o", "x.svg"]));
        assert!(err.contains(words), "{text}: {err}");
        for internal in ["i64", "untagged", "struct", "Toml", "sequence"] {
            assert!(!err.contains(internal), "{text}: {err}");
        }
    }
    // A deep dotted key: a located error, not the reader's bare "recursion limit".
    std::fs::write(d.join("deep.toml"), format!("title = \"t\"\na{} = 1\n", ".a".repeat(3000))).unwrap();
    let err = stderr(&run(&["render", "n.fen", "deep.toml", "-o", "x.svg"]));
    assert!(err.contains("deep.toml:2:") && err.contains("nested more than"), "{err}");
    // A long line is cut around the column in the excerpt.
    std::fs::write(d.join("long.toml"), format!("title = \"{}\" zzz\n", "x".repeat(5000))).unwrap();
    let err = stderr(&run(&["render", "n.fen", "long.toml", "-o", "x.svg"]));
    assert!(err.contains("long.toml:1:"), "{err}");
    assert!(err.len() < 600, "{} bytes: {err}", err.len());
    let lines: Vec<&str> = err.lines().collect();
    let caret = lines.iter().position(|l| l.trim_end().ends_with('^')).expect("a caret line");
    let col = lines[caret].find('^').unwrap();
    let shown: Vec<char> = lines[caret - 1].chars().collect();
    let pad = lines[caret].chars().take_while(|&c| c != '^').count();
    assert!(col > 0 && shown.get(pad).is_some_and(|c| "\"z ".contains(*c)), "{err}");
    // A theme file larger than the input limit is refused.
    std::fs::write(d.join("big-theme.toml"), format!("# {}\n", "x".repeat(2 << 20))).unwrap();
    let err = stderr(&run(&["render", "--theme", "big-theme.toml", "-o", "x.svg"]));
    assert!(err.contains("larger than"), "{err}");
    assert!(!d.join("x.svg").exists());
}
