//! Hostile and odd inputs (issue 13): each test here failed on the code before its fix.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotchess"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run dotchess")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dotchess-harden-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A folder with the given files.
fn files(name: &str, list: &[(&str, &str)]) -> PathBuf {
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
    // SPEC §3: the knight has 8 moves on the Dot (W = 8), here b3 b5 c2 c6 e2 e6 f3 f5 from d4.
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
        assert!(stderr(&o).contains("o.toml:2:8"), "{}", stderr(&o));
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
    std::fs::write(d.join("c.toml"), "[[panels]]\nview = \"board\"\ncaption = \"x\\u000Cy\"\n[[panels]]\nview = \"chart\"\n")
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
