//! The write path: where each output of a figure goes ([`plan`]), each format made once and staged
//! in a temporary file, and all renamed into place only when every one succeeded ([`write()`]).
//!
//! A file is written through a temporary file created exclusively, with an unpredictable name, in
//! the target's own folder, then renamed over the target: a reader never sees half a file, a
//! planted symlink is never followed, and a failure leaves nothing behind. Standard output (`-`)
//! and targets that are not plain files (a device such as `/dev/stdout`, a FIFO, a symlink to
//! one) are written in place, since renaming over them would replace the node, not fill it.
//!
//! A new still format is one more [`Format`] variant (its row in [`super::format`]) and its arm
//! in [`Format::encode`].

pub use super::format::Format;
use super::format::Motion;
use crate::draw::scene::Scene;
use std::io::Write;
use std::path::{Path, PathBuf};

impl Format {
    /// The figure in this still format. `svg` is the scene's SVG text, made once for all formats.
    /// A format drawn from the scene itself (rather than from the SVG) uses `scene`: PNG is
    /// painted straight from it, and HTML written from it (interactive when `scene` was drawn
    /// with its interactive layer, [`crate::output::budget::render_touch_checked`]). An animated
    /// format is refused: one scene is no animation ([`crate::draw::animation::Animation::encode`]).
    /// A PNG is painted with caches of its own ([`Format::encode_with`] with a renderer's).
    pub fn encode(self, scene: &Scene, svg: &str) -> Result<Vec<u8>, EncodeError> {
        self.encode_with(&super::Caches::new(), scene, svg)
    }

    /// [`Format::encode`], a PNG painted with `caches`.
    pub fn encode_with(self, caches: &super::Caches, scene: &Scene, svg: &str) -> Result<Vec<u8>, EncodeError> {
        match self {
            Format::Html => Ok(super::to_html(scene).into_bytes()),
            Format::Svg => Ok(svg.as_bytes().to_vec()),
            Format::Png => {
                let mut png = Vec::new();
                super::png::scene_png_to(caches, scene, 1.0, &mut png)?;
                Ok(png)
            }
            Format::Pdf => Ok(super::svg_to_pdf_at(svg, scene.dpi.unwrap_or(super::UNITS_PER_INCH as f64))?),
            Format::Gif | Format::Apng | Format::AnimatedSvg => Err(EncodeError::Animated(self)),
        }
    }
}

/// Where one output goes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Target {
    /// Standard output (`-o -`).
    Stdout,
    /// An existing node that is not a plain file (a device, a FIFO, or a symlink to one): written
    /// in place.
    Stream(PathBuf),
    /// A plain file: written through a temporary file and a rename.
    File(PathBuf),
}

impl Target {
    /// The target as shown in messages.
    pub fn display(&self) -> String {
        match self {
            Target::Stdout => "standard output".to_string(),
            Target::Stream(p) | Target::File(p) => p.display().to_string(),
        }
    }
}

/// One output of a figure: a target and a format.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Output {
    /// Where it goes.
    pub target: Target,
    /// What is written there.
    pub format: Format,
}

/// The outputs one `-o` path asks for. `format` is the `--format` flag, if given.
///
/// * `-` is standard output, in `format` (SVG when not given);
/// * a name ending in a format's extension is that format (it must agree with `format`);
/// * an existing node that is not a folder or a plain file (`/dev/stdout`, a FIFO) is written in
///   place, in `format` (SVG when not given) — no other name is made up next to it;
/// * a name without an extension that does not exist yet is a stem: `stem.svg` and `stem.png`,
///   or only the file of `format`;
/// * anything else (an existing plain file without a format's extension, another extension)
///   needs `format` and is then written as named;
/// * a folder is refused.
pub fn plan(path: &Path, format: Option<Format>) -> Result<Vec<Output>, PlanError> {
    if path.as_os_str() == "-" {
        return Ok(vec![Output { target: Target::Stdout, format: format.unwrap_or(Format::Svg) }]);
    }
    let meta = std::fs::metadata(path).ok();
    if meta.as_ref().is_some_and(|m| m.is_dir()) || path.as_os_str().to_string_lossy().ends_with('/') {
        return Err(PlanError::Folder(path.to_path_buf()));
    }
    let link = std::fs::symlink_metadata(path).ok();
    let ext = path.extension().and_then(|e| e.to_str());
    check_folder(path)?;
    if let Some(named) = ext.and_then(|e| Format::of_extension(e, Motion::Still)) {
        if let Some(f) = format.filter(|&f| f != named) {
            return Err(PlanError::Disagrees { path: path.to_path_buf(), named, format: f });
        }
        return Ok(vec![Output { target: Target::File(path.to_path_buf()), format: named }]);
    }
    // An existing node that is not a plain file, or a symlink to anything: fill it in place.
    let special = meta.as_ref().is_some_and(|m| !m.is_file()) || link.as_ref().is_some_and(|l| l.is_symlink());
    if special {
        return Ok(vec![Output { target: Target::Stream(path.to_path_buf()), format: format.unwrap_or(Format::Svg) }]);
    }
    if ext.is_none() && link.is_none() {
        let formats = match format {
            Some(f) => vec![f],
            None => Format::STEM.to_vec(),
        };
        return Ok(formats
            .into_iter()
            .map(|f| Output { target: Target::File(path.with_extension(f.extension())), format: f })
            .collect());
    }
    match format {
        Some(f) => Ok(vec![Output { target: Target::File(path.to_path_buf()), format: f }]),
        None if ext.is_some() => Err(PlanError::UnknownExtension(path.to_path_buf())),
        None => Err(PlanError::NoExtension(path.to_path_buf())),
    }
}

/// The outputs for several `-o` paths, refusing a target named twice.
pub fn plan_all(paths: &[PathBuf], format: Option<Format>) -> Result<Vec<Output>, PlanError> {
    let mut outputs: Vec<Output> = Vec::new();
    for p in paths {
        for o in plan(p, format)? {
            if outputs.iter().any(|x| x.target == o.target) {
                return Err(PlanError::Twice(o.target));
            }
            outputs.push(o);
        }
    }
    Ok(outputs)
}

/// Why a format could not be made from a scene ([`Format::encode`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The PNG (too large, or the encoder failed).
    #[error(transparent)]
    Png(#[from] super::PngError),
    /// The PDF.
    #[error(transparent)]
    Pdf(#[from] super::PdfError),
    /// An animated format asked of one scene.
    #[error("{0} is an animation format: a still figure is written as {still}", still = Format::names(Motion::Still))]
    Animated(Format),
}

/// Why output paths were refused before anything was drawn ([`plan`], [`plan_all`],
/// [`check_folder`]); each names the path.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// A folder was named where a file is needed.
    #[error("{} is a folder; name a file in it, e.g. {}", .0.display(), .0.join("figure.svg").display())]
    Folder(PathBuf),
    /// The name's extension and `--format` disagree.
    #[error("{} ends in .{} but --format is {format}", path.display(), named.extension())]
    Disagrees {
        /// The path.
        path: PathBuf,
        /// The format its extension names.
        named: Format,
        /// The format asked for.
        format: Format,
    },
    /// An extension that names no format, and no `--format`.
    #[error(
        "{}: the output must end in .{} (or have no extension, for SVG and PNG), or give --format",
        .0.display(),
        Format::names(Motion::Still).replace(", ", ", .").replace(" or ", " or .")
    )]
    UnknownExtension(PathBuf),
    /// An existing file without an extension, and no `--format`.
    #[error("{} exists and has no extension: give --format to write into it", .0.display())]
    NoExtension(PathBuf),
    /// A path whose nearest existing ancestor is not a folder.
    #[error("{}: {} is not a folder, so nothing can be written in it", path.display(), ancestor.display())]
    NotAFolder {
        /// The path.
        path: PathBuf,
        /// Its nearest existing ancestor, a file.
        ancestor: PathBuf,
    },
    /// One target named twice.
    #[error("{} is named twice as an output", .0.display())]
    Twice(Target),
}

/// Why a figure was not written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The figure has too many pixels for a raster format (bad input: nothing was written).
    #[error(
        "a PNG of this figure would be {width} × {height} pixels, more than the {} Mpx a PNG may have: \
         for a PNG, set `width` (--width) to at most {fit}, or write SVG",
        crate::output::budget::MAX_PIXELS >> 20
    )]
    TooLarge {
        /// The figure's width in pixels (at one pixel a unit).
        width: f64,
        /// Its height.
        height: f64,
        /// The largest width at which it fits (`crate::output::budget::largest_png_width`).
        fit: u64,
    },
    /// A format could not be made (nothing was written).
    #[error(transparent)]
    Encode(#[from] EncodeError),
    /// Writing failed (nothing of this figure is left in files).
    #[error("cannot write {target}: {error}")]
    Io {
        /// The target.
        target: String,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// Writes a figure to its outputs, all or nothing: each format is made once and goes at once to a
/// temporary file beside each of its targets; only when every format is made and written are the
/// files renamed into place, and then the streams and `stdout` (whose bytes are held until then)
/// are filled.
///
/// One format is held in memory at a time: the SVG text (and the PDF made from it) is staged and
/// dropped before the PNG is painted, and a PNG going to one file is encoded straight into it. So a
/// figure needs its scene plus the larger of its SVG text and its canvas, not all of them at once
/// (the arithmetic is in `crate::output::budget`).
pub fn write(scene: &Scene, outputs: &[Output], stdout: &mut dyn Write) -> Result<(), WriteError> {
    write_with(scene, None, outputs, stdout, &super::Caches::new())
}

/// As [`write()`], the HTML outputs made from `touch`, the figure drawn with its interactive
/// layer ([`crate::output::budget::render_touch_checked`]), when given, and a PNG painted with
/// `caches` (a renderer's).
pub fn write_with(
    scene: &Scene,
    touch: Option<&Scene>,
    outputs: &[Output],
    stdout: &mut dyn Write,
    caches: &super::Caches,
) -> Result<(), WriteError> {
    let formats: Vec<Format> = outputs.iter().map(|o| o.format).collect();
    if let Some(&f) = formats.iter().find(|f| f.is_animation()) {
        return Err(EncodeError::Animated(f).into());
    }
    check_size(scene, &formats)?;
    let mut order: Vec<Format> = Vec::new();
    for &f in &formats {
        if !order.contains(&f) {
            order.push(f);
        }
    }
    // The formats made from the SVG text first, so that it is gone before the canvas is painted.
    order.sort_by_key(|&f| f == Format::Png);
    let mut svg = String::new();
    let mut staged: Vec<(tempfile::NamedTempFile, &Path)> = Vec::new();
    let mut held: Vec<(Format, Vec<u8>)> = Vec::new();
    for (i, &f) in order.iter().enumerate() {
        let files: Vec<&Path> = outputs
            .iter()
            .filter_map(|o| match &o.target {
                Target::File(p) if o.format == f => Some(p.as_path()),
                _ => None,
            })
            .collect();
        let streamed = outputs.iter().any(|o| o.format == f && !matches!(o.target, Target::File(_)));
        // A PNG file, and an SVG file that no later format reads the text of, are written into
        // their temporary file as they are made, never held whole.
        let made_into = !streamed
            && files.len() == 1
            && (f == Format::Png || (f == Format::Svg && !order[i + 1..].iter().any(|&g| g != Format::Png)));
        if made_into {
            let path = files[0];
            staged.push(stage_made(path, |file| match f {
                Format::Png => match super::png::scene_png_to(caches, scene, 1.0, file) {
                    Err(super::PngError::Io(error)) => Err(io(path)(error)),
                    Err(e) => Err(EncodeError::Png(e).into()),
                    Ok(()) => Ok(()),
                },
                _ => super::svg::write_svg(scene, file).map_err(io(path)),
            })?);
            continue;
        }
        if !matches!(f, Format::Png | Format::Html) && svg.is_empty() {
            svg = super::to_svg(scene);
        }
        // The SVG text is written as it is, not copied.
        let bytes: std::borrow::Cow<[u8]> = match f {
            Format::Svg => svg.as_bytes().into(),
            Format::Html => f.encode_with(caches, touch.unwrap_or(scene), "")?.into(),
            _ => f.encode_with(caches, scene, &svg)?.into(),
        };
        for &path in &files {
            let mut tmp = temporary(path).map_err(io(path))?;
            tmp.write_all(&bytes).map_err(io(path))?;
            staged.push((tmp, path));
        }
        if streamed {
            held.push((f, bytes.into_owned()));
        }
        if !order[i + 1..].iter().any(|&g| g != Format::Png) {
            svg = String::new();
        }
    }
    persist(staged)?;
    for o in outputs {
        if let Some((_, bytes)) = held.iter().find(|(g, _)| *g == o.format) {
            fill(&o.target, bytes, stdout)?;
        }
    }
    Ok(())
}

/// Refuses a figure too large for one of the formats (a raster one: the others have no pixel
/// limit), naming the key that decides its size.
pub fn check_size(scene: &Scene, formats: &[Format]) -> Result<(), WriteError> {
    use crate::output::budget::{MAX_PIXELS, largest_png_width, pixels};
    if formats.iter().any(|f| f.is_raster()) && pixels(scene) > MAX_PIXELS {
        return Err(WriteError::TooLarge {
            width: scene.width.ceil(),
            height: scene.height.ceil(),
            fit: largest_png_width(scene),
        });
    }
    Ok(())
}

/// Writes bytes to targets, all files or none (see [`write()`]).
pub fn write_bytes(items: &[(Target, &[u8])], stdout: &mut dyn Write) -> Result<(), WriteError> {
    let mut staged = Vec::new();
    for (target, bytes) in items {
        if let Target::File(path) = target {
            let io = |error| WriteError::Io { target: target.display(), error: plain(error) };
            let mut tmp = temporary(path).map_err(io)?;
            tmp.write_all(bytes).map_err(io)?;
            staged.push((tmp, path.as_path()));
        }
    }
    persist(staged)?;
    for (target, bytes) in items {
        fill(target, bytes, stdout)?;
    }
    Ok(())
}

/// A function making a write error about `path`.
fn io(path: &Path) -> impl Fn(std::io::Error) -> WriteError + '_ {
    move |error| WriteError::Io { target: path.display().to_string(), error: plain(error) }
}

/// An error said plainly: without Rust's `(os error N)` and without the ` at path …` tempfile adds
/// (the temporary file's name, which the user never named).
fn plain(e: std::io::Error) -> std::io::Error {
    let s = e.to_string();
    let s = s.split(" (os error").next().unwrap_or_default();
    let s = s.split(" at path ").next().unwrap_or_default();
    std::io::Error::new(e.kind(), s.to_string())
}

/// `path`'s temporary file, with what `make` writes into it (through a buffer).
fn stage_made(
    path: &Path,
    make: impl FnOnce(&mut dyn Write) -> Result<(), WriteError>,
) -> Result<(tempfile::NamedTempFile, &Path), WriteError> {
    let mut tmp = temporary(path).map_err(io(path))?;
    let mut file = std::io::BufWriter::new(tmp.as_file_mut());
    make(&mut file)?;
    file.flush().map_err(io(path))?;
    drop(file);
    Ok((tmp, path))
}

/// Renames staged temporary files over their targets.
fn persist(staged: Vec<(tempfile::NamedTempFile, &Path)>) -> Result<(), WriteError> {
    for (tmp, path) in staged {
        tmp.persist(path).map_err(|e| io(path)(e.error))?;
    }
    Ok(())
}

/// Writes bytes to standard output or a stream target in place (a file target is staged instead).
fn fill(target: &Target, bytes: &[u8], stdout: &mut dyn Write) -> Result<(), WriteError> {
    let io = |error| WriteError::Io { target: target.display(), error: plain(error) };
    match target {
        Target::File(_) => {}
        Target::Stdout => stdout.write_all(bytes).and_then(|()| stdout.flush()).map_err(io)?,
        Target::Stream(path) => {
            let mut f = std::fs::OpenOptions::new().write(true).truncate(true).open(path).map_err(io)?;
            f.write_all(bytes).and_then(|()| f.flush()).map_err(io)?;
        }
    }
    Ok(())
}

/// A new empty temporary file beside `path`, created exclusively with an unpredictable name, with
/// the permissions an ordinary new file gets (0666 less the umask). Its folder is made when
/// missing (as `essay -o` makes its folder). An error is said plainly, without the temporary
/// file's name.
fn temporary(path: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.exists() {
        std::fs::create_dir_all(dir).map_err(plain)?;
    }
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir).map_err(plain)
}

/// Refuses a file path that no folder can be made for: one whose nearest existing ancestor is not
/// a folder (`plain/x.png` when `plain` is a file). A missing folder is fine: it is made.
pub fn check_folder(path: &Path) -> Result<(), PlanError> {
    let mut dir = path.parent();
    while let Some(d) = dir.filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(meta) = std::fs::metadata(d) {
            if meta.is_dir() {
                return Ok(());
            }
            return Err(PlanError::NotAFolder { path: path.to_path_buf(), ancestor: d.to_path_buf() });
        }
        dir = d.parent();
    }
    Ok(())
}

/// Writes one file atomically (see [`write_bytes`]).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write_bytes(&[(Target::File(path.to_path_buf()), bytes)], &mut std::io::sink())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_said_without_the_temporary_files_name() {
        // As tempfile reports a failed write into its file (a full disk under `animate`).
        let e = std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "No space left on device (os error 28) at path \"/out/.a.gif.Xy12ab.tmp\"",
        );
        let w = io(Path::new("/out/a.gif"))(e);
        assert_eq!(w.to_string(), "cannot write /out/a.gif: No space left on device");
        let WriteError::Io { error, .. } = w else { unreachable!() };
        assert_eq!(error.kind(), std::io::ErrorKind::StorageFull, "its kind is kept");
    }
}
