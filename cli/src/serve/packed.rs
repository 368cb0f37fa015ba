//! `overlayz`: an overlay too long for a URL, compressed into one query key — its TOML as a zlib
//! stream (what a browser's `CompressionStream("deflate")` makes), in base64url without padding.
//! A 13 KB overlay of marks and comments comes to about 1.3 KB this way, so a figure whose overlay
//! would make a URL over [`super::MAX_URL`] still has a URL of its own — a GET that caches and is
//! tagged as any other (its tag is made from the key's text, as every pair's). The page's own
//! state in its URL fragment is packed the same way.

use super::error::ApiError;

/// The query key.
pub const KEY: &str = "overlayz";

/// The overlay of an `overlayz` value: at most [`super::MAX_BODY`] bytes of UTF-8 once unpacked,
/// as a POSTed overlay may have.
pub fn unpack(text: &str) -> Result<String, ApiError> {
    let bad = |m: String| ApiError::bad(format!("URL query `{KEY}`: {m}")).at_key(KEY);
    let zlib = base64url(text)
        .map_err(|(at, c)| bad(format!("`{c}` is not a base64url character (A-Z a-z 0-9 - _)")).at_column(at + 1))?;
    let limit = super::MAX_BODY;
    let bytes = match fdeflate::decompress_to_vec_bounded(&zlib, limit) {
        Ok(b) => b,
        Err(fdeflate::BoundedDecompressionError::OutputTooLarge { .. }) => {
            return Err(ApiError::too_large(format!(
                "URL query `{KEY}`: the overlay unpacks to over the {} KiB an overlay may have",
                limit >> 10
            ))
            .at_key(KEY));
        }
        Err(fdeflate::BoundedDecompressionError::DecompressionError { .. }) => {
            return Err(bad("is not a zlib stream (the overlay's TOML compressed with deflate, in base64url)".into()));
        }
    };
    String::from_utf8(bytes).map_err(|_| bad("unpacks to bytes that are not UTF-8".into()))
}

/// Base64url (RFC 4648 §5), padding optional; the place and character of the first fault.
fn base64url(text: &str) -> Result<Vec<u8>, (usize, char)> {
    let body = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (i, c) in body.char_indices() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            _ => return Err((i, c)),
        };
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(text: &str) -> String {
        pack_bytes(text.as_bytes())
    }

    fn pack_bytes(bytes: &[u8]) -> String {
        const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let z = fdeflate::compress_to_vec(bytes);
        let mut out = String::new();
        for chunk in z.chunks(3) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
            for k in 0..=chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            }
        }
        out
    }

    #[test]
    fn base64url_reads_rfc_4648_test_vectors() {
        // RFC 4648 §10, with and without padding.
        for (plain, coded) in
            [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE")]
        {
            assert_eq!(base64url(coded).unwrap(), plain.as_bytes(), "{coded}");
        }
        assert_eq!(base64url("-_8"), Ok(vec![0xfb, 0xff]));
        assert_eq!(base64url("Zm9v!"), Err((4, '!')));
    }

    #[test]
    fn an_overlay_packed_comes_back_and_bad_packing_is_located() {
        let overlay = "title = \"Packed\"\narrows = [\"b1:c3\"]\n".repeat(50);
        assert_eq!(unpack(&pack(&overlay)).unwrap(), overlay);
        let e = unpack("eJz!").unwrap_err();
        assert_eq!((e.key.as_deref(), e.column), (Some(KEY), Some(4)));
        // Not zlib; zlib cut short.
        assert!(unpack("AAAA").unwrap_err().error.contains("not a zlib stream"));
        let p = pack(&overlay);
        assert!(unpack(&p[..p.len() / 2]).is_err());
        // A bomb: far more than a body may have, refused as too large.
        let big = " ".repeat(super::super::MAX_BODY + 1);
        assert_eq!(unpack(&pack(&big)).unwrap_err().status, axum::http::StatusCode::PAYLOAD_TOO_LARGE);
        assert!(unpack(&pack_bytes(&[b'a', 0xff])).unwrap_err().error.contains("not UTF-8"));
    }
}
