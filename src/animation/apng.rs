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

use super::raster::{Rect, changed_rect, code_frames, paint_frames, run_starts};
use super::{AnimError, Animation};

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

impl super::raster::Coder for Coder {
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
            let mut left = [0u8; 3];
            for (o, &c) in row[1..].chunks_exact_mut(3).zip(&cur[at]) {
                let [r, g, b, _] = c.to_ne_bytes();
                o.copy_from_slice(&[r.wrapping_sub(left[0]), g.wrapping_sub(left[1]), b.wrapping_sub(left[2])]);
                left = [r, g, b];
            }
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

/// Appends a PNG chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let mut crc = crc32fast::Hasher::new();
    crc.update(data);
    chunk_of(out, kind, &[], data, &crc);
}

/// Appends a PNG chunk whose data is `head` then `data`, given the CRC of `data` alone (the CRC
/// of the type and `head` is joined to it).
fn chunk_of(out: &mut Vec<u8>, kind: &[u8; 4], head: &[u8], data: &[u8], data_crc: &crc32fast::Hasher) {
    out.extend_from_slice(&((head.len() + data.len()) as u32).to_be_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(head);
    crc.combine(data_crc);
    out.extend_from_slice(kind);
    out.extend_from_slice(head);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// Largest chunk data written: a frame's stream is cut into chunks of at most this many bytes.
const CHUNK: usize = 1 << 20;

/// The animation as APNG bytes.
pub fn encode(anim: &Animation) -> Result<Vec<u8>, AnimError> {
    let (w, h) = anim.raster_size()?;
    let starts: Vec<_> = paint_frames(&anim.frames, (w, h), &run_starts(anim.frames.len()), |_| ())
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    let frames = code_frames(&anim.frames, (w, h), &starts, &Coder { width: w, height: h });
    super::raster::pool::give(starts.into_iter().map(|(_, b)| b));
    let mut out = Vec::with_capacity(frames.iter().map(|f| f.zlib.len() + 64).sum::<usize>() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    // 8 bits, RGB, deflate, adaptive filtering, not interlaced.
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    let mut actl = (frames.len() as u32).to_be_bytes().to_vec();
    actl.extend_from_slice(&anim.plays.to_be_bytes());
    chunk(&mut out, b"acTL", &actl);
    // fcTL and fdAT chunks share one sequence, from 0.
    let mut seq = 0u32;
    for (k, f) in frames.iter().enumerate() {
        let mut fctl = Vec::with_capacity(26);
        for v in [seq, f.rect.w, f.rect.h, f.rect.x, f.rect.y] {
            fctl.extend_from_slice(&v.to_be_bytes());
        }
        fctl.extend_from_slice(&anim.delay_cs.to_be_bytes());
        fctl.extend_from_slice(&100u16.to_be_bytes());
        // Dispose: none; blend: source (the rectangle replaces what was there).
        fctl.extend_from_slice(&[0, 0]);
        chunk(&mut out, b"fcTL", &fctl);
        seq += 1;
        for (part, crc) in f.zlib.chunks(CHUNK).zip(&f.crcs) {
            if k == 0 {
                chunk_of(&mut out, b"IDAT", &[], part, crc);
            } else {
                chunk_of(&mut out, b"fdAT", &seq.to_be_bytes(), part, crc);
                seq += 1;
            }
        }
    }
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}
