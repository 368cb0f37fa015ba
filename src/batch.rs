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
    /// The caption the manifest gives: on the contact sheet, and drawn under a figure of one
    /// panel that has no caption of its own.
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
    let mut checked = match &game {
        Some(g) => g.figure(&draft, &FigureOptions::default(), None)?,
        None => crate::input::check::figure(&draft, &FigureOptions::default())?,
    };
    if let [panel] = &mut checked.figure.panels[..]
        && panel.caption.is_none()
    {
        panel.caption = job.caption.clone();
    }
    Ok(checked)
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
pub enum FigureError {
    /// Its files, or its animation (located at the key at fault).
    #[error(transparent)]
    Input(#[from] InputError),
    /// It draws more than a figure may.
    #[error(transparent)]
    TooMuchDrawn(#[from] crate::output::budget::TooMuchDrawn),
    /// Its animation could not be encoded.
    #[error(transparent)]
    Animation(#[from] crate::draw::animation::AnimError),
    /// A still of it could not be encoded.
    #[error(transparent)]
    Encode(#[from] crate::output::write::EncodeError),
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
    let caches = crate::output::Caches::new();
    let outcomes: Vec<Outcome> = manifest
        .jobs
        .par_iter()
        .map(|job| {
            // A panic (a bug) fails its figure alone; the others are drawn and reported.
            let result = crate::panics::caught(|| written(manifest, job, files, out, &in_flight, &caches))
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
    caches: &crate::output::Caches,
) -> Result<Vec<PathBuf>, FigureError> {
    let mut checked = checked(job, files, manifest.variant)?;
    if let Some(t) = &manifest.theme {
        checked.figure.theme = t.clone();
    }
    let spec = &checked.figure;
    match spec.animation {
        None => {
            let mut share = in_flight.draw();
            let scene = crate::output::budget::render_checked(spec)?;
            // An interactive page is the figure drawn with every piece's moves.
            let touch = match manifest.formats.contains(&Format::Html) {
                true => Some(crate::output::budget::render_touch_checked(spec)?),
                false => None,
            };
            let weight =
                crate::output::budget::weight(&scene) + touch.as_ref().map_or(0, crate::output::budget::weight);
            share.resize(crate::output::budget::write_cost(
                weight,
                crate::output::budget::pixels(&scene),
                &manifest.formats,
                false,
            ));
            Ok(write_figure(&scene, touch.as_ref(), out, &job.name, &manifest.formats, caches)?)
        }
        Some(_) => {
            // Built within the budget, painted and encoded (a GIF is always written).
            let anim = crate::output::animation::build(spec, true)
                .map_err(|e| crate::input::check::animation_error(&checked, &e))?;
            // Its frames and their pixels are held until every format is written.
            let _share = in_flight.take(anim.cost(true));
            write_animation(&anim, out, &job.name, &manifest.formats, caches)
        }
    }
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
    let mut checked = checked(job, files, manifest.variant)?;
    if let Some(t) = &manifest.theme {
        checked.figure.theme = t.clone();
    }
    let spec = &checked.figure;
    let name = |f: Format| format!("{}.{}", job.name, f.extension());
    let mut formats: Vec<Format> = Vec::new();
    for &f in &manifest.formats {
        if !formats.contains(&f) {
            formats.push(f);
        }
    }
    if spec.animation.is_some() {
        let anim = crate::output::animation::build(spec, true)
            .map_err(|e| crate::input::check::animation_error(&checked, &e))?;
        let formats: Vec<Format> = formats.into_iter().filter(|&f| f != Format::Html).chain([Format::Gif]).collect();
        let kinds: Vec<Format> = formats.iter().map(|f| f.animated().unwrap_or(*f)).collect();
        let encoded = anim.encode_all(&kinds, renderer.caches())?;
        return Ok(formats.into_iter().map(name).zip(encoded).collect());
    }
    let scene = crate::output::budget::render_checked(spec)?;
    let touch = match formats.contains(&Format::Html) {
        true => Some(crate::output::budget::render_touch_checked(spec)?),
        false => None,
    };
    crate::output::write::check_size(&scene, &formats)?;
    let svg = match formats.iter().any(|&f| matches!(f, Format::Svg | Format::Pdf)) {
        true => crate::output::to_svg(&scene),
        false => String::new(),
    };
    let mut out = Vec::new();
    for f in formats {
        let bytes = match f {
            Format::Html => renderer.encode_still(touch.as_ref().unwrap_or(&scene), f, "")?,
            _ => renderer.encode_still(&scene, f, &svg)?,
        };
        out.push((name(f), bytes));
    }
    Ok(out)
}

/// Writes a scene in the given formats as `out/name.ext`: all of them, or none when one fails.
/// HTML is made from `touch`, the figure drawn with its interactive layer, when given; a PNG is
/// painted with `caches`.
pub fn write_figure(
    scene: &crate::draw::scene::Scene,
    touch: Option<&crate::draw::scene::Scene>,
    out: &Path,
    name: &str,
    formats: &[Format],
    caches: &crate::output::Caches,
) -> Result<Vec<PathBuf>, crate::output::WriteError> {
    use crate::output::{Output, Target};
    let paths: Vec<PathBuf> = formats.iter().map(|f| out.join(format!("{name}.{}", f.extension()))).collect();
    let outputs: Vec<Output> =
        formats.iter().zip(&paths).map(|(&format, p)| Output { target: Target::File(p.clone()), format }).collect();
    crate::output::write::write_with(scene, touch, &outputs, &mut std::io::sink(), caches)?;
    Ok(paths)
}

/// Writes an animated figure as `out/name.ext`, all files or none: `svg` as animated SVG, `png`
/// as APNG, PDF as a still of the first frame, and always a GIF beside them (the format every
/// article platform takes). No interactive page is made of an animation (`html` is skipped).
fn write_animation(
    anim: &crate::draw::animation::Animation,
    out: &Path,
    name: &str,
    formats: &[Format],
    caches: &crate::output::Caches,
) -> Result<Vec<PathBuf>, FigureError> {
    use crate::output::Target;
    // Each still format in its animated form where it has one (`svg`, `png`), else as the first
    // frame (`pdf`: `Animation::encode` makes it), and the GIF last.
    let formats: Vec<Format> = formats.iter().filter(|&&f| f != Format::Html).copied().chain([Format::Gif]).collect();
    let kinds: Vec<Format> = formats.iter().map(|f| f.animated().unwrap_or(*f)).collect();
    let encoded = anim.encode_all(&kinds, caches)?;
    let made: Vec<(PathBuf, Vec<u8>)> =
        formats.iter().map(|f| out.join(format!("{name}.{}", f.extension()))).zip(encoded).collect();
    let items: Vec<(Target, &[u8])> = made.iter().map(|(p, b)| (Target::File(p.clone()), b.as_slice())).collect();
    crate::output::write::write_bytes(&items, &mut std::io::sink())?;
    Ok(made.into_iter().map(|(p, _)| p).collect())
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
