//! Figure throughput: building a scene, writing it as SVG, and rasterising that SVG to PNG.
//!
//! Run with `cargo bench --bench render`. Each figure is a group with three stages measured
//! separately — `render` (the scene, routes from the rules core), `svg` (a built scene to SVG
//! text) and `png` (that SVG string through resvg at 1 px per unit) — and `hemispheres` also
//! measures `render+svg`, the goal: a full hemispheres figure with move dots to SVG in
//! under 1 ms.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime};
use dotchess::output::svg_to_png;
use dotchess::{Overlay, Position, Theme, VariantId, View, render};

/// Figure width in px (at PNG scale 1).
const WIDTH: f64 = 800.0;
/// A rook on d5 with a rook on h5 and a pawn on b2 to capture.
const ROOK_FEN: &str = "8/8/8/3R3r/8/8/1p6/8";

/// A position with the moves of the piece on `square` marked.
fn figure(pos: Position, square: &str) -> (Position, Overlay) {
    let cell = pos.topology().parse_cell(square).expect("valid square");
    (pos, Overlay { moves: vec![cell], ..Overlay::default() })
}

fn sized(mut view: View) -> View {
    view.width = WIDTH;
    view
}

/// A group with short warm-up and measurement: the scene stages take micro- to milliseconds.
fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(50).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    g
}

/// Benchmarks one figure's three stages (and `render+svg` when `together` is set).
fn bench_figure(c: &mut Criterion, name: &str, pos: &Position, overlay: &Overlay, view: &View, together: bool) {
    let theme = Theme::essay();
    let scene = render(pos, overlay, view, &theme);
    assert!(!scene.find("dot").is_empty(), "{name}: the overlay should mark move dots");
    let svg = scene.to_svg();
    let png = svg_to_png(&svg, 1.0).expect("the SVG rasterises");
    assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");

    let mut g = group(c, name);
    g.bench_function("render", |b| {
        b.iter(|| render(black_box(pos), black_box(overlay), black_box(view), black_box(&theme)))
    });
    g.bench_function("svg", |b| b.iter(|| black_box(&scene).to_svg()));
    if together {
        g.bench_function("render+svg", |b| {
            b.iter(|| render(black_box(pos), black_box(overlay), black_box(view), black_box(&theme)).to_svg())
        });
    }
    // Rasterising takes milliseconds: fewer samples over a longer time.
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    g.bench_function("png", |b| b.iter(|| svg_to_png(black_box(&svg), black_box(1.0)).expect("PNG")));
    g.finish();
}

fn render_benches(c: &mut Criterion) {
    let (rook, rook_overlay) = figure(Position::from_fen(VariantId::Dot, ROOK_FEN).expect("valid FEN"), "d5");
    bench_figure(c, "hemispheres", &rook, &rook_overlay, &sized(View::hemispheres()), true);
    bench_figure(c, "board", &rook, &rook_overlay, &sized(View::board()), false);
    bench_figure(c, "chart", &rook, &rook_overlay, &sized(View::chart()), false);

    let (start, knight_overlay) = figure(Position::start(VariantId::Dot), "b1");
    bench_figure(c, "start-knight-b1-hemispheres", &start, &knight_overlay, &sized(View::hemispheres()), true);
}

criterion_group!(benches, render_benches);
criterion_main!(benches);
