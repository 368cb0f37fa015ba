//! Published perft node counts for ordinary chess (`VariantId::Flat`).
//!
//! The positions and their counts live in `tests/data/flat.perft`, each group under a comment
//! naming where the numbers were published. Format, one item per line:
//!
//! ```text
//! # comment
//! id <name>
//! fen <FEN>
//! perft <depth> <nodes>
//! ```
//!
//! `published_perft` checks every count up to [`FAST_NODE_LIMIT`] nodes; the ignored
//! `deep_published_perft` checks the rest (`cargo test --release --test it perft_flat:: -- --ignored`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dotchess::{Position, VariantId, perft, perft_divide};

/// The data file, compiled in so the tests do not depend on the working directory.
const DATA: &str = include_str!("../../../tests/data/flat.perft");

/// Counts up to this many nodes run in the normal test suite (the test profile is opt-level 1).
const FAST_NODE_LIMIT: u64 = 2_000_000;

/// The mirror test goes no deeper than where perft stays within this many nodes.
const MIRROR_NODE_LIMIT: u64 = 200_000;

/// The mirror test never goes deeper than this (some positions have one move at every ply).
const MIRROR_MAX_DEPTH: u32 = 8;

/// One position of the data file with its published counts.
struct Case {
    /// The `id` line.
    name: String,
    /// The `fen` line.
    fen: String,
    /// 1-based line of the `id` line in the data file.
    line: usize,
    /// `(depth, nodes)` from the `perft` lines, in file order.
    perfts: Vec<(u32, u64)>,
}

/// Reads the data file; panics with the line number on anything it does not understand.
fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in DATA.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => {
                assert!(!rest.is_empty(), "flat.perft:{line_no}: `id` without a name");
                assert!(cases.iter().all(|c| c.name != rest), "flat.perft:{line_no}: id `{rest}` used twice");
                cases.push(Case { name: rest.to_string(), fen: String::new(), line: line_no, perfts: Vec::new() });
            }
            "fen" => {
                let case = cases.last_mut().unwrap_or_else(|| panic!("flat.perft:{line_no}: `fen` before any `id`"));
                assert!(case.fen.is_empty(), "flat.perft:{line_no}: second `fen` for `{}`", case.name);
                case.fen = rest.to_string();
            }
            "perft" => {
                let case = cases.last_mut().unwrap_or_else(|| panic!("flat.perft:{line_no}: `perft` before any `id`"));
                let numbers: Vec<u64> = rest
                    .split_whitespace()
                    .map(|s| s.parse().unwrap_or_else(|_| panic!("flat.perft:{line_no}: `{s}` is not a number")))
                    .collect();
                let [depth, nodes] = numbers[..] else {
                    panic!("flat.perft:{line_no}: expected `perft <depth> <nodes>`");
                };
                let depth =
                    u32::try_from(depth).unwrap_or_else(|_| panic!("flat.perft:{line_no}: depth {depth} too large"));
                case.perfts.push((depth, nodes));
            }
            _ => panic!("flat.perft:{line_no}: unknown line `{line}`"),
        }
    }
    for case in &cases {
        assert!(!case.fen.is_empty(), "flat.perft:{}: `{}` has no `fen`", case.line, case.name);
        assert!(!case.perfts.is_empty(), "flat.perft:{}: `{}` has no `perft`", case.line, case.name);
    }
    cases
}

/// The case's position, or a message naming the case and the FEN error.
fn position(case: &Case) -> Result<Position, String> {
    Position::from_fen(VariantId::Flat, &case.fen)
        .map_err(|e| format!("{} (flat.perft:{}): FEN `{}` rejected: {e}", case.name, case.line, case.fen))
}

/// The case's position, or `None` after recording why its FEN was refused.
fn position_or_note(case: &Case, failures: &mut Vec<String>) -> Option<Position> {
    position(case).map_err(|message| failures.push(message)).ok()
}

/// The legal moves of `pos` (a perft divide at depth 1), for failure messages.
fn moves_listing(pos: &Position) -> String {
    let mut names: Vec<String> = perft_divide(pos, 1).into_iter().map(|(m, _)| pos.move_name(m)).collect();
    names.sort();
    format!("{} legal moves: {}", names.len(), names.join(" "))
}

/// One perft to run: which case, its position, depth and published count.
struct Job<'a> {
    case: &'a Case,
    pos: Position,
    depth: u32,
    expected: u64,
}

/// Runs every published count for which `wanted(nodes)` holds, several at a time, and panics
/// with one line per mismatch (name, FEN, depth, expected, got, and the legal moves).
fn check_published(wanted: impl Fn(u64) -> bool) {
    let cases = cases();
    let mut failures: Vec<String> = Vec::new();
    let mut jobs: Vec<Job> = Vec::new();
    for case in &cases {
        let Some(pos) = position_or_note(case, &mut failures) else { continue };
        for &(depth, expected) in &case.perfts {
            if wanted(expected) {
                jobs.push(Job { case, pos: pos.clone(), depth, expected });
            }
        }
    }
    assert!(!jobs.is_empty(), "no perft counts selected");
    // Largest first, so the threads finish together.
    jobs.sort_by_key(|job| std::cmp::Reverse(job.expected));

    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, u64, Duration)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.min(jobs.len()) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let t = Instant::now();
                    let got = perft(&job.pos, job.depth);
                    results.lock().unwrap().push((i, got, t.elapsed()));
                }
            });
        }
    });
    let wall = started.elapsed();

    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|&(i, ..)| (jobs[i].case.line, jobs[i].depth));
    let mut nodes = 0u64;
    let mut busy = Duration::ZERO;
    for (i, got, took) in results {
        let job = &jobs[i];
        nodes += got;
        busy += took;
        let ok = got == job.expected;
        println!(
            "{} {:<40} perft({}) = {:>11} (expected {:>11}) {:>9.3} s",
            if ok { "ok  " } else { "FAIL" },
            job.case.name,
            job.depth,
            got,
            job.expected,
            took.as_secs_f64()
        );
        if !ok {
            failures.push(format!(
                "{} (flat.perft:{}): FEN `{}`: perft({}) expected {}, got {} ({:+}); {}",
                job.case.name,
                job.case.line,
                job.case.fen,
                job.depth,
                job.expected,
                got,
                i128::from(got) - i128::from(job.expected),
                moves_listing(&job.pos)
            ));
        }
    }
    println!(
        "{} perft counts, {} nodes, {:.2} s on {} threads ({:.1} M nodes/s per thread)",
        jobs.len(),
        nodes,
        wall.as_secs_f64(),
        threads,
        nodes as f64 / busy.as_secs_f64().max(1e-9) / 1e6
    );
    assert!(failures.is_empty(), "{} of the published perft checks failed:\n{}", failures.len(), failures.join("\n"));
}

/// Every published count up to [`FAST_NODE_LIMIT`] nodes.
#[test]
fn published_perft() {
    check_published(|nodes| nodes <= FAST_NODE_LIMIT);
}

/// Every published count above [`FAST_NODE_LIMIT`] nodes (up to 706 million per count).
#[test]
#[ignore = "slow: run with `cargo test --release --test it perft_flat:: -- --ignored`"]
fn deep_published_perft() {
    check_published(|nodes| nodes > FAST_NODE_LIMIT);
}

/// Each position and its colour-mirrored twin have the same perft at every depth up to
/// about [`MIRROR_NODE_LIMIT`] nodes; mirroring twice gives the position back; and the data
/// file's `<name>-mirrored` positions are the mirrors of `<name>`.
#[test]
fn mirrored_positions_have_equal_perft() {
    let cases = cases();
    let mut failures: Vec<String> = Vec::new();
    for case in &cases {
        let Some(pos) = position_or_note(case, &mut failures) else { continue };
        let mirrored = pos.mirrored();
        if mirrored.mirrored() != pos {
            failures.push(format!(
                "{}: FEN `{}`: mirrored twice gives `{}`",
                case.name,
                case.fen,
                mirrored.mirrored().fen()
            ));
        }
        if let Some(base) = case.name.strip_suffix("-mirrored")
            && let Some(base_case) = cases.iter().find(|c| c.name == base)
            && let Ok(base_pos) = position(base_case)
            && base_pos.mirrored() != pos
        {
            failures.push(format!(
                "{}: FEN `{}` is not the mirror of {base}: that is `{}`",
                case.name,
                case.fen,
                base_pos.mirrored().fen()
            ));
        }
        let mut previous = 1u64;
        for depth in 1..=MIRROR_MAX_DEPTH {
            let nodes = perft(&pos, depth);
            let nodes_mirrored = perft(&mirrored, depth);
            if nodes != nodes_mirrored {
                failures.push(format!(
                    "{}: FEN `{}`: perft({depth}) = {nodes}, but {nodes_mirrored} for the mirror `{}`",
                    case.name,
                    case.fen,
                    mirrored.fen()
                ));
                break;
            }
            // Stop before the next depth would likely pass the node limit.
            let growth = nodes.div_ceil(previous.max(1)).max(1);
            if nodes == 0 || nodes.saturating_mul(growth) > MIRROR_NODE_LIMIT {
                break;
            }
            previous = nodes;
        }
    }
    assert!(failures.is_empty(), "{} mirror checks failed:\n{}", failures.len(), failures.join("\n"));
}

/// Writing each position as FEN and reading it back gives an equal position (also for the
/// mirrored positions), and the written FEN is stable.
#[test]
fn fen_round_trips() {
    let cases = cases();
    let mut failures: Vec<String> = Vec::new();
    for case in &cases {
        let Some(pos) = position_or_note(case, &mut failures) else { continue };
        for (what, p) in [("position", pos.clone()), ("mirror", pos.mirrored())] {
            let fen = p.fen();
            match Position::from_fen(VariantId::Flat, &fen) {
                Ok(back) if back == p && back.fen() == fen => {}
                Ok(back) => failures.push(format!(
                    "{} ({what}): FEN `{}` written as `{fen}`, read back as `{}`",
                    case.name,
                    case.fen,
                    back.fen()
                )),
                Err(e) => failures.push(format!(
                    "{} ({what}): FEN `{}` written as `{fen}`, which is rejected: {e}",
                    case.name, case.fen
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{} FEN round trips failed:\n{}", failures.len(), failures.join("\n"));
}
