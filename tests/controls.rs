//! Options that take effect the same way everywhere: flags over overlay files, one validator for
//! flags and files, themes named by overlays, the FEN's variant hint.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotchess")).current_dir(dir).args(args).output().expect("run dotchess")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dotchess-controls-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[1..4], b"PNG");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (be(16), be(20))
}

/// The fill of the first element with this class.
fn fill_of(svg: &str, class: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let node = doc.descendants().find(|n| n.attribute("class") == Some(class)).unwrap_or_else(|| panic!("no {class}"));
    node.attribute("fill").unwrap().to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn flags_given_with_an_overlay_override_it() {
    let d = temp_dir("override");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(&d, "o.toml", "theme = \"essay\"\nmoves = [\"d5\"]\n");
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--theme", "print", "--width", "1600", "-o", "f.png"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(png_size(&std::fs::read(d.join("f.png")).unwrap()).0, 1600);
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--theme", "print", "--view", "board", "-o", "f.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(d.join("f.svg")).unwrap();
    let print = dotchess::Theme::built_in("print").unwrap();
    assert_eq!(fill_of(&svg, "cell dark"), print.dark.hex());
    // The view flag took effect: the board has pole bands, the hemispheres pole caps.
    assert!(svg.contains("class=\"pole\"") && !svg.contains("<circle class=\"pole\""), "not a board");
}

#[test]
fn a_figure_of_several_panels_takes_the_whole_width() {
    let d = temp_dir("panels-width");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(
        &d,
        "o.toml",
        "[[panels]]\nview = \"board\"\n[[panels]]\nview = \"chart\"\n[[panels]]\nview = \"hemispheres\"\n",
    );
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--width", "1000", "-o", "f.png"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(png_size(&std::fs::read(d.join("f.png")).unwrap()).0, 1000);
    // A view flag cannot choose one view for three panels.
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--view", "chart", "-o", "g.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--view cannot apply"), "{}", stderr(&o));
    // Nor a rotation a chart panel (the one validator says whose option it is).
    let o = run_in(&d, &["render", "rook.fen", "o.toml", "--rotation", "3", "-o", "g.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--rotation: belongs to the hemispheres view"), "{}", stderr(&o));
    assert!(!d.join("g.png").exists());
}

#[test]
fn an_overlay_names_a_theme_file_relative_to_itself() {
    let d = temp_dir("theme-path");
    std::fs::create_dir_all(d.join("figs/themes")).unwrap();
    let print = include_str!("../templates/themes/print.toml");
    let mine = print.replace("dark = \"#bdbdbd\"", "dark = \"#123456\"");
    assert_ne!(mine, print);
    write(&d, "figs/themes/mine.toml", &mine);
    write(&d, "figs/rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    write(&d, "figs/o.toml", "theme = \"themes/mine.toml\"\n[[panels]]\nview = \"board\"\n");
    // Run from another folder: the theme is found beside the overlay, not in the working folder.
    let o = run_in(&d, &["render", "figs/rook.fen", "figs/o.toml", "-o", "f.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(d.join("f.svg")).unwrap();
    assert_eq!(fill_of(&svg, "cell dark"), "#123456");
    // A theme file that is not there is an error at the key.
    write(&d, "figs/p.toml", "theme = \"nowhere.toml\"\n");
    let o = run_in(&d, &["render", "figs/rook.fen", "figs/p.toml", "-o", "g.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("p.toml:1:9"), "{}", stderr(&o));
}

#[test]
fn rotation_has_the_same_limits_as_a_flag_and_as_a_key() {
    let d = temp_dir("rotation");
    write(&d, "rook.fen", "8/8/8/3R3r/8/8/8/8\n");
    for value in ["1000000", "1e300", "-9", "3000000000", "inf", "NaN"] {
        let o = run_in(&d, &["render", "--rotation", value, "-o", "f.svg"]);
        assert_eq!(o.status.code(), Some(2), "--rotation {value}");
        assert!(stderr(&o).contains("--rotation: "), "{}", stderr(&o));
        assert!(stderr(&o).contains("out of range") || stderr(&o).contains("number of files"), "{}", stderr(&o));
        let toml = if value.parse::<f64>().is_ok_and(f64::is_finite) {
            format!("[[panels]]\nview = \"hemispheres\"\nrotation = {value}\n")
        } else {
            format!("[[panels]]\nview = \"hemispheres\"\nrotation = \"{value}\"\n")
        };
        write(&d, "o.toml", &toml);
        let o = run_in(&d, &["render", "rook.fen", "o.toml", "-o", "f.svg"]);
        assert_eq!(o.status.code(), Some(2), "rotation = {value}");
        assert!(stderr(&o).contains("o.toml:3:12: `rotation`: "), "{}", stderr(&o));
    }
    assert!(!d.join("f.svg").exists());
    // In range, both ways: a turn either way of the board.
    for value in ["16", "-8", "d"] {
        let o = run_in(&d, &["render", "--rotation", value, "-o", "f.svg"]);
        assert!(o.status.success(), "--rotation {value}: {}", stderr(&o));
    }
    // A rotation or window given to a view that has none is an error, not silence.
    for args in [
        &["--view", "board", "--rotation", "3"][..],
        &["--view", "board", "--window", "0,0,8,8"],
        &["--view", "hemispheres", "--tint"],
        &["--view", "chart", "--rotation", "d"],
    ] {
        let mut full = vec!["render"];
        full.extend(args);
        full.extend(["-o", "g.svg"]);
        let o = run_in(&d, &full);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("belongs to the"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_fen_of_another_variant_says_which() {
    let d = temp_dir("fen-hint");
    let small = "k/rbnnbr/pppppp/6/6/PPPPPP/RBNNBR/K w - - 0 1";
    let o = run_in(&d, &["render", "--fen", small, "-o", "f.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("did you mean --variant small?"), "{}", stderr(&o));
    let o = run_in(&d, &["moves", "--fen", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR"]);
    assert!(stderr(&o).contains("did you mean --variant xiangqi-flat?"), "{}", stderr(&o));
    write(&d, "s.fen", &format!("{small}\n"));
    let o = run_in(&d, &["render", "s.fen", "-o", "f.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("`# variant: small`"), "{}", stderr(&o));
    // A FEN whose shape is right but whose content is wrong gets no hint.
    let o = run_in(&d, &["render", "--fen", "8/8/8/8/8/8/8/7Z", "-o", "f.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("did you mean"), "{}", stderr(&o));
}
