//! The memory budget's arithmetic: the estimated cost of the largest figures the limits
//! accept stays within the memory no input may need, alone and in a batch. (The estimates were
//! checked against measured peaks by hand, see `src/budget.rs`; memory is not measured here.)

use dotchess::input::overlay::read_overlay;
use dotchess::input::position::read_position;
use dotchess::output::Format;
use dotchess::output::budget::{
    BATCH, DRAW, InFlight, MAX_BATCH_COST, MAX_COST, MAX_PIXELS, MAX_WEIGHT, MEMORY, PROGRAM, pixels, weight,
    write_cost,
};

/// The scene of a figure (a rook on d5 with its moves) drawn with the budget.
fn scene(overlay: &str) -> Result<dotchess::Scene, String> {
    let base = read_position("rook.fen", "8/8/8/3R3r/8/8/1p6/8\n", dotchess::VariantId::Dot).unwrap();
    let spec =
        read_overlay("o.toml", overlay, &base, &dotchess::input::overlay::no_files).map_err(|e| e.to_string())?;
    dotchess::output::budget::render_checked(&spec).map_err(|e| e.to_string())
}

/// The largest `n` for which `make(n)` is accepted, searching `lo..=hi` (`lo` accepted), and its
/// scene (kept from the search rather than drawn again, unless `lo` itself is the answer).
fn largest(lo: u32, hi: u32, make: impl Fn(u32) -> String) -> (u32, dotchess::Scene) {
    let (mut lo, mut hi) = (lo, hi);
    let mut kept = None;
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        match scene(&make(mid)) {
            Ok(s) => (lo, kept) = (mid, Some(s)),
            Err(_) => hi = mid - 1,
        }
    }
    let s = kept.unwrap_or_else(|| scene(&make(lo)).expect("accepted"));
    (lo, s)
}

#[test]
fn the_largest_accepted_figures_cost_less_than_the_memory() {
    let all = [Format::Svg, Format::Png, Format::Pdf];
    // The heaviest single panel: a square chart window with every cell named, as large as the
    // weight allows, at the largest width whose PNG is accepted.
    let chart = |n: u32| {
        format!(
            "moves = [\"d5\"]\n[[panels]]\nview = \"chart\"\ncoordinates = \"cells\"\nwidth = 5790\nwindow = [0, 0, {n}, {n}]\n"
        )
    };
    let (n, window) = largest(8, 200, chart);
    assert!(n < 200, "a 200 × 200 window with every cell named is refused by the weight");
    // Many panels, each named cell by cell.
    let boards = |n: u32| {
        let mut s = "width = 3400\nmoves = [\"d5\"]\n".to_string();
        for _ in 0..n {
            s += "[[panels]]\nview = \"chart\"\ncoordinates = \"cells\"\nwindow = [0, 0, 40, 40]\n";
        }
        s
    };
    let (_, panels) = largest(1, 64, boards);
    let hemispheres = scene("[[panels]]\nview = \"hemispheres\"\ncoordinates = \"cells\"\nwidth = 4247\n").unwrap();
    for (name, s) in [("chart window", &window), ("panels", &panels), ("hemispheres", &hemispheres)] {
        let (w, px) = (weight(s), pixels(s));
        assert!(w <= MAX_WEIGHT, "{name}: weight {w}");
        // A PNG beyond the pixel limit is refused before it is painted; SVG and PDF are still made.
        let formats: &[Format] = if px <= MAX_PIXELS { &all } else { &[Format::Svg, Format::Pdf] };
        let alone = write_cost(w, px, formats, true);
        assert!(alone <= MAX_COST && alone + PROGRAM <= MEMORY, "{name}: {alone} bytes");
        assert!(write_cost(w, px, formats, false) <= MAX_BATCH_COST, "{name}");
    }
    // The bounds themselves: one figure with the program; in a batch, two figures being drawn
    // and one of them growing to the largest cost.
    let (largest, largest_in_batch) =
        (write_cost(MAX_WEIGHT, MAX_PIXELS, &all, true), write_cost(MAX_WEIGHT, MAX_PIXELS, &all, false));
    assert_eq!((largest, largest_in_batch), (MAX_COST, MAX_BATCH_COST));
    assert!(largest + PROGRAM <= MEMORY, "{largest}");
    assert!(DRAW + largest_in_batch <= BATCH && BATCH + PROGRAM <= MEMORY, "{largest_in_batch}");
}

/// Figures drawn and written at once never hold more than the batch budget, and every one
/// finishes (a figure waiting to grow always gets its turn).
#[test]
fn figures_in_flight_stay_within_the_batch_budget() {
    use std::sync::atomic::{AtomicU64, Ordering::SeqCst};
    let budget = InFlight::default();
    let (held, most, done) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    std::thread::scope(|s| {
        for t in 0..6u64 {
            let (budget, held, most, done) = (&budget, &held, &most, &done);
            s.spawn(move || {
                for i in 0..30u64 {
                    let mut share = budget.draw();
                    let now = held.fetch_add(share.cost(), SeqCst) + share.cost();
                    most.fetch_max(now, SeqCst);
                    std::thread::yield_now();
                    held.fetch_sub(share.cost(), SeqCst);
                    // Some figures small, some the largest.
                    share.resize(if (t + i) % 3 == 0 { MAX_BATCH_COST } else { 1 << 20 });
                    let now = held.fetch_add(share.cost(), SeqCst) + share.cost();
                    most.fetch_max(now, SeqCst);
                    std::thread::yield_now();
                    held.fetch_sub(share.cost(), SeqCst);
                    done.fetch_add(1, SeqCst);
                }
            });
        }
    });
    assert_eq!(done.into_inner(), 180);
    assert!(most.into_inner() <= BATCH);
}
