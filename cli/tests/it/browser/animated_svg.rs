//! Animated SVG plays in headless Chromium (Debian's `chromium`, driven by playwright-core:
//! `tests/browser/animated.mjs`): the document parses and holds every frame, its clock runs by
//! itself, and stopped at chosen times (SVG's own `pauseAnimations` and `setCurrentTime`) it shows
//! the frame the animation's delays put there: a different picture half-way through, the first
//! one again a whole play later. The rook's walk of `animation` and the replay of a game of
//! `replay`.
//!
//! Setting the clock, not waiting for it, makes the test exact, and one browser plays both: the
//! command-line screenshots after a budget of virtual time that it replaced started the browser
//! three times a file (the document, then two times), and now and then showed the same picture
//! at both times on a loaded machine. Chromium's and node's processor time for the test: 8.8 s
//! before, 3.5 s now (sampled from `/proc` while it ran alone).
//!
//! Seen failing: with every frame's `dur` made a little longer than the delays add up to (a
//! digit appended to it), the replay's half-way frame is not where its delays put it.

use crate::common;
use crate::replay::{POLE_MATE, game};

use dotchess::draw::Animation;
use dotchess::draw::replay::{Replay, Script, build};
use dotchess::output::Format;
use dotchess::{Theme, View};
use serde_json::Value;

/// How long frame `k` shows, in seconds.
fn delay(a: &Animation, k: usize) -> f64 {
    f64::from(a.delays.get(k).copied().unwrap_or(a.delay_cs)) / 100.0
}

/// The middle of frame `k`'s time on the animation's clock, in seconds.
fn middle_of(a: &Animation, k: usize) -> f64 {
    (0..k).map(|j| delay(a, j)).sum::<f64>() + delay(a, k) / 2.0
}

/// An animation to play, and when to stop its clock: its file written, its frame count.
struct Job {
    name: &'static str,
    file: std::path::PathBuf,
    frames: usize,
    job: Value,
}

impl Job {
    fn new(a: &Animation, name: &'static str, dir: &std::path::Path, times: &[f64]) -> Job {
        let out = dir.join(name);
        std::fs::create_dir_all(&out).unwrap();
        let file = out.join(format!("{name}.svg"));
        std::fs::write(&file, a.encode(Format::AnimatedSvg).unwrap()).unwrap();
        let (w, h) = (a.frames[0].width.ceil() as u32, a.frames[0].height.ceil() as u32);
        let job = serde_json::json!({ "file": file, "width": w, "height": h, "times": times, "out": out });
        Job { name, file, frames: a.frames.len(), job }
    }
}

/// Plays every job's animated SVG in one browser: each one's screenshots, as pixels.
fn play(jobs: &[Job], dir: &std::path::Path) -> Vec<Vec<Vec<u8>>> {
    let job_file = dir.join("job.json");
    std::fs::write(&job_file, Value::from(jobs.iter().map(|j| j.job.clone()).collect::<Vec<_>>()).to_string()).unwrap();
    let out = super::driver("animated.mjs").arg(&job_file).output().expect("run node");
    assert!(out.status.success(), "the driver failed: {}", String::from_utf8_lossy(&out.stderr));
    let seen: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(seen.len(), jobs.len());
    jobs.iter()
        .zip(&seen)
        .map(|(j, seen)| {
            let name = j.name;
            assert!(seen.get("failure").is_none(), "{name}: {}", seen["failure"]);
            assert_eq!(seen["errors"], serde_json::json!([]), "{name}: script errors");
            let own = format!("file://{}", j.file.display());
            let requests = seen["requests"].as_array().unwrap();
            assert!(requests.iter().all(|r| r == own.as_str()), "{name}: {}", seen["requests"]);
            let doc = &seen["document"];
            assert_eq!(doc["root"], "svg", "{name}: an SVG document");
            assert_eq!(doc["parsererror"], false, "{name}: Chromium could not parse it");
            assert_eq!(doc["frames"], j.frames, "{name}: every frame is in the document");
            seen["shots"].as_array().unwrap().iter().map(|p| decode(p.as_str().unwrap())).collect()
        })
        .collect()
}

fn decode(path: &str) -> Vec<u8> {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).expect("a screenshot")))
        .read_info()
        .expect("a PNG screenshot");
    let mut buf = vec![0u8; dec.output_buffer_size().unwrap()];
    let n = dec.next_frame(&mut buf).unwrap().buffer_size();
    buf.truncate(n);
    buf
}

/// The middle of the first frame, of a frame half-way through, and of the first frame a whole
/// play later: the times to stop `a`'s clock at.
fn times(a: &Animation, name: &str) -> [f64; 3] {
    assert!(a.plays != 1, "{name}: the test needs a second play");
    let whole: f64 = (0..a.frames.len()).map(|k| delay(a, k)).sum();
    [middle_of(a, 0), middle_of(a, a.frames.len() / 2), whole + middle_of(a, 0)]
}

#[test]
fn animated_svgs_play_in_headless_chromium() {
    let walk = crate::animation::walk();
    let g = game(POLE_MATE);
    let r = Replay::new(View { width: 240.0, ..View::board() });
    let replay = build(&Script { to: 3, ..g.script() }, &r, &Theme::essay()).unwrap();
    let dir = common::Scratch::new("animated-svg");
    // Each with the least change half-way through that shows it moved (the replay's board is
    // small: a piece's move changes fewer pixels than the rook's walk does).
    let plays = [(&walk, "walk", 1000), (&replay, "replay", 500)];
    let jobs: Vec<Job> = plays.iter().map(|(a, name, _)| Job::new(a, name, &dir, &times(a, name))).collect();
    let differ = |x: &[u8], y: &[u8]| x.iter().zip(y).filter(|(p, q)| p != q).count();
    for ((a, name, least), shots) in plays.iter().zip(play(&jobs, &dir)) {
        let half = a.frames.len() / 2;
        let moved = differ(&shots[0], &shots[1]);
        assert!(moved > *least, "{name}: frames 0 and {half} look alike ({moved} bytes differ)");
        assert_eq!(differ(&shots[0], &shots[2]), 0, "{name}: a play later, the first frame again");
    }
}
