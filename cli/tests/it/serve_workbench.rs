//! What the server gives the workbench besides the image API's keys: an overlay packed into one
//! query key (`overlayz`), the same figure as the overlay POSTed and cacheable as any URL; moves
//! in SAN beside their coordinates, as `dotchess moves --san` names them; pictures of single
//! pieces.

use crate::common;

use crate::http::{app, cli, enc, get, post, send};
use axum::http::StatusCode;

/// A rook in the middle of the Dot's board, kings at home.
const ROOK: &str = "4k3/8/8/3R4/8/8/8/4K3 w - - 0 1";

/// Adler-32 (RFC 1950 §9).
fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in bytes {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

/// A zlib stream of stored blocks (RFC 1950 and RFC 1951 §3.2.4), made here by hand so that the
/// server's reader is checked against the formats' specifications, not against its own writer.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let chunks: Vec<&[u8]> = if data.is_empty() { vec![&[][..]] } else { data.chunks(65535).collect() };
    for (i, c) in chunks.iter().enumerate() {
        out.push(u8::from(i + 1 == chunks.len()));
        let len = c.len() as u16;
        out.extend(len.to_le_bytes());
        out.extend((!len).to_le_bytes());
        out.extend_from_slice(c);
    }
    out.extend(adler32(data).to_be_bytes());
    out
}

/// Base64url without padding (RFC 4648 §5).
fn base64url(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = (c[0] as u32) << 16 | (*c.get(1).unwrap_or(&0) as u32) << 8 | *c.get(2).unwrap_or(&0) as u32;
        for k in 0..=c.len() {
            out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

#[tokio::test]
async fn an_overlay_packed_into_one_key_is_the_overlay_posted() {
    let overlay = "title = \"Packed\"\nmoves = [\"d5\"]\narrows = [\"d5:h5\"]\n[[panels]]\nview = \"hemispheres\"\n\
                   [[panels]]\nview = \"board\"\n";
    let app = app();
    let posted = send(&app, post(&format!("/figure.svg?fen={}", enc(ROOK)), overlay)).await;
    assert_eq!(posted.status, StatusCode::OK);
    let packed = base64url(&zlib_stored(overlay.as_bytes()));
    let uri = format!("/figure.svg?fen={}&overlayz={packed}", enc(ROOK));
    let a = send(&app, get(&uri)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert!(a.body == posted.body, "the packed overlay draws the posted one");
    // Cacheable as any image: a strong tag, immutable, and 304 for it.
    let etag = a.header("etag").to_string();
    assert!(etag.starts_with('"') && a.header("cache-control").contains("immutable"));
    let again = axum::http::Request::get(&uri).header("if-none-match", &etag).body(axum::body::Body::empty()).unwrap();
    assert_eq!(send(&app, again).await.status, StatusCode::NOT_MODIFIED);
    // Located errors (a stream cut short, a character not of base64url, an overlay's own mistake
    // at its line); the overlay given twice. (A bomb is refused in `serve::packed`'s tests: it
    // does not fit a URL.)
    let e = send(&app, get(&format!("/figure.svg?overlayz={}", &packed[..8]))).await;
    assert_eq!(e.status, StatusCode::BAD_REQUEST);
    assert_eq!(e.json()["key"], "overlayz");
    let e = send(&app, get("/figure.svg?overlayz=eJ%2Ax")).await;
    assert_eq!((e.json()["key"].as_str(), e.json()["column"].as_u64()), (Some("overlayz"), Some(3)), "{}", e.text());
    let e = send(&app, get(&format!("/figure.svg?overlayz={packed}&overlay=title%3D%22x%22"))).await;
    assert_eq!(e.status, StatusCode::BAD_REQUEST);
    let bad_overlay = base64url(&zlib_stored(b"lattitude = 3\n"));
    let e = send(&app, get(&format!("/figure.svg?overlayz={bad_overlay}"))).await;
    assert_eq!((e.json()["key"].as_str(), e.json()["line"].as_u64()), (Some("overlay"), Some(1)), "{}", e.text());
}

#[tokio::test]
async fn moves_carry_their_san_as_the_command_names_them() {
    let dir = common::Scratch::new("serve-san");
    let app = app();
    for (variant, fen) in [("dot", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"), ("xiangqi", "")]
    {
        let fen_q = if fen.is_empty() { String::new() } else { format!("&fen={}", enc(fen)) };
        let got = send(&app, get(&format!("/moves.json?variant={variant}{fen_q}"))).await.json();
        let mut san: Vec<String> =
            got["moves"].as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap().to_string()).collect();
        san.sort();
        let mut args = vec!["moves", "--variant", variant, "--san", "--json"];
        if !fen.is_empty() {
            args.extend(["--fen", fen]);
        }
        let (code, out, err) = cli(&args, &dir);
        assert_eq!(code, 0, "{err}");
        let want: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let mut want: Vec<String> =
            want["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
        want.sort();
        assert_eq!(san, want, "{variant}");
    }
    let line = send(&app, get("/play.json?line=g1f3,e7e5,f3e5")).await.json();
    let san: Vec<&str> = line["played"].as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap()).collect();
    assert_eq!(san, ["Nf3", "e5", "Nxe5"]);
}

#[tokio::test]
async fn a_piece_picture_is_an_svg_of_that_piece() {
    let app = app();
    let a = send(&app, get("/piece.svg?piece=n&theme=print")).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert_eq!(a.header("content-type"), "image/svg+xml");
    assert!(a.text().contains("data-piece=\"n\""));
    assert!(a.header("cache-control").contains("immutable") && !a.header("etag").is_empty());
    let e = send(&app, get("/piece.svg?piece=C")).await;
    assert_eq!((e.status, e.json()["key"].as_str()), (StatusCode::BAD_REQUEST, Some("piece")));
    assert_eq!(send(&app, get("/piece.svg?variant=xiangqi&piece=C")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_pages_scripts_are_served_and_name_no_other_site() {
    let app = app();
    // The page loads one module; the others are found by following its imports.
    let page = send(&app, get("/")).await.text();
    assert!(page.contains("<script type=\"module\" src=\"/workbench.js\"></script>"), "{page}");
    let mut todo = vec!["workbench.js".to_string()];
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let path = format!("/{name}");
        let a = send(&app, get(&path)).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert_eq!(a.header("content-type"), "text/javascript; charset=utf-8", "{path}");
        let req = axum::http::Request::get(path.as_str()).header("if-none-match", a.header("etag"));
        assert_eq!(send(&app, req.body(axum::body::Body::empty()).unwrap()).await.status, StatusCode::NOT_MODIFIED);
        let text = a.text();
        assert!(!text.contains("http://") && !text.contains("https://"), "{path} names no other site");
        for part in text.split("from './").skip(1) {
            todo.push(part.split('\'').next().unwrap().to_string());
        }
    }
    let names: Vec<&str> = seen.iter().map(String::as_str).collect();
    assert!(names.len() >= 9 && names.contains(&"state.js") && names.contains(&"tree.js"), "{names:?}");
    assert_eq!(send(&app, get("/nothing.js")).await.status, StatusCode::NOT_FOUND);
}

/// A POSTed game file's text.
fn post_pgn(uri: &str, pgn: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::post(uri)
        .header("content-type", "application/vnd.chess-pgn")
        .body(axum::body::Body::from(pgn.to_string()))
        .unwrap()
}

#[tokio::test]
async fn a_pasted_pgn_is_its_move_tree() {
    let app = app();
    let pgn = "1. e4 { the king's pawn } e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *";
    let a = send(&app, post_pgn("/pgn.json", pgn)).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    let v = a.json();
    assert_eq!(v["variant"], "dot");
    let nodes = v["nodes"].as_array().unwrap();
    // The file's order, each move naming its parent (-1: the start).
    let seen: Vec<(i64, &str, &str)> = nodes
        .iter()
        .map(|n| (n["parent"].as_i64().unwrap(), n["name"].as_str().unwrap(), n["san"].as_str().unwrap()))
        .collect();
    assert_eq!(
        seen,
        [
            (-1, "e2e4", "e4"),
            (0, "e7e5", "e5"),
            (1, "g1f3", "Nf3"),
            (0, "c7c5", "c5"),
            (3, "g1f3", "Nf3"),
            (4, "d7d6", "d6"),
            (3, "c2c3", "c3"),
        ]
    );
    assert_eq!(nodes[0]["comment"], "the king's pawn");
    // Each position is the rules core's (the one `/play.json` gives for the line).
    let line = send(&app, get("/play.json?line=e2e4,c7c5,c2c3")).await.json();
    assert_eq!(nodes[6]["fen"], line["played"][2]["fen"]);
    // A move that is not legal: the file's line and column, named `body`, as the command says.
    let e = send(&app, post_pgn("/pgn.json", "1. e4 e5 2. Ke3 *")).await;
    assert_eq!(e.status, StatusCode::BAD_REQUEST);
    let msg = e.json()["error"].as_str().unwrap().to_string();
    assert!(msg.starts_with("body:1:") && msg.contains("Ke3"), "{msg}");
    assert_eq!(send(&app, post_pgn("/pgn.json?colour=red", pgn)).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(send(&app, post_pgn("/pgn.json", " ")).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_status_names_the_sides_as_the_variant_does_and_what_cannot_be_played() {
    let app = app();
    let x = send(&app, get("/moves.json?variant=xiangqi")).await.json();
    assert_eq!((x["status"]["turn"].as_str(), x["status"]["side"].as_str()), (Some("white"), Some("gold")), "{x}");
    let d = send(&app, get("/moves.json")).await.json();
    assert_eq!(d["status"]["side"], "white");
    assert_eq!(d["status"]["problems"], serde_json::json!([]));
    // The editor takes White's king away: the position reads, and the status says why it cannot be played.
    let e = send(&app, get("/edit.json?cell=e1&piece=-")).await.json();
    assert_eq!(e["status"]["problems"], serde_json::json!(["White has no king"]), "{e}");
    let g =
        send(&app, get(&format!("/edit.json?variant=xiangqi&fen={}&cell=S&piece=-", enc(x["fen"].as_str().unwrap()))));
    let g = g.await.json();
    assert_eq!(g["status"]["problems"], serde_json::json!(["Gold has no general"]), "{g}");
}

#[tokio::test]
async fn the_page_takes_its_constants_from_the_server() {
    let v = send(&app(), get("/variants.json")).await.json();
    assert_eq!(v["max_url"], dotchess_cli::serve::MAX_URL);
    let d = &v["defaults"];
    assert_eq!(
        (d["latitude"].as_f64(), d["longitude"].as_f64(), d["rotation"].as_f64()),
        (Some(15.0), Some(180.0), Some(4.0))
    );
    let x = v["variants"].as_array().unwrap().iter().find(|x| x["name"] == "xiangqi").unwrap();
    assert_eq!(x["sides"], serde_json::json!(["gold", "red"]), "docs/rules.md §3: Gold takes White's place");
}

#[tokio::test]
async fn a_line_takes_castling_as_python_chess_and_lichess_write_it() {
    // `e1g1`: the king's two steps in UCI, as docs/notation.md reads it in a game file.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1";
    let a = send(&app(), get(&format!("/play.json?fen={}&line=e1g1", enc(fen)))).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text());
    assert_eq!(a.json()["played"][0]["san"], "O-O", "{}", a.text());
}
