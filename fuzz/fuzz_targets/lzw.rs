//! The GIF LZW coder: any stream of palette indices, from 1 to 256 colours, with runs of one
//! index as long as a frame's (the coder takes runs along codes of their own). Each stream is
//! coded twice by one coder (its table kept between streams, as a worker keeps it from frame to
//! frame), whole and in two parts, and every coded stream decodes (weezl, the decoder the `gif`
//! crate uses) back to its indices.
#![no_main]

use dotchess::output::fuzzing::Lzw;
use libfuzzer_sys::fuzz_target;

/// Most indices a stream expands to (a frame of 512 × 256; the 4096-code table fills and is
/// reset many times over).
const MAX: usize = 1 << 17;

/// The indices an input stands for: its first byte picks the number of colours, its second
/// whether the rest is indices or (index, length) pairs for runs of 1 to 4096; every index is
/// taken modulo the number of colours.
fn indices(data: &[u8]) -> Option<Vec<u8>> {
    let (&[colours, mode], rest) = data.split_first_chunk::<2>()?;
    let colours = colours as usize + 1;
    let at = |b: u8| (b as usize % colours) as u8;
    let mut v = Vec::new();
    if mode & 1 == 0 {
        v.extend(rest.iter().map(|&b| at(b)));
    } else {
        for pair in rest.chunks_exact(2) {
            let n = (pair[1] as usize + 1) * 16 - (mode as usize >> 4);
            v.extend(std::iter::repeat_n(at(pair[0]), n.min(MAX - v.len())));
        }
    }
    Some(v)
}

fn decode(stream: &[u8]) -> Vec<u8> {
    let (&size, codes) = stream.split_first().expect("a minimum code size");
    assert!((2..=8).contains(&size), "minimum code size {size}");
    weezl::decode::Decoder::new(weezl::BitOrder::Lsb, size).decode(codes).expect("a valid LZW stream")
}

fuzz_target!(|data: &[u8]| {
    let Some(v) = indices(data) else { return };
    let mut lzw = Lzw::default();
    assert_eq!(decode(&lzw.encode(&v)), v, "whole");
    let (a, b) = v.split_at(v.len() / 3);
    assert_eq!(decode(&lzw.encode(a)), a, "first part");
    assert_eq!(decode(&lzw.encode(b)), b, "second part");
});
