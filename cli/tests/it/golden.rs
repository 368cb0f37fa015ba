//! Golden images: figures a person has looked at and checked against the rules, kept as PNG.
//! A test renders each again and compares decoded pixels with a small per-channel tolerance.
//! On a mismatch it writes `target/golden-diff/<name>.png` (expected | differing pixels |
//! actual). `DOTCHESS_BLESS=1 cargo test --test it golden::` rewrites the references — only after
//! looking at the new images.

use dotchess::draw::{Overlay, View};
use dotchess::{Dir, Position, Scene, Theme, VariantId, render};
use std::path::PathBuf;
use tiny_skia::Pixmap;

use crate::resvg_png;

/// Largest difference allowed in any channel of any pixel.
const TOLERANCE: u8 = 3;

fn dir() -> PathBuf {
    PathBuf::from(crate::common::ROOT).join("tests/golden")
}

fn at(pos: &Position, s: &str) -> dotchess::Cell {
    pos.topology().parse_cell(s).unwrap()
}

fn sized(mut v: View, width: f64) -> View {
    v.width = width;
    v
}

/// The reviewed figures (what each shows is in its name; the closing notes of the renderer issue
/// say what was checked in each).
fn figures() -> Vec<(&'static str, Scene)> {
    let essay = Theme::essay();
    let rook = Position::from_fen(VariantId::Dot, "8/8/8/3R3r/8/8/3p4/8").unwrap();
    let rook_moves = Overlay { moves: vec![at(&rook, "d5").into()], ..Overlay::default() };
    let bishop = Position::from_fen(VariantId::Dot, "8/8/8/8/8/8/3B4/8").unwrap();
    let bishop_loop = Overlay { loops: vec![(at(&bishop, "d2"), Dir::new(1, 1))], ..Overlay::default() };
    let small = Position::start(VariantId::Small);
    let knight = Overlay { moves: vec![at(&small, "c1").into()], ..Overlay::default() };
    let s8 = Position::from_fen(VariantId::Small8, "1/8/8/8/8/8/8/8/8/B").unwrap();
    let from_s = Overlay { moves: vec![at(&s8, "S").into()], ..Overlay::default() };
    let castle = Position::from_fen(VariantId::Dot, "r3k3/8/8/8/8/2n5/8/R3K3 w Q - 0 1").unwrap();
    let king = Overlay {
        moves: vec![at(&castle, "e1").into()],
        arrows: vec![(at(&castle, "c3"), at(&castle, "e2")).into()],
        ..Overlay::default()
    };
    let xq = Position::start(VariantId::Xiangqi);
    let cannon = Overlay { moves: vec![at(&xq, "b3").into()], ..Overlay::default() };
    vec![
        ("dot-rook-hemispheres", render(&rook, &rook_moves, &sized(View::hemispheres(), 320.0), &essay)),
        ("dot-rook-board", render(&rook, &rook_moves, &sized(View::board(), 300.0), &essay)),
        ("dot-rook-chart", render(&rook, &rook_moves, &sized(View::chart(), 360.0), &essay)),
        ("dot-bishop-loop-board", render(&bishop, &bishop_loop, &sized(View::board(), 300.0), &essay)),
        ("dot-bishop-loop-chart", render(&bishop, &bishop_loop, &sized(View::chart(), 360.0), &essay)),
        ("small-knight-board", render(&small, &knight, &sized(View::board(), 300.0), &essay)),
        ("small8-bishop-on-s-hemispheres", render(&s8, &from_s, &sized(View::hemispheres(), 320.0), &essay)),
        (
            "dot-castling-ice-board",
            render(&castle, &king, &sized(View::board(), 300.0), &Theme::built_in("ice").unwrap()),
        ),
        (
            "dot-king-print-hemispheres",
            render(&castle, &king, &sized(View::hemispheres(), 320.0), &Theme::built_in("print").unwrap()),
        ),
        ("xiangqi-cannon-hemispheres", render(&xq, &cannon, &sized(View::hemispheres(), 360.0), &essay)),
        ("xiangqi-start-chart", render(&xq, &Overlay::default(), &sized(View::chart(), 360.0), &essay)),
    ]
}

/// Pixels that differ by more than the tolerance, and a diff image of expected | mask | actual.
fn compare(expected: &Pixmap, actual: &Pixmap) -> (usize, Option<Pixmap>) {
    if expected.width() != actual.width() || expected.height() != actual.height() {
        return (usize::MAX, None);
    }
    let (w, h) = (expected.width(), expected.height());
    let mut diff = Pixmap::new(3 * w, h).unwrap();
    let mut bad = 0;
    for y in 0..h {
        for x in 0..w {
            let (e, a) = (expected.pixel(x, y).unwrap(), actual.pixel(x, y).unwrap());
            let d = [
                e.red().abs_diff(a.red()),
                e.green().abs_diff(a.green()),
                e.blue().abs_diff(a.blue()),
                e.alpha().abs_diff(a.alpha()),
            ];
            let wrong = d.iter().any(|&c| c > TOLERANCE);
            bad += wrong as usize;
            let px = diff.pixels_mut();
            px[(y * 3 * w + x) as usize] = e;
            px[(y * 3 * w + 2 * w + x) as usize] = a;
            px[(y * 3 * w + w + x) as usize] = if wrong {
                tiny_skia::PremultipliedColorU8::from_rgba(255, 0, 0, 255).unwrap()
            } else {
                tiny_skia::PremultipliedColorU8::from_rgba(255, 255, 255, 255).unwrap()
            };
        }
    }
    (bad, Some(diff))
}

#[test]
fn golden_images() {
    let bless = std::env::var_os("DOTCHESS_BLESS").is_some();
    let out = PathBuf::from(crate::common::ROOT).join("target/golden-diff");
    let mut failures = Vec::new();
    for (name, scene) in figures() {
        let png = dotchess::output::scene_png(&scene, 1.0).unwrap();
        let path = dir().join(format!("{name}.png"));
        if bless {
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let Ok(reference) = std::fs::read(&path) else {
            failures.push(format!("{name}: no reference {} (run with DOTCHESS_BLESS=1 after looking)", path.display()));
            continue;
        };
        let expected = Pixmap::decode_png(&reference).unwrap();
        let actual = Pixmap::decode_png(&png).unwrap();
        let (bad, diff) = compare(&expected, &actual);
        if bad > 0 {
            std::fs::create_dir_all(&out).unwrap();
            let diff_path = out.join(format!("{name}.png"));
            match diff {
                Some(d) => d.save_png(&diff_path).unwrap(),
                None => std::fs::write(&diff_path, &png).unwrap(),
            }
            let what = if bad == usize::MAX { "a different size".to_string() } else { format!("{bad} pixels off") };
            failures.push(format!("{name}: {what}; see {}", diff_path.display()));
        }
    }
    assert!(failures.is_empty(), "golden images differ:\n{}", failures.join("\n"));
}

/// Mean difference per channel (0–255) and the share of pixels off by more than 32 in some
/// channel, between two pictures of the same size.
fn difference(a: &Pixmap, b: &Pixmap) -> (f64, f64) {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()), "sizes differ");
    let (mut sum, mut outliers) = (0u64, 0usize);
    for (p, q) in a.data().chunks_exact(4).zip(b.data().chunks_exact(4)) {
        // An array, not a vector: a heap allocation for each pixel was a third of this test's time.
        let d: [u8; 4] = std::array::from_fn(|i| p[i].abs_diff(q[i]));
        sum += d.iter().map(|&x| x as u64).sum::<u64>();
        outliers += d.iter().any(|&x| x > 32) as usize;
    }
    let n = (a.width() * a.height()) as f64;
    (sum as f64 / (4.0 * n), outliers as f64 / n)
}

/// The PNG is painted straight from the scene, the SVG is text for other programs: both must
/// show the same picture. Every golden figure and every figure of the essay (all views, panels,
/// every theme the goldens use) is painted by us and by resvg from our own SVG; the two may
/// differ only in anti-aliasing (mean difference under 0.5 of 255, outliers under 0.2 %).
#[test]
fn png_shows_what_the_svg_shows() {
    let manifest = dotchess::batch::essay_manifest();
    let files = dotchess::batch::Embedded(dotchess::batch::ESSAY_FILES);
    let essay = manifest.jobs.iter().map(|job| {
        let spec = dotchess::batch::figure(job, &files, manifest.variant).unwrap();
        (job.name.as_str(), spec.render())
    });
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, scene) in figures().into_iter().chain(essay) {
        let ours = Pixmap::decode_png(&dotchess::output::scene_png(&scene, 1.0).unwrap()).unwrap();
        let direct = dotchess::output::to_pixmap(&scene, 1.0).unwrap();
        assert_eq!(ours.data(), direct.data(), "{name}: the PNG holds the painted pixmap");
        let theirs = Pixmap::decode_png(&resvg_png::svg_to_png(&dotchess::output::to_svg(&scene), 1.0)).unwrap();
        let (mean, outliers) = difference(&ours, &theirs);
        if mean > 0.5 || outliers > 0.002 {
            failures.push(format!("{name}: mean difference {mean:.3}, {:.3} % outliers", outliers * 100.0));
        }
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} figures compared");
    assert!(failures.is_empty(), "the PNG and the SVG differ:\n{}", failures.join("\n"));
}
