//! Interactive pages: the cost and size of exporting the Dot's start position as one HTML page
//! (`dotchess render start.fen three.toml -o start.html`), the largest interactive figure the size limit is set for:
//! the hemispheres, the chart and the globe, every piece's moves in every panel.
//!
//! Run with `cargo bench --bench html -- --warm-up-time 1 --measurement-time 5`. `page` is the
//! whole export (the figure drawn with its interactive layer within the budget, then written as
//! HTML); `touch` the drawing alone, `html` the writing alone; `still` is the same figure drawn
//! and written as SVG, the yardstick. The sizes (bytes, and gzip -9 when `gzip` is on the PATH)
//! are printed once before the timings.

use std::hint::black_box;
use std::io::Write;

use criterion::{Criterion, criterion_group, criterion_main};
use dotchess::VariantId;
use dotchess::draw::document::FigureSpec;
use dotchess::input::{overlay::read_overlay, position::read_position};
use dotchess::output::budget::{render_checked, render_touch_checked};

const THREE: &str = "columns = 3\n[[panels]]\nview = \"hemispheres\"\ncaption = \"Hemispheres\"\n\
                     [[panels]]\nview = \"chart\"\ncaption = \"Chart\"\n[[panels]]\nview = \"globe\"\ncaption = \"Globe\"\n";

fn start() -> FigureSpec {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/essay/start.fen")).unwrap();
    let base = read_position("start.fen", &text, VariantId::Dot).expect("the start");
    read_overlay("three.toml", THREE, &base, &dotchess::input::overlay::no_files).expect("three panels")
}

/// The size of `bytes` compressed by `gzip -9`, if gzip is installed.
fn gzip_size(bytes: &[u8]) -> Option<usize> {
    let mut child = std::process::Command::new("gzip")
        .args(["-9", "-c"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let input = bytes.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    out.status.success().then_some(out.stdout.len())
}

fn bench(c: &mut Criterion) {
    let figure = start();
    let page = dotchess::output::to_html(&render_touch_checked(&figure).expect("within budget"));
    let svg = dotchess::output::to_svg(&render_checked(&figure).expect("within budget"));
    let shown =
        |n: Option<usize>| n.map_or("gzip not found".to_string(), |n| format!("{:.0} kB gzip -9", n as f64 / 1e3));
    println!(
        "the Dot's start, hemispheres + chart + globe: page {:.0} kB ({}); still SVG {:.0} kB ({})",
        page.len() as f64 / 1e3,
        shown(gzip_size(page.as_bytes())),
        svg.len() as f64 / 1e3,
        shown(gzip_size(svg.as_bytes())),
    );
    let mut g = c.benchmark_group("start-page");
    g.sample_size(20);
    g.bench_function("page", |b| {
        b.iter(|| dotchess::output::to_html(&render_touch_checked(black_box(&figure)).expect("budget")).len())
    });
    g.bench_function("touch", |b| b.iter(|| render_touch_checked(black_box(&figure)).expect("budget")));
    let scene = render_touch_checked(&figure).expect("budget");
    g.bench_function("html", |b| b.iter(|| dotchess::output::to_html(black_box(&scene)).len()));
    g.bench_function("still", |b| {
        b.iter(|| dotchess::output::to_svg(&render_checked(black_box(&figure)).expect("budget")).len())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
