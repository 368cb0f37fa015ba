//! Embeds the essay's example files (`examples/essay/`, and the games of `examples/games/` as
//! `../games/NAME`, as the essay's manifest names them) so that `dotchess essay` needs no files.
//! Cargo is told to run it again when one of those files changes (each file, not the folder).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("examples");
    // The input files only, not their folder: a folder is watched with everything in it, and
    // outputs written there would make every build recompile the crate. A new figure is added to
    // the manifest, whose change runs this again.
    println!("cargo::rerun-if-changed=examples/essay/manifest.toml");
    let mut code = String::from(
        "/// The files of `examples/essay/` by name, and `examples/games/` as `../games/NAME`.\n\
         pub static ESSAY_FILES: &[(&str, &str)] = &[\n",
    );
    for (folder, prefix, kinds) in [("essay", "", &["toml", "fen"][..]), ("games", "../games/", &["pgn", "toml"][..])] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(folder))
            .unwrap_or_else(|e| panic!("examples/{folder} exists: {e}"))
            .map(|e| e.expect("readable directory entry").path())
            .filter(|p| p.extension().and_then(|e| e.to_str()).is_some_and(|e| kinds.contains(&e)))
            .collect();
        files.sort();
        for path in files {
            println!("cargo::rerun-if-changed={}", path.display());
            let name = path.file_name().and_then(|n| n.to_str()).expect("UTF-8 file name");
            writeln!(code, "    (\"{prefix}{name}\", include_str!({:?})),", path.display().to_string())
                .expect("write to a String");
        }
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("essay_files.rs");
    std::fs::write(out, code).expect("write essay_files.rs");
}
