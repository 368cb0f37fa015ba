//! Nothing panics and every failure is said the way docs/cli.md says it: each test here failed on
//! the code before its fix (issue 46: a PGN mark with a character of several bytes panicked, an
//! animation into a folder was drawn before it was refused, write errors had status 1, labels
//! stopped at 40 characters where docs/inputs.md allows 200).

use crate::common::{self, run_in, stderr, stdout};

/// Marks whose cells hold a character of several bytes, right after the colour letter or inside
/// the cells: each once cut a string inside a character.
const WIDE_MARKS: [&str; 5] = ["[%cal Ré2e4]", "[%cal Gße4]", "[%csl Y１]", "[%cal B😀e4]", "[%cal Ge2é]"];

#[test]
fn a_wide_character_in_a_pgn_mark_is_a_located_error_not_a_panic() {
    let d = common::Scratch::new("unbroken-marks");
    for (i, mark) in WIDE_MARKS.iter().enumerate() {
        let name = format!("g{i}.pgn");
        std::fs::write(d.join(&name), format!("[Event \"é\"]\n\n1. e4 {{{mark}}} *\n")).unwrap();
        let o = run_in(&d, &["render", &name, "-o", "x.svg"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{mark}: {err}");
        assert!(err.starts_with(&format!("dotchess: {name}:3:")), "{mark}: located in the file: {err}");
        assert!(err.contains("in [%c") && !err.contains("panicked"), "{mark}: {err}");
        assert!(!d.join("x.svg").exists(), "nothing written");
    }
}

#[test]
fn a_batch_with_a_bad_mark_fails_that_figure_alone() {
    let d = common::Scratch::new("unbroken-batch");
    std::fs::write(d.join("bad.pgn"), "1. e4 {[%cal Ré2e4]} *\n").unwrap();
    std::fs::write(d.join("good.fen"), "4k3/8/8/3R4/8/8/8/4K3 w - - 0 1\n").unwrap();
    let manifest = "formats = [\"svg\"]\n[[figure]]\nname = \"good\"\nposition = \"good.fen\"\n\
                    [[figure]]\nname = \"bad\"\nposition = \"bad.pgn\"\n";
    std::fs::write(d.join("m.toml"), manifest).unwrap();
    let o = run_in(&d, &["batch", "m.toml", "-o", "out"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "a batch figure failed (docs/cli.md): {err}");
    assert!(err.contains("figure `bad`: ./bad.pgn:1:15: `é2e4` in [%cal]"), "{err}");
    assert!(err.contains("1 of 2 figures failed") && !err.contains("internal error"), "{err}");
    assert!(stdout(&o).contains("1 figures written"), "{}", stdout(&o));
    assert!(d.join("out/good.svg").is_file() && d.join("out/index.html").is_file());
}

#[test]
fn an_animation_into_a_folder_is_refused_before_anything_is_drawn() {
    let d = common::Scratch::new("unbroken-folder");
    std::fs::create_dir(d.join("a.gif")).unwrap();
    // The refusal comes before the frames are drawn (the code before drew them all, then failed to
    // write, with status 1).
    let o = run_in(&d, &["animate", "--view", "globe", "--frames", "20", "--width", "1000", "-o", "a.gif"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.starts_with("dotchess: a.gif is a folder; name a file in it"), "{err}");
    assert!(std::fs::read_dir(d.join("a.gif")).unwrap().next().is_none(), "nothing written into it");
}

#[test]
fn write_errors_have_exit_status_2_and_say_no_temporary_name() {
    let d = common::Scratch::new("unbroken-write");
    // A folder no file can be made in (even by root), and a device that is always full.
    for (target, said) in
        [("/proc/dotchess-fig.svg", "cannot write /proc/dotchess-fig.svg: "), ("/dev/full", "No space left on device")]
    {
        for args in [vec!["render", "--view", "board", "-o", target], vec!["animate", "--frames", "2", "-o", target]] {
            let o = run_in(&d, &args);
            let err = stderr(&o);
            if args[0] == "animate" && target == "/dev/full" {
                // An animation's format comes from the name: refused as bad input before drawing.
                assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
                continue;
            }
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains(said), "{args:?}: {err}");
            assert!(!err.contains(".tmp") && !err.contains("os error") && !err.contains("at path"), "{args:?}: {err}");
        }
    }
}

#[test]
fn labels_take_the_200_characters_the_docs_promise() {
    let d = common::Scratch::new("unbroken-label");
    let label = |n: usize| format!("e4:{}", "x".repeat(n));
    let o = run_in(&d, &["render", "--view", "board", "--label", &label(200), "-o", "l.svg"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(d.join("l.svg").is_file());
    let o = run_in(&d, &["render", "--view", "board", "--label", &label(201), "-o", "m.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a label has at most 200 characters"), "{}", stderr(&o));
}
