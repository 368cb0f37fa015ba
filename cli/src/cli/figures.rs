//! The subcommands that draw: `render`, `animate`, `check`, `batch` and `essay`. Glue: the files
//! are read into a draft, the option flags put over it and everything checked once by the input
//! half ([`dotchess::input::check`]); then the writers write.

use super::files::{flags_or_files, folder_of, load_theme, read_file, read_files, with_files};
use super::{AnimateArgs, BatchArgs, CheckArgs, CliError, EssayArgs, RenderArgs, parse_cell};
use dotchess::input::FigureOptions;
use dotchess::output::{Format, Output, Target, WriteError};
use dotchess::{Figure, RenderError, Renderer};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

pub(super) fn render_cmd(a: &RenderArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(p) = a.position_file.as_deref().filter(|p| super::game::is_game_file(p)) {
        let figure = Figure::from(super::game::still(a, p)?);
        return write_figure(&figure, &a.output, a.format, out);
    }
    if a.ply.is_some() || a.plies.is_some() || a.game.is_some() {
        return Err(CliError::Usage("--ply, --plies and --game choose from a game file (.pgn)".into()));
    }
    let draft = flags_or_files(&a.position, a.position_file.as_deref(), a.overlay_file.as_deref())?;
    let figure = Figure::checked(&draft, &with_files(&a.options.options)?)?;
    write_figure(&figure, &a.output, a.format, out)
}

/// Draws a figure and writes it to each `-o` path, every output made in memory and checked
/// before anything is written; an HTML output is the figure drawn with every piece's moves, for
/// the page to show.
fn write_figure(
    figure: &Figure,
    paths: &[PathBuf],
    format: Option<Format>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    write_made(figure, &planned(paths, format)?, out)
}

/// Where each `-o` path goes and in which format ([`dotchess::output::plan_all`]).
fn planned(paths: &[PathBuf], format: Option<Format>) -> Result<Vec<(Target, Format)>, CliError> {
    let outputs = dotchess::output::plan_all(paths, format).map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(outputs.into_iter().map(|o| (o.target, o.format)).collect())
}

/// The figure written to each of `targets` ([`Renderer::write`]): all of them, or none.
fn write_made(figure: &Figure, targets: &[(Target, Format)], out: &mut dyn Write) -> Result<(), CliError> {
    let outputs: Vec<Output> =
        targets.iter().map(|(target, format)| Output { target: target.clone(), format: *format }).collect();
    Renderer::new().write(figure, &outputs, out).map_err(render_error)
}

/// What the command says when a figure cannot be made: the option at fault for an animation,
/// a usage error for what is too large, `--frame` for a frame the animation lacks.
fn render_error(e: RenderError) -> CliError {
    match e {
        RenderError::Write(WriteError::Io { error, .. }) if error.kind() == io::ErrorKind::BrokenPipe => {
            CliError::BrokenPipe
        }
        RenderError::Input { error, .. } => CliError::Input(error),
        e @ RenderError::Frame { frame, .. } => CliError::Usage(format!("--frame {frame}: {e}")),
        e if e.too_large() => CliError::Usage(e.to_string()),
        e => CliError::Output(e.to_string()),
    }
}

/// Where `animate` writes: each `-o` a target and a format (`-` a GIF on standard output), none
/// named twice; for a still frame, `.svg`, `.png` or `.pdf`.
fn animation_targets(
    paths: &[PathBuf],
    still: bool,
) -> Result<Vec<(dotchess::output::Target, dotchess::output::Format)>, CliError> {
    use dotchess::output::{Format, Motion, Target};
    let mut targets: Vec<(Target, Format)> = Vec::new();
    for path in paths {
        let target = if path.as_os_str() == "-" { Target::Stdout } else { Target::File(path.clone()) };
        if targets.iter().any(|(t, _)| *t == target) {
            return Err(CliError::Usage(format!("{} is named twice as an output", target.display())));
        }
        if let Target::File(p) = &target {
            // Refused before anything is drawn, as `render` refuses a folder.
            if p.is_dir() || p.as_os_str().to_string_lossy().ends_with('/') {
                let example = p.join(if still { "frame.png" } else { "animation.gif" });
                return Err(CliError::Usage(format!(
                    "{} is a folder; name a file in it, e.g. {}",
                    p.display(),
                    example.display()
                )));
            }
            dotchess::output::check_folder(p).map_err(|e| CliError::Usage(e.to_string()))?;
        }
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default();
        let format = match (&target, still) {
            (Target::Stdout, _) => Some(Format::Gif),
            (_, true) => Format::of_extension(ext, Motion::Still).filter(|&f| f != Format::Html),
            (_, false) => Format::of_extension(ext, Motion::Animated),
        };
        let Some(format) = format else {
            return Err(CliError::Usage(match still {
                true => format!("{}: a still frame is written as .svg, .png or .pdf", path.display()),
                false => format!("{}: an animation is written as .gif, .png (APNG) or .svg", path.display()),
            }));
        };
        targets.push((target, format));
    }
    Ok(targets)
}

pub(super) fn animate_cmd(a: &AnimateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let figure = if let Some(p) = a.position_file.as_deref().filter(|p| super::game::is_game_file(p)) {
        Figure::from(super::game::replay(a, p)?)
    } else if a.from.is_some() || a.to.is_some() || a.game.is_some() {
        return Err(CliError::Usage("--from, --to and --game replay a game file (.pgn)".into()));
    } else {
        let draft = flags_or_files(&a.position, a.position_file.as_deref(), a.overlay_file.as_deref())?;
        Figure::checked(&draft, &with_files(&a.options.options)?)?
    };
    // A still output is a frame of the animation: `--frame K`, else the first.
    let targets = animation_targets(&a.output, a.frame.is_some())?;
    let targets = if a.frame.is_some() { planned(&a.output, None)? } else { targets };
    write_made(&figure.frame(a.frame.map_or(0, |k| k as usize)), &targets, out)
}

/// `--square` and `--expect` as an expectation about the position, each error naming its flag.
fn flag_expectation(
    pos: &dotchess::Position,
    square: &str,
    list: &str,
) -> Result<dotchess::draw::Expectation, CliError> {
    let named = |flag: &str, e: CliError| match e {
        CliError::Usage(m) => CliError::Usage(format!("{flag} {m}")),
        e => e,
    };
    let cell = parse_cell(pos, square).map_err(|e| named("--square:", e))?;
    if pos.piece_at(cell).is_none() {
        return Err(CliError::Usage(format!("--square {square}: no piece on {square} to check")));
    }
    let mut destinations = Vec::new();
    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        destinations.push(parse_cell(pos, name).map_err(|e| named(&format!("--expect `{name}`:"), e))?);
    }
    Ok(dotchess::draw::Expectation {
        position: pos.clone(),
        square: cell,
        destinations,
        source: Some("--expect".into()),
    })
}

pub(super) fn check_cmd(a: &CheckArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if a.output.as_ref().is_some_and(|o| o.as_os_str() == "-") {
        return Err(CliError::Usage(
            "-o -: check prints its report on standard output; write the figure to a file".into(),
        ));
    }
    // Expectations are about the position file's position, whatever the panels draw.
    let draft = read_files(&a.position, a.overlay.as_deref(), a.variant)?;
    let pos = draft.base.position.clone();
    let mut figure = Figure::checked(&draft, &FigureOptions::default())?;
    match (&a.square, &a.expect) {
        (Some(sq), Some(list)) => figure = figure.expecting(flag_expectation(&pos, sq, list)?),
        (None, None) => {}
        _ => return Err(CliError::Usage("--square and --expect go together".into())),
    }
    let spec = figure.spec();
    if spec.expect.is_empty() {
        return Err(CliError::Usage(
            "nothing to check: give an overlay with [[expect]] tables, or --square and --expect".into(),
        ));
    }
    let topo = pos.topology();
    if spec.panels.iter().any(|p| p.position.variant().id != pos.variant().id || p.position.fen() != pos.fen()) {
        writeln!(out, "checked on the position of {} (not on the panels' own positions)", a.position.display())?;
    }
    let mut differs = false;
    for e in &spec.expect {
        let found: Vec<dotchess::Cell> = dotchess::destinations(&pos, e.square, true).iter().map(|d| d.cell).collect();
        let name = |cells: Vec<dotchess::Cell>| {
            let mut v: Vec<String> = cells.into_iter().map(|c| topo.name(c)).collect();
            v.sort();
            if v.is_empty() { "-".to_string() } else { v.join(" ") }
        };
        let agreed: Vec<_> = found.iter().copied().filter(|c| e.destinations.contains(c)).collect();
        let missing: Vec<_> = e.destinations.iter().copied().filter(|c| !found.contains(c)).collect();
        let extra: Vec<_> = found.iter().copied().filter(|c| !e.destinations.contains(c)).collect();
        let Some(piece) = pos.piece_at(e.square) else {
            return Err(CliError::Usage(format!("no piece on {} to check", topo.name(e.square))));
        };
        let verdict = if missing.is_empty() && extra.is_empty() { "agree" } else { "DIFFER" };
        differs |= verdict == "DIFFER";
        writeln!(
            out,
            "{} {} on {}{}: {verdict} ({} expected, {} found)",
            piece.color.name(),
            piece.role.name(),
            topo.name(e.square),
            e.source.as_ref().map(|s| format!(" (expected by {s})")).unwrap_or_default(),
            e.destinations.len(),
            found.len()
        )?;
        writeln!(out, "  agreed  {:>3}: {}", agreed.len(), name(agreed.clone()))?;
        writeln!(out, "  missing {:>3}: {}", missing.len(), name(missing.clone()))?;
        writeln!(out, "  extra   {:>3}: {}", extra.len(), name(extra.clone()))?;
    }
    if let Some(path) = &a.output {
        write_figure(&figure, std::slice::from_ref(path), a.format, out)?;
    }
    if differs { Err(CliError::Differs) } else { Ok(()) }
}

/// A progress bar on a terminal, nothing otherwise.
fn progress_bar(len: usize) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    bar
}

fn run_batch(
    manifest: &dotchess::batch::Manifest,
    files: &dyn dotchess::batch::Files,
    dir: &Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(CliError::Usage(format!(
            "{} is not a folder: the figures and their index.html go into a folder (-o names it)",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        let shown = dotchess::input::plain_os_error(&e);
        CliError::Output(format!("cannot create the folder {}: {shown}", dir.display()))
    })?;
    let bar = progress_bar(manifest.jobs.len());
    let report = dotchess::batch::run(manifest, files, dir, &|name| {
        bar.set_message(name.to_string());
        bar.inc(1);
    });
    bar.finish_and_clear();
    let outcomes = &report.outcomes;
    let failed: Vec<&dotchess::batch::Outcome> = outcomes.iter().filter(|o| o.result.is_err()).collect();
    let sheet = match &report.index {
        Ok(path) => format!("; contact sheet {}", path.display()),
        Err(_) => "; no contact sheet".to_string(),
    };
    let written = outcomes.len() - failed.len();
    writeln!(out, "{written} figures written to {} ({} failed){sheet}", dir.display(), failed.len())?;
    for o in &failed {
        if let Err(e) = &o.result {
            eprintln!("dotchess: figure `{}`: {e}", o.name);
        }
    }
    if let Err(e) = &report.index {
        eprintln!("dotchess: {e}");
    }
    match (failed.len(), &report.index) {
        (0, Ok(_)) => Ok(()),
        (0, Err(_)) => Err(CliError::Failed("the contact sheet index.html was not written".into())),
        (n, _) => Err(CliError::Failed(format!("{n} of {} figures failed", outcomes.len()))),
    }
}

pub(super) fn essay_cmd(a: &EssayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut manifest = dotchess::batch::essay_manifest();
    // `--theme` restyles the whole set; without it a figure keeps its own (07-terrestrial-chart's
    // latitude bands come from the theme file its overlay names).
    manifest.theme = a.theme.as_deref().map(load_theme).transpose()?;
    manifest.output = None;
    run_batch(&manifest, &dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES), &a.output, out)
}

/// `batch`: the files a manifest names are relative to it, and so is its `output` folder; without
/// one (or `-o`), `out` in the working folder, as `essay` writes (the essay's manifest names none,
/// so that its folder holds only its inputs, which `build.rs` watches).
pub(super) fn batch_cmd(a: &BatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = read_file(&a.manifest)?;
    let manifest = dotchess::batch::read_manifest(&a.manifest.display().to_string(), &text)?;
    let dir = match (&a.output, &manifest.output) {
        (Some(o), _) => o.clone(),
        (None, Some(o)) => folder_of(&a.manifest).join(o),
        (None, None) => PathBuf::from("out"),
    };
    run_batch(&manifest, &dotchess::batch::Disk(folder_of(&a.manifest)), &dir, out)
}
