//! Input files read from disk, bounded and checked before their text is parsed.

use super::MAX_INPUT;

/// Reads an input file from disk: only a regular file (a device, FIFO or folder is refused before
/// it is opened, so that `/dev/zero` is not read forever and a FIFO does not hang), read through a
/// bounded reader so that no more than [`MAX_INPUT`] bytes are ever taken, whatever the file claims.
pub fn read_input(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let shown = path.display();
    let not_regular = || format!("{shown} is not a regular file (a folder, device or pipe cannot be read as input)");
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {}", plain_os_error(&e)))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {}", plain_os_error(&e)))?;
    // The file opened may not be the one looked at (a rename in between): look again.
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    file.take(MAX_INPUT as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {shown}: {}", plain_os_error(&e)))?;
    if bytes.len() > MAX_INPUT {
        return Err(format!("{shown} is larger than {MAX_INPUT} bytes"));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("{shown} is not UTF-8 text (an invalid byte at offset {at})")
    })
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
