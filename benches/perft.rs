//! Perft throughput: dotchess against shakmaty on ordinary chess, and dotchess on the Dot.
//!
//! Run with `cargo bench --bench perft`. Every benchmark reports nodes/s through
//! `Throughput::Elements`, so the flat groups compare the two move generators side by side.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkGroup, Criterion, SamplingMode, Throughput, criterion_group, criterion_main, measurement::WallTime,
};
use dotchess::{Position, VariantId, perft};
use shakmaty::{CastlingMode, Chess, fen::Fen};

/// Kiwipete (Peter McKenzie): a middlegame full of castling, en passant and promotion.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Depth for the start positions (4 865 609 nodes on the flat board).
const START_DEPTH: u32 = 5;
/// Depth for Kiwipete (4 085 603 nodes on the flat board).
const KIWIPETE_DEPTH: u32 = 4;

fn shakmaty_position(fen: &str) -> Chess {
    fen.parse::<Fen>().expect("valid FEN").into_position(CastlingMode::Standard).expect("legal position")
}

/// A group with few samples, each of a fixed number of iterations: one perft takes tens of ms.
fn group<'a>(c: &'a mut Criterion, name: &str, nodes: u64) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .throughput(Throughput::Elements(nodes));
    g
}

/// Ordinary chess: dotchess (`VariantId::Flat`) and shakmaty on the same position and depth.
fn bench_flat(c: &mut Criterion, name: &str, ours: &Position, theirs: &Chess, depth: u32) {
    let nodes = perft(ours, depth);
    let expected = shakmaty::perft(theirs, depth);
    assert_eq!(nodes, expected, "{name}: dotchess perft({depth}) disagrees with shakmaty");

    let mut g = group(c, name, nodes);
    g.bench_function(format!("dotchess/depth{depth}"), |b| b.iter(|| perft(black_box(ours), black_box(depth))));
    g.bench_function(format!("shakmaty/depth{depth}"), |b| {
        b.iter(|| shakmaty::perft(black_box(theirs), black_box(depth)))
    });
    g.finish();
}

/// Chess on the Dot: dotchess only (nothing else plays it).
fn bench_dot(c: &mut Criterion, name: &str, ours: &Position, depth: u32) {
    let nodes = perft(ours, depth);
    let mut g = group(c, name, nodes);
    g.bench_function(format!("dotchess/depth{depth}"), |b| b.iter(|| perft(black_box(ours), black_box(depth))));
    g.finish();
}

fn perft_benches(c: &mut Criterion) {
    bench_flat(c, "perft/flat-start", &Position::start(VariantId::Flat), &Chess::default(), START_DEPTH);
    bench_flat(
        c,
        "perft/flat-kiwipete",
        &Position::from_fen(VariantId::Flat, KIWIPETE).expect("valid FEN"),
        &shakmaty_position(KIWIPETE),
        KIWIPETE_DEPTH,
    );
    bench_dot(c, "perft/dot-start", &Position::start(VariantId::Dot), START_DEPTH);
    bench_dot(
        c,
        "perft/dot-kiwipete",
        &Position::from_fen(VariantId::Dot, KIWIPETE).expect("valid FEN"),
        KIWIPETE_DEPTH,
    );
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
