//! Animation cost: the `gear` animation of the empty Dot at 480 px, 48 frames.
//!
//! Run with `nice -n 19 cargo bench --bench animation`. `gif` is the whole job of
//! `dotchess animate … -o gear.gif` (frames built, rasterised in parallel, palette, changed
//! rectangles, LZW in parallel); `apng` and `svg` the same for the other formats; `48 pngs` is
//! the same 48 frames each rendered and written as a separate PNG, the yardstick an animation
//! must not exceed. The sizes are printed once before the timings.
//!
//! Criterion measures each in turn, twenty seconds apiece, and on a shared machine the load
//! drifts between them by more than the margins measured here. So before the timings the bench
//! also prints an interleaved comparison: blocks of five runs of each output and five of the 48
//! PNGs, one after another, twelve times; the medians and their ratios.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use dotchess::draw::PanelSpec;
use dotchess::draw::{AnimSpec, Animation, Kind, animate as build};
use dotchess::input::plain_figure;
use dotchess::input::read_position;
use dotchess::output::Format;
use dotchess::{Theme, VariantId};

fn gear() -> Animation {
    let base = read_position("empty.fen", "8/8/8/8/8/8/8/8", VariantId::Dot).expect("the empty Dot");
    let figure = plain_figure(&base);
    let mut panel: PanelSpec = figure.panels[0].clone();
    panel.view.width = 480.0;
    let spec = AnimSpec { frames: 48, ..AnimSpec::new(Kind::Gear) };
    build(&spec, &panel, None, &Theme::essay()).expect("frames")
}

/// The 48 frames each rendered as a separate PNG, in parallel.
fn pngs() -> Vec<Vec<u8>> {
    use rayon::prelude::*;
    gear().frames.par_iter().map(|s| dotchess::output::scene_png(s, 1.0).expect("png")).collect()
}

/// Median milliseconds of `runs` timings.
fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

/// Each output against the 48 PNGs, their runs interleaved (see the module comment).
fn interleaved() {
    let time = |f: &dyn Fn()| {
        let t = std::time::Instant::now();
        f();
        t.elapsed().as_secs_f64() * 1e3
    };
    for f in [Format::Gif, Format::Apng] {
        let (mut anim, mut stills) = (Vec::new(), Vec::new());
        for _ in 0..12 {
            anim.extend((0..5).map(|_| time(&|| drop(black_box(gear().encode(f).expect("encoded"))))));
            stills.extend((0..5).map(|_| time(&|| drop(black_box(pngs())))));
        }
        let (a, p) = (median(anim), median(stills));
        println!("interleaved medians: {f:?} {a:.1} ms, 48 pngs {p:.1} ms, ratio {:.3}", a / p);
    }
}

fn bench(c: &mut Criterion) {
    let a = gear();
    for f in [Format::Gif, Format::Apng, Format::AnimatedSvg] {
        let bytes = a.encode(f).expect("encoded");
        println!("gear 480 px, 48 frames, {f:?}: {} bytes", bytes.len());
    }
    interleaved();
    let mut g = c.benchmark_group("gear-480-48");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("gif", |b| b.iter(|| black_box(gear().encode(Format::Gif).expect("gif"))));
    g.bench_function("apng", |b| b.iter(|| black_box(gear().encode(Format::Apng).expect("apng"))));
    g.bench_function("svg", |b| b.iter(|| black_box(gear().encode(Format::AnimatedSvg).expect("svg"))));
    g.bench_function("48 pngs", |b| b.iter(|| black_box(pngs())));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
