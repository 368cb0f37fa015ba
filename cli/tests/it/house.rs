//! The house plan, checked: no import cycle among the modules of `src/` at any folder level
//! (through `crate::`, `super::` and `self::` paths alike), no source file over 800 lines, no
//! function over 80 lines, counted raw from its signature to its closing brace (ARCHITECTURE.md).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 800;
const MAX_FN_LINES: usize = 80;

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A file's module path below `src/`: `src/draw/figure/marks.rs` is `[draw, figure, marks]`,
/// `src/draw/mod.rs` is `[draw]`, `src/lib.rs` is `[]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src/");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The module paths a file's code names, each from the crate's root: `crate::a::b`, and
/// `super::…` and `self::…` paths resolved from `here`, the file's own module (as
/// `../shared/tools/modcycles.py` reads them: an inline module such as `mod tests` is not told
/// apart from its file). In `use` lines and in code alike; a group `crate::a::{b, c::d}` names
/// `a::b` and `a::c::d`. A path's last segment may be an item rather than a module: as a node of
/// the graph it then has no edges of its own, so it cannot close a cycle. A `super::` above the
/// crate's root names nothing.
fn named_paths(text: &str, here: &[String]) -> Vec<Vec<String>> {
    fn ident(s: &str) -> &str {
        let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
        &s[..end]
    }
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (i, _) in code.char_indices() {
            // A path starts where no identifier, and no path (`super::super::`), goes on from
            // before it.
            if code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let Some((base, mut rest)) = path_head(&code[i..], here) else { continue };
            let mut path = base;
            loop {
                let name = ident(rest);
                if name.is_empty() {
                    break;
                }
                path.push(name.to_string());
                match rest[name.len()..].strip_prefix("::") {
                    Some(r) => rest = r,
                    None => break,
                }
            }
            if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or("");
                for part in inner.split(',') {
                    let segs: Vec<String> = part
                        .trim()
                        .split("::")
                        .map(|s| ident(s.trim()).to_string())
                        .filter(|s| !s.is_empty())
                        .collect();
                    if !segs.is_empty() && segs[0] != "self" {
                        out.push(path.iter().cloned().chain(segs).collect());
                    }
                }
            }
            if !path.is_empty() {
                out.push(path);
            }
        }
    }
    out
}

/// Where a path that starts `code` begins from the crate's root, and the rest of it: `crate::`
/// is the root, `self::` the module `here`, each `super::` one module up. `None` when `code`
/// does not start with one of them, or climbs above the root.
fn path_head<'a>(code: &'a str, here: &[String]) -> Option<(Vec<String>, &'a str)> {
    if let Some(rest) = code.strip_prefix("crate::") {
        return Some((Vec::new(), rest));
    }
    if let Some(rest) = code.strip_prefix("self::") {
        return Some((here.to_vec(), rest));
    }
    let mut rest = code.strip_prefix("super::")?;
    let mut up = 1;
    while let Some(r) = rest.strip_prefix("super::") {
        rest = r;
        up += 1;
    }
    let keep = here.len().checked_sub(up)?;
    Some((here[..keep].to_vec(), rest))
}

/// A cycle in a directed graph, if there is one (depth-first search).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|s| s == m).expect("on the stack");
                    return Some(stack[at..].to_vec());
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            let mut stack = Vec::new();
            if let Some(c) = visit(n, graph, &mut state, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

/// The import graph at every folder level: for each folder, its children (files and folders)
/// and which of them name which, through any file below them.
fn cycles(src: &Path) -> Vec<String> {
    let files = sources(src);
    let mut levels: BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for f in &files {
        let from = module_of(src, f);
        let text = std::fs::read_to_string(f).expect("a source file");
        for to in named_paths(&text, &from) {
            // The deepest folder both paths share, and the child of it each lies in.
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common >= from.len() || common >= to.len() {
                continue; // a module naming its own descendant or ancestor
            }
            let folder = from[..common].to_vec();
            let graph = levels.entry(folder).or_default();
            graph.entry(from[common].clone()).or_default().insert(to[common].clone());
        }
    }
    levels
        .iter()
        .filter_map(|(folder, graph)| {
            find_cycle(graph).map(|c| format!("in src/{}: {}", folder.join("/"), c.join(" -> ")))
        })
        .collect()
}

/// Functions longer than the limit: from a line starting (after indentation and any visibility,
/// `const`, `async` or `unsafe`) with a `fn` signature to the closing brace at the same
/// indentation, every line counted (blank lines and comments too).
fn long_functions(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("a source file");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if !is_fn_with_body(trimmed) {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
            let n = end + 2;
            if n > MAX_FN_LINES {
                out.push(format!("{}:{}: {} lines", file.display(), i + 1, n));
            }
        }
    }
    out
}

/// Whether a line (its indentation taken off) begins a function with a body over more than that
/// line: `pub(in super::super) const fn f(…`, not `fn f(…);` nor `fn f() { 1 }`.
fn is_fn_with_body(trimmed: &str) -> bool {
    let mut sig = trimmed;
    if let Some(rest) = sig.strip_prefix("pub") {
        sig = match rest.strip_prefix('(') {
            Some(inner) => inner.split_once(')').map_or(rest, |(_, after)| after),
            None => rest,
        }
        .trim_start();
    }
    for word in ["const ", "async ", "unsafe "] {
        sig = sig.strip_prefix(word).unwrap_or(sig);
    }
    sig.starts_with("fn ") && !trimmed.ends_with(';') && !(trimmed.contains('{') && trimmed.ends_with('}'))
}

/// The two crates' sources: the library's and the command's (`cli/`).
fn srcs() -> [PathBuf; 2] {
    let root = Path::new(crate::common::ROOT);
    [root.join("src"), root.join("cli/src")]
}

#[test]
fn no_import_cycle_at_any_folder_level() {
    let found: Vec<String> = srcs().iter().flat_map(|src| cycles(src)).collect();
    assert!(found.is_empty(), "import cycles:\n{}", found.join("\n"));
}

/// The import cycles of a crate made of `files` (path below `src/`, text), written to a folder of
/// its own.
fn cycles_of(name: &str, files: &[(&str, &str)]) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("dotchess-house-{name}-{}", std::process::id()));
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let found = cycles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    found
}

#[test]
fn the_cycle_finder_finds_a_cycle_through_crate_paths() {
    let found = cycles_of(
        "crate",
        &[
            ("lib.rs", "mod a;\nmod b;\n"),
            ("a/mod.rs", "use crate::b::Thing;\n"),
            ("b.rs", "fn f() { crate::a::g(); }\n"),
        ],
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a -> b") || found[0].contains("b -> a"), "{found:?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle_through_super_paths() {
    // Two files of one folder naming each other through `super::`: one in a `use` group, one in
    // code, two folders down.
    let found = cycles_of(
        "super",
        &[
            ("lib.rs", "mod x;\n"),
            ("x/mod.rs", "mod y;\n"),
            ("x/y/mod.rs", "mod p;\nmod q;\n"),
            ("x/y/p.rs", "use super::{q::Thing, Other};\n"),
            ("x/y/q.rs", "fn f() { super::p::g(); }\n"),
        ],
    );
    assert_eq!(found, ["in src/x/y: p -> q"], "{found:?}");
    // And between folders, through `super::super::`.
    let found = cycles_of(
        "super-super",
        &[
            ("lib.rs", "mod a;\nmod b;\n"),
            ("a/mod.rs", "mod inner;\n"),
            ("a/inner.rs", "use super::super::b::Thing;\n"),
            ("b.rs", "use crate::a::inner::Other;\n"),
        ],
    );
    assert_eq!(found, ["in src/: a -> b"], "{found:?}");
}

#[test]
fn a_folder_naming_its_own_modules_is_no_cycle() {
    // A mod.rs naming its children through `self::`, and a child its folder through `super::`:
    // ordinary Rust.
    let found = cycles_of(
        "self",
        &[
            ("lib.rs", "mod a;\n"),
            ("a/mod.rs", "mod p;\nmod q;\npub use self::p::Thing;\npub use self::q::Other;\n"),
            ("a/p.rs", "use super::Other;\n"),
            ("a/q.rs", "use super::Thing;\nuse self::inner::X;\n"),
        ],
    );
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn function_signatures_are_found_whatever_their_visibility() {
    for sig in ["fn f(", "pub fn f(", "pub(crate) fn f(", "pub(in super::super) fn f(", "pub(super) const fn f() {"] {
        assert!(is_fn_with_body(sig), "{sig}");
    }
    for other in ["fn f();", "fn f() -> u8 { 1 }", "let fn_count = 1;", "pub struct Fn {"] {
        assert!(!is_fn_with_body(other), "{other}");
    }
}

#[test]
fn paths_are_read_from_the_crate_root() {
    let here = ["x".to_string(), "y".to_string()];
    let text = "use super::{b, c::d};\nfn f() { self::e::f(); super::super::g(); }\n\
                // super::in_a_comment\nuse crate::h::{self, i};\nfn g() { super::super::super::above(); }\n";
    let named: Vec<String> = named_paths(text, &here).iter().map(|p| p.join("::")).collect();
    assert_eq!(named, ["x::b", "x::c::d", "x", "x::y::e::f", "g", "h::i", "h"]);
}

#[test]
fn no_source_file_over_800_lines() {
    let long: Vec<String> = srcs()
        .iter()
        .flat_map(|src| sources(src))
        .filter_map(|f| {
            let n = std::fs::read_to_string(&f).expect("a source file").lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{}: {n} lines", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_FILE_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn no_function_over_80_lines() {
    let long: Vec<String> = srcs().iter().flat_map(|src| sources(src)).flat_map(|f| long_functions(&f)).collect();
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines:\n{}", long.join("\n"));
}

/// The files and folders a document names: words starting with one of the project's top folders
/// (`src/`, `tests/`, …), up to the first character that cannot be in a path.
fn named_files(text: &str) -> Vec<String> {
    const TOP: [&str; 8] = ["src/", "tests/", "benches/", "docs/", "scripts/", "examples/", "fuzz/", "templates/"];
    let mut out = Vec::new();
    for (i, _) in text.char_indices() {
        let rest = &text[i..];
        let after_word = text[..i].ends_with(|c: char| c.is_alphanumeric() || matches!(c, '_' | '/' | '.' | '-'));
        if after_word || !TOP.iter().any(|t| rest.starts_with(t)) {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '/' | '.' | '-' | '*')))
            .unwrap_or(rest.len());
        out.push(rest[..end].trim_end_matches('.').to_string());
    }
    out
}

/// Whether a path a document names is there: a path with a placeholder (`NAME.rs`, `TARGET/`)
/// needs its folder, a pattern (`tests/golden/*.png`) a file in its folder that matches it.
fn names_something(root: &Path, named: &str) -> bool {
    let (folder, last) = named.trim_end_matches('/').rsplit_once('/').unwrap_or(("", named));
    let stem = last.split('.').next().unwrap_or(last);
    if stem.chars().all(|c| c.is_ascii_uppercase()) && !stem.is_empty() {
        return root.join(folder).is_dir();
    }
    if let Some((before, after)) = last.split_once('*') {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else { return false };
        return entries
            .filter_map(|e| e.ok())
            .any(|e| e.file_name().to_str().is_some_and(|n| n.starts_with(before) && n.ends_with(after)));
    }
    root.join(named).exists()
}

#[test]
fn the_documents_name_only_files_that_exist() {
    let root = Path::new(crate::common::ROOT);
    let mut missing = Vec::new();
    for doc in ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"] {
        let text = std::fs::read_to_string(root.join(doc)).expect("a document");
        for (n, line) in text.lines().enumerate() {
            for named in named_files(line) {
                if !names_something(root, &named) {
                    missing.push(format!("{doc}:{}: {named}", n + 1));
                }
            }
        }
    }
    assert!(missing.is_empty(), "paths named in the documents that are not in the tree:\n{}", missing.join("\n"));
}

#[test]
fn a_document_path_is_read_to_its_end() {
    let line = "see `tests/it/house.rs`, [rules](docs/rules.md#2-steps) and tests/golden/*.png. Not mysrc/x.";
    assert_eq!(named_files(line), ["tests/it/house.rs", "docs/rules.md", "tests/golden/*.png"]);
    let root = Path::new(crate::common::ROOT);
    assert!(names_something(root, "cli/tests/it/house.rs"));
    assert!(!names_something(root, "tests/it/house.rs"), "the old place of the house tests");
    assert!(names_something(root, "src/draw/geometry/NAME.rs"));
    assert!(!names_something(root, "src/nowhere/NAME.rs"));
    assert!(names_something(root, "tests/golden/*.png"));
    assert!(!names_something(root, "tests/golden/*.jpeg"));
}

/// The library's public modules, read from its sources: `pub mod` in `src/lib.rs`, and below each
/// of those its own `pub mod` and the modules it re-exports (`pub use animation::replay;`).
fn public_modules(root: &Path) -> Vec<String> {
    let pub_mods = |text: &str| -> Vec<String> {
        text.lines().filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';')).map(str::to_string).collect()
    };
    let mut found = Vec::new();
    for top in pub_mods(&std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs")) {
        let file = [root.join(format!("src/{top}/mod.rs")), root.join(format!("src/{top}.rs"))]
            .into_iter()
            .find(|p| p.is_file())
            .expect("a module's file");
        let text = std::fs::read_to_string(&file).expect("a module's file");
        let reexported = text.lines().filter_map(|l| {
            let (inner, name) = l.strip_prefix("pub use ")?.strip_suffix(';')?.split_once("::")?;
            root.join(format!("src/{top}/{inner}/{name}.rs")).is_file().then(|| name.to_string())
        });
        let inner: Vec<String> = pub_mods(&text).into_iter().chain(reexported).map(|m| format!("{top}::{m}")).collect();
        found.push(top);
        found.extend(inner);
    }
    found.sort();
    found
}

/// ARCHITECTURE.md's count and list of the public modules are the library's.
#[test]
fn architecture_lists_the_public_modules() {
    let root = Path::new(crate::common::ROOT);
    let modules = public_modules(root);
    assert!(modules.contains(&"draw::scene".to_string()) && modules.contains(&"batch".to_string()), "{modules:?}");
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md").replace('\n', " ");
    let at = text.find(" public modules, each flat: ").expect("the sentence that lists the public modules");
    let count = text[..at].rsplit(' ').next().expect("a number").to_lowercase();
    let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    assert_eq!(words.get(modules.len()).copied(), Some(count.as_str()), "ARCHITECTURE.md counts {count}: {modules:?}");
    let paragraph = &text[at..at + text[at..].find("  ").unwrap_or(text.len() - at)];
    for m in &modules {
        assert!(paragraph.contains(&format!("`{m}`")), "ARCHITECTURE.md does not name `{m}`: {paragraph}");
    }
}

/// One version: the Python package's manifest (its own workspace) says the library's.
#[test]
fn the_python_package_has_the_librarys_version() {
    let root = Path::new(crate::common::ROOT);
    let version = |file: &str, section: &str| -> String {
        let text = std::fs::read_to_string(root.join(file)).expect("a manifest");
        let from = text.find(section).unwrap_or_else(|| panic!("{file}: {section}"));
        let line = text[from..].lines().find(|l| l.starts_with("version = ")).expect("a version");
        line.trim_start_matches("version = ").trim_matches('"').to_string()
    };
    let library = version("Cargo.toml", "[workspace.package]");
    assert_eq!(version("python/Cargo.toml", "[package]"), library);
    assert!(!std::fs::read_to_string(root.join("python/pyproject.toml")).unwrap().contains(&format!("\"{library}\"")));
}
