//! The PNG container, which the still PNG writer ([`super::png`]) and the APNG writer
//! ([`super::apng`]) share: the signature, the header's data, and chunks — each its length, its
//! type, its data, and the CRC-32 of type and data.

use std::io::{self, Write};

/// The eight bytes every PNG file starts with.
pub(super) const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// The colour types the writers use (8 bits a sample).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Colour {
    /// Red, green, blue: three bytes a pixel.
    Rgb = 2,
    /// Red, green, blue and straight alpha: four bytes a pixel.
    Rgba = 6,
}

impl Colour {
    /// Bytes a pixel.
    pub(super) fn bytes(self) -> usize {
        match self {
            Colour::Rgb => 3,
            Colour::Rgba => 4,
        }
    }
}

/// The `IHDR` chunk's data: the size, 8 bits a sample, the colour type, deflate, the standard
/// filters (chosen row by row), not interlaced.
pub(super) fn ihdr(width: u32, height: u32, colour: Colour) -> [u8; 13] {
    let mut data = [0u8; 13];
    data[..4].copy_from_slice(&width.to_be_bytes());
    data[4..8].copy_from_slice(&height.to_be_bytes());
    data[8..].copy_from_slice(&[8, colour as u8, 0, 0, 0]);
    data
}

/// The `pHYs` chunk's data: the same number of pixels a metre across and down.
pub(super) fn phys(per_metre: u32) -> [u8; 9] {
    let mut data = [1u8; 9];
    data[..4].copy_from_slice(&per_metre.to_be_bytes());
    data[4..8].copy_from_slice(&per_metre.to_be_bytes());
    data
}

/// Writes a chunk.
pub(super) fn chunk<W: Write + ?Sized>(out: &mut W, kind: &[u8; 4], data: &[u8]) -> io::Result<()> {
    let mut crc = crc32fast::Hasher::new();
    crc.update(data);
    chunk_of(out, kind, &[], data, &crc)
}

/// Writes a chunk whose data is `head` then `data`, given the CRC of `data` alone (worked out
/// beforehand, perhaps on another thread; the CRC of the type and `head` is joined to it).
pub(super) fn chunk_of<W: Write + ?Sized>(
    out: &mut W,
    kind: &[u8; 4],
    head: &[u8],
    data: &[u8],
    data_crc: &crc32fast::Hasher,
) -> io::Result<()> {
    let len = u32::try_from(head.len() + data.len()).map_err(|_| io::Error::other("a PNG chunk over 4 GiB"))?;
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(head);
    crc.combine(data_crc);
    out.write_all(&len.to_be_bytes())?;
    out.write_all(kind)?;
    out.write_all(head)?;
    out.write_all(data)?;
    out.write_all(&crc.finalize().to_be_bytes())
}

/// A zlib stream on its way out as `IDAT` chunks of [`Idat::SIZE`] bytes (the last shorter):
/// what the compressor writes is gathered here and never held whole.
pub(super) struct Idat<'a, W: Write + ?Sized> {
    out: &'a mut W,
    buf: Vec<u8>,
}

impl<'a, W: Write + ?Sized> Idat<'a, W> {
    /// Data bytes a chunk: 64 KiB.
    pub(super) const SIZE: usize = 64 << 10;

    pub(super) fn new(out: &'a mut W) -> Self {
        Idat { out, buf: Vec::with_capacity(Self::SIZE) }
    }

    fn emit(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            chunk(self.out, b"IDAT", &self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Writes what is left as the last `IDAT` chunk.
    pub(super) fn finish(mut self) -> io::Result<()> {
        self.emit()
    }
}

impl<W: Write + ?Sized> Write for Idat<'_, W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let n = data.len().min(Self::SIZE - self.buf.len());
        self.buf.extend_from_slice(&data[..n]);
        if self.buf.len() == Self::SIZE {
            self.emit()?;
        }
        Ok(n)
    }

    /// Nothing to do: a chunk is written once it is full, or by [`Idat::finish`].
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_is_its_length_type_data_and_the_crc_of_type_and_data() {
        let mut out = Vec::new();
        chunk(&mut out, b"IEND", &[]).unwrap();
        // The IEND chunk of every PNG file (its CRC is that of the four letters alone).
        assert_eq!(out, [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]);
        let mut split = Vec::new();
        let mut crc = crc32fast::Hasher::new();
        crc.update(b"cd");
        chunk_of(&mut split, b"tEXt", b"ab", b"cd", &crc).unwrap();
        let mut whole = Vec::new();
        chunk(&mut whole, b"tEXt", b"abcd").unwrap();
        assert_eq!(split, whole, "a head and its data are one chunk's data");
    }

    #[test]
    fn idat_cuts_a_stream_into_chunks_of_its_size() {
        let data: Vec<u8> = (0..Idat::<Vec<u8>>::SIZE * 2 + 5).map(|i| (i % 251) as u8).collect();
        let mut out = Vec::new();
        let mut idat = Idat::new(&mut out);
        for piece in data.chunks(10_000) {
            idat.write_all(piece).unwrap();
        }
        idat.finish().unwrap();
        let mut at = 0;
        let mut joined = Vec::new();
        let mut sizes = Vec::new();
        while at < out.len() {
            let len = u32::from_be_bytes(out[at..at + 4].try_into().unwrap()) as usize;
            assert_eq!(&out[at + 4..at + 8], b"IDAT");
            joined.extend_from_slice(&out[at + 8..at + 8 + len]);
            sizes.push(len);
            at += 12 + len;
        }
        assert_eq!(sizes, [Idat::<Vec<u8>>::SIZE, Idat::<Vec<u8>>::SIZE, 5]);
        assert_eq!(joined, data);
    }
}
