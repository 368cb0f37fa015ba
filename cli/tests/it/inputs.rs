//! Input files: every example parses and renders; every kind of mistake is refused with its file,
//! line and column, exit status 2, and no output; `essay`, `batch` and `check` end to end (the
//! essay's contact sheet in a browser: `browser::contact_sheet`).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(crate::common::ROOT)
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).current_dir(root()).output().expect("run dotchess")
}

fn temp_dir(name: &str) -> common::Scratch {
    common::Scratch::new(&format!("inputs-{name}"))
}

fn files_in(d: &Path) -> usize {
    std::fs::read_dir(d).unwrap().count()
}

#[test]
fn every_essay_example_parses_and_renders() {
    let files = dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES);
    let manifest = dotchess::batch::essay_manifest();
    assert!(manifest.jobs.len() >= 36);
    for job in &manifest.jobs {
        let figure =
            dotchess::batch::figure(job, &files, manifest.variant).unwrap_or_else(|e| panic!("{}: {e}", job.name));
        let scene = figure.render();
        assert!(scene.width > 0.0 && !scene.nodes.is_empty(), "{}", job.name);
    }
    // Every file of examples/essay is used by the manifest, and the embedded copy is the file.
    let used: Vec<String> =
        manifest.jobs.iter().flat_map(|j| [Some(j.position.clone()), j.overlay.clone()]).flatten().collect();
    for (name, text) in dotchess::batch::ESSAY_FILES {
        let on_disk = std::fs::read_to_string(root().join("examples/essay").join(name)).unwrap();
        assert_eq!(&on_disk, text, "{name}");
        let referenced = used.iter().any(|u| u == name) || *name == "manifest.toml" || referenced_by_panel(name);
        assert!(referenced, "{name} is not used by the essay");
    }
}

/// A position file a panel names, or a theme file an overlay names.
fn referenced_by_panel(name: &str) -> bool {
    dotchess::batch::ESSAY_FILES
        .iter()
        .any(|(_, t)| t.contains(&format!("position = \"{name}\"")) || t.contains(&format!("theme = \"{name}\"")))
}

#[test]
fn the_annotated_template_renders() {
    let d = temp_dir("template");
    let out = d.join("x.svg");
    let o = run(&["render", "tests/data/rook.fen", "templates/overlay.toml", "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Its hand count of the rook's destinations is right: every one agrees, in both panels (one
    // legend under the figure says so for both).
    let svg = std::fs::read_to_string(out).unwrap();
    assert_eq!(svg.matches("data-text=\"agreed (21)\"").count(), 1);
    assert_eq!(svg.matches("data-text=\"missing: expected by a hand count, not found (0)\"").count(), 1);
}

/// Runs `render` on bad input and checks the message, its location, the exit status and that
/// nothing was written.
fn refused(args: &[&str], location: &str, words: &str) {
    let d = temp_dir("bad");
    let out = d.join("figure");
    let mut full = vec!["render"];
    full.extend(args);
    full.extend(["-o", out.to_str().unwrap()]);
    let o = run(&full);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(location), "{args:?}: no `{location}` in {err}");
    assert!(err.contains(words), "{args:?}: no `{words}` in {err}");
    assert_eq!(files_in(&d), 0, "{args:?} left files behind");
}

#[test]
fn every_kind_of_mistake_is_located() {
    let bad = "tests/data/bad";
    let rook = "tests/data/rook.fen";
    refused(&[&format!("{bad}/bad-fen.fen")], "bad-fen.fen:3:18:", "`X` is not a piece letter");
    refused(&[&format!("{bad}/dead-pole.fen")], "dead-pole.fen:3:1:", "poles are dead");
    refused(&[&format!("{bad}/unknown-position-key.toml")], "unknown-position-key.toml:4:1:", "unknown key `extra`");
    refused(&[rook, &format!("{bad}/bad-toml.toml")], "bad-toml.toml:3:1:", "missing comma");
    refused(&[rook, &format!("{bad}/unknown-key.toml")], "unknown-key.toml:5:1:", "did you mean `rotation`?");
    refused(&[rook, &format!("{bad}/off-board.toml")], "off-board.toml:1:17:", "`i9` is not a cell");
    refused(&[rook, &format!("{bad}/window-range.toml")], "window-range.toml:3:10:", "1 to 200");
    refused(&[rook, &format!("{bad}/huge-width.toml")], "huge-width.toml:3:9:", "out of range");
    refused(&[rook, &format!("{bad}/unknown-view.toml")], "unknown-view.toml:2:8:", "unknown view `sphere`");
    // The offending line is shown under the message, with a caret.
    let o = run(&["render", rook, &format!("{bad}/unknown-key.toml"), "-o", "/nonexistent/x.svg"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("    5 | rotaton = 4\n      | ^"), "{err}");
}

#[test]
fn huge_files_are_refused_before_reading() {
    let d = temp_dir("huge");
    let big = d.join("big.fen");
    std::fs::write(&big, "#".repeat(dotchess::input::MAX_INPUT + 1)).unwrap();
    let out = d.join("x.svg");
    let o = run(&["render", big.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("larger than"));
    assert!(!out.exists());
}

#[test]
fn library_errors_carry_line_and_column() {
    let base = dotchess::input::read_position("p.fen", "8/8/8/3R4/8/8/8/8\n", dotchess::VariantId::Dot).unwrap();
    let e = dotchess::input::read_overlay(
        "o.toml",
        "[[panels]]\nview = \"board\"\nedgse = true\n",
        &base,
        &dotchess::input::no_files,
    )
    .unwrap_err();
    assert_eq!(e.line_column(), Some((3, 1)));
    assert!(e.message.contains("did you mean `edges`?"), "{}", e.message);
    // A FEN error inside a TOML string points at the character inside the quotes.
    let e = dotchess::input::read_position("p.toml", "fen = \"8/8/8/3R4/8/8/8/7Z\"\n", dotchess::VariantId::Dot)
        .unwrap_err();
    assert_eq!(e.line_column(), Some((1, 7 + 17 + 1)), "{e}");
}

#[test]
fn essay_writes_every_listed_file_and_a_contact_sheet() {
    let essay = common::essay_outputs();
    let (d, o) = (&essay.dir, &essay.output);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let manifest = dotchess::batch::essay_manifest();
    let index = std::fs::read_to_string(d.join("index.html")).unwrap();
    let is_animated = |j: &dotchess::batch::Job| {
        j.overlay
            .as_ref()
            .is_some_and(|o| dotchess::batch::ESSAY_FILES.iter().any(|(n, t)| n == o && t.contains("[animation]")))
    };
    for job in &manifest.jobs {
        for ext in ["svg", "png"] {
            assert!(d.join(format!("{}.{ext}", job.name)).is_file(), "{}.{ext}", job.name);
        }
        // The sheet shows a still's SVG, an animation's GIF (a tenth of its animated SVG's size).
        let shown = if is_animated(job) { "gif" } else { "svg" };
        assert!(index.contains(&format!("<img src=\"{}.{shown}\"", job.name)), "{}", job.name);
        assert!(d.join(format!("{}.{shown}", job.name)).is_file(), "{}.{shown}", job.name);
    }
    for name in [
        "04-hemispheres",
        "05-notation",
        "05-initial-position",
        "07-coloured-board",
        "07-coloured-chart",
        "08-rook-latitude-chart",
        "09-rook-longitude-board",
        "10-bishop-diagonal-step1-chart",
        "10-bishop-diagonal-step3-chart",
        "11-twenty-loops",
        "12-knight",
        "12-castling",
        "12-en-passant",
        "12-promotion",
        "12-small-king",
        "12-spherical-bishop",
    ] {
        assert!(d.join(format!("{name}.svg")).is_file(), "{name}");
    }
    // An animated figure (an overlay with an `[animation]` table) also writes a GIF.
    let animated = manifest.jobs.iter().filter(|j| is_animated(j)).count();
    assert!(animated >= 5, "the essay's animations");
    // Every still figure also has its interactive page, linked from the contact sheet.
    let still = manifest.jobs.len() - animated;
    let pages: Vec<&dotchess::batch::Job> =
        manifest.jobs.iter().filter(|j| d.join(format!("{}.html", j.name)).is_file()).collect();
    assert_eq!(pages.len(), still, "a page of each still figure");
    for j in pages {
        assert!(index.contains(&format!("<a href=\"{}.html\">interactive (html)</a>", j.name)), "{}", j.name);
    }
    assert_eq!(files_in(d), 2 * manifest.jobs.len() + animated + still + 1, "no stray files");
}

/// `dotchess essay` without `--theme` draws each figure in the theme its overlay names: the
/// terrestrial chart's ranks are bands of latitude (`bands` of `terrestrial-theme.toml`, north to
/// south), every square of a rank filled with its band's colour, light and dark alike. (The
/// essay's default theme once overrode it, and the chart came out a plain chessboard.)
#[test]
fn the_essay_keeps_each_figures_own_theme() {
    let essay = common::essay_outputs();
    assert!(essay.output.status.success(), "{}", String::from_utf8_lossy(&essay.output.stderr));
    let file = root().join("examples/essay/terrestrial-theme.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let theme = dotchess::input::read_theme(&file.display().to_string(), &text).unwrap();
    assert_eq!(theme.bands.len(), 8, "the terrestrial theme has a band for each of the Dot's ranks");
    let svg = std::fs::read_to_string(essay.dir.join("07-terrestrial-chart.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut cells = 0;
    for e in doc.descendants().filter(|e| e.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == "cell"))) {
        let cell = e.attribute("data-cell").expect("a cell names itself");
        let rank: u8 = cell[1..].parse().expect("a square of the Dot");
        // North to south: rank 8 is the first band, rank 1 the last.
        let band = theme.bands[8 - rank as usize];
        let want = format!("#{:02x}{:02x}{:02x}", band.0, band.1, band.2);
        assert_eq!(e.attribute("fill"), Some(want.as_str()), "{cell} in its latitude's band");
        cells += 1;
    }
    assert!(cells >= 64, "the chart shows the board's squares ({cells})");
}

#[test]
fn batch_continues_past_a_broken_figure() {
    let d = temp_dir("batch");
    std::fs::copy(root().join("tests/data/rook.fen"), d.join("rook.fen")).unwrap();
    std::fs::write(d.join("moves.toml"), "moves = [\"d5\"]\n[[panels]]\nview = \"board\"\n").unwrap();
    std::fs::write(d.join("broken.toml"), "moves = [\"z0\"]\n").unwrap();
    let manifest = "output = \"figures\"\nformats = [\"svg\"]\n\n[[figure]]\nname = \"good\"\nposition = \"rook.fen\"\noverlay = \"moves.toml\"\n\n[[figure]]\nname = \"bad\"\nposition = \"rook.fen\"\noverlay = \"broken.toml\"\n\n[[figure]]\nname = \"also-good\"\nposition = \"rook.fen\"\n";
    std::fs::write(d.join("manifest.toml"), manifest).unwrap();
    let o = run(&["batch", d.join("manifest.toml").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("figure `bad`") && err.contains("broken.toml:1:11:") && err.contains("1 of 3 figures failed"),
        "{err}"
    );
    assert!(d.join("figures/good.svg").is_file() && d.join("figures/also-good.svg").is_file());
    assert!(!d.join("figures/bad.svg").exists());
    // A bad manifest is refused outright, with its location.
    let o = run(&["batch", "tests/data/bad/bad-manifest.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("bad-manifest.toml:3:3: unknown key `figures` (did you mean `figure`?)")
    );
}

#[test]
fn check_finds_a_planted_difference() {
    let d = temp_dir("check");
    let rook = root().join("tests/data/rook.fen");
    // The rook on d5 reaches 21 cells (7 on its latitude up to the capture on h5 both ways, 15 on
    // its longitude): this source forgets d1 and wrongly adds e6.
    let mut dest: Vec<String> = [
        "a5", "b5", "c5", "e5", "f5", "g5", "h5", "d6", "d7", "d8", "h8", "h7", "h6", "d4", "d3", "d2", "h1", "h2",
        "h3", "h4",
    ]
    .iter()
    .map(|s| format!("\"{s}\""))
    .collect();
    dest.push("\"e6\"".into());
    let overlay =
        format!("[[expect]]\nsquare = \"d5\"\nsource = \"a planted slip\"\ndestinations = [{}]\n", dest.join(", "));
    std::fs::write(d.join("expect.toml"), overlay).unwrap();
    let fig = d.join("check.svg");
    let o =
        run(&["check", rook.to_str().unwrap(), d.join("expect.toml").to_str().unwrap(), "-o", fig.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("DIFFER") && out.contains("missing   1: e6") && out.contains("extra     1: d1"), "{out}");
    let svg = std::fs::read_to_string(&fig).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let class = |c: &str| {
        doc.descendants().filter(|n| n.attribute("class") == Some(c) && n.attribute("data-legend").is_none()).count()
    };
    assert_eq!((class("dot missing"), class("dot extra")), (1, 1));
    assert!(svg.contains("agreed (20)"), "legend");
    // The right set agrees: exit 0.
    let list = "a5,b5,c5,e5,f5,g5,h5,d6,d7,d8,h8,h7,h6,d4,d3,d2,d1,h1,h2,h3,h4";
    let o = run(&["check", rook.to_str().unwrap(), "--square", "d5", "--expect", list]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stdout).contains("agree (21 expected, 21 found)"));
}

#[test]
fn titles_and_captions_are_bounded() {
    let long = "x".repeat(dotchess::input::MAX_TEXT + 1);
    let base = dotchess::input::read_position("p.fen", "8/8/8/3R4/8/8/8/8\n", dotchess::VariantId::Dot).unwrap();
    for text in [format!("title = \"{long}\"\n"), format!("[[panels]]\nview = \"board\"\ncaption = \"{long}\"\n")] {
        let e = dotchess::input::read_overlay("o.toml", &text, &base, &dotchess::input::no_files).unwrap_err();
        assert!(e.message.contains("longer than 200 characters"), "{e}");
    }
    let e = dotchess::input::read_position(
        "p.toml",
        &format!("fen = \"8/8/8/8/8/8/8/8\"\ntitle = \"{long}\"\n"),
        dotchess::VariantId::Dot,
    )
    .unwrap_err();
    assert_eq!(e.line_column(), Some((2, 9)));
}

/// A file a manifest names that cannot be had says why, as its kind of error: missing on disk
/// (the system's words), or not among the built-in files.
#[test]
fn files_a_manifest_names_fail_with_their_reason() {
    use dotchess::batch::{Disk, Embedded, Files};
    use dotchess::input::{LoadError, ReadError};
    let d = crate::common::Scratch::new("inputs-files");
    let e = Disk(d.to_path_buf()).read("missing.fen").unwrap_err();
    assert!(matches!(&e, LoadError::Read(ReadError::Io { path, .. }) if path.ends_with("missing.fen")), "{e:?}");
    assert!(e.to_string().starts_with("cannot read ") && e.to_string().contains("missing.fen"), "{e}");
    let e = Embedded(dotchess::batch::ESSAY_FILES).read("missing.fen").unwrap_err();
    assert!(matches!(&e, LoadError::NotBuiltIn(n) if n == "missing.fen"), "{e:?}");
    assert_eq!(e.to_string(), "no built-in file `missing.fen`");
}
