//! The workbench's JavaScript (`cli/src/serve/page/*.js`) held to the library's standards: eslint
//! (recommended rules and a few of the house's; the interactive figure's `src/output/touch.js`
//! the recommended ones), TypeScript's checker over its JSDoc types
//! (`tsc --checkJs`), and unit tests of the state, the link packing, the move tree and the
//! history (Undo as Back) under node's test runner — the tools pinned in `tests/js/package-lock.json` and installed by
//! `crate::tools::js_checks_node` on first use. Each check is also seen failing: a copy of the
//! page with one line broken (a name used before it is defined, a wrong type) does not pass.

use crate::common::Scratch;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(crate::common::ROOT)
}

/// A program of `tests/js/node_modules/.bin` run by node in `cwd`.
fn tool(bin: &str, args: &[&str], cwd: &Path) -> Output {
    let node = crate::tools::js_checks_node();
    let script = match bin {
        "eslint" => "node_modules/eslint/bin/eslint.js",
        _ => "node_modules/typescript/bin/tsc",
    };
    Command::new(node).arg(crate::tools::js_dir().join(script)).args(args).current_dir(cwd).output().unwrap()
}

fn said(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn eslint(cwd: &Path) -> Output {
    let config = crate::tools::js_dir().join("eslint.config.js");
    tool("eslint", &["--max-warnings", "0", "-c", config.to_str().unwrap(), "cli/src/serve/page"], cwd)
}

#[test]
fn the_interactive_figures_script_passes_eslint() {
    // Written into every exported HTML page (`src/output/touch.js`): the recommended rules.
    let config = crate::tools::js_dir().join("eslint.config.js");
    let o = tool("eslint", &["--max-warnings", "0", "-c", config.to_str().unwrap(), "src/output/touch.js"], &root());
    assert!(o.status.success(), "eslint:\n{}", said(&o));
}

fn tsc(project: &Path) -> Output {
    tool("tsc", &["-p", project.to_str().unwrap()], &crate::tools::js_dir())
}

#[test]
fn the_page_passes_eslint() {
    let o = eslint(&root());
    assert!(o.status.success(), "eslint:\n{}", said(&o));
    let tests = tool("eslint", &["--max-warnings", "0", "-c", "tests/js/eslint.config.js", "tests/js"], &root());
    assert!(tests.status.success(), "eslint of the unit tests:\n{}", said(&tests));
}

#[test]
fn the_page_passes_the_type_check() {
    let o = tsc(&crate::tools::js_dir().join("tsconfig.json"));
    assert!(o.status.success(), "tsc --checkJs:\n{}", said(&o));
}

#[test]
fn the_pages_unit_tests_pass() {
    let node = crate::tools::js_checks_node();
    let o = Command::new(node)
        .args(["--test", "tests/js/tree.test.js", "tests/js/state.test.js", "tests/js/history.test.js"])
        .current_dir(root())
        .output()
        .unwrap();
    let out = said(&o);
    assert!(o.status.success(), "node --test:\n{out}");
    // Every test ran: none skipped, none left out.
    assert!(out.contains("# fail 0") && out.contains("# skipped 0") && out.contains("# todo 0"), "{out}");
    let passed: usize = out.lines().find_map(|l| l.strip_prefix("# pass ")).and_then(|n| n.parse().ok()).unwrap();
    assert!(passed >= 17, "{out}");
}

/// A copy of the page's scripts in `dir/cli/src/serve/page`, with `extra` added to `file`.
fn broken_copy(dir: &Path, file: &str, extra: &str) {
    let to = dir.join("cli/src/serve/page");
    std::fs::create_dir_all(&to).unwrap();
    for e in std::fs::read_dir(root().join("cli/src/serve/page")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "js") {
            std::fs::copy(&p, to.join(p.file_name().unwrap())).unwrap();
        }
    }
    let path = to.join(file);
    let text = std::fs::read_to_string(&path).unwrap() + extra;
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_broken_line_fails_the_checks() {
    // A name used before it is defined: eslint says so.
    let lint = Scratch::new("page-js-lint");
    broken_copy(&lint, "page.js", "\nexport const early = later + 1;\nconst later = 2;\n");
    let o = eslint(&lint);
    assert!(!o.status.success() && said(&o).contains("no-use-before-define"), "{}", said(&o));
    // A wrong type (a string where the move tree takes a path): the type check says so.
    let types = Scratch::new("page-js-types");
    broken_copy(&types, "tree.js", "\nexport const wrong = nodeAt(rootOf('8/8 w'), 'e2e4');\n");
    let config = types.join("tsconfig.json");
    let base = crate::tools::js_dir().join("tsconfig.json");
    let text = format!(r#"{{"extends": "{}", "include": ["cli/src/serve/page/*.js"]}}"#, base.display());
    std::fs::write(&config, text).unwrap();
    let o = tsc(&config);
    assert!(!o.status.success() && said(&o).contains("TS2345"), "{}", said(&o));
}
