//! The real binary: outputs, and bad input exiting with status 2.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).output().expect("run dotchess")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_the_count_on_the_last_line() {
    let o = run(&["perft", "--variant", "flat", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("8902"));
    let o = run(&["perft", "--variant", "chess", "--depth", "2", "--divide"]);
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("400"));
    assert_eq!(out.lines().filter(|l| l.contains(": ")).count(), 20);
}

#[test]
fn moves_are_sorted_one_a_line() {
    let o = run(&["moves", "--variant", "small"]);
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 10);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"c1b3".to_string()));
}

#[test]
fn square_lists_routes_and_json_parses() {
    let o = run(&["moves", "--fen", "8/8/8/3R3r/8/8/8/8 w - - 0 1", "--square", "d5"]);
    let out = stdout(&o);
    let h5 = out.lines().find(|l| l.starts_with("h5")).unwrap();
    assert!(h5.contains("capture") && h5.contains("d5-d6-d7-d8-N-h8-h7-h6-h5"), "{h5}");
    let o = run(&["moves", "--fen", "8/8/8/3R3r/8/8/8/8 w - - 0 1", "--square", "d5", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let dests = v["destinations"].as_array().unwrap();
    assert_eq!(dests.len(), 7 + 15 - 1 + 1 - 1);
    let h5 = dests.iter().find(|d| d["cell"] == "h5").unwrap();
    assert_eq!(h5["capture"], true);
    assert_eq!(h5["routes"].as_array().unwrap().len(), 4);
}

#[test]
fn loops_counts_twenty_on_the_dot() {
    let o = run(&["loops"]);
    assert_eq!(stdout(&o).lines().last(), Some("20 loops"));
    let o = run(&["loops", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 20);
}

#[test]
fn bad_input_exits_with_status_2() {
    for (args, words) in [
        (&["perft", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9", "--depth", "1"][..], "column 52"),
        (&["moves", "--variant", "globe"], "unknown variant"),
        (&["moves", "--square", "z9"], "not a cell"),
        (&["moves", "--square", "e4"], "no piece on e4"),
        (&["perft", "--depth", "99"], "too deep"),
        (&["perft"], "--depth"),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}
