//! The house plan, checked: no import cycle among the modules of `src/` at any folder level, no
//! source file over 800 lines, no function over 120 lines (ARCHITECTURE.md).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 800;
const MAX_FN_LINES: usize = 120;

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

/// The paths a file names with `crate::a::b…`, in `use` lines and in code alike; a group
/// `crate::a::{b, c::d}` names `a::b` and `a::c::d`. A path's last segment may be an item rather
/// than a module: as a node of the graph it then has no edges of its own, so it cannot close a
/// cycle.
fn crate_paths(text: &str) -> Vec<Vec<String>> {
    fn ident(s: &str) -> &str {
        let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
        &s[..end]
    }
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        for (i, _) in code.match_indices("crate::") {
            let mut rest = &code[i + "crate::".len()..];
            let mut path = Vec::new();
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
        for to in crate_paths(&text) {
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

/// Functions longer than the limit: from a line starting (after indentation) with a `fn`
/// signature to the closing brace at the same indentation.
fn long_functions(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("a source file");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let sig = trimmed
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ")
            .trim_start_matches("const ")
            .trim_start_matches("async ");
        if !sig.starts_with("fn ") || trimmed.ends_with(';') {
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

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_import_cycle_at_any_folder_level() {
    let found = cycles(&src());
    assert!(found.is_empty(), "import cycles:\n{}", found.join("\n"));
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let dir = std::env::temp_dir().join(format!("dotchess-house-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "use crate::b::Thing;\n").unwrap();
    std::fs::write(dir.join("b.rs"), "fn f() { crate::a::g(); }\n").unwrap();
    let found = cycles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a -> b") || found[0].contains("b -> a"), "{found:?}");
}

#[test]
fn no_source_file_over_800_lines() {
    let long: Vec<String> = sources(&src())
        .into_iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(&f).expect("a source file").lines().count();
            (n > MAX_FILE_LINES).then(|| format!("{}: {n} lines", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_FILE_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn no_function_over_120_lines() {
    let long: Vec<String> = sources(&src()).iter().flat_map(|f| long_functions(f)).collect();
    assert!(long.is_empty(), "functions over {MAX_FN_LINES} lines:\n{}", long.join("\n"));
}
