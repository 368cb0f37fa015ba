//! A GIF shows the colours its figure paints: every frame of every essay animation and game
//! replay, decoded from the essay's GIF, against the same frame decoded from its APNG (which is
//! lossless: the painted pixels themselves).

use crate::common;

/// Pixels of one frame allowed more than [`FAR`] apart: antialiasing blends that the palette
/// rounded to a neighbour, never a mark, ring, badge or arrow.
const MAX_FAR: usize = 20;
/// How far apart (in any of red, green and blue) two pixels are before they count as different.
const FAR: u8 = 30;

/// Every frame of a GIF, composited (each frame a rectangle over the picture so far), as RGBA.
fn gif_frames(bytes: &[u8]) -> (usize, usize, Vec<Vec<u8>>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(bytes).expect("a GIF");
    let (w, h) = (dec.width() as usize, dec.height() as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut out = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        let fw = f.width as usize;
        for y in 0..f.height as usize {
            for x in 0..fw {
                let src = &f.buffer[4 * (y * fw + x)..][..4];
                if src[3] != 0 {
                    let i = 4 * ((f.top as usize + y) * w + f.left as usize + x);
                    canvas[i..i + 4].copy_from_slice(src);
                }
            }
        }
        out.push(canvas.clone());
    }
    (w, h, out)
}

/// Every frame of an APNG, composited (blending over: opaque pixels replace, clear ones keep what
/// was there), as RGBA.
fn apng_frames(bytes: &[u8]) -> (usize, usize, Vec<Vec<u8>>) {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::ALPHA);
    let mut dec = dec.read_info().expect("a PNG");
    let info = dec.info().clone();
    let n = info.animation_control.expect("an animated PNG").num_frames as usize;
    let (w, h) = (info.width as usize, info.height as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut buf = vec![0u8; dec.output_buffer_size().unwrap()];
    let mut out = Vec::new();
    for k in 0..n {
        let o = dec.next_frame(&mut buf).expect("a frame");
        let fc = dec.info().frame_control.expect("a frame control");
        for y in 0..fc.height as usize {
            for x in 0..fc.width as usize {
                let src = &buf[o.line_size * y + 4 * x..][..4];
                if k == 0 || src[3] == 255 {
                    let i = 4 * ((fc.y_offset as usize + y) * w + fc.x_offset as usize + x);
                    canvas[i..i + 4].copy_from_slice(src);
                }
            }
        }
        out.push(canvas.clone());
    }
    (w, h, out)
}

/// How many pixels of two RGBA images differ by more than [`FAR`] in a channel.
fn far_pixels(a: &[u8], b: &[u8]) -> usize {
    a.chunks_exact(4).zip(b.chunks_exact(4)).filter(|(p, q)| (0..3).any(|c| p[c].abs_diff(q[c]) > FAR)).count()
}

#[test]
fn every_gif_frame_of_the_essay_shows_the_colours_of_its_apng() {
    let essay = common::essay_outputs();
    assert!(essay.output.status.success(), "{}", common::stderr(&essay.output));
    let manifest = dotchess::batch::essay_manifest();
    // An animated figure writes a GIF beside its APNG (`name.png`).
    let animated: Vec<&str> = manifest
        .jobs
        .iter()
        .map(|j| j.name.as_str())
        .filter(|n| essay.dir.join(format!("{n}.gif")).is_file())
        .collect();
    let games = manifest.jobs.iter().filter(|j| j.name.starts_with("game-")).count();
    assert!(games >= 8 && animated.len() >= games + 5, "the essay's animations and replays: {animated:?}");
    assert!(animated.contains(&"game-dot-pole-mate"), "{animated:?}");
    // The figures decoded in parallel: the essay's GIFs and APNGs are some hundred frames.
    use rayon::prelude::*;
    let worst: Vec<(usize, String)> = animated.par_iter().map(|n| worst_frame(&essay.dir, n)).collect();
    let over: Vec<&(usize, String)> = worst.iter().filter(|(n, _)| *n > MAX_FAR).collect();
    assert!(over.is_empty(), "GIF frames off their APNG by more than {FAR} in a channel: {over:?}");
}

/// The frame of an essay animation whose GIF is furthest from its APNG: how many pixels are more
/// than [`FAR`] apart, and which figure and frame.
fn worst_frame(dir: &std::path::Path, name: &str) -> (usize, String) {
    let read = |ext: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).unwrap();
    let (gw, gh, gif) = gif_frames(&read("gif"));
    let (aw, ah, apng) = apng_frames(&read("png"));
    assert_eq!((gw, gh, gif.len()), (aw, ah, apng.len()), "{name}: the same frames at the same size");
    let far = gif.iter().zip(&apng).map(|(g, a)| far_pixels(g, a));
    let (k, n) = far.enumerate().max_by_key(|&(k, n)| (n, std::cmp::Reverse(k))).expect("frames");
    (n, format!("{name} frame {k}: {n} pixels"))
}
