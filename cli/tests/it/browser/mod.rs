//! The tests that need a real browser: headless Chromium (Debian's `chromium`), started from the
//! command line or driven by playwright-core under node (`tests/browser/`). `crate::tools`
//! installs what they need on first use when it is missing; without it they fail, never skip.
//!
//! They are one module, whose name sorts early (after `animation::` only), so that they start
//! early: the test harness starts tests in the order of their full names, as many at once as the
//! machine has cores. These are among the longest tests, and a long test started near the end runs
//! on alone while the other cores have nothing left to do, as the interactive figures' test did as
//! `touch_browser::`.

mod animated_svg;
mod contact_sheet;
mod lichess;
mod touch;
mod web;
mod workbench;

/// A driver of `tests/browser/` to run with node: playwright-core beside it, Chromium named in
/// `CHROMIUM`. Installs what is missing first (`crate::tools::playwright_node`).
fn driver(script: &str) -> std::process::Command {
    let node = crate::tools::playwright_node();
    let dir = crate::tools::browser_dir();
    let mut c = std::process::Command::new(node);
    c.env("CHROMIUM", crate::tools::chromium()).arg(dir.join(script)).current_dir(&dir);
    c
}

/// Runs a driver of `tests/browser/` on a job (written as `job.json` in `dir`) and reads the
/// result it writes; fails when it fails or takes more than ten minutes.
fn drive_json(script: &str, job: &serde_json::Value, dir: &std::path::Path) -> serde_json::Value {
    let (job_file, result_file) = (dir.join("job.json"), dir.join("result.json"));
    std::fs::write(&job_file, serde_json::to_string(job).unwrap()).unwrap();
    let mut child = driver(script).args([&job_file, &result_file]).spawn().expect("run node");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("{script} took more than ten minutes");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert!(status.success(), "{script} failed: {status}");
    serde_json::from_str(&std::fs::read_to_string(result_file).unwrap()).unwrap()
}
