//! Game replay cost: a 60-ply game of the Dot at 480 px on the hemispheres as a GIF,
//! against the same 61 frames each rendered as a separate PNG (the yardstick: no more than their
//! cost, and at most 0.5 MB); and a 40-ply game at 720 px on the single board as a GIF, beside
//! lila-gif's `game.gif` of 40 frames at 720×840 (about 55 ms on the project's 2-core machine;
//! the goal is within 2× of it, drawing vectors rather than pasting sprites).
//!
//! Each iteration is the whole job: the game's stills, the frames drawn, painted and encoded.
//! The games are made here by a fixed walk through the legal moves (the same every run), so the
//! pieces spread over the ball as in a real game. Sizes are printed before the timings, and, as
//! in `benches/animation.rs`, an interleaved comparison of the GIF with the PNGs (blocks of runs
//! of each, one after another), since the machine's load drifts between criterion's groups.
//!
//! Run with `nice -n 19 cargo bench --bench replay -- --warm-up-time 1 --measurement-time 5`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use dotchess::draw::animation::replay::{Replay, Script, build};
use dotchess::input::game::read_games;
use dotchess::output::Format;
use dotchess::{Position, Theme, VariantId, View};

/// A game of `plies` plies on the Dot: at each ply a move picked by a fixed generator from the
/// legal ones, never one that ends the game early; written out as PGN and read back.
fn game(plies: usize) -> Script {
    let mut pos = Position::start(VariantId::Dot);
    let mut seed = 22u64;
    let mut text = String::from("[Variant \"dot\"]\n[White \"Bench\"]\n[Black \"Mark\"]\n\n");
    for _ in 0..plies {
        let moves = pos.moves();
        let ok: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                !p.moves().is_empty()
            })
            .collect();
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = ok[(seed >> 33) as usize % ok.len()];
        text += &format!("{} ", pos.san(m));
        pos.play_unchecked(m);
    }
    text += "*\n";
    let games = read_games("bench.pgn", &text, VariantId::Dot).expect("the bench game reads");
    assert_eq!(games[0].plies.len(), plies);
    games[0].script()
}

fn replay(script: &Script, view: View) -> dotchess::draw::animation::Animation {
    build(script, &Replay::new(view), &Theme::essay()).expect("frames")
}

fn hemispheres() -> View {
    View { width: 480.0, ..View::hemispheres() }
}

fn board() -> View {
    View { width: 720.0, ..View::board() }
}

/// The replay's frames each rendered as a separate PNG, in parallel.
fn pngs(script: &Script) -> Vec<Vec<u8>> {
    use rayon::prelude::*;
    replay(script, hemispheres()).frames.par_iter().map(|s| dotchess::output::scene_png(s, 1.0).expect("png")).collect()
}

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

/// The medians, in ms, of two jobs run in turn: three of one, three of the other, six times over.
fn interleave(one: &dyn Fn(), other: &dyn Fn()) -> (f64, f64) {
    let time = |f: &dyn Fn()| {
        let t = std::time::Instant::now();
        f();
        t.elapsed().as_secs_f64() * 1e3
    };
    let (mut ones, mut others) = (Vec::new(), Vec::new());
    for _ in 0..6 {
        ones.extend((0..3).map(|_| time(one)));
        others.extend((0..3).map(|_| time(other)));
    }
    (median(ones), median(others))
}

fn interleaved(script: &Script) {
    let (a, p) = interleave(&|| drop(black_box(replay(script, hemispheres()).encode(Format::Gif))), &|| {
        drop(black_box(pngs(script)))
    });
    println!("interleaved medians: GIF {a:.1} ms, 61 PNGs {p:.1} ms, ratio {:.3}", a / p);
}

/// The README's measured job, the `gear` GIF of the empty Dot (48 frames at 480 px, 72.5 ms on
/// the quiet machine), built as `benches/animation.rs` builds it: a yardstick that turns a time
/// measured under load into an estimate for the quiet machine.
fn gear_gif() -> Vec<u8> {
    use dotchess::draw::animation::{AnimSpec, Kind, build};
    use dotchess::input::overlay::plain_figure;
    use dotchess::input::position::read_position;
    let base = read_position("empty.fen", "8/8/8/8/8/8/8/8", VariantId::Dot).expect("the empty Dot");
    let mut panel = plain_figure(&base).panels[0].clone();
    panel.view.width = 480.0;
    let spec = AnimSpec { frames: 48, ..AnimSpec::new(Kind::Gear) };
    build(&spec, &panel, None, &Theme::essay()).expect("frames").encode(Format::Gif).expect("gif")
}

/// The 40-ply board GIF against the gear GIF, runs interleaved.
fn against_gear(script: &Script) {
    let (b, g) =
        interleave(&|| drop(black_box(replay(script, board()).encode(Format::Gif))), &|| drop(black_box(gear_gif())));
    println!(
        "interleaved medians: 40-ply board 720 GIF {b:.1} ms, gear GIF {g:.1} ms, ratio {:.3} (× 72.5 ms = {:.0} ms on the quiet machine)",
        b / g,
        b / g * 72.5
    );
}

fn bench(c: &mut Criterion) {
    let sixty = game(60);
    let forty = game(40);
    let gif = replay(&sixty, hemispheres()).encode(Format::Gif).expect("gif");
    let png_bytes: usize = pngs(&sixty).iter().map(Vec::len).sum();
    println!("60 plies, hemispheres 480 px: GIF {} bytes; the 61 PNGs {png_bytes} bytes", gif.len());
    let board_anim = replay(&forty, board());
    let board_gif = board_anim.encode(Format::Gif).expect("gif");
    let f = &board_anim.frames[0];
    println!("40 plies, board 720 px ({}×{}): GIF {} bytes", f.width, f.height, board_gif.len());
    interleaved(&sixty);
    against_gear(&forty);
    let mut g = c.benchmark_group("replay");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    g.bench_function("60 plies hemispheres 480 gif", |b| {
        b.iter(|| black_box(replay(&sixty, hemispheres()).encode(Format::Gif).expect("gif")))
    });
    g.bench_function("60 plies hemispheres 480 as 61 pngs", |b| b.iter(|| black_box(pngs(&sixty))));
    g.bench_function("40 plies board 720 gif", |b| {
        b.iter(|| black_box(replay(&forty, board()).encode(Format::Gif).expect("gif")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
