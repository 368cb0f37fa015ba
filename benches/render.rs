//! Figure throughput: building a scene, writing it as SVG, and painting it as PNG.
//!
//! Run with `cargo bench --bench render`. Each view (`hemispheres`, `board`, `chart`, 800 px wide,
//! a rook's moves marked) is a group with the stages measured separately — `render` (the scene,
//! routes from the rules core), `svg` (a built scene to SVG text), `png` (the scene painted and
//! encoded, buffers reused as a batch does) and `png-resvg` (our SVG text parsed and rasterised by
//! resvg in this process, for comparison: what `png` cost before it was painted from the scene).
//! `chart-window-200` is a 200 × 200 chart window built and written as SVG. The figures against
//! the resvg command line are timed with `perf stat` (benches/README.md).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime};
use dotchess::draw::Window;
use dotchess::output::Raster;
use dotchess::{Overlay, Position, Theme, VariantId, View, ViewKind, render};

#[path = "../tests/support/resvg_png.rs"]
mod resvg_png;

/// Figure width in px (at PNG scale 1).
const WIDTH: f64 = 800.0;
/// A rook on d5 with a rook on h5 and a pawn on b2 to capture.
const ROOK_FEN: &str = "8/8/8/3R3r/8/8/1p6/8";

/// A position with the moves of the piece on `square` marked.
fn figure(pos: Position, square: &str) -> (Position, Overlay) {
    let cell = pos.topology().parse_cell(square).expect("valid square");
    (pos, Overlay { moves: vec![cell.into()], ..Overlay::default() })
}

fn sized(mut view: View, width: f64) -> View {
    view.width = width;
    view
}

/// A group with short warm-up and measurement: the scene stages take micro- to milliseconds.
fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(30).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    g
}

/// Benchmarks one figure's stages.
fn bench_figure(c: &mut Criterion, name: &str, pos: &Position, overlay: &Overlay, view: &View) {
    let theme = Theme::essay();
    let scene = render(pos, overlay, view, &theme);
    assert!(!scene.find("dot").is_empty(), "{name}: the overlay should mark move dots");
    let svg = dotchess::output::to_svg(&scene);
    let mut raster = Raster::new();
    assert!(raster.png(&scene, 1.0).expect("PNG").starts_with(b"\x89PNG"), "{name}: not a PNG");

    let mut g = group(c, name);
    g.bench_function("render", |b| {
        b.iter(|| render(black_box(pos), black_box(overlay), black_box(view), black_box(&theme)))
    });
    g.bench_function("svg", |b| b.iter(|| dotchess::output::to_svg(black_box(&scene))));
    g.bench_function("png", |b| b.iter(|| raster.png(black_box(&scene), black_box(1.0)).expect("PNG").len()));
    g.bench_function("png-resvg", |b| b.iter(|| resvg_png::svg_to_png(black_box(&svg), black_box(1.0))));
    g.finish();
}

/// A 200 × 200 window of the chart (625 copies of the board), built and written as SVG.
fn bench_window(c: &mut Criterion, pos: &Position, overlay: &Overlay) {
    let theme = Theme::essay();
    let window = Window { x0: -96, y0: -96, cols: 200, rows: 200 };
    let view = View { kind: ViewKind::Chart { window: Some(window), edges: true, tint: false }, ..View::chart() };
    let mut g = c.benchmark_group("chart-window-200");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    g.bench_function("render+svg", |b| {
        b.iter(|| {
            dotchess::output::to_svg(&render(black_box(pos), black_box(overlay), black_box(&view), black_box(&theme)))
        })
    });
    g.finish();
}

fn render_benches(c: &mut Criterion) {
    let (rook, rook_overlay) = figure(Position::from_fen(VariantId::Dot, ROOK_FEN).expect("valid FEN"), "d5");
    bench_figure(c, "hemispheres", &rook, &rook_overlay, &sized(View::hemispheres(), WIDTH));
    bench_figure(c, "board", &rook, &rook_overlay, &sized(View::board(), WIDTH));
    bench_figure(c, "chart", &rook, &rook_overlay, &sized(View::chart(), WIDTH));
    bench_window(c, &rook, &rook_overlay);
}

criterion_group!(benches, render_benches);
criterion_main!(benches);
