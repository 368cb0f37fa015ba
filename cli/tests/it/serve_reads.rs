//! What the server reads as the command reads it (issue 46): an overlay packed into `overlayz`
//! on the game routes, as on the image routes; and a line of `/play.json` in algebraic
//! notation, as a game file's moves are read (docs/notation.md). Each failed before its fix.

use crate::http::{app, enc, get, send};
use axum::http::StatusCode;

/// An overlay's TOML as `overlayz` carries it: zlib, then base64url without padding.
fn packed(bytes: &[u8]) -> String {
    base64url(&fdeflate::compress_to_vec(bytes))
}

/// A zlib stream of `1 + 258 × copies` spaces in one block of the fixed codes (RFC 1951 §3.2.6):
/// a space, then `copies` times "258 bytes from 1 back", 13 bits each.
fn spaces_bomb(copies: usize) -> Vec<u8> {
    // Bits from the low end of each byte; a Huffman code is sent from its first bit.
    let mut bits: Vec<bool> = vec![true, true, false]; // the last block, of the fixed codes
    let mut code = |c: u32, n: u32| bits.extend((0..n).rev().map(|k| c >> k & 1 == 1));
    code(0x30 + u32::from(b' '), 8);
    for _ in 0..copies {
        code(0b1100_0101, 8); // length 258 (symbol 285)
        code(0, 5); // distance 1
    }
    code(0, 7); // end of block
    let mut out = vec![0x78, 0x01];
    out.extend(bits.chunks(8).map(|byte| byte.iter().enumerate().fold(0u8, |b, (k, &on)| b | u8::from(on) << k)));
    // Adler-32 of n spaces: a = 1 + 32n, b = n + 32 n (n + 1) / 2.
    let n = 1 + 258 * copies as u64;
    let (a, b) = ((1 + 32 * n) % 65521, (n + 16 * n * (n + 1)) % 65521);
    out.extend(((b << 16 | a) as u32).to_be_bytes());
    out
}

/// Base64url without padding (RFC 4648 §5).
fn base64url(z: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in z.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

fn post_game(uri: &str, pgn: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::post(uri).body(axum::body::Body::from(pgn.to_string())).unwrap()
}

const GAME: &str = "1. e4 e5 2. Nf3 Nc6 *\n";

#[tokio::test]
async fn a_game_route_applies_an_overlay_packed_into_overlayz() {
    let app = app();
    let overlay = "title = \"Packed over a game\"\ncircles = [\"e4\", \"d5:#00ff00\"]\n";
    for route in ["/game.svg?to=2", "/game.pdf?view=board"] {
        let plain = send(&app, post_game(route, GAME)).await;
        let given = send(&app, post_game(&format!("{route}&overlay={}", enc(overlay)), GAME)).await;
        let z = send(&app, post_game(&format!("{route}&overlayz={}", packed(overlay.as_bytes())), GAME)).await;
        assert_eq!((given.status, z.status), (StatusCode::OK, StatusCode::OK), "{route}: {}", z.text());
        assert!(z.body == given.body, "{route}: the packed overlay draws as the overlay given");
        assert!(z.body != plain.body, "{route}: and it is drawn");
    }
    // Not base64url, not zlib: 400 at the key.
    for bad in ["not*packed", "AAAA"] {
        let a = send(&app, post_game(&format!("/game.svg?overlayz={bad}"), GAME)).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{bad}: {}", a.text());
        assert_eq!(a.json()["key"], "overlayz");
    }
    // A bomb: 284 KB of spaces from 2 KB, over the 256 KiB an overlay may have.
    let bomb = base64url(&spaces_bomb(1100));
    assert!(bomb.len() < 4000, "the bomb fits a URL: {} bytes", bomb.len());
    let a = send(&app, post_game(&format!("/game.gif?overlayz={bomb}"), GAME)).await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", a.text());
    // Both forms at once.
    let both = format!("/game.svg?overlay={}&overlayz={}", enc(overlay), packed(overlay.as_bytes()));
    assert_eq!(send(&app, post_game(&both, GAME)).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_line_is_read_in_algebraic_notation_as_a_game_files_moves_are() {
    let app = app();
    let san = send(&app, get("/play.json?line=Nf3,e5,Nxe5")).await;
    assert_eq!(san.status, StatusCode::OK, "{}", san.text());
    let coordinates = send(&app, get("/play.json?line=g1f3,e7e5,f3e5")).await;
    assert_eq!(san.json(), coordinates.json(), "the same line in both forms");
    assert_eq!(san.json()["played"][2]["san"], "Nxe5");
    // A move that is not legal is named with the reader's reason and the nearest legal moves.
    let bad = send(&app, get("/play.json?line=Nf3,Nf6,Ke3")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let said = bad.json()["error"].as_str().unwrap().to_string();
    assert!(said.starts_with("move 3 of the line: `Ke3` is not a legal move"), "{said}");
    assert!(said.contains("nearest legal moves"), "{said}");
}
