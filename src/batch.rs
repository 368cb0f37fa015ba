//! Many figures from one manifest: read every job, render them in parallel, write each figure's
//! files (through a temporary file and a rename) and an `index.html` contact sheet. A broken
//! figure does not stop the others; every failure is reported at the end.

use crate::draw::document::FigureSpec;
use crate::input::check::Checked;
use crate::input::diagnostics::{InputError, Source, short_text};
use crate::input::draft::Draft;
use crate::input::file::{LoadError, read_input};
use crate::input::options::FigureOptions;
use crate::input::overlay::read_draft;
use crate::input::position::read_position;
use crate::output::markup::escape;
use crate::rules::variant::VariantId;
use rayon::prelude::*;
use serde::Deserialize;
use serde_spanned::Spanned;
use std::path::{Path, PathBuf};

/// Most figures in one manifest.
pub(crate) const MAX_FIGURES: usize = 10_000;

pub use crate::output::Format;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestToml {
    output: Option<String>,
    formats: Option<Vec<Format>>,
    variant: Option<Spanned<String>>,
    theme: Option<Spanned<String>>,
    #[serde(default)]
    figure: Vec<JobToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JobToml {
    name: Spanned<String>,
    position: Spanned<String>,
    overlay: Option<Spanned<String>>,
    caption: Option<Spanned<String>>,
}

/// One figure of a manifest.
#[derive(Clone, Debug)]
pub struct Job {
    /// File stem of the outputs.
    pub name: String,
    /// The caption the manifest gives: on the contact sheet, beside the figure, never drawn in it
    /// (docs/rules.md §5.8: a figure's caption is the page's; in the image only a panel's own).
    pub caption: Option<String>,
    /// The position file, as the manifest names it.
    pub position: String,
    /// The overlay file, if any.
    pub overlay: Option<String>,
    /// Where the manifest names the figure (for errors).
    pub origin: InputError,
}

/// A manifest, read and checked.
#[derive(Clone, Debug)]
pub struct Manifest {
    /// Output folder (relative to where the manifest lives), if the manifest names one.
    pub output: Option<String>,
    /// Formats to write.
    pub formats: Vec<Format>,
    /// Variant of position files that do not name one.
    pub variant: VariantId,
    /// A theme for every figure, over what their overlays say.
    pub theme: Option<crate::draw::theme::Theme>,
    /// The figures.
    pub jobs: Vec<Job>,
}

/// Reads a manifest: `output`, `formats`, `variant`, and `[[figure]]` tables with `name`,
/// `position`, `overlay` and `caption`.
pub fn read_manifest(name: &str, text: &str) -> Result<Manifest, InputError> {
    let src = Source::new(name, text);
    let m: ManifestToml = src.toml()?;
    let variant = match &m.variant {
        None => VariantId::Dot,
        Some(v) => src.variant(v)?,
    };
    let theme = match &m.theme {
        None => None,
        Some(t) => Some(crate::input::theme::built_in(&src, t)?),
    };
    if m.figure.len() > MAX_FIGURES {
        return Err(src.whole(format!("names {} figures; at most {MAX_FIGURES}", m.figure.len())));
    }
    let mut jobs: Vec<Job> = Vec::new();
    for f in m.figure {
        let n = f.name.get_ref();
        let ok = !n.is_empty()
            && n.len() <= 100
            && n.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
            && !n.starts_with('.');
        if !ok {
            return Err(src.error(
                f.name.span(),
                format!("figure name `{n}`: use letters, digits, `-`, `_` and `.` (no folders)"),
            ));
        }
        if jobs.iter().any(|j| j.name == *n) {
            return Err(src.error(f.name.span(), format!("figure name `{n}` is used twice")));
        }
        let caption = short_text(&src, &f.caption, "caption")?;
        jobs.push(Job {
            name: n.clone(),
            caption,
            position: f.position.into_inner(),
            overlay: f.overlay.map(|o| o.into_inner()),
            origin: src.error(f.name.span(), ""),
        });
    }
    Ok(Manifest {
        output: m.output,
        formats: m.formats.unwrap_or(vec![Format::Svg, Format::Png]),
        variant,
        theme,
        jobs,
    })
}

/// Where a job's files come from: a name as written in the manifest to (display name, text).
pub trait Files: Sync {
    /// Reads a file the manifest names.
    fn read(&self, name: &str) -> Result<(String, String), LoadError>;
}

/// Files on disk, relative to a folder.
pub struct Disk(pub PathBuf);

impl Files for Disk {
    fn read(&self, name: &str) -> Result<(String, String), LoadError> {
        let path = self.0.join(name);
        Ok((path.display().to_string(), read_input(&path)?))
    }
}

/// Files embedded in the binary.
pub struct Embedded(pub &'static [(&'static str, &'static str)]);

impl Files for Embedded {
    fn read(&self, name: &str) -> Result<(String, String), LoadError> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, t)| (format!("examples/essay/{n}"), t.to_string()))
            .ok_or_else(|| LoadError::NotBuiltIn(name.to_string()))
    }
}

/// Reads a job's files into a checked figure.
pub fn figure(job: &Job, files: &dyn Files, variant: VariantId) -> Result<FigureSpec, InputError> {
    Ok(checked(job, files, variant)?.figure)
}

/// [`figure`], with the options it was made from (for errors found when its animation is built).
pub fn checked(job: &Job, files: &dyn Files, variant: VariantId) -> Result<Checked, InputError> {
    let located = |e: LoadError| InputError { message: e.to_string(), ..job.origin.clone() };
    let (pname, ptext) = files.read(&job.position).map_err(located)?;
    // A game file: its first game, replayed when the overlay says `kind = "game"`, else its end.
    let game = match job.position.to_ascii_lowercase().ends_with(".pgn") {
        true => Some(crate::input::game::read_games(&pname, &ptext, variant)?.swap_remove(0)),
        false => None,
    };
    let base = match &game {
        Some(g) => g.base(),
        None => read_position(&pname, &ptext, variant)?,
    };
    let draft = match &job.overlay {
        None => Draft::plain(&base),
        Some(o) => {
            let (oname, otext) = files.read(o).map_err(located)?;
            read_draft(&oname, &otext, &base, &|p| files.read(p))?
        }
    };
    Ok(match &game {
        Some(g) => g.figure(&draft, &FigureOptions::default(), None)?,
        None => crate::input::check::figure(&draft, &FigureOptions::default())?,
    })
}

/// What became of one job.
#[derive(Debug)]
pub struct Outcome {
    /// The job's name.
    pub name: String,
    /// Its caption.
    pub caption: String,
    /// The files written, or why none were.
    pub result: Result<Vec<PathBuf>, FigureError>,
}

/// Why a figure of a batch was not written (nothing of it was); each says it as the step that
/// failed says it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FigureError {
    /// Its files.
    #[error(transparent)]
    Input(#[from] InputError),
    /// It could not be drawn or made in a format (its animation's errors located at the key at
    /// fault).
    #[error(transparent)]
    Render(#[from] crate::RenderError),
    /// Its files could not be written.
    #[error(transparent)]
    Write(#[from] crate::output::WriteError),
    /// Drawing it panicked (a bug in the program, not in the figure's files): what it said.
    #[error("an internal error (a bug: please report the figure's files): {0}")]
    Panicked(String),
    /// It failed in another process (a worker of a cluster, which drew it with [`render_job`]),
    /// which reported this message: for the contact sheet ([`index_html`]) its client writes.
    #[error("{0}")]
    Reported(String),
}

/// What a batch did: each job's outcome, in manifest order, and the contact sheet written (its
/// path) or not (why).
#[derive(Debug)]
pub struct Report {
    /// The jobs' outcomes.
    pub outcomes: Vec<Outcome>,
    /// `index.html`, or why it could not be written.
    pub index: Result<PathBuf, crate::output::WriteError>,
}

/// Renders every job in parallel into `out`, calling `progress` after each; then writes
/// `index.html`.
///
/// Each figure is drawn within the figure budget and within a share of the batch's memory, which
/// it then grows or shrinks to what writing it needs (`crate::output::budget::InFlight`).
pub fn run(manifest: &Manifest, files: &dyn Files, out: &Path, progress: &(dyn Fn(&str) + Sync)) -> Report {
    let in_flight = crate::output::budget::InFlight::default();
    // What the painters keep from one figure to the next: this run's own.
    let renderer = crate::Renderer::new();
    let outcomes: Vec<Outcome> = manifest
        .jobs
        .par_iter()
        .map(|job| {
            // A panic (a bug) fails its figure alone; the others are drawn and reported.
            let result = crate::panics::caught(|| written(manifest, job, files, out, &in_flight, &renderer))
                .unwrap_or_else(|message| Err(FigureError::Panicked(message)));
            progress(&job.name);
            let caption = job.caption.clone().unwrap_or_else(|| job.name.clone());
            Outcome { name: job.name.clone(), caption, result }
        })
        .collect();
    let index_path = out.join("index.html");
    let index = crate::output::write::write_file(&index_path, index_html(&outcomes, &manifest.formats).as_bytes())
        .map(|()| index_path);
    Report { outcomes, index }
}

/// Draws one job of a batch and writes its files into `out`, within the batch's memory.
fn written(
    manifest: &Manifest,
    job: &Job,
    files: &dyn Files,
    out: &Path,
    in_flight: &crate::output::budget::InFlight,
    renderer: &crate::Renderer,
) -> Result<Vec<PathBuf>, FigureError> {
    let figure = job_figure(manifest, job, files)?;
    // A still holds a share to be drawn in, then what writing it needs; an animation what its
    // frames and their pixels need, once built.
    let mut share = (!figure.is_animated()).then(|| in_flight.draw());
    let mut hold = |cost: u64| match &mut share {
        Some(s) => s.resize(cost),
        None => share = Some(in_flight.take(cost)),
    };
    let (figure, formats) = files_of(manifest, &figure);
    let outputs: Vec<crate::output::Output> = formats
        .iter()
        .map(|&format| {
            let path = out.join(format!("{}.{}", job.name, format.extension()));
            crate::output::Output { target: crate::output::Target::File(path), format }
        })
        .collect();
    renderer.write_held(&figure, &outputs, &mut std::io::sink(), &mut hold)?;
    Ok(outputs
        .into_iter()
        .filter_map(|o| match o.target {
            crate::output::Target::File(p) => Some(p),
            _ => None,
        })
        .collect())
}

/// The files `dotchess batch` writes for one figure of a manifest, each as its file name and its
/// bytes — the same bytes — in the manifest's order of formats (an animated figure: each format
/// in its animated form where it has one, no HTML, and a GIF last); or why it writes none.
/// `renderer` paints the PNGs.
pub fn render_job(
    manifest: &Manifest,
    job: &Job,
    files: &dyn Files,
    renderer: &crate::Renderer,
) -> Result<Vec<(String, Vec<u8>)>, FigureError> {
    let (figure, formats) = files_of(manifest, &job_figure(manifest, job, files)?);
    let made = renderer.render_each(&figure, &formats)?;
    Ok(formats.iter().map(|f| format!("{}.{}", job.name, f.extension())).zip(made).collect())
}

/// A job's figure, in the manifest's theme when it names one.
fn job_figure(manifest: &Manifest, job: &Job, files: &dyn Files) -> Result<crate::Figure, FigureError> {
    let figure = crate::Figure::from(checked(job, files, manifest.variant)?);
    Ok(match &manifest.theme {
        Some(t) => figure.with_theme(t.clone()),
        None => figure,
    })
}

/// The figure a batch writes and its formats: a still in each of the manifest's formats; an
/// animated figure in each format's animated form where it has one (`svg`, `png`), else as its
/// first frame (`pdf`), no interactive page (`html`), and always a GIF last (the format every
/// article platform takes).
fn files_of(manifest: &Manifest, figure: &crate::Figure) -> (crate::Figure, Vec<Format>) {
    let mut formats: Vec<Format> = Vec::new();
    for &f in &manifest.formats {
        if !formats.contains(&f) {
            formats.push(f);
        }
    }
    match figure.is_animated() {
        true => {
            let kinds = formats.into_iter().filter(|&f| f != Format::Html).chain([Format::Gif]);
            (figure.clone().frame(0), kinds.map(|f| f.animated().unwrap_or(f)).collect())
        }
        false => (figure.clone(), formats),
    }
}

/// A contact sheet: every figure with its caption, linking to its files.
pub fn index_html(outcomes: &[Outcome], formats: &[Format]) -> String {
    // The picture shown: an animation's GIF; a still's SVG, else its PNG; a PDF alone is only
    // linked. Pictures load as they are scrolled to (the essay's sheet is some 17 MB of them).
    let show = [Format::Svg, Format::Png].into_iter().find(|f| formats.contains(f)).map(Format::extension);
    let mut s = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>dotchess figures</title>\n<style>\n\
         body { font-family: sans-serif; margin: 2em; color: #222; }\n\
         main { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 2em; }\n\
         figure { margin: 0; }\nfigure img { width: 100%; height: auto; border: 1px solid #ddd; }\n\
         figcaption { font-size: 0.9em; margin-top: 0.4em; }\n.failed { color: #b00; }\n</style>\n</head>\n<body>\n\
         <h1>dotchess figures</h1>\n<main>\n",
    );
    for o in outcomes {
        let name = escape(&o.name);
        let caption = escape(&o.caption);
        match &o.result {
            Ok(_) => {
                // The files written: an animation's GIF besides the formats asked for, and no page of
                // an animation. The interactive page is named as what it is.
                let written = o.result.as_ref().map(|p| p.as_slice()).unwrap_or_default();
                let links: Vec<String> = written
                    .iter()
                    .filter_map(|p| p.extension().and_then(|e| e.to_str()))
                    .map(|ext| match ext {
                        "html" => format!("<a href=\"{name}.html\">interactive (html)</a>"),
                        ext => format!("<a href=\"{name}.{ext}\">{ext}</a>"),
                    })
                    .collect();
                // An animation is shown by its GIF: a tenth of its animated SVG's size (the essay's
                // chart steps: 1.4 MB against 21 MB), and it plays in every browser and viewer.
                let animated = written.iter().any(|p| p.extension().is_some_and(|e| e == Format::Gif.extension()));
                let img = match animated {
                    true => Some(Format::Gif.extension()),
                    false => show,
                }
                .map(|ext| format!("<img src=\"{name}.{ext}\" alt=\"{caption}\" loading=\"lazy\">"))
                .unwrap_or_default();
                s += &format!(
                    "<figure id=\"{name}\">{img}<figcaption><strong>{name}</strong> — {caption} ({})</figcaption></figure>\n",
                    links.join(", ")
                );
            }
            Err(e) => {
                s += &format!(
                    "<figure id=\"{name}\" class=\"failed\"><figcaption><strong>{name}</strong> failed: {}</figcaption></figure>\n",
                    escape(&e.to_string())
                );
            }
        }
    }
    s += "</main>\n</body>\n</html>\n";
    s
}

include!(concat!(env!("OUT_DIR"), "/essay_files.rs"));

/// The essay's figure set: the manifest and files of `examples/essay/`, built into the binary.
pub fn essay_manifest() -> Manifest {
    let (_, text) = Embedded(ESSAY_FILES).read("manifest.toml").expect("the essay manifest is built in");
    read_manifest("examples/essay/manifest.toml", &text).expect("the built-in essay manifest is valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `build.rs` watches the essay's input files, not their folder (where outputs used to go, so
    /// that every batch run made the next build recompile the crate).
    #[test]
    fn build_script_watches_only_inputs() {
        // The build script's instructions to cargo, beside its output folder.
        let output = Path::new(env!("OUT_DIR")).parent().expect("OUT_DIR has a parent").join("output");
        let text = std::fs::read_to_string(&output).expect("the build script's output");
        let watched: Vec<PathBuf> = text
            .lines()
            .filter_map(|l| l.strip_prefix("cargo::rerun-if-changed=").or(l.strip_prefix("cargo:rerun-if-changed=")))
            .map(|p| Path::new(env!("CARGO_MANIFEST_DIR")).join(p))
            .collect();
        assert!(!watched.is_empty(), "{text}");
        for p in &watched {
            assert!(p.is_file(), "build.rs watches {}, which is not an input file", p.display());
        }
        assert!(watched.iter().any(|p| p.ends_with("examples/essay/manifest.toml")));
    }

    /// Files whose reader has a bug: it panics on `bug.fen`.
    struct Breaking;

    impl Files for Breaking {
        fn read(&self, name: &str) -> Result<(String, String), LoadError> {
            assert_ne!(name, "bug.fen", "a bug in a reader");
            Ok((name.to_string(), "4k3/8/8/3R4/8/8/8/4K3 w - - 0 1\n".to_string()))
        }
    }

    #[test]
    fn a_figure_that_panics_fails_alone_and_says_so() {
        let text = "formats = [\"svg\"]\n[[figure]]\nname = \"a\"\nposition = \"a.fen\"\n\
                    [[figure]]\nname = \"b\"\nposition = \"bug.fen\"\n";
        let manifest = read_manifest("m.toml", text).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let report = run(&manifest, &Breaking, dir.path(), &|_| {});
        assert!(report.outcomes[0].result.is_ok(), "{:?}", report.outcomes[0].result);
        match &report.outcomes[1].result {
            Err(e @ FigureError::Panicked(m)) => {
                assert!(m.contains("a bug in a reader"), "{m}");
                assert!(e.to_string().starts_with("an internal error (a bug"), "{e}");
            }
            other => panic!("{other:?}"),
        }
        assert!(report.index.is_ok(), "the contact sheet is written");
        assert!(dir.path().join("a.svg").is_file() && !dir.path().join("b.svg").exists());
    }
}
