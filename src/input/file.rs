//! Input files read from disk, bounded and checked before their text is parsed.

use super::MAX_INPUT;

/// Reads an input file from disk: only a regular file (a device, FIFO or folder is refused before
/// it is opened, so that `/dev/zero` is not read forever and a FIFO does not hang), read through a
/// bounded reader so that no more than [`MAX_INPUT`] bytes are ever taken, whatever the file claims.
pub fn read_input(path: &std::path::Path) -> Result<String, ReadError> {
    use std::io::Read;
    let path_buf = || path.to_path_buf();
    let io = |e: std::io::Error| ReadError::Io { path: path_buf(), reason: plain_os_error(&e) };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular { path: path_buf() });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    // The file opened may not be the one looked at (a rename in between): look again.
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(ReadError::NotRegular { path: path_buf() });
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT as u64 + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() > MAX_INPUT {
        return Err(ReadError::TooLarge { path: path_buf() });
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8 { path: path_buf(), offset: e.utf8_error().valid_up_to() })
}

/// Why an input file could not be read ([`read_input`]); each names the file.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The system refused (missing, no permission, …).
    #[error("cannot read {}: {reason}", path.display())]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The system's reason in plain words ([`plain_os_error`]).
        reason: String,
    },
    /// A folder, device or pipe.
    #[error("{} is not a regular file (a folder, device or pipe cannot be read as input)", path.display())]
    NotRegular {
        /// The file.
        path: std::path::PathBuf,
    },
    /// Over [`MAX_INPUT`] bytes.
    #[error("{} is larger than {MAX_INPUT} bytes", path.display())]
    TooLarge {
        /// The file.
        path: std::path::PathBuf,
    },
    /// Not UTF-8 text.
    #[error("{} is not UTF-8 text (an invalid byte at offset {offset})", path.display())]
    NotUtf8 {
        /// The file.
        path: std::path::PathBuf,
        /// The first byte that is not part of a UTF-8 character.
        offset: usize,
    },
}

/// Why a file that an input names (an overlay's `position`, a theme file, a manifest's figure)
/// could not be had ([`crate::input::overlay::Loader`], [`crate::batch::Files`]); each names it.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Read from disk, and refused there.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// Not among the files built into the program.
    #[error("no built-in file `{0}`")]
    NotBuiltIn(String),
    /// Where the input comes from, no file can be read (an overlay sent to the server).
    #[error("`{name}`: {reason}")]
    Refused {
        /// The file as the input names it.
        name: String,
        /// Why, and what to do instead.
        reason: &'static str,
    },
}

impl LoadError {
    /// `name` refused where the input comes from, for `reason`.
    pub fn refused(name: &str, reason: &'static str) -> LoadError {
        LoadError::Refused { name: name.to_string(), reason }
    }
}

/// A text without the byte-order mark some editors put first.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// An OS error in plain words, without Rust's `(os error N)` suffix.
pub fn plain_os_error(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}
