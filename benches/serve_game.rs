//! The server's game door: `POST /game.gif?view=board&width=720` with a 40-ply game, sent
//! in-process through the server's router (`tower::ServiceExt::oneshot`: the query and the PGN
//! read, the game checked, the frames drawn on a drawing slot, the GIF encoded, the answer made —
//! everything but the socket), beside lila-gif's `game.gif` of a 40-ply game at 720 px (55 ms
//! warm on the project's 2-core machine) and beside the same replay built by the library
//! directly (what `dotchess animate GAME.pgn` does after its process start).
//!
//! The game is made here by a fixed walk through the legal moves of the Dot (the same every run,
//! as `benches/replay.rs` makes its games), written as PGN. Runs of the two jobs are also
//! interleaved (blocks of three, six times), since the shared machine's load drifts.
//!
//! Run with `nice -n 19 cargo bench --bench serve_game -- --warm-up-time 1 --measurement-time 5`.

use std::hint::black_box;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{Criterion, criterion_group, criterion_main};
use dotchess::input::read_games;
use dotchess::output::Format;
use dotchess::{Position, VariantId};
use dotchess_cli::serve::{App, Config};
use tower::ServiceExt;

/// A game of `plies` plies on the Dot, as PGN: at each ply a move picked by a fixed generator
/// from the legal ones, never one that ends the game early.
fn game(plies: usize) -> String {
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
    text + "*\n"
}

const URI: &str = "/game.gif?view=board&width=720";

/// One POST through the router; the GIF's bytes.
async fn post(app: &App, pgn: &str) -> Vec<u8> {
    let req = Request::post(URI).body(Body::from(pgn.to_string())).expect("a request");
    let r = app.router().oneshot(req).await.expect("the router never fails");
    assert_eq!(r.status(), StatusCode::OK);
    axum::body::to_bytes(r.into_body(), usize::MAX).await.expect("the body").to_vec()
}

/// The same replay by the library, as `animate GAME.pgn --view board --width 720 -o g.gif`.
fn direct(pgn: &str) -> Vec<u8> {
    use dotchess::input::Draft;
    use dotchess::input::FigureOptions;
    let game = read_games("bench.pgn", pgn, VariantId::Dot).expect("the bench game reads").remove(0);
    let options = FigureOptions::from_query("view=board&width=720").expect("options");
    let n = game.plies.len();
    let checked = game.figure(&Draft::plain(&game.base()), &options, Some((0, n))).expect("the figure");
    let anim = dotchess::output::build_animation(&checked.figure, true).expect("frames");
    anim.encode(Format::Gif).expect("gif")
}

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn bench(c: &mut Criterion) {
    let pgn = game(40);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("runtime");
    let app = App::new(Config::default()).expect("the server's state");
    let served = runtime.block_on(post(&app, &pgn));
    assert!(served == direct(&pgn), "the server's GIF is the library's");
    println!("40 plies, board 720 px: GIF {} bytes", served.len());
    let time = |f: &dyn Fn()| {
        let t = std::time::Instant::now();
        f();
        t.elapsed().as_secs_f64() * 1e3
    };
    let (mut http, mut lib) = (Vec::new(), Vec::new());
    for _ in 0..6 {
        http.extend((0..3).map(|_| time(&|| drop(black_box(runtime.block_on(post(&app, &pgn)))))));
        lib.extend((0..3).map(|_| time(&|| drop(black_box(direct(&pgn))))));
    }
    let (h, l) = (median(http), median(lib));
    println!(
        "interleaved medians: POST /game.gif {h:.1} ms, the library directly {l:.1} ms (ratio {:.3}); lila-gif 55 ms: {:.2}×",
        h / l,
        h / 55.0
    );
    let mut g = c.benchmark_group("serve_game");
    g.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    g.bench_function("POST /game.gif 40 plies board 720", |b| b.iter(|| black_box(runtime.block_on(post(&app, &pgn)))));
    g.bench_function("library 40 plies board 720 gif", |b| b.iter(|| black_box(direct(&pgn))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
