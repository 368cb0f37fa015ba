//! The whole essay figure set through the batch machinery (parse, render on all cores, write SVG
//! and PNG, index.html), as `dotchess essay` does it. Goal: well under a second of wall time on a
//! 2-core machine. Run with `cargo bench --bench batch`.

use criterion::{Criterion, criterion_group, criterion_main};
use dotchess::batch::{self, ESSAY_FILES, Embedded};
use std::time::Duration;

fn essay(c: &mut Criterion) {
    let manifest = batch::essay_manifest();
    let dir = std::env::temp_dir().join(format!("dotchess-bench-essay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let mut g = c.benchmark_group("batch");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    g.bench_function(format!("essay-{}-figures-svg+png", manifest.jobs.len()), |b| {
        b.iter(|| {
            let report = batch::run(&manifest, &Embedded(ESSAY_FILES), &dir, &|_| {});
            assert!(report.outcomes.iter().all(|o| o.result.is_ok()) && report.index.is_ok());
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, essay);
criterion_main!(benches);
