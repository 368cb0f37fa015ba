//! GIF's LZW compression (variable-width codes up to 12 bits, least significant bit first, a clear
//! code when the table is full), written for palette indices: the string table is a small open
//! hash table (at most 4096 strings in 8192 slots of 4 bytes, so it stays in cache), each slot
//! holding the string's key (its prefix code and last index) and its code. It produces a frame's
//! image data: the minimum code size, then the code stream (which the `gif` crate's encoder cuts
//! into sub-blocks, [`super::gif`]).
//!
//! The parse is greedy but for one thing: a string the table knows is ended early when a run of
//! one index (at least [`RUN_MIN`]) starts at its next index, and the run is then taken along the
//! run codes, several indices a step, instead of one table search per index. LZW allows any
//! parse: the decoder gives the ended string's one-index-longer string a code again, which the
//! encoder counts and never sends. On the gear animation this cuts the table searches from
//! 3.0 to 0.8 million and makes the file 5 % larger.

/// Largest code plus one (codes are at most 12 bits).
const MAX_CODES: usize = 1 << 12;
/// Indices a run must have for the string before it to end early ([`Lzw::encode`]).
const RUN_MIN: usize = 4;

/// Slots of the string table: twice the strings it can hold (32 KiB, so that it stays in the
/// fastest cache), so probes are short.
const SLOTS: usize = 2 * MAX_CODES;

/// An LZW encoder that keeps its table between frames.
pub(crate) struct Lzw {
    /// Each slot `key << 12 | code`, where `key` is `prefix << 8 | index` (20 bits); 0 is empty
    /// (no string's code is 0: codes of strings come after the clear and end codes).
    table: Vec<u32>,
    /// The slots filled since the last reset (emptied again at the next: at most 4096 of the
    /// 8192).
    used: Vec<u16>,
    /// For each index `b`, the codes of the strings `bb`, `bbb`, … in order: a run of one index
    /// (most of a frame: unchanged pixels, flat colour) extends its string by reading the next
    /// entry instead of searching the table. These strings are kept only here.
    runs: Vec<Vec<u16>>,
}

impl Default for Lzw {
    fn default() -> Lzw {
        Lzw { table: vec![0; SLOTS], used: Vec::with_capacity(MAX_CODES), runs: vec![Vec::new(); 256] }
    }
}

/// The slot a key's search starts at.
#[inline]
fn slot(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize
}

/// How many of the first bytes of `data` are `b`, eight at a time.
#[inline]
fn run_of(data: &[u8], b: u8) -> usize {
    let splat = u64::from_ne_bytes([b; 8]);
    let mut chunks = data.chunks_exact(8);
    let mut n = 0;
    for c in &mut chunks {
        let x = u64::from_ne_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]) ^ splat;
        if x != 0 {
            let same = if cfg!(target_endian = "little") { x.trailing_zeros() } else { x.leading_zeros() };
            return n + same as usize / 8;
        }
        n += 8;
    }
    n + chunks.remainder().iter().take_while(|&&c| c == b).count()
}

/// Where the code given to the string just ended plus the next index goes.
enum Entry {
    /// The list of runs of that index: the string is a run one longer than any so far.
    Run,
    /// Nowhere: the table holds the string already (it was ended early before a run).
    Known,
    /// This free slot of the table.
    Slot(usize),
}

/// Bits packed least significant first into bytes.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= (code as u64) << self.n;
        self.n += width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }
    fn flush(self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
    }
}

impl Lzw {
    /// `data` (palette indices) compressed, appended to `out` after its minimum code size: the
    /// smallest of 2..=8 bits that holds every index.
    pub(crate) fn encode(&mut self, data: &[u8], out: &mut Vec<u8>) {
        let max = data.iter().copied().max().unwrap_or(0) as u32;
        let min_size = (max + 1).max(4).next_power_of_two().trailing_zeros();
        out.push(min_size as u8);
        self.reset();
        let clear = 1u16 << min_size;
        let end = clear + 1;
        let mut bits = Bits { out, acc: 0, n: 0 };
        let mut width = min_size + 1;
        let mut next = end + 1;
        bits.put(clear, width);
        let Some((&first, rest)) = data.split_first() else {
            bits.put(end, width);
            bits.flush();
            return;
        };
        let mut prefix = first as u16;
        // The current string is `run_len` times the index `run_by` (or `run_by` is `NONE`).
        const NONE: u16 = u16::MAX;
        let (mut run_by, mut run_len) = (first as u16, 1usize);
        let mut i = 0;
        while i < rest.len() {
            let b = rest[i];
            i += 1;
            let key = (prefix as u32) << 8 | b as u32;
            let entry = if run_by == b as u16 {
                let codes = &self.runs[b as usize];
                if codes.len() >= run_len {
                    // The string grows along the run as far as the run and the known runs go.
                    let more = run_of(&rest[i..(i + codes.len() - run_len).min(rest.len())], b);
                    i += more;
                    run_len += 1 + more;
                    prefix = codes[run_len - 2];
                    continue;
                }
                Entry::Run
            } else {
                match self.lookup(key) {
                    // A run of `b` starts here: the string ends before it, so that the run is
                    // taken along the run codes instead of a search per index.
                    Ok(_) if rest.get(i..i + RUN_MIN - 1).is_some_and(|r| r.iter().all(|&x| x == b)) => Entry::Known,
                    Ok(code) => {
                        prefix = code;
                        run_by = NONE;
                        continue;
                    }
                    Err(at) => Entry::Slot(at),
                }
            };
            bits.put(prefix, width);
            // The decoder, a code behind, widens when it has assigned the code `next` - 1.
            if next as u32 >= 1 << width && width < 12 {
                width += 1;
            }
            if (next as usize) < MAX_CODES {
                self.assign(entry, key, b, next);
                next += 1;
            } else {
                bits.put(clear, width);
                self.reset();
                width = min_size + 1;
                next = end + 1;
            }
            prefix = b as u16;
            (run_by, run_len) = (b as u16, 1);
        }
        bits.put(prefix, width);
        if next as u32 >= 1 << width && width < 12 {
            width += 1;
        }
        bits.put(end, width);
        bits.flush();
    }

    /// The code of the string `key` (a prefix's code, then an index) in the table, or the free
    /// slot where it would go.
    #[inline]
    fn lookup(&self, key: u32) -> Result<u16, usize> {
        let mut at = slot(key);
        loop {
            let e = self.table[at];
            if e == 0 {
                return Err(at);
            }
            if e >> 12 == key {
                return Ok((e & 0xfff) as u16);
            }
            at = (at + 1) & (SLOTS - 1);
        }
    }

    /// Gives `code` to the string `key` (which ends in the index `b`) where `entry` says.
    #[inline]
    fn assign(&mut self, entry: Entry, key: u32, b: u8, code: u16) {
        match entry {
            // The list holds `run_len - 1` codes.
            Entry::Run => self.runs[b as usize].push(code),
            // The decoder gives the code to a string the table has already; it is never sent,
            // and the table keeps the first.
            Entry::Known => {}
            Entry::Slot(at) => {
                self.table[at] = key << 12 | code as u32;
                self.used.push(at as u16);
            }
        }
    }

    fn reset(&mut self) {
        for &at in &self.used {
            self.table[at as usize] = 0;
        }
        self.used.clear();
        self.runs.iter_mut().for_each(Vec::clear);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes with the `gif` crate's decoder (weezl) by wrapping the stream in a one-frame GIF.
    fn decode(stream: &[u8], len: usize) -> Vec<u8> {
        let table: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut gif = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut gif, len as u16, 1, &table).expect("header");
            let f =
                gif::Frame { width: len as u16, height: 1, buffer: stream.to_vec().into(), ..gif::Frame::default() };
            enc.write_lzw_pre_encoded_frame(&f).expect("frame");
        }
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(&gif[..]).expect("decodable");
        dec.read_next_frame().expect("a frame").expect("a frame").buffer.to_vec()
    }

    #[test]
    fn streams_decode_back_to_their_indices() {
        let mut lzw = Lzw::default();
        // Runs (long strings, many widenings, several table resets), noise, few and many indices.
        let mut seed = 12345u32;
        let mut noise = |m: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            ((seed >> 16) % m) as u8
        };
        let cases: Vec<Vec<u8>> = vec![
            vec![],
            vec![7],
            vec![0; 60_000],
            (0..60_000).map(|_| noise(256)).collect(),
            (0..60_000).map(|_| noise(3)).collect(),
            (0..60_000u32).map(|i| if (i / 37) % 5 == 0 { noise(200) } else { (i / 1000) as u8 }).collect(),
        ];
        for data in cases {
            if data.is_empty() {
                continue; // a GIF frame holds at least one pixel
            }
            let mut out = Vec::new();
            lzw.encode(&data, &mut out);
            assert_eq!(decode(&out, data.len()), data, "{} indices", data.len());
        }
    }

    use proptest::prelude::*;

    /// A stream of indices below `colours`: stretches of noise and runs of one index (the runs
    /// from 1 to past the longest run code list, so that strings end early before a run, grow
    /// along it, and meet runs of the same index back to back).
    fn stream() -> impl Strategy<Value = Vec<u8>> {
        (1usize..=256).prop_flat_map(|colours| {
            let index = (0..colours).prop_map(|i| i as u8);
            let piece = prop_oneof![
                prop::collection::vec(index.clone(), 1..300),
                (index, 1usize..2000).prop_map(|(b, n)| vec![b; n]),
            ];
            prop::collection::vec(piece, 1..40).prop_map(|pieces| {
                let mut v: Vec<u8> = pieces.concat();
                v.truncate(u16::MAX as usize);
                v
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

        /// Any stream, of any palette size, decodes back to itself with the `gif` crate's
        /// decoder; and so does the next one coded with the same coder (its table reset between).
        #[test]
        fn any_stream_decodes_back_to_its_indices(a in stream(), b in stream()) {
            let mut lzw = Lzw::default();
            for data in [&a, &b] {
                let mut out = Vec::new();
                lzw.encode(data, &mut out);
                // The minimum code size: the fewest bits, at least 2, that hold every index.
                let (max, size) = (data.iter().copied().max().unwrap_or(0) as u32, out[0] as u32);
                prop_assert!(size >= 2 && max < 1 << size && (size == 2 || max >= 1 << (size - 1)), "size {}", size);
                prop_assert_eq!(&decode(&out, data.len()), data);
            }
        }
    }
}
