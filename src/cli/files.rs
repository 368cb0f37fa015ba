//! The files the command line names, read: a position or overlay file into a draft, a theme
//! file named by `--theme`, the folder relative paths in a file are read from. Both the drawing
//! subcommands and the game subcommands read through here.

use super::CliError;
use dotchess::VariantId;
use dotchess::input::read_position;
use dotchess::input::{Draft, read_draft};
use dotchess::input::{FigureOptions, ThemeValue, Value};
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
    let Some(overlay) = overlay else { return Ok(Draft::plain(&base)) };
    let otext = read_file(overlay)?;
    let files = dotchess::batch::Disk(folder_of(overlay));
    use dotchess::batch::Files;
    Ok(read_draft(&overlay.display().to_string(), &otext, &base, &|p| files.read(p))?)
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
