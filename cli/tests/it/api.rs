//! The library's front door as another program uses it (the Python binding): a figure checked
//! from a position and options, drawn into a format by a `Renderer`, is the file the command
//! writes for the same options; a manifest's figures rendered one by one are the files
//! `dotchess batch` writes.

use crate::common::{Scratch, run_in, stderr};
use dotchess::batch::{Disk, read_manifest, render_job, run};
use dotchess::output::Format;
use dotchess::{Figure, Position, Renderer, VariantId};

/// A figure from options, in every still format and an animated one, is byte for byte what
/// `dotchess render` and `dotchess animate` write for the same options.
#[test]
fn a_figure_from_options_renders_the_bytes_the_command_writes() {
    let d = Scratch::new("api-render");
    let pos = Position::start(VariantId::Dot);
    let renderer = Renderer::new();
    let still = Figure::with_query(&pos, "view=globe&square=b1&width=300").unwrap();
    for f in [Format::Svg, Format::Png, Format::Pdf, Format::Html] {
        let name = format!("x.{}", f.extension());
        let args = ["render", "--view", "globe", "--square", "b1", "--width", "300", "-o", &name];
        let o = run_in(&d, &args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(renderer.render(&still, f).unwrap() == std::fs::read(d.join(&name)).unwrap(), "{f}");
    }
    let moving = Figure::with_query(&pos, "kind=spin&frames=3&width=200").unwrap();
    std::fs::write(d.join("start.fen"), format!("{}\n", pos.fen())).unwrap();
    for (f, name) in [(Format::Gif, "x.gif"), (Format::AnimatedSvg, "x.svg")] {
        let args = ["animate", "start.fen", "--kind", "spin", "--frames", "3", "--width", "200", "-o", name];
        let o = run_in(&d, &args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(renderer.render(&moving, f).unwrap() == std::fs::read(d.join(name)).unwrap(), "{f}");
    }
}

/// Each figure of a manifest, rendered on its own, gives the names and the bytes of the files
/// `dotchess batch` writes for it: a still in every still format, an animation in its animated
/// ones with a GIF.
#[test]
fn a_manifests_figures_rendered_one_by_one_are_the_files_the_batch_writes() {
    let d = Scratch::new("api-batch");
    std::fs::write(d.join("r.fen"), "8/8/8/8/3R4/8/8/8 w - - 0 1\n").unwrap();
    std::fs::write(d.join("moves.toml"), "moves = [\"d4\"]\n[[panels]]\nview = \"chart\"\n").unwrap();
    std::fs::write(d.join("spin.toml"), "width = 200\n[animation]\nkind = \"spin\"\nframes = 3\n").unwrap();
    let text = "formats = [\"svg\", \"png\", \"pdf\", \"html\"]\n\
                [[figure]]\nname = \"still\"\nposition = \"r.fen\"\noverlay = \"moves.toml\"\ncaption = \"A rook\"\n\
                [[figure]]\nname = \"moving\"\nposition = \"r.fen\"\noverlay = \"spin.toml\"\n";
    let manifest = read_manifest("m.toml", text).unwrap();
    let files = Disk(d.to_path_buf());
    let report = run(&manifest, &files, &d.join("out"), &|_| {});
    let renderer = Renderer::new();
    for (job, outcome) in manifest.jobs.iter().zip(&report.outcomes) {
        let written = outcome.result.as_ref().expect("the batch writes the figure");
        let rendered = render_job(&manifest, job, &files, &renderer).unwrap();
        let mut want: Vec<String> =
            written.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
        let mut got: Vec<String> = rendered.iter().map(|(n, _)| n.clone()).collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{}", job.name);
        for (name, bytes) in &rendered {
            assert!(*bytes == std::fs::read(d.join("out").join(name)).unwrap(), "{name}");
        }
    }
}

/// Renderers share nothing: a figure is the same bytes from a new renderer, from one that drew
/// other figures before it, and from one that another thread draws with at the same time.
#[test]
fn a_figure_is_the_same_bytes_whatever_a_renderer_drew_before() {
    let pos = Position::start(VariantId::Dot);
    let figure = Figure::with_query(&pos, "view=hemispheres&square=g1&width=320").unwrap();
    let fresh = Renderer::new().render(&figure, Format::Png).unwrap();
    let used = Renderer::new();
    for q in ["view=globe&width=500", "view=board&coordinates=cells", "view=disc&orientation=black"] {
        used.render(&Figure::with_query(&pos, q).unwrap(), Format::Png).unwrap();
    }
    assert!(used.render(&figure, Format::Png).unwrap() == fresh, "after other figures");
    let other = Figure::with_query(&pos, "view=north&square=b8&width=700").unwrap();
    std::thread::scope(|s| {
        let busy = s.spawn(|| (0..3).for_each(|_| drop(used.render(&other, Format::Png).unwrap())));
        assert!(used.render(&figure, Format::Png).unwrap() == fresh, "beside another thread's drawing");
        busy.join().unwrap();
    });
}
