//! The files the command line names, read: a position or overlay file into a draft, a theme
//! file named by `--theme`, the folder relative paths in a file are read from. Both the drawing
//! subcommands and the game subcommands read through here.

use super::CliError;
use dotchess::VariantId;
use dotchess::input::{Draft, read_draft};
use dotchess::input::{FigureOptions, ThemeValue, Value};
use dotchess::input::{PositionSpec, read_position};
use std::path::{Path, PathBuf};

/// A file's text, read within the input size limit.
pub(super) fn read_file(path: &Path) -> Result<String, CliError> {
    dotchess::input::read_input(path).map_err(|e| CliError::Usage(e.to_string()))
}

/// The folder files named in `path` are relative to.
pub(super) fn folder_of(path: &Path) -> PathBuf {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf()
}

/// Reads a position file and, if given, an overlay file into a draft (nothing checked against
/// the flags yet).
pub(super) fn read_files(position: &Path, overlay: Option<&Path>, variant: VariantId) -> Result<Draft, CliError> {
    let ptext = read_file(position)?;
    let base = read_position(&position.display().to_string(), &ptext, variant)?;
    match overlay {
        None => Ok(Draft::plain(&base)),
        Some(o) => read_overlay(o, &base),
    }
}

/// Reads an overlay file over a position (the files it names relative to its folder).
fn read_overlay(overlay: &Path, base: &PositionSpec) -> Result<Draft, CliError> {
    let otext = read_file(overlay)?;
    let files = dotchess::batch::Disk(folder_of(overlay));
    use dotchess::batch::Files;
    Ok(read_draft(&overlay.display().to_string(), &otext, base, &|p| files.read(p))?)
}

/// The draft of `render` and `animate` (a game file aside): the position from a file, or from
/// `--variant` and `--fen` (the variant's start without `--fen`); beside `--fen`, the one file
/// given is the overlay.
pub(super) fn flags_or_files(
    position: &super::PositionArgs,
    file: Option<&Path>,
    overlay: Option<&Path>,
) -> Result<Draft, CliError> {
    let from_flags = || Ok::<_, CliError>(PositionSpec { position: position.position()?, title: None });
    match (file, overlay, &position.fen) {
        (None, _, _) => Ok(Draft::plain(&from_flags()?)),
        (Some(p), None, Some(_)) if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("toml")) => {
            read_overlay(p, &from_flags()?)
        }
        (Some(_), _, Some(_)) => Err(CliError::Usage(
            "give the position either as a file or with --fen, not both (beside --fen, the one file is an overlay, .toml)"
                .into(),
        )),
        (Some(p), o, None) => read_files(p, o, position.variant),
    }
}

/// A theme named on the command line: built in, or a theme file (relative to the working folder).
pub(super) fn load_theme(name: &str) -> Result<dotchess::Theme, CliError> {
    if name.ends_with(".toml") {
        let text = read_file(Path::new(name))?;
        Ok(dotchess::input::read_theme(name, &text)?)
    } else {
        dotchess::Theme::built_in(name).map_err(|e| CliError::Usage(format!("--theme: {e}")))
    }
}

/// The flags with the theme file they name read (relative to the working folder).
pub(super) fn with_files(flags: &FigureOptions) -> Result<FigureOptions, CliError> {
    let mut out = FigureOptions::default();
    for g in flags.iter() {
        let value = match &g.value {
            Value::Theme(ThemeValue::Named(n)) if n.ends_with(".toml") => {
                Value::Theme(ThemeValue::Read(Box::new(load_theme(n)?)))
            }
            v => v.clone(),
        };
        out.push(g.key, value, g.origin.clone());
    }
    Ok(out)
}
