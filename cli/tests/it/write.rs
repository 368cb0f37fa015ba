//! The write path: all outputs of a figure or none, temporary files that cannot be planted,
//! standard output, and targets that are not plain files.

use crate::common::{self, stderr};

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotchess")).args(args).stdin(Stdio::null()).output().expect("run dotchess")
}

fn temp_dir(name: &str) -> common::Scratch {
    common::Scratch::new(&format!("write-{name}"))
}

fn names(d: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect();
    v.sort();
    v
}

/// A figure too large for a PNG: its SVG can be made, its PNG cannot.
fn huge_scene() -> dotchess::Scene {
    dotchess::Scene::new(20_000.0, 20_000.0, dotchess::draw::scene::Rgb::WHITE)
}

#[test]
fn a_failing_format_leaves_no_file_of_the_figure() {
    use dotchess::output::{Format, Output, Target, write};
    let d = temp_dir("all-or-none");
    let outputs = [
        Output { target: Target::File(d.join("a.svg")), format: Format::Svg },
        Output { target: Target::File(d.join("b.png")), format: Format::Png },
    ];
    let mut stdout = Vec::new();
    assert!(write(&huge_scene(), &outputs, &mut stdout).is_err());
    assert!(names(&d).is_empty(), "{:?}", names(&d));
}

/// Too many pixels is said with the figure's size and the largest width that fits, the largest
/// whose square figure stays within the limit.
#[test]
fn too_many_pixels_names_the_size_and_the_width_that_fits() {
    use dotchess::output::{Format, MAX_PIXELS, WriteError, check_size};
    let e = check_size(&huge_scene(), &[Format::Svg, Format::Png]).unwrap_err();
    let WriteError::TooLarge { width, height, fit } = e else { panic!("{e}") };
    assert_eq!((width, height), (20_000.0, 20_000.0));
    assert!(fit * fit <= MAX_PIXELS && (fit + 1) * (fit + 1) > MAX_PIXELS, "{fit}");
    assert!(e.to_string().contains(&format!("at most {fit}")), "{e}");
    assert!(check_size(&huge_scene(), &[Format::Svg, Format::Pdf]).is_ok(), "no pixels, no limit");
}

#[test]
fn render_at_the_largest_width_writes_both_files_or_none() {
    let d = temp_dir("width-8000");
    let part = d.join("part");
    let o = run(&["render", "--width", "8000", "-o", part.to_str().unwrap()]);
    let left = names(&d);
    if o.status.success() {
        assert_eq!(left, ["part.png", "part.svg"]);
    } else {
        assert!(left.is_empty(), "a failed render left {left:?}: {}", stderr(&o));
    }
    let (a, b) = (d.join("a.svg"), d.join("b.png"));
    let o = run(&["render", "--width", "8000", "-o", a.to_str().unwrap(), "-o", b.to_str().unwrap()]);
    assert_eq!(a.exists(), o.status.success());
    assert_eq!(b.exists(), o.status.success());
}

#[cfg(unix)]
#[test]
fn a_planted_symlink_at_a_temporary_name_is_not_followed() {
    let d = temp_dir("planted");
    let victim = d.join("victim");
    std::fs::write(&victim, "precious").unwrap();
    // The name the old write path used for this process.
    let planted = d.join(format!(".x.svg.{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    dotchess::output::write_file(&d.join("x.svg"), b"<svg/>").unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(std::fs::read_to_string(d.join("x.svg")).unwrap(), "<svg/>");
    // The temporary file is gone; the planted link is left as it was.
    assert_eq!(names(&d).len(), 3, "{:?}", names(&d));
    // A new file gets the usual permissions, not a temporary file's 0600.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(d.join("x.svg")).unwrap().permissions().mode();
    assert_ne!(mode & 0o044, 0, "mode {mode:o}");
}

#[test]
fn dash_writes_to_standard_output_in_the_format_asked() {
    let o = run(&["render", "--fen", "8/8/8/3R4/8/8/8/8", "-o", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(svg.starts_with("<svg"));
    roxmltree::Document::parse(&svg).expect("well-formed SVG on stdout");
    let o = run(&["render", "--format", "png", "-o", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(&o.stdout[..8], b"\x89PNG\r\n\x1a\n");
    let o = run(&["render", "--format", "gif", "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("svg, png, pdf or html"), "{}", stderr(&o));
    let o = run(&["render", "--format", "png", "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--format is png"), "{}", stderr(&o));
}

#[test]
fn dev_stdout_is_written_in_place_and_no_name_is_made_up_beside_it() {
    let o = run(&["render", "-o", "/dev/stdout"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8(o.stdout).unwrap().starts_with("<svg"));
    for p in ["/dev/stdout.png", "/dev/stdout.svg"] {
        assert!(!Path::new(p).exists(), "{p} was created");
    }
    let o = run(&["render", "--format", "png", "-o", "/dev/stdout"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(&o.stdout[..4], b"\x89PNG");
}

#[cfg(unix)]
#[test]
fn a_symlink_without_extension_is_filled_not_replaced() {
    let d = temp_dir("link");
    std::fs::write(d.join("real"), "").unwrap();
    std::os::unix::fs::symlink(d.join("real"), d.join("link")).unwrap();
    let o = run(&["render", "-o", d.join("link").to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(&d), ["link", "real"]);
    assert!(std::fs::read_to_string(d.join("real")).unwrap().starts_with("<svg"));
}

#[test]
fn a_folder_as_output_is_refused_in_plain_words() {
    let d = temp_dir("folder");
    let o = run(&["render", "-o", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is a folder"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("os error"), "{}", stderr(&o));
    let o = run(&["render", "-o", "."]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is a folder"), "{}", stderr(&o));
    assert!(names(&d).is_empty());
}

#[test]
fn essay_into_a_file_is_refused_in_plain_words() {
    let d = temp_dir("essay-file");
    let f = d.join("file");
    std::fs::write(&f, "keep").unwrap();
    let o = run(&["essay", "-o", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is not a folder"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("os error"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "keep");
}

#[test]
fn a_contact_sheet_that_cannot_be_written_is_an_error() {
    let d = temp_dir("index");
    std::fs::write(d.join("a.fen"), "8/8/8/3R4/8/8/8/8\n").unwrap();
    std::fs::write(d.join("m.toml"), "formats = [\"svg\"]\n[[figure]]\nname = \"a\"\nposition = \"a.fen\"\n").unwrap();
    let out = d.join("out");
    // A folder where index.html should go: the rename over it fails.
    std::fs::create_dir_all(out.join("index.html").join("x")).unwrap();
    let o = run(&["batch", d.join("m.toml").to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("index.html"), "{}", stderr(&o));
    assert!(!String::from_utf8_lossy(&o.stdout).contains("contact sheet /"), "{}", String::from_utf8_lossy(&o.stdout));
}
