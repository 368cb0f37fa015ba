//! Batches through the machinery of `dotchess batch` (parse, render on all cores, write SVG and
//! PNG, index.html): the essay's figure set, and `mixed-N`, the essay's figures repeated in turn
//! up to N figures (figures per second through `Throughput::Elements`; N = 100 and 400 show that
//! the rate does not fall with N). Run with `cargo bench --bench batch`. The 1000-figure batch
//! against the build before the painter is timed on the command line (benches/README.md).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dotchess::batch::{self, ESSAY_FILES, Embedded, Manifest};
use std::time::Duration;

/// The essay's figures repeated in turn, `n` in all, each under its own name.
fn mixed(n: usize) -> Manifest {
    let mut m = batch::essay_manifest();
    let base = std::mem::take(&mut m.jobs);
    m.jobs = (0..n)
        .map(|i| {
            let mut job = base[i % base.len()].clone();
            job.name = format!("{}-{i}", job.name);
            job
        })
        .collect();
    m
}

fn batches(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("dotchess-bench-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let mut g = c.benchmark_group("batch");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for (name, manifest) in [("essay", batch::essay_manifest()), ("mixed-100", mixed(100)), ("mixed-400", mixed(400))] {
        g.throughput(Throughput::Elements(manifest.jobs.len() as u64));
        g.bench_function(format!("{name}-svg+png"), |b| {
            b.iter(|| {
                let report = batch::run(&manifest, &Embedded(ESSAY_FILES), &dir, &|_| {});
                assert!(report.outcomes.iter().all(|o| o.result.is_ok()) && report.index.is_ok());
            })
        });
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, batches);
criterion_main!(benches);
