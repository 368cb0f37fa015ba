//! Animated SVG plays in headless Chromium (Debian's `chromium`, run from the command line with a
//! budget of virtual time): the page parses and holds the frames, and screenshots at two times
//! differ. The rook's walk of `animation` and the replay of a game of `replay`.

use crate::common;
use crate::replay::{POLE_MATE, game};

use dotchess::draw::animation::replay::{Replay, Script, build};
use dotchess::output::Format;
use dotchess::{Theme, View};

/// Headless Chromium (Debian's `chromium`, from `tools::chromium`): a screenshot of a page after
/// `ms` milliseconds of virtual time, and, when `dom`, the page's DOM. The DOM takes a second run
/// of the browser (`--screenshot` and `--dump-dom` in one run hang on an SVG document), and each
/// run costs more than a second of processor time: it is asked for only where a test reads it.
fn chromium(url: &str, dir: &std::path::Path, ms: u32, size: (u32, u32), dom: bool) -> (Vec<u8>, Option<String>) {
    let profile = dir.join(format!("profile-{ms}"));
    let shot = dir.join(format!("shot-{ms}.png"));
    let dom_file = dir.join(format!("stdout-{ms}.txt"));
    let common = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
    ];
    // Chromium now and then stalls in headless mode on a loaded machine: each run has two
    // minutes, and a stalled run is killed and tried again (three tries, then the test fails).
    let run = |extra: Vec<String>| -> String {
        for _ in 0..3 {
            let mut child = std::process::Command::new(crate::tools::chromium())
                .args(common)
                .arg(format!("--user-data-dir={}", profile.display()))
                .arg(format!("--window-size={},{}", size.0, size.1))
                .arg(format!("--virtual-time-budget={ms}"))
                .args(&extra)
                .arg(url)
                .stdout(std::fs::File::create(&dom_file).expect("a file for the page"))
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("run chromium");
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
            let status = loop {
                if let Some(st) = child.try_wait().expect("waiting for chromium") {
                    break Some(st);
                }
                if std::time::Instant::now() > deadline {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            };
            // Read from a file, not a pipe: a killed browser's helpers may keep a pipe open.
            let out = std::fs::read_to_string(&dom_file).unwrap_or_default();
            match status {
                Some(st) => {
                    assert!(st.success(), "chromium failed: {st}");
                    return out;
                }
                None => eprintln!("chromium stalled; trying again"),
            }
        }
        panic!("chromium stalled three times");
    };
    run(vec![format!("--screenshot={}", shot.display())]);
    let dom = dom.then(|| run(vec!["--dump-dom".into()]));
    let mut dec = png::Decoder::new(std::io::Cursor::new(std::fs::read(&shot).expect("a screenshot")))
        .read_info()
        .expect("a PNG screenshot");
    let mut buf = vec![0u8; dec.output_buffer_size().unwrap()];
    let n = dec.next_frame(&mut buf).unwrap().buffer_size();
    buf.truncate(n);
    (buf, dom)
}

#[test]
fn animated_svg_plays_in_headless_chromium() {
    let a = crate::animation::walk();
    let dir = common::Scratch::new("anim-chromium");
    let file = dir.join("walk.svg");
    std::fs::write(&file, a.encode(Format::AnimatedSvg).unwrap()).unwrap();
    let url = format!("file://{}", file.display());
    let size = (a.frames[0].width.ceil() as u32, a.frames[0].height.ceil() as u32);
    let (early, dom) = chromium(&url, &dir, 50, size, true);
    let dom = dom.expect("the DOM");
    assert!(!dom.contains("parsererror") && !dom.contains("error on line"), "the page shows an error: {dom:.400}");
    assert!(dom.contains("class=\"frame\""), "the frames are in the page");
    // Now and then headless Chromium shows the same picture at both times (2 runs in 10 here, on
    // a machine also compiling): a later time is tried, three in all. A picture that does not
    // play never differs.
    let mut changed = Vec::new();
    for ms in [1250, 1450, 650] {
        let (late, _) = chromium(&url, &dir, ms, size, false);
        assert_eq!(early.len(), late.len());
        changed.push(early.iter().zip(&late).filter(|(a, b)| a != b).count());
        if changed.last() > Some(&1000) {
            break;
        }
    }
    assert!(changed.last() > Some(&1000), "the screenshots at 50 ms and later differ in {changed:?} bytes only");
}

#[test]
fn the_replay_svg_plays_in_headless_chromium() {
    let g = game(POLE_MATE);
    let r = Replay::new(View { width: 240.0, ..View::board() });
    let mut a = build(&Script { to: 3, ..g.script() }, &r, &Theme::essay()).unwrap();
    a.delays = vec![20, 20, 20, 20];
    let dir = common::Scratch::new("replay-chromium");
    let file = dir.join("replay.svg");
    std::fs::write(&file, a.encode(Format::AnimatedSvg).unwrap()).unwrap();
    let url = format!("file://{}", file.display());
    let size = (a.frames[0].width.ceil() as u32, a.frames[0].height.ceil() as u32);
    let (early, dom) = chromium(&url, &dir, 50, size, true);
    let dom = dom.expect("the DOM");
    assert!(dom.contains("class=\"frame\""), "the frames are in the page");
    let mut changed = Vec::new();
    for ms in [450, 650, 250] {
        let (late, _) = chromium(&url, &dir, ms, size, false);
        changed.push(early.iter().zip(&late).filter(|(a, b)| a != b).count());
        if changed.last() > Some(&500) {
            break;
        }
    }
    assert!(changed.last() > Some(&500), "the screenshots differ in {changed:?} bytes only");
}
