//! The essay's contact sheet (`dotchess essay`'s `index.html`) opens in headless Chromium: every
//! figure of the essay is on the page, none failed.

use crate::common;

use std::process::Command;

#[test]
fn contact_sheet_opens_in_a_browser() {
    // The essay first: on a fresh machine another browser test is installing Chromium meanwhile,
    // and this thread draws instead of waiting for it.
    let essay = common::essay_outputs();
    assert!(essay.output.status.success(), "{}", String::from_utf8_lossy(&essay.output.stderr));
    let chromium = crate::tools::chromium();
    let d = &essay.dir;
    // The browser's profile goes beside, not into, the essay's folder (which other tests count).
    let browser = common::Scratch::new("contact-sheet");
    let profile = browser.join("profile");
    let o = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            &format!("--user-data-dir={}", profile.display()),
            "--virtual-time-budget=5000",
            "--dump-dom",
            &format!("file://{}", d.join("index.html").display()),
        ])
        .output()
        .expect("run chromium");
    let dom = String::from_utf8_lossy(&o.stdout);
    let figures = dom.matches("<figure").count();
    assert_eq!(figures, dotchess::batch::essay_manifest().jobs.len(), "Chromium saw {figures} figures");
    assert!(!dom.contains("class=\"failed\""));
}
