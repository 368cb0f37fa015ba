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
