//! Animated PNG: full colour, opaque (RGB: the frames are); the first frame whole, each later
//! frame the rectangle that changed, replacing those pixels of the frame before.
//!
//! The frames are painted and compressed in parallel ([`super::raster::code_frames`]) and the
//! file is written chunk by chunk here (the `png` crate's encoder compresses one frame at a
//! time). Every row is filtered with Sub (each byte less the same byte of the pixel to its left),
//! which turns runs of one colour into runs of zeros, and compressed with fdeflate, which codes
//! exactly such runs quickly: no search for the best filter per row, no alpha channel, no
//! comparing pixel by pixel with the frame before. (Unchanged pixels made transparent inside
//! the rectangle cost more time to mark and code than they save in bytes.)

use super::frames::{Rect, changed_rect, code_frames, paint_starts};
use super::png_chunk::{Colour, SIGNATURE, chunk, chunk_of, ihdr};
use crate::draw::animation::{AnimError, Animation};

/// Codes frames as APNG frame data: the changed rectangle, its rows Sub-filtered and deflated.
struct Coder {
    width: u32,
    height: u32,
}

/// One coded frame: its rectangle, its zlib stream and the CRC of each of its chunks' worth
/// ([`CHUNK`]) of the stream, worked out with the frame so that writing the file only copies.
struct Frame {
    rect: Rect,
    zlib: Vec<u8>,
    crcs: Vec<crc32fast::Hasher>,
}

impl super::frames::Coder for Coder {
    /// The filtered rows.
    type State = Vec<u8>;
    type Out = Frame;

    fn state(&self) -> Vec<u8> {
        Vec::new()
    }

    fn code(&self, rows: &mut Vec<u8>, _k: usize, prev: Option<&[u32]>, cur: &[u32]) -> Frame {
        let (w, h) = (self.width, self.height);
        let rect = match prev {
            None => Some(Rect { x: 0, y: 0, w, h }),
            Some(prev) => changed_rect(w, h, prev, cur),
        };
        rows.clear();
        // Nothing changed: the first pixel again.
        let rect = rect.unwrap_or(Rect { x: 0, y: 0, w: 1, h: 1 });
        let line = 3 * rect.w as usize + 1;
        rows.resize(line * rect.h as usize, 0);
        for (y, row) in (rect.y..rect.y + rect.h).zip(rows.chunks_exact_mut(line)) {
            let at = (y * w + rect.x) as usize..(y * w + rect.x + rect.w) as usize;
            row[0] = 1; // Sub
            sub_rgb(&mut row[1..], &cur[at]);
        }
        let zlib = fdeflate::compress_to_vec(rows);
        let crcs = zlib
            .chunks(CHUNK)
            .map(|part| {
                let mut h = crc32fast::Hasher::new();
                h.update(part);
                h
            })
            .collect();
        Frame { rect, zlib, crcs }
    }
}

/// Each byte less the same byte of the pixel to its left, for four bytes at once (no borrow
/// crosses from one byte into the next).
#[inline]
fn sub_bytes(a: u32, b: u32) -> u32 {
    const HIGH: u32 = 0x8080_8080;
    ((a | HIGH).wrapping_sub(b & !HIGH)) ^ ((a ^ !b) & HIGH)
}

/// `pixels` (RGBA bytes, each pixel read as one number in the machine's byte order) as RGB rows
/// Sub-filtered into `out` (3 bytes a pixel): four pixels' differences at a time, packed into
/// three words.
fn sub_rgb(out: &mut [u8], pixels: &[u32]) {
    // As little-endian numbers, red in the low byte.
    let le = |p: u32| u32::from_le_bytes(p.to_ne_bytes());
    let mut left = 0u32;
    let mut quads = pixels.chunks_exact(4);
    let mut at = 0;
    for q in &mut quads {
        let [a, b, c, d] = [le(q[0]), le(q[1]), le(q[2]), le(q[3])];
        let (da, db, dc, dd) = (sub_bytes(a, left), sub_bytes(b, a), sub_bytes(c, b), sub_bytes(d, c));
        left = d;
        let words = [da & 0xFF_FFFF | db << 24, db >> 8 & 0xFFFF | dc << 16, dc >> 16 & 0xFF | dd << 8];
        for (o, w) in out[at..at + 12].chunks_exact_mut(4).zip(words) {
            o.copy_from_slice(&w.to_le_bytes());
        }
        at += 12;
    }
    for &p in quads.remainder() {
        let p = le(p);
        out[at..at + 3].copy_from_slice(&sub_bytes(p, left).to_le_bytes()[..3]);
        left = p;
        at += 3;
    }
}

/// Largest chunk data written: a frame's stream is cut into chunks of at most this many bytes.
const CHUNK: usize = 1 << 20;

/// The animation as APNG bytes.
pub fn encode(anim: &Animation, caches: &super::Caches) -> Result<Vec<u8>, AnimError> {
    let (w, h) = anim.raster_size()?;
    let (starts, _) = paint_starts(&anim.frames, (w, h), |_| (), caches);
    let frames = code_frames(&anim.frames, (w, h), starts, &Coder { width: w, height: h }, caches);
    let mut out = Vec::with_capacity(frames.iter().map(|f| f.zlib.len() + 64).sum::<usize>() + 64);
    write(&mut out, anim, (w, h), &frames).map_err(|e| AnimError::Encode(e.to_string()))?;
    Ok(out)
}

/// Writes the file: the header, the animation's frame count and plays, then each frame's
/// control chunk and data chunks.
fn write(out: &mut Vec<u8>, anim: &Animation, (w, h): (u32, u32), frames: &[Frame]) -> std::io::Result<()> {
    out.extend_from_slice(SIGNATURE);
    chunk(out, b"IHDR", &ihdr(w, h, Colour::Rgb))?;
    let mut actl = (frames.len() as u32).to_be_bytes().to_vec();
    actl.extend_from_slice(&anim.plays.to_be_bytes());
    chunk(out, b"acTL", &actl)?;
    // fcTL and fdAT chunks share one sequence, from 0.
    let mut seq = 0u32;
    for (k, f) in frames.iter().enumerate() {
        let mut fctl = Vec::with_capacity(26);
        for v in [seq, f.rect.w, f.rect.h, f.rect.x, f.rect.y] {
            fctl.extend_from_slice(&v.to_be_bytes());
        }
        fctl.extend_from_slice(&anim.delay(k).to_be_bytes());
        fctl.extend_from_slice(&100u16.to_be_bytes());
        // Dispose: none; blend: source (the rectangle replaces what was there).
        fctl.extend_from_slice(&[0, 0]);
        chunk(out, b"fcTL", &fctl)?;
        seq += 1;
        for (part, crc) in f.zlib.chunks(CHUNK).zip(&f.crcs) {
            if k == 0 {
                chunk_of(out, b"IDAT", &[], part, crc)?;
            } else {
                chunk_of(out, b"fdAT", &seq.to_be_bytes(), part, crc)?;
                seq += 1;
            }
        }
    }
    chunk(out, b"IEND", &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_rgb_is_each_byte_less_the_one_a_pixel_before() {
        // Every carry case: bytes above, equal to and below the byte to their left, rows of
        // whole quads and with one to three pixels over.
        let mut seed = 7u32;
        let mut byte = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            [0u8, 1, 127, 128, 129, 254, 255, (seed >> 16) as u8][(seed >> 8) as usize % 8]
        };
        for n in [1, 3, 4, 5, 8, 11, 64] {
            let pixels: Vec<u32> = (0..n).map(|_| u32::from_ne_bytes([byte(), byte(), byte(), 255])).collect();
            let mut left = [0u8; 3];
            let mut expected = Vec::new();
            for p in &pixels {
                let [r, g, b, _] = p.to_ne_bytes();
                expected.extend([r.wrapping_sub(left[0]), g.wrapping_sub(left[1]), b.wrapping_sub(left[2])]);
                left = [r, g, b];
            }
            let mut out = vec![0u8; 3 * n];
            sub_rgb(&mut out, &pixels);
            assert_eq!(out, expected, "{n} pixels");
        }
    }
}
