//! The image API in-process (`tower::ServiceExt::oneshot`), every route against the CLI: the
//! same input gives the same bytes, and bad input the same message.

use crate::common;

use crate::http::{Answer, app, cli, cli_file, cli_message, enc, flag_words, get, post, send, words};
use axum::http::StatusCode;

/// The Dot after 1. e4, Black to move.
const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// A rook in the middle of the Dot's board, kings at home.
const ROOK: &str = "4k3/8/8/3R4/8/8/8/4K3 w - - 0 1";

/// A query from pairs, each value encoded.
fn q(pairs: &[(&str, &str)]) -> String {
    pairs.iter().map(|(k, v)| format!("{k}={}", enc(v))).collect::<Vec<_>>().join("&")
}

/// The CLI's flags for the same pairs (`--key value`).
fn flags<'a>(pairs: &[(&'a str, &'a str)]) -> Vec<String> {
    pairs.iter().flat_map(|(k, v)| [format!("--{k}"), v.to_string()]).collect()
}

fn ok(a: &Answer, media: &str) {
    assert_eq!(a.status, StatusCode::OK, "{}", String::from_utf8_lossy(&a.body));
    assert_eq!(a.header("content-type"), media);
}

#[tokio::test]
async fn stills_are_the_clis_bytes() {
    let dir = common::Scratch::new("serve-stills");
    let app = app();
    let cases: [(&str, &[(&str, &str)]); 5] = [
        ("svg", &[("fen", E4), ("lastmove", "e2e4"), ("square", "d7"), ("view", "board")]),
        ("png", &[("fen", ROOK), ("square", "d5"), ("view", "hemispheres"), ("width", "480")]),
        (
            "pdf",
            &[
                ("fen", E4),
                ("view", "globe"),
                ("latitude", "30"),
                ("longitude", "200"),
                ("roll", "10"),
                ("arrow", "b1:c3"),
                ("highlight", "e4:#ff8800"),
                ("theme", "print"),
                ("dpi", "300"),
            ],
        ),
        ("html", &[("fen", E4), ("lastmove", "e2e4"), ("view", "globe"), ("latitude", "30")]),
        (
            "svg",
            &[
                ("variant", "small"),
                ("view", "chart"),
                ("coordinates", "cells"),
                ("orientation", "black"),
                ("loop", "d2:ne"),
                ("label", "e4:x"),
                ("cross", "d5:red"),
                ("background", "none"),
                ("title", "A small board"),
            ],
        ),
    ];
    for (i, (ext, pairs)) in cases.iter().enumerate() {
        let a = send(&app, get(&format!("/figure.{ext}?{}", q(pairs)))).await;
        let media = match *ext {
            "svg" => "image/svg+xml",
            "png" => "image/png",
            "html" => "text/html; charset=utf-8",
            _ => "application/pdf",
        };
        ok(&a, media);
        let mut args = vec!["render".to_string()];
        args.extend(flags(pairs));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let want = cli_file(&args, &dir, &format!("f{i}.{ext}"));
        assert!(a.body == want, "/figure.{ext} case {i}: {} bytes, the CLI's {}", a.body.len(), want.len());
    }
}

#[tokio::test]
async fn pgn_arrows_and_circles_are_the_marks_in_lichess_colours() {
    let dir = common::Scratch::new("serve-pgn");
    let a = send(&app(), get(&format!("/figure.svg?fen={}&arrows=Gd5h5,Rd5d8&circles=Ye1", enc(ROOK)))).await;
    ok(&a, "image/svg+xml");
    let want = cli_file(
        &["render", "--fen", ROOK, "--arrow", "d5:h5:#15781b", "--arrow", "d5:d8:#882020", "--circle", "e1:#e68f00"],
        &dir,
        "pgn.svg",
    );
    assert!(a.body == want, "the PGN form draws other marks than the flags");
    let svg = a.text();
    assert!(svg.contains("#15781b") && svg.contains("#882020") && svg.contains("#e68f00"));
    let bad = send(&app(), get(&format!("/figure.svg?fen={}&arrows=Gd5h5,Xd5d8", enc(ROOK)))).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json()["key"], "arrows");
    assert_eq!(bad.json()["column"], 7, "the second item starts at column 7");
}

#[tokio::test]
async fn an_overlay_in_the_query_or_the_body_is_the_clis_overlay_file() {
    let dir = common::Scratch::new("serve-overlay");
    let overlay = "title = \"Two views\"\ncolumns = 2\nmoves = [\"d5\"]\n[[panels]]\nview = \"hemispheres\"\n\
                   [[panels]]\nview = \"globe\"\nlatitude = 40\n";
    std::fs::write(dir.join("pos.fen"), format!("# variant: dot\n{ROOK}\n")).unwrap();
    std::fs::write(dir.join("o.toml"), overlay).unwrap();
    let want = cli_file(&["render", "pos.fen", "o.toml", "--width", "600"], &dir, "o.svg");
    let app = app();
    let by_post = send(&app, post(&format!("/figure.svg?fen={}&width=600", enc(ROOK)), overlay)).await;
    ok(&by_post, "image/svg+xml");
    assert!(by_post.body == want, "POSTed overlay");
    let by_query = send(&app, get(&format!("/figure.svg?fen={}&width=600&overlay={}", enc(ROOK), enc(overlay)))).await;
    assert!(by_query.body == want, "overlay in the query");
    // Several panels: `view` cannot apply, as on the command line.
    let v = send(&app, post(&format!("/figure.svg?fen={}&view=chart", enc(ROOK)), overlay)).await;
    assert_eq!(v.status, StatusCode::BAD_REQUEST);
    let cli_says = cli_message(&["render", "pos.fen", "o.toml", "--view", "chart", "-o", "x.svg"], &dir);
    assert_eq!(words(v.json()["error"].as_str().unwrap()), words(&cli_says));
    // Both at once is refused.
    let both = send(&app, post(&format!("/figure.svg?overlay={}", enc(overlay)), overlay)).await;
    assert_eq!(both.status, StatusCode::BAD_REQUEST);
    assert_eq!(both.json()["key"], "overlay");
}

#[tokio::test]
async fn a_bad_overlay_is_located_with_the_clis_message() {
    let dir = common::Scratch::new("serve-bad-overlay");
    let overlay = "title = \"x\"\nmoves = [\"d5\"]\nlattitude = 3\n";
    std::fs::write(dir.join("pos.fen"), format!("{ROOK}\n")).unwrap();
    std::fs::write(dir.join("o.toml"), overlay).unwrap();
    let a = send(&app(), post(&format!("/figure.png?fen={}", enc(ROOK)), overlay)).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST);
    assert_eq!(a.header("content-type"), "application/json");
    let j = a.json();
    assert_eq!((j["key"].as_str(), j["line"].as_u64(), j["column"].as_u64()), (Some("overlay"), Some(3), Some(1)));
    let cli_says = cli_message(&["render", "pos.fen", "o.toml", "-o", "x.png"], &dir);
    // `o.toml:3:1: unknown key …` against `overlay:3:1: unknown key …`.
    let first = cli_says.lines().next().unwrap();
    assert_eq!(words(j["error"].as_str().unwrap()), words(first), "{first}");
    // A file named in an overlay is not read.
    let f = send(&app(), post("/figure.svg", "theme = \"/etc/passwd.toml\"\n")).await;
    assert_eq!(f.status, StatusCode::BAD_REQUEST);
    assert!(f.json()["error"].as_str().unwrap().contains("cannot read files"), "{}", f.text());
}

#[tokio::test]
async fn animations_are_the_clis_bytes() {
    let dir = common::Scratch::new("serve-anim");
    std::fs::write(dir.join("pos.fen"), format!("# variant: dot\n{ROOK}\n")).unwrap();
    let app = app();
    for (ext, file, media) in
        [("gif", "a.gif", "image/gif"), ("apng", "a.png", "image/apng"), ("svg", "a.svg", "image/svg+xml")]
    {
        let a = send(&app, get(&format!("/animation.{ext}?fen={}&kind=spin&frames=4&width=200", enc(ROOK)))).await;
        ok(&a, media);
        let want = cli_file(&["animate", "pos.fen", "--kind", "spin", "--frames", "4", "--width", "200"], &dir, file);
        assert!(a.body == want, "/animation.{ext}: {} bytes, the CLI's {}", a.body.len(), want.len());
    }
    // A walk along a loop, with the loop given as `--loop` is.
    let a = send(&app, get(&format!("/animation.gif?fen={}&kind=walk&loop=d5:n&width=160&fps=12", enc(ROOK)))).await;
    ok(&a, "image/gif");
    let want = cli_file(
        &["animate", "pos.fen", "--kind", "walk", "--loop", "d5:n", "--width", "160", "--fps", "12"],
        &dir,
        "w.gif",
    );
    assert!(a.body == want, "walk");
    // Marks go on the animated panel, as `animate`'s flags put them.
    let a = send(&app, get(&format!("/animation.svg?fen={}&kind=spin&frames=2&width=160&square=d5", enc(ROOK)))).await;
    ok(&a, "image/svg+xml");
    let args = ["animate", "pos.fen", "--kind", "spin", "--frames", "2", "--width", "160", "--square", "d5"];
    assert!(a.body == cli_file(&args, &dir, "m.svg"), "marks on an animation");
    // An option the animate command does not take is refused by name.
    let s = send(&app, get("/animation.gif?background=none")).await;
    assert_eq!(s.status, StatusCode::BAD_REQUEST);
    assert_eq!(s.json()["error"], "URL query `background=none`: does not apply to animations");
    let k = send(&app, get("/figure.svg?kind=spin")).await;
    assert_eq!(k.json()["error"], "URL query `kind=spin`: does not apply to figures");
}

#[tokio::test]
async fn bad_queries_get_400_with_the_clis_message() {
    let dir = common::Scratch::new("serve-400");
    let app = app();
    let cases: [(&str, &[&str], &str); 6] = [
        ("square=e9", &["--square", "e9"], "square"),
        ("fen=8%2F8", &["--fen", "8/8"], "fen"),
        ("lastmove=e2e5", &["--lastmove", "e2e5"], "lastmove"),
        ("view=globe&rotation=3", &["--view", "globe", "--rotation", "3"], "rotation"),
        ("width=20", &["--width", "20"], "width"),
        ("arrow=a1:a1", &["--arrow", "a1:a1"], "arrow"),
    ];
    for (query, args, key) in cases {
        let a = send(&app, get(&format!("/figure.svg?{query}"))).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{query}");
        let j = a.json();
        assert_eq!(j["key"], key, "{query}");
        let mut all = vec!["render"];
        all.extend(args);
        all.extend(["-o", "x.svg"]);
        let cli_says = cli_message(&all, &dir);
        assert_eq!(words(j["error"].as_str().unwrap()), flag_words(&cli_says), "{query}");
    }
    let fen = send(&app, get("/figure.svg?fen=rnbqkbnr%2Fppppxppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR")).await;
    assert_eq!(fen.json()["column"], 14, "the FEN's column");
    // A URL names no theme file: the built-in names are the choice (the CLI also reads files).
    let theme = send(&app, get("/figure.svg?theme=neon")).await;
    assert_eq!(theme.json()["error"], "URL query `theme=neon`: is a built-in theme (essay, print or ice), not `neon`");
    let unknown = send(&app, get("/figure.svg?lattitude=3")).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.json()["error"].as_str().unwrap().contains("did you mean `latitude`?"), "{}", unknown.text());
    let twice = send(&app, get("/figure.svg?width=300&width=400")).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn routes_methods_and_sizes() {
    let dir = common::Scratch::new("serve-status");
    let app = app();
    let a = send(&app, get("/nothing.png")).await;
    assert_eq!(a.status, StatusCode::NOT_FOUND);
    assert!(a.json()["error"].as_str().unwrap().contains("/figure.svg"));
    for (method, uri) in [("DELETE", "/figure.svg"), ("PUT", "/figure.png"), ("POST", "/moves.json"), ("POST", "/")] {
        let req = axum::http::Request::builder().method(method).uri(uri).body(axum::body::Body::empty()).unwrap();
        let r = send(&app, req).await;
        assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        assert!(r.header("allow").contains("GET"), "{method} {uri}");
        assert!(r.json()["error"].as_str().unwrap().contains(method));
    }
    let head = send(&app, axum::http::Request::head("/figure.svg").body(axum::body::Body::empty()).unwrap()).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty());
    // Over the memory budget: a PNG of too many pixels, a chart that draws too much, an
    // animation too large to encode — 413, with the CLI's message.
    let over: [(&str, &[&str]); 2] = [
        ("/figure.png?width=8000", &["render", "--width", "8000", "-o", "x.png"]),
        (
            "/figure.svg?view=chart&window=0,0,200,200&coordinates=cells",
            &["render", "--view", "chart", "--window", "0,0,200,200", "--coordinates", "cells", "-o", "x.svg"],
        ),
    ];
    for (uri, args) in over {
        let a = send(&app, get(uri)).await;
        assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE, "{uri}: {}", a.text());
        assert_eq!(a.json()["error"].as_str().unwrap(), cli_message(args, &dir), "{uri}");
    }
    std::fs::write(dir.join("start.fen"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n").unwrap();
    let a = send(&app, get("/animation.gif?kind=spin&frames=600&width=4000")).await;
    assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", a.text());
    let cli_says = cli_message(
        &["animate", "start.fen", "--kind", "spin", "--frames", "600", "--width", "4000", "-o", "x.gif"],
        &dir,
    );
    // The same words, but for how the hint spells the width where it is given (`width=`, --width).
    let hint = |m: &str| m.split("; or a smaller ").next().unwrap().to_string();
    assert_eq!(hint(words(a.json()["error"].as_str().unwrap())), hint(words(&cli_says)));
    assert!(a.json()["error"].as_str().unwrap().ends_with("or a smaller `width=`"));
    // A body over 256 KiB, a URL over 8 KiB.
    let big = format!("# {}\n", "x".repeat(300 << 10));
    let b = send(&app, post("/figure.svg", &big)).await;
    assert_eq!(b.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(b.json()["error"].as_str().unwrap().contains("256 KiB"), "{}", b.text());
    let fits = format!("# {}\n", "x".repeat(250 << 10));
    assert_eq!(send(&app, post("/figure.svg", &fits)).await.status, StatusCode::OK);
    let long = format!("/figure.svg?title={}", "x".repeat(9000));
    let u = send(&app, get(&long)).await;
    assert_eq!(u.status, StatusCode::URI_TOO_LONG);
    assert_eq!(u.header("content-type"), "application/json");
}

#[tokio::test]
async fn strong_etags_immutable_caching_and_304() {
    let app = app();
    let uri = format!("/figure.png?fen={}&square=d5", enc(ROOK));
    let a = send(&app, get(&uri)).await;
    ok(&a, "image/png");
    let tag = a.header("etag").to_string();
    assert!(tag.starts_with('"') && tag.ends_with('"') && tag.len() == 34, "a strong tag: {tag}");
    assert_eq!(a.header("cache-control"), "public, max-age=31536000, immutable");
    // The same request, the same tag; another request, another tag.
    assert_eq!(send(&app, get(&uri)).await.header("etag"), tag);
    let other = send(&app, get(&format!("/figure.png?fen={}&square=e1", enc(ROOK)))).await;
    assert_ne!(other.header("etag"), tag);
    let svg = send(&app, get(&format!("/figure.svg?fen={}&square=d5", enc(ROOK)))).await;
    assert_ne!(svg.header("etag"), tag, "the route is part of the request");
    // Encoding the same value differently is the same request.
    let spelled = uri.replace("square=d5", "square=%64%35");
    assert_eq!(send(&app, get(&spelled)).await.header("etag"), tag);
    for inm in [tag.clone(), format!("W/{tag}"), format!("\"x\", {tag}"), "*".to_string()] {
        let req = axum::http::Request::get(&uri).header("if-none-match", &inm).body(axum::body::Body::empty()).unwrap();
        let r = send(&app, req).await;
        assert_eq!(r.status, StatusCode::NOT_MODIFIED, "{inm}");
        assert!(r.body.is_empty());
        assert_eq!(r.header("etag"), tag);
        assert_eq!(r.header("cache-control"), "public, max-age=31536000, immutable");
    }
    let req =
        axum::http::Request::get(&uri).header("if-none-match", "\"other\"").body(axum::body::Body::empty()).unwrap();
    assert_eq!(send(&app, req).await.status, StatusCode::OK);
    // Errors are not cached.
    let e = send(&app, get("/figure.png?square=e9")).await;
    assert_eq!(e.header("cache-control"), "no-store");
    assert_eq!(e.header("etag"), "");
    // `If-None-Match: *` on a request that does not read: there is no answer to match, so the
    // error, not `304` (RFC 9110 §13.1.2).
    let req = axum::http::Request::get("/figure.png?fen=zzz").header("if-none-match", "*");
    let e = send(&app, req.body(axum::body::Body::empty()).unwrap()).await;
    assert_eq!(e.status, StatusCode::BAD_REQUEST, "{}", e.text());
    assert_eq!((e.header("cache-control"), e.header("etag")), ("no-store", ""));
}

#[tokio::test]
async fn moves_are_the_clis_and_lines_play() {
    let dir = common::Scratch::new("serve-moves");
    let app = app();
    for (variant, fen, square) in [("dot", E4, "d7"), ("dot", ROOK, "d5"), ("small", "", "e2"), ("xiangqi", "", "b3")] {
        let fen_q = if fen.is_empty() { String::new() } else { format!("&fen={}", enc(fen)) };
        let a = send(&app, get(&format!("/moves.json?variant={variant}{fen_q}&square={square}"))).await;
        ok(&a, "application/json");
        let mut args = vec!["moves", "--variant", variant, "--square", square, "--json"];
        if !fen.is_empty() {
            args.extend(["--fen", fen]);
        }
        let (code, out, err) = cli(&args, &dir);
        assert_eq!(code, 0, "{err}");
        let want: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let got = a.json();
        assert_eq!(got["fen"], want["fen"]);
        let pick = |v: &serde_json::Value| -> Vec<(String, bool, serde_json::Value)> {
            v["destinations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| (d["cell"].as_str().unwrap().to_string(), d["capture"].as_bool().unwrap(), d["moves"].clone()))
                .collect()
        };
        assert_eq!(pick(&got), pick(&want), "{variant} {square}");
    }
    // Every legal move with the position after it; a line played through them.
    let all = send(&app, get("/moves.json")).await.json();
    assert_eq!(all["moves"].as_array().unwrap().len(), all["status"]["legal"].as_u64().unwrap() as usize);
    let e2e4 = all["moves"].as_array().unwrap().iter().find(|m| m["name"] == "e2e4").unwrap().clone();
    let line = send(&app, get("/play.json?line=e2e4,e7e5")).await.json();
    assert_eq!(line["played"][0]["fen"], e2e4["fen"]);
    assert_eq!(line["played"][1]["lastmove"], "e7e5");
    let bad = send(&app, get("/play.json?line=e2e4,e2e4")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["error"].as_str().unwrap().starts_with("move 2 of the line"));
}

#[tokio::test]
async fn positions_are_edited_as_a_fen_is_checked() {
    let app = app();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let put = send(&app, get(&format!("/edit.json?fen={}&cell=e4&piece=Q", enc(start)))).await.json();
    assert_eq!(put["fen"], "rnbqkbnr/pppppppp/8/8/4Q3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // Taking the h1 rook away drops White's short castling right, and only it.
    let gone = send(&app, get(&format!("/edit.json?fen={}&cell=h1&piece=-", enc(start)))).await.json();
    assert_eq!(gone["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
    let turn = send(&app, get(&format!("/edit.json?fen={}&turn=b", enc(start)))).await.json();
    assert_eq!(turn["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    // A pawn on the last rank is refused with the rules' reason.
    let pawn = send(&app, get(&format!("/edit.json?fen={}&cell=e8&piece=P", enc(start)))).await;
    assert_eq!(pawn.status, StatusCode::BAD_REQUEST);
    assert!(pawn.json()["error"].as_str().unwrap().contains("rank 8"), "{}", pawn.text());
    // A live pole is a cell of its own.
    let small = send(&app, get("/edit.json?variant=small&cell=N&piece=q")).await;
    assert_eq!(small.status, StatusCode::OK, "{}", small.text());
    assert!(small.json()["fen"].as_str().unwrap().starts_with("q/"), "{}", small.text());
    let v = send(&app, get("/variants.json")).await.json();
    let names: Vec<&str> = v["variants"].as_array().unwrap().iter().map(|x| x["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), dotchess::VariantId::ALL.len());
    assert!(names.contains(&"xiangqi"));
    // The views, each with the keys that belong to it: a key listed for a view draws it, a key
    // listed only for other views is refused on it (the workbench sends a key only where listed).
    let views: Vec<(&str, Vec<&str>)> = v["views"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (x["name"].as_str().unwrap(), x["keys"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect())
        })
        .collect();
    let names: Vec<&str> = views.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, ["hemispheres", "north", "south", "chart", "board", "globe", "disc"]);
    // Each key's valid example value, from the options table's own row.
    let example =
        |key: &str| dotchess::input::option_rows().find(|s| s.query == Some(key)).expect("a key of the table").example;
    let keys: std::collections::BTreeSet<&str> = views.iter().flat_map(|(_, k)| k.iter().copied()).collect();
    assert!(keys.contains("rotation") && keys.contains("longitude"), "{keys:?}");
    for (view, own) in &views {
        for key in &keys {
            let a = send(&app, get(&format!("/figure.svg?view={view}&{key}={}", example(key)))).await;
            if own.contains(key) {
                assert_eq!(a.status, StatusCode::OK, "{view} {key}: {}", a.text());
            } else {
                assert_eq!(a.status, StatusCode::BAD_REQUEST, "{view} {key}");
                assert!(a.json()["error"].as_str().unwrap().contains("belongs to"), "{view} {key}: {}", a.text());
            }
        }
    }
}

#[tokio::test]
async fn the_workbench_is_served() {
    let app = app();
    for (path, media) in [
        ("/", "text/html; charset=utf-8"),
        ("/workbench.js", "text/javascript; charset=utf-8"),
        ("/workbench.css", "text/css; charset=utf-8"),
    ] {
        let a = send(&app, get(path)).await;
        ok(&a, media);
        assert!(!a.body.is_empty(), "{path}");
        let req =
            axum::http::Request::get(path).header("if-none-match", a.header("etag")).body(axum::body::Body::empty());
        assert_eq!(send(&app, req.unwrap()).await.status, StatusCode::NOT_MODIFIED, "{path}");
    }
    // Nothing is fetched from elsewhere.
    let page = send(&app, get("/")).await.text() + &send(&app, get("/workbench.js")).await.text();
    assert!(!page.contains("http://") && !page.contains("https://"), "the page names no other site");
}

/// A POST of a game file's text.
fn post_game(uri: &str, pgn: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::post(uri)
        .header("content-type", "application/vnd.chess-pgn")
        .body(axum::body::Body::from(pgn.to_string()))
        .unwrap()
}

#[tokio::test]
async fn a_posted_game_is_the_clis_replay_and_game_sheet() {
    let dir = common::Scratch::new("serve-game");
    let pgn = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/games/opera.pgn")).unwrap();
    std::fs::write(dir.join("game.pgn"), &pgn).unwrap();
    let app = app();
    let pairs = [("view", "board"), ("width", "240"), ("theme", "print"), ("from", "28"), ("to", "33")];
    for (ext, file, media) in
        [("gif", "a.gif", "image/gif"), ("apng", "a.png", "image/apng"), ("svg", "a.svg", "image/svg+xml")]
    {
        let a = send(&app, post_game(&format!("/game.{ext}?{}", q(&pairs)), &pgn)).await;
        ok(&a, media);
        let mut args = vec!["animate".to_string(), "game.pgn".into()];
        args.extend(flags(&pairs));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let want = cli_file(&args, &dir, file);
        assert!(a.body == want, "/game.{ext}: {} bytes, the CLI's {}", a.body.len(), want.len());
    }
    // The PDF: the game's end, the position after a ply, a game sheet.
    for pairs in
        [vec![("width", "240")], vec![("ply", "5"), ("view", "globe")], vec![("plies", "10,20,30"), ("width", "200")]]
    {
        let a = send(&app, post_game(&format!("/game.pdf?{}", q(&pairs)), &pgn)).await;
        ok(&a, "application/pdf");
        let mut args = vec!["render".to_string(), "game.pgn".into()];
        args.extend(flags(&pairs));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert!(a.body == cli_file(&args, &dir, "sheet.pdf"), "/game.pdf?{pairs:?}");
    }
    // A move that cannot be played: located in the body as the CLI locates it in the file.
    let bad = pgn.replace("6. Bc4", "6. Bc5");
    std::fs::write(dir.join("bad.pgn"), &bad).unwrap();
    let a = send(&app, post_game("/game.gif", &bad)).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text());
    let j = a.json();
    assert_eq!(j["key"], "body");
    let cli_says = cli_message(&["animate", "bad.pgn", "-o", "x.gif"], &dir);
    let at: Vec<u64> = cli_says.split(':').skip(1).take(2).map(|n| n.parse().unwrap()).collect();
    let (line, column) = (at[0], at[1]);
    assert!(pgn.lines().nth(line as usize - 1).unwrap().contains("6. Bc4"), "{cli_says}");
    assert_eq!((j["line"].as_u64(), j["column"].as_u64()), (Some(line), Some(column)), "{j}");
    let said = j["error"].as_str().unwrap();
    assert!(said.starts_with(&format!("body:{line}:{column}: ")), "{said}");
    assert_eq!(words(said), words(cli_says.lines().next().unwrap()));
    // The keys of a game are checked as its flags are.
    let to = send(&app, post_game("/game.gif?to=40", &pgn)).await;
    assert_eq!(to.status, StatusCode::BAD_REQUEST);
    assert_eq!(to.json()["error"], "URL query `to=40`: the game has 33 plies (0, the start, to 33)");
    for (uri, key) in [
        ("/game.gif?fen=8/8/8/8/8/8/8/8", "fen"),
        ("/game.gif?ply=3", "ply"),
        ("/game.pdf?from=3", "from"),
        ("/game.svg?background=none", "background"),
    ] {
        let a = send(&app, post_game(uri, &pgn)).await;
        assert_eq!((a.status, a.json()["key"].as_str()), (StatusCode::BAD_REQUEST, Some(key)), "{uri}: {}", a.text());
    }
    let empty = send(&app, post_game("/game.gif", "")).await;
    assert_eq!((empty.status, empty.json()["key"].as_str()), (StatusCode::BAD_REQUEST, Some("body")));
    // Only POST: a game is a body.
    let get = send(&app, get("/game.gif")).await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    // A game may be as large as a game file (1 MiB), more than an overlay (256 KiB).
    let big = format!("{pgn}\n{}", " ".repeat(300 << 10));
    assert_eq!(send(&app, post_game("/game.svg?from=32", &big)).await.status, StatusCode::OK);
    let huge = format!("{pgn}\n{}", " ".repeat(1 << 20));
    assert_eq!(send(&app, post_game("/game.svg", &huge)).await.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn fuzzed_queries_are_refused_as_the_command_refuses_them() {
    let app = app();
    // Percent-escapes of bytes that are not UTF-8: refused, not drawn as U+FFFD.
    for uri in ["/figure.svg?title=%ff", "/figure.svg?%ff=1", "/moves.json?fen=%c3%28"] {
        let a = send(&app, get(uri)).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{uri}: {}", a.text());
        assert!(a.json()["error"].as_str().unwrap().contains("UTF-8"), "{uri}: {}", a.text());
    }
    assert_eq!(send(&app, get("/figure.svg?title=%C3%A9t%C3%A9")).await.status, StatusCode::OK);
    // A mark that holds one value, given twice, is refused as every other key is.
    for pair in ["pseudo=true", "check=false", "over_pieces=true", "lastmove=e2e4"] {
        let a = send(&app, get(&format!("/figure.svg?{pair}&{pair}"))).await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{pair}");
        assert!(a.json()["error"].as_str().unwrap().ends_with("is given twice"), "{pair}: {}", a.text());
    }
    // /variants.json takes no key, as the other JSON routes take only theirs.
    let v = send(&app, get("/variants.json?colour=red")).await;
    assert_eq!((v.status, v.json()["key"].as_str()), (StatusCode::BAD_REQUEST, Some("colour")), "{}", v.text());
    assert_eq!(send(&app, get("/variants.json")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_charts_edges_turn_off_by_flag_as_by_query() {
    let dir = common::Scratch::new("serve-edges");
    let app = app();
    let fen = enc(ROOK);
    let on = send(&app, get(&format!("/figure.svg?fen={fen}&view=chart&width=240"))).await;
    let off = send(&app, get(&format!("/figure.svg?fen={fen}&view=chart&width=240&edges=false"))).await;
    ok(&off, "image/svg+xml");
    assert!(on.text().contains("class=\"edge "), "the chart colours its edges by default");
    assert!(!off.text().contains("class=\"edge "), "edges=false turns them off");
    let args = ["render", "--fen", ROOK, "--view", "chart", "--width", "240", "--edges=false"];
    assert!(off.body == cli_file(&args, &dir, "off.svg"), "--edges=false is edges=false");
    let args = ["render", "--fen", ROOK, "--view", "board", "--width", "240", "--edges"];
    let on = send(&app, get(&format!("/figure.svg?fen={fen}&view=board&width=240&edges=true"))).await;
    assert!(on.body == cli_file(&args, &dir, "on.svg"), "--edges alone is true");
}
