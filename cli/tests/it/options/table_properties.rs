//! Properties of the options table: for every option, a value given by a flag, by an
//! overlay file's key and by a URL query pair draws the same figure, byte for byte; a value out of
//! range is refused by all three with status 2 (or an error) naming where it was given.

use super::{example, files, run_in, stderr};
use dotchess::input::{FigureOptions, Key, Level, Spec, Ty, option_rows};
use proptest::prelude::*;
use std::path::Path;

/// The rows every front end takes (a flag and a query name).
fn rows() -> Vec<&'static Spec> {
    option_rows().filter(|s| s.flag.is_some() && s.query.is_some()).collect()
}

/// The view an option needs (the first it belongs to), if not every view takes it.
fn view_for(s: &Spec) -> Option<&'static str> {
    match s.applies {
        dotchess::input::Applies::Views(v) if s.key != Key::View => Some(v[0]),
        _ => None,
    }
}

/// Whether the option is the animation's (drawn by `animate`, two frames unless it sets them).
fn animated(s: &Spec) -> bool {
    s.level == Level::Animation
}

fn few_frames(s: &Spec) -> bool {
    animated(s) && !matches!(s.key, Key::Frames | Key::Seconds)
}

/// A value as TOML writes it.
fn toml_of(s: &Spec, text: &str) -> String {
    match s.ty {
        Ty::Switch { .. } | Ty::Number { .. } | Ty::Whole { .. } | Ty::Plays => text.to_string(),
        Ty::NumberOrFile(_) if text.parse::<f64>().is_ok() => text.to_string(),
        Ty::Window => format!("[{text}]"),
        Ty::Mark(_) => format!("[{text:?}]"),
        _ => format!("{text:?}"),
    }
}

/// The overlay that gives the value by its key, and the line the key is on.
fn overlay(s: &Spec, text: &str) -> (String, usize) {
    let line = format!("{} = {}\n", s.file, toml_of(s, text));
    match (s.level, view_for(s)) {
        (Level::View, view) => {
            let view = if s.key == Key::View {
                String::new()
            } else {
                format!("view = {:?}\n", view.unwrap_or("hemispheres"))
            };
            (format!("[[panels]]\n{view}{line}"), 2 + usize::from(!view.is_empty()))
        }
        (Level::Animation, _) => {
            let frames = if few_frames(s) { "frames = 2\n" } else { "" };
            (format!("[animation]\n{frames}{line}"), 2 + usize::from(few_frames(s)))
        }
        _ => (line, 1),
    }
}

/// The command line that gives the value by its flag.
fn flag_args(s: &Spec, text: &str, out: &str) -> Vec<String> {
    let cmd = if animated(s) { "animate" } else { "render" };
    let mut args = vec![cmd.to_string(), example("12-rook.fen")];
    if let Some(v) = view_for(s) {
        args.extend(["--view".into(), v.into()]);
    }
    if few_frames(s) {
        args.extend(["--frames".into(), "2".into()]);
    }
    args.push(s.flag.unwrap().to_string());
    if !matches!(s.ty, Ty::Switch { .. }) {
        args.push(text.to_string());
    }
    args.extend(["-o".into(), out.into()]);
    args
}

/// The URL query that gives the value.
fn query(s: &Spec, text: &str) -> String {
    let mut q = Vec::new();
    if let Some(v) = view_for(s) {
        q.push(format!("view={v}"));
    }
    if few_frames(s) {
        q.push("frames=2".into());
    }
    let encoded: String = text
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b".-_".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect();
    q.push(format!("{}={encoded}", s.query.unwrap()));
    q.join("&")
}

/// What the library draws for a query: the SVG bytes the command line would write.
fn by_query(s: &Spec, q: &str) -> Result<Vec<u8>, String> {
    let text = std::fs::read_to_string(example("12-rook.fen")).unwrap();
    let base = dotchess::input::read_position("12-rook.fen", &text, dotchess::VariantId::Dot).unwrap();
    let options = FigureOptions::from_query(q).map_err(|e| e.to_string())?;
    let draft = dotchess::input::Draft::plain(&base);
    let checked = dotchess::input::check_figure(&draft, &options).map_err(|e| e.to_string())?;
    if animated(s) {
        let anim = dotchess::output::build_animation(&checked.figure, false)
            .map_err(|e| dotchess::input::animation_error(&checked, &e).to_string())?;
        return Ok(anim.encode(dotchess::output::Format::AnimatedSvg).unwrap());
    }
    let scene = dotchess::output::render_checked(&checked.figure).map_err(|e| e.to_string())?;
    Ok(dotchess::output::to_svg(&scene).into_bytes())
}

/// The figure's bytes with the value given by flag, by file and by query: all three, or the
/// first that failed.
fn three_ways(d: &Path, s: &Spec, text: &str) -> [Result<Vec<u8>, String>; 3] {
    let read = |name: &str, o: &std::process::Output| -> Result<Vec<u8>, String> {
        match o.status.code() {
            Some(0) => Ok(std::fs::read(d.join(name)).unwrap()),
            code => Err(format!("status {code:?}: {}", stderr(o))),
        }
    };
    let _ = std::fs::remove_file(d.join("flag.svg"));
    let _ = std::fs::remove_file(d.join("file.svg"));
    let args = flag_args(s, text, "flag.svg");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let flag = read("flag.svg", &run_in(d, &args));
    std::fs::write(d.join("o.toml"), overlay(s, text).0).unwrap();
    let cmd = if animated(s) { "animate" } else { "render" };
    let file = read("file.svg", &run_in(d, &[cmd, &example("12-rook.fen"), "o.toml", "-o", "file.svg"]));
    [flag, file, by_query(s, &query(s, text))]
}

#[test]
fn every_option_draws_the_same_by_flag_file_and_query() {
    let d = files("table-same", &[]);
    for s in rows() {
        let [flag, file, query] = three_ways(&d, s, s.example);
        let flag = flag.unwrap_or_else(|e| panic!("{} by flag: {e}", s.file));
        assert_eq!(Ok(&flag), file.as_ref(), "{} by file", s.file);
        assert_eq!(Ok(&flag), query.as_ref(), "{} by query", s.file);
    }
}

/// A value each type cannot take, by text, whatever the limits.
fn bad_text(s: &Spec) -> &'static str {
    match s.ty {
        Ty::Choice(_) => "zzz",
        Ty::Background => "#+1+1+1",
        Ty::Window => "0,0,0,5",
        Ty::Theme => "neon",
        Ty::Mark(_) => "z9",
        Ty::Move => "z9z9",
        Ty::NumberOrFile(_) => "zz",
        Ty::Text => "bell\u{7}",
        _ => "x",
    }
}

/// Refused by all three, each naming where the value was given.
fn refused_three_ways(d: &Path, s: &Spec, text: &str) -> Result<(), String> {
    let args = flag_args(s, text, "flag.svg");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = run_in(d, &args);
    let flag = s.flag.unwrap();
    if o.status.code() != Some(2) || !stderr(&o).contains(flag) {
        return Err(format!("{flag} {text}: status {:?}: {}", o.status.code(), stderr(&o)));
    }
    let (overlay, line) = overlay(s, text);
    std::fs::write(d.join("o.toml"), &overlay).unwrap();
    let cmd = if animated(s) { "animate" } else { "render" };
    let o = run_in(d, &[cmd, &example("12-rook.fen"), "o.toml", "-o", "file.svg"]);
    if o.status.code() != Some(2) || !stderr(&o).contains(&format!("o.toml:{line}:")) {
        return Err(format!("{overlay}: status {:?}: {}", o.status.code(), stderr(&o)));
    }
    match by_query(s, &query(s, text)) {
        Err(e) if e.contains(&format!("URL query `{}=", s.query.unwrap())) => Ok(()),
        other => Err(format!("query {}: {:?}", query(s, text), other.map(|b| b.len()))),
    }
}

#[test]
fn every_option_refuses_what_it_cannot_take_naming_where() {
    let d = files("table-bad", &[]);
    for s in rows().into_iter().filter(|s| !matches!(s.ty, Ty::Switch { .. })) {
        refused_three_ways(&d, s, bad_text(s)).unwrap_or_else(|e| panic!("{}: {e}", s.file));
    }
    assert!(!d.join("flag.svg").exists() && !d.join("file.svg").exists());
}

/// The numeric rows, with their limits; the frames and seconds kept small enough to draw quickly.
fn numeric() -> Vec<(&'static Spec, f64, f64, bool)> {
    rows()
        .into_iter()
        .filter_map(|s| match s.ty {
            Ty::Number { min, max, .. } => Some((s, min, max, false)),
            Ty::Whole { min, max } => Some((s, min as f64, max as f64, true)),
            Ty::Plays => Some((s, 0.0, 10_000.0, true)),
            Ty::NumberOrFile(dotchess::input::Along::Degrees(l)) => Some((s, -l, l, false)),
            _ => None,
        })
        .collect()
}

fn shown(v: f64, whole: bool) -> String {
    if whole { format!("{}", v.round() as i64) } else { format!("{}", (v * 100.0).round() / 100.0) }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any value within an option's limits draws the same figure by flag, file and query.
    #[test]
    fn within_the_limits_flag_file_and_query_agree(row in 0usize..64, at in 0.0f64..=1.0) {
        let all = numeric();
        let (s, min, max, whole) = all[row % all.len()];
        let (min, max) = match s.key {
            Key::Frames => (1.0, 6.0),
            Key::Seconds => (0.05, 0.3),
            _ => (min, max),
        };
        let text = shown(min + at * (max - min), whole);
        let d = files(&format!("table-in-{}", s.file), &[]);
        let [flag, file, query] = three_ways(&d, s, &text);
        let flag = flag.map_err(|e| TestCaseError::fail(format!("{} {text}: {e}", s.file)))?;
        prop_assert_eq!(Ok(&flag), file.as_ref(), "{} = {} by file", s.file, text);
        prop_assert_eq!(Ok(&flag), query.as_ref(), "{} = {} by query", s.file, text);
    }

    /// Any value beyond an option's limits is refused by all three, naming where it was given.
    #[test]
    fn beyond_the_limits_all_three_refuse(row in 0usize..64, by in 0.01f64..1e6, above in any::<bool>()) {
        let all = numeric();
        let (s, min, max, whole) = all[row % all.len()];
        let by = if whole { by.ceil() } else { by };
        let v = if above || s.key == Key::Seconds { if s.key == Key::Seconds { -by } else { max + by } } else { min - by };
        let text = shown(v, whole);
        prop_assume!(text.parse::<f64>().is_ok_and(|x| x < min || x > max || (s.key == Key::Seconds && x <= 0.0)));
        let d = files(&format!("table-out-{}", s.file), &[]);
        refused_three_ways(&d, s, &text).map_err(TestCaseError::fail)?;
    }
}
