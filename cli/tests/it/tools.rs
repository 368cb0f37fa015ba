//! The outside programs some tests drive, found or installed on first use, so that `cargo test` is
//! the whole set-up on a fresh machine.
//!
//! | tool | for | where it comes from when missing |
//! |---|---|---|
//! | `chromium` | animated SVG, the contact sheet, interactive pages, the workbench | Debian's `chromium` |
//! | `pdftoppm` | reading the PDF back | Debian's `poppler-utils` |
//! | `node` 20 or newer, `npm` | running playwright-core | Debian's `nodejs`, `npm` (Debian 12's node is 18, too old: the test then says so) |
//! | playwright-core | clicking pages in Chromium | `npm ci` in `tests/browser/` (pinned by its lock file) |
//! | eslint, typescript | checking the workbench's JavaScript | `npm ci` in `tests/js/` (pinned by its lock file) |
//! | `typst` (Python) | compiling Typst documents with the plugin | `pip install typst==0.15.0` into `target/typst-venv` |
//!
//! A Debian package is installed with `apt-get` when the tests run as root (a fresh CI machine or
//! container); as another user the test fails with the one command to run. Nothing here skips a
//! test: a tool that cannot be had is a failure that says why. Installs are done once per test
//! process, one at a time (apt and dpkg take one lock), and say on standard error what they do.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// One install at a time: apt-get and npm must not run side by side on the same files.
static INSTALLING: Mutex<()> = Mutex::new(());

/// Headless Chromium: the path of the program.
pub fn chromium() -> &'static Path {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND.get_or_init(|| debian_program(&["chromium", "chromium-browser"], "chromium"))
}

/// poppler's `pdftoppm`: the path of the program.
pub fn pdftoppm() -> &'static Path {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND.get_or_init(|| debian_program(&["pdftoppm"], "poppler-utils"))
}

/// node, with playwright-core installed in `tests/browser/node_modules`: the path of node, to run
/// the drivers in `tests/browser/` (whose imports find playwright-core beside them). Chromium is
/// installed too, since every driver launches it.
pub fn playwright_node() -> &'static Path {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND.get_or_init(|| {
        chromium();
        let node = debian_program(&["node", "nodejs"], "nodejs");
        node_is_recent(&node);
        let npm = debian_program(&["npm"], "npm");
        npm_ci(&npm, &browser_dir(), "playwright-core");
        node
    })
}

/// node, with eslint and typescript installed in `tests/js/node_modules`: the path of node, to
/// run the checks of the workbench's JavaScript (`tests/js/`).
pub fn js_checks_node() -> &'static Path {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND.get_or_init(|| {
        let node = debian_program(&["node", "nodejs"], "nodejs");
        node_is_recent(&node);
        let npm = debian_program(&["npm"], "npm");
        npm_ci(&npm, &js_dir(), "typescript");
        npm_ci(&npm, &js_dir(), "eslint");
        node
    })
}

/// `tests/js/`: the checks of the page's JavaScript and their pinned tools.
pub fn js_dir() -> PathBuf {
    PathBuf::from(crate::common::ROOT).join("tests/js")
}

/// `npm ci` in `dir` unless `package` is installed there already (its lock file pins it).
fn npm_ci(npm: &Path, dir: &Path, package: &str) {
    let marker = dir.join("node_modules").join(package).join("package.json");
    if marker.is_file() {
        return;
    }
    let _one = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    if marker.is_file() {
        return;
    }
    eprintln!("tools: installing {}'s packages (npm ci)", dir.display());
    let ok = Command::new(npm)
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "`npm ci` in {} failed: {package} is needed by this test", dir.display());
}

/// The Typst compiler the Typst package's tests compile with: the `typst` package from PyPI, a
/// prebuilt compiler in a wheel (no Rust build of Typst's hundreds of crates), pinned.
const TYPST: &str = "0.15.0";

/// Python with the `typst` package at [`TYPST`], in its own virtual environment
/// (`target/typst-venv`, made with the `python3` on the `PATH`): the path of its python.
pub fn typst_python() -> &'static Path {
    static FOUND: OnceLock<PathBuf> = OnceLock::new();
    FOUND.get_or_init(|| {
        let venv = PathBuf::from(crate::common::ROOT).join("target/typst-venv");
        let python = venv.join("bin/python");
        let check = format!("import typst, sys; sys.exit(typst.__version__ != {TYPST:?})");
        let ready =
            || Command::new(&python).args(["-c", &check]).stdin(Stdio::null()).status().is_ok_and(|s| s.success());
        if ready() {
            return python;
        }
        let _one = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
        if !ready() {
            let python3 = debian_program(&["python3"], "python3-venv");
            eprintln!("tools: installing typst=={TYPST} (pip) into {}", venv.display());
            let venv_made = python.is_file()
                || Command::new(&python3)
                    .arg("-m")
                    .arg("venv")
                    .arg(&venv)
                    .stdin(Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success());
            assert!(venv_made, "`python3 -m venv {}` failed (Debian: apt-get install python3-venv)", venv.display());
            let ok = Command::new(&python)
                .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", &format!("typst=={TYPST}")])
                .stdin(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            assert!(
                ok && ready(),
                "`pip install typst=={TYPST}` into {} failed: the Typst tests need it",
                venv.display()
            );
        }
        python
    })
}

/// The oldest Node.js the pinned playwright-core runs on (its `engines`).
const NODE_MAJOR: u32 = 20;

/// Fails, saying what to install, when `node` is older than playwright-core allows: otherwise the
/// drivers stop with playwright's own message, which names neither the program nor the fix.
fn node_is_recent(node: &Path) {
    let out = Command::new(node).arg("--version").stdin(Stdio::null()).output();
    let version = out.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string()).unwrap_or_default();
    let major = version.trim_start_matches('v').split('.').next().and_then(|m| m.parse::<u32>().ok());
    assert!(
        major.is_some_and(|m| m >= NODE_MAJOR),
        "{} is Node.js {version:?}; the browser tests' playwright-core needs Node.js {NODE_MAJOR} or newer \
         (Debian 12's own nodejs package is 18): install a newer Node.js first",
        node.display()
    );
}

/// `tests/browser/`: the drivers and the pinned playwright-core.
pub fn browser_dir() -> PathBuf {
    PathBuf::from(crate::common::ROOT).join("tests/browser")
}

/// The first of `names` on the `PATH`; when none is, the Debian `package` installed (as root).
fn debian_program(names: &[&str], package: &str) -> PathBuf {
    if let Some(p) = on_path(names) {
        return p;
    }
    let _one = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = on_path(names) {
        return p;
    }
    assert!(
        is_root(),
        "`{}` is needed by this test and is not installed; install it once with \
         `sudo apt-get install {package}` (as root, `cargo test` does this itself)",
        names[0]
    );
    eprintln!("tools: installing Debian's {package} (apt-get), needed for `{}`", names[0]);
    // The package lists of a fresh machine may be empty or stale: install, and on failure update
    // them and try once more. A held dpkg lock is waited for, not failed on.
    let install = || {
        Command::new("apt-get")
            .args(["-o", "DPkg::Lock::Timeout=600", "install", "-y", "-qq", "--no-install-recommends", package])
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let ok = install()
        || (Command::new("apt-get")
            .args(["-o", "DPkg::Lock::Timeout=600", "update", "-qq"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
            && install());
    assert!(ok, "`apt-get install {package}` failed; `{}` is needed by this test", names[0]);
    on_path(names).unwrap_or_else(|| panic!("{package} is installed but `{}` is not on the PATH", names[0]))
}

/// The first of `names` found in a folder of the `PATH`.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    names.iter().find_map(|name| std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file()))
}

/// Whether the tests run as root (`id -u` is 0), who alone may install Debian packages.
fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}
