//! The Typst package (typst/): documents compiled by the Typst compiler (the `typst` Python
//! package, installed on first use: `tools::typst_python`) with the plugin built by typst/build.
//! The plugin's SVG bytes inside a document are the command's, its games' move text the games'
//! SAN, its errors the command's located messages, and a document's PDF the same bytes twice.

use crate::common;
use crate::tools;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

fn root() -> PathBuf {
    std::fs::canonicalize(common::ROOT).expect("the repository")
}

/// typst/build run once per test process (the plugin built for wasm32 and checked to import
/// only Typst's protocol): the plugin's path.
fn plugin() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let out = Command::new(root().join("typst/build")).stdin(Stdio::null()).output().expect("run typst/build");
        assert!(out.status.success(), "typst/build failed:\n{}", common::stderr(&out));
        root().join("typst/dotchess.wasm")
    })
}

/// A Typst string literal.
fn lit(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// `read("…")` of a file of the repository (the documents are compiled with `/` as the root).
fn read(rel: &str) -> String {
    format!("read({})", lit(&root().join(rel).display().to_string()))
}

/// A document that imports the package from the checkout, then `body`.
fn document(body: &str) -> String {
    format!("#import {} as dotchess\n{body}", lit(&root().join("typst/lib.typ").display().to_string()))
}

/// Runs the driver (tests/support/typst_run.py) on a document's text: its standard output, or
/// its diagnostic.
fn typst(dir: &Path, name: &str, text: &str, what: &str, arg: &str) -> Result<String, String> {
    plugin();
    let source = dir.join(name);
    std::fs::write(&source, text).unwrap();
    let out = Command::new(tools::typst_python())
        .arg(root().join("tests/support/typst_run.py"))
        .args(["/", source.to_str().unwrap(), what, arg])
        .stdin(Stdio::null())
        .output()
        .expect("run python");
    match out.status.success() {
        true => Ok(common::stdout(&out)),
        false => Err(common::stderr(&out)),
    }
}

/// The values of a document's `metadata(…)<label>`s, as Typst's query gives them (JSON).
fn query_values(dir: &Path, text: &str, label: &str) -> Vec<serde_json::Value> {
    let json = typst(dir, "query.typ", text, "query", label).unwrap_or_else(|e| panic!("the document fails:\n{e}"));
    serde_json::from_str(&json).expect("JSON from typst.query")
}

/// The strings of a document's `metadata(…)<out>`s.
fn query(dir: &Path, text: &str) -> Vec<String> {
    query_values(dir, text, "<out>").into_iter().map(|v| v.as_str().expect("a string").to_string()).collect()
}

/// The texts of the `strong` elements in content as Typst's query gives it, in order.
fn strong_texts(content: &serde_json::Value, out: &mut Vec<String>) {
    if content["func"] == "strong" {
        out.push(content["body"]["text"].as_str().expect("a strong text").to_string());
    }
    for child in content["children"].as_array().into_iter().flatten() {
        strong_texts(child, out);
    }
}

/// The command's SVG for `args` (run in the repository's root).
fn command_svg(args: &[&str]) -> String {
    let o = common::run_in(&root(), &[&["render"], args, &["-o", "-", "--format", "svg"]].concat());
    assert!(o.status.success(), "dotchess render {args:?}: {}", common::stderr(&o));
    common::stdout(&o)
}

/// Whether an overlay animates its figure (a document's image is still: not expressible).
fn animated(overlay: &str) -> bool {
    std::fs::read_to_string(root().join("examples/essay").join(overlay)).unwrap().contains("[animation]")
}

#[test]
fn essay_figures_in_a_document_are_the_commands_svg_bytes() {
    let dir = common::Scratch::new("typst-essay");
    let manifest = dotchess::batch::essay_manifest();
    // The files overlays name (panels' positions, a theme), given once to every figure.
    let mut files = Vec::new();
    for e in std::fs::read_dir(root().join("examples/essay")).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".fen") || name == "terrestrial-theme.toml" {
            files.push(format!("{}: {}", lit(&name), read(&format!("examples/essay/{name}"))));
        }
    }
    let mut body = format!("#let files = ({},)\n", files.join(", "));
    let mut expressed = Vec::new();
    for job in &manifest.jobs {
        let Some(overlay) = job.overlay.as_deref().filter(|o| !o.contains("..") && !animated(o)) else { continue };
        body += &format!(
            "#metadata(str(dotchess.svg(position: {}, position-name: {}, overlay: {}, overlay-name: {}, files: files)))<out>\n",
            read(&format!("examples/essay/{}", job.position)),
            lit(&job.position),
            read(&format!("examples/essay/{overlay}")),
            lit(overlay),
        );
        expressed.push((job.name.clone(), job.position.clone(), overlay.to_string()));
    }
    // Options as keywords over a FEN, as the flags give them.
    let keywords = [
        (
            "fen: \"8/8/8/3r4/8/8/8/8 w - - 0 1\", view: \"globe\", square: \"d5\", longitude: \"d\"",
            vec!["--fen", "8/8/8/3r4/8/8/8/8 w - - 0 1", "--view", "globe", "--square", "d5", "--longitude", "d"],
        ),
        (
            "loops: (\"d2:ne\",), arrows: ((\"b1\", \"c3\"), \"g1:f3:#c00\"), view: \"chart\", window: (-4, -4, 16, 16), tint: true",
            vec![
                "--loop",
                "d2:ne",
                "--arrow",
                "b1:c3",
                "--arrow",
                "g1:f3:#c00",
                "--view",
                "chart",
                "--window=-4,-4,16,16",
                "--tint",
            ],
        ),
        (
            "variant: \"small\", view: \"disc\", circles: \"e4\", theme: \"print\", width: 300",
            vec!["--variant", "small", "--view", "disc", "--circle", "e4", "--theme", "print", "--width", "300"],
        ),
        (
            "overlay: (title: \"A dictionary\", panels: ((view: \"board\", coordinates: \"cells\"),)), over-pieces: true, highlights: \"e2\"",
            vec!["--view", "board", "--coordinates", "cells", "--marks-over", "--highlight", "e2"],
        ),
    ];
    for (args, _) in &keywords {
        body += &format!("#metadata(str(dotchess.svg({args})))<out>\n");
    }
    let got = query(&dir, &document(&body));
    assert_eq!(got.len(), expressed.len() + keywords.len());
    for ((name, position, overlay), svg) in expressed.iter().zip(&got) {
        let want = command_svg(&[&format!("examples/essay/{position}"), &format!("examples/essay/{overlay}")]);
        assert!(
            *svg == want,
            "{name}: the plugin's SVG ({} bytes) is not the command's ({} bytes)",
            svg.len(),
            want.len()
        );
    }
    // The dictionary overlay has a title the flags cannot give: compared with its TOML file
    // beside the start's FEN.
    let title = dir.join("dictionary.toml");
    std::fs::write(&title, "title = \"A dictionary\"\n\n[[panels]]\nview = \"board\"\ncoordinates = \"cells\"\n")
        .unwrap();
    let start = dotchess::Position::start(dotchess::VariantId::Dot).fen();
    for (k, (args, flags)) in keywords.iter().enumerate() {
        let mut flags: Vec<&str> = flags.clone();
        if args.starts_with("overlay:") {
            flags = vec!["--fen", &start, title.to_str().unwrap(), "--marks-over", "--highlight", "e2"];
        }
        assert!(
            got[expressed.len() + k] == command_svg(&flags),
            "keywords `{args}`: not the command's SVG for {flags:?}"
        );
    }
    assert!(expressed.len() >= 50, "only {} essay figures expressed", expressed.len());
}

/// The example games, read by the library: (file, game).
fn example_games() -> Vec<(String, dotchess::input::Game)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(root().join("examples/games")).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "pgn") {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let mut games = dotchess::input::read_games(&name, &text, dotchess::VariantId::Dot).unwrap();
            out.push((name, games.swap_remove(0)));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn move_text_of_every_example_game_is_its_san() {
    let dir = common::Scratch::new("typst-moves");
    let games = example_games();
    let mut body = String::new();
    for (name, _) in &games {
        let g = format!("dotchess.game({})", read(&format!("examples/games/{name}")));
        body += &format!("#metadata(dotchess.moves-text({g}, comments: false, variations: false))<out>\n");
        body += &format!("#metadata(dotchess.moves-text({g}))<out>\n");
        // The content the document sets, whose moves (in `strong`) are compared too.
        body += &format!("#block(dotchess.moves({g}))\n");
        body += &format!("#metadata(dotchess.moves({g}, comments: false, variations: false))<content>\n");
    }
    // Variations (nested), a NAG, a comment before the first move.
    let pgn =
        "[Variant \\\"flat\\\"]\\n{Intro.} 1. e4 $1 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 {A comment.} Nc6 *";
    body += &format!("#let v = dotchess.game(\"{pgn}\")\n#metadata(dotchess.moves-text(v))<out>\n#dotchess.moves(v)\n");
    let mut got = query(&dir, &document(&body));
    assert_eq!(
        got.pop().unwrap(),
        "{Intro.} 1. e4! e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 {A comment.} 2... Nc6 *"
    );
    assert_eq!(got.len(), 2 * games.len());
    let contents = query_values(&dir, &document(&body), "<content>");
    for ((name, game), texts) in games.iter().zip(got.chunks(2)) {
        let numbered = |t: &str| t.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit());
        let words: Vec<&str> = texts[0].split(' ').filter(|w| !numbered(w) && !w.ends_with("...")).collect();
        let mut want: Vec<String> =
            game.plies.iter().map(|p| format!("{}{}", p.san, p.glyph().unwrap_or(""))).collect();
        want.push(game.result.clone());
        assert_eq!(words, want, "{name}: the move text's moves are not the game's SAN");
        let k = games.iter().position(|(n, _)| n == name).unwrap();
        let mut strong = Vec::new();
        strong_texts(&contents[k], &mut strong);
        assert_eq!(strong, want[..want.len() - 1], "{name}: the moves set in `strong` are not the game's SAN");
        for p in &game.plies {
            if !p.note.text.is_empty() {
                assert!(
                    texts[1].contains(&format!("{{{}}}", p.note.text)),
                    "{name}: comment {:?} missing",
                    p.note.text
                );
            }
        }
    }
    // Book numbering: White's moves numbered, Black's after a comment with its number and dots.
    let opera = &got[games.iter().position(|(n, _)| n == "flat-opera.pgn").unwrap() * 2 + 1];
    assert!(opera.starts_with("1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5"), "{opera}");
    assert!(opera.contains("16. Qb8+!! {The queen sacrifice.} 16... Nxb8 17. Rd8# 1-0"), "{opera}");
}

#[test]
fn a_ply_of_a_game_is_the_commands_still_with_a_book_caption() {
    let dir = common::Scratch::new("typst-ply");
    let g = format!("#let g = dotchess.game({})\n", read("examples/games/flat-opera.pgn"));
    let body = g + "#metadata(dotchess.ply-caption(g, 33))<out>\n#metadata(dotchess.ply-caption(g, 32))<out>\n\
        #metadata(str(dotchess.svg(g, ply: 33, view: \"board\")))<out>\n\
        #metadata(str(dotchess.svg(g)))<out>\n\
        #dotchess.figure(g, ply: 33, view: \"board\", width: 6cm) <mate>\n\
        See @mate.\n";
    let got = query(&dir, &document(&body));
    assert_eq!(got[0], "17. Rd8#");
    assert_eq!(got[1], "16... Nxb8");
    assert!(got[2] == command_svg(&["examples/games/flat-opera.pgn", "--ply", "33", "--view", "board"]));
    assert!(got[3] == command_svg(&["examples/games/flat-opera.pgn"]));
    // The figure with its label is referenceable: the document compiles to PDF.
    typst(&dir, "ply.typ", &document(&body), "pdf", dir.join("ply.pdf").to_str().unwrap()).unwrap();
}

#[test]
fn destinations_are_the_rules_answers() {
    let dir = common::Scratch::new("typst-destinations");
    let fen = "8/8/8/3r4/8/8/8/8 w - - 0 1";
    let body = format!(
        "#let d = dotchess.destinations(fen: {}, square: \"d5\")\n#metadata(str(d.len()))<out>\n\
         #metadata(d.map(x => x.cell).join(\",\"))<out>\n#metadata(d.at(0).routes.at(0).join(\"-\"))<out>\n\
         #metadata(dotchess.destinations(square: \"b1\").map(x => x.san.join(\"/\")).join(\",\"))<out>\n\
         The rook has #d.len() moves here.\n",
        lit(fen)
    );
    let got = query(&dir, &document(&body));
    let pos = dotchess::Position::from_fen(dotchess::VariantId::Dot, fen).unwrap();
    let d5 = pos.topology().parse_cell("d5").unwrap();
    let want = dotchess::destinations(&pos, d5, true);
    assert_eq!(got[0], want.len().to_string());
    let cells: Vec<String> = want.iter().map(|d| pos.topology().name(d.cell)).collect();
    assert_eq!(got[1], cells.join(","));
    assert!(got[2].starts_with("d5-"), "{}", got[2]);
    let mut knight: Vec<&str> = got[3].split(',').collect();
    knight.sort();
    assert_eq!(knight, ["Na3", "Nc3"], "the b1 knight's moves in SAN");
}

/// One bad input: the call, the message the document's compile must stop with, and where it is.
struct Bad {
    call: &'static str,
    message: &'static str,
}

#[test]
fn bad_input_stops_the_compile_with_the_commands_located_message() {
    let dir = common::Scratch::new("typst-bad");
    std::fs::write(dir.join("overlay.toml"), "title = \"x\"\nrotaton = 4\n").unwrap();
    std::fs::write(dir.join("game.pgn"), "[Variant \"flat\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let command = |args: &[&str]| {
        let o = common::run_in(&dir, args);
        assert_eq!(o.status.code(), Some(2), "dotchess {args:?}");
        let text = common::stderr(&o);
        let first = text.lines().next().unwrap().trim_start_matches("dotchess: ");
        // A flag's place (`--width: `, ``--arrow `b1:z9`: ``) is a keyword's in a document.
        let first = if first.starts_with("--") { first.split_once(": ").unwrap().1 } else { first };
        // A value the command line's parser refuses is framed by it (`error: invalid value '9000'
        // for '--width <N>': …`): the message is what follows.
        match first.strip_prefix("error: invalid value ") {
            Some(framed) => framed.split_once("': ").unwrap().1.to_string(),
            None => first.to_string(),
        }
    };
    // Each bad input, with the command that refuses the same input: the document's message is
    // the command's first line (its located message), and the diagnostic points at the call.
    let table: Vec<(Bad, Vec<&str>)> = vec![
        (
            Bad { call: "dotchess.svg(fen: \"8/8/9/8/8/8/8/8 w - - 0 1\")", message: "fen: bad FEN" },
            vec!["render", "--fen", "8/8/9/8/8/8/8/8 w - - 0 1", "-o", "x.svg"],
        ),
        (
            Bad {
                call: "dotchess.svg(overlay: \"title = \\\"x\\\"\\nrotaton = 4\\n\")",
                message: "overlay.toml:2:1: unknown key `rotaton`",
            },
            vec!["render", "--fen", "8/8/8/3r4/8/8/8/8 w - - 0 1", "overlay.toml", "-o", "x.svg"],
        ),
        (
            Bad { call: "dotchess.svg(width: 9000)", message: "keyword argument `width=9000`" },
            vec!["render", "--width", "9000", "-o", "x.svg"],
        ),
        (
            Bad { call: "dotchess.svg(view: \"board\", rotation: 3)", message: "keyword argument `rotation=3`" },
            vec!["render", "--view", "board", "--rotation", "3", "-o", "x.svg"],
        ),
        (
            Bad { call: "dotchess.svg(arrows: \"b1:z9\")", message: "keyword argument `arrows=b1:z9`" },
            vec!["render", "--arrow", "b1:z9", "-o", "x.svg"],
        ),
        (
            Bad { call: "dotchess.game(\"[Variant \\\"flat\\\"]\\n\\n1. e4 e5 2. Ke3 *\\n\")", message: "game.pgn:3:" },
            vec!["render", "game.pgn", "-o", "x.svg"],
        ),
        (Bad { call: "dotchess.destinations(square: \"z9\")", message: "z9" }, vec!["moves", "--square", "z9"]),
    ];
    for (bad, args) in &table {
        let body = format!("Some text.\n\n#{}\n", bad.call);
        let e =
            typst(&dir, "bad.typ", &document(&body), "pdf", dir.join("bad.pdf").to_str().unwrap()).expect_err(bad.call);
        let want = command(args);
        assert!(e.contains(bad.message), "{}: {e}", bad.call);
        assert!(e.contains(&want), "{}: the command says {want:?}, the document:\n{e}", bad.call);
        assert!(e.contains("bad.typ:4:"), "{}: the diagnostic does not point at the call:\n{e}", bad.call);
        assert!(!e.contains("panicked"), "{}: {e}", bad.call);
        assert!(!dir.join("bad.pdf").exists(), "{}: a PDF was written", bad.call);
    }
    // What only a document can get wrong: a named argument that is no option, a ply past the end.
    for (call, message) in [
        ("dotchess.svg(rotaton: 3)", "unknown option `rotaton`"),
        ("dotchess.svg(dotchess.game(\"1. e4 *\"), ply: 3)", "ply 3: the game has 1 plies"),
        ("dotchess.svg(kind: \"spin\")", "keyword argument `kind=spin`: does not apply to figures"),
    ] {
        let e =
            typst(&dir, "bad.typ", &document(&format!("Some text.\n\n#{call}\n")), "pdf", "/dev/null").expect_err(call);
        assert!(e.contains(message) && e.contains("bad.typ:4:"), "{call}: {e}");
    }
}

#[test]
fn example_document_compiles_to_the_same_pdf_every_time() {
    let dir = common::Scratch::new("typst-example");
    let pdf = |name: &str, time: &str| {
        plugin();
        let path = dir.join(name);
        let out = Command::new(tools::typst_python())
            .arg(root().join("tests/support/typst_run.py"))
            .args([root().to_str().unwrap(), "typst/examples/essay.typ", "pdf", path.to_str().unwrap()])
            .env("DOTCHESS_TYPST_TIME", time)
            .current_dir(root())
            .stdin(Stdio::null())
            .output()
            .expect("run python");
        assert!(out.status.success(), "typst/examples/essay.typ: {}", common::stderr(&out));
        std::fs::read(path).unwrap()
    };
    let first = pdf("a.pdf", "1800000000");
    let second = pdf("b.pdf", "1900000000");
    assert!(first.starts_with(b"%PDF-"));
    assert!(first == second, "two compiles of the example, on two dates, gave different PDF bytes");
    // Its pages, read back by poppler: as many as the document sets, none blank.
    let pages = Command::new(tools::pdftoppm())
        .args(["-r", "30", "-png", dir.join("a.pdf").to_str().unwrap(), dir.join("page").to_str().unwrap()])
        .status()
        .unwrap();
    assert!(pages.success());
    let n = std::fs::read_dir(&*dir)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with("page"))
        .count();
    assert!(n >= 3, "{n} pages");
}

#[test]
fn plugin_imports_only_typsts_protocol() {
    let wasm = plugin();
    let out = Command::new("python3").arg(root().join("typst/wasm_imports.py")).arg(wasm).output().unwrap();
    assert!(out.status.success(), "{}", common::stderr(&out));
    let mut imports: Vec<String> = common::stdout(&out).lines().map(String::from).collect();
    imports.sort();
    assert_eq!(
        imports,
        [
            "import typst_env.wasm_minimal_protocol_send_result_to_host",
            "import typst_env.wasm_minimal_protocol_write_args_to_buffer"
        ]
        .map(String::from)
        .to_vec()
    );
    // The checker refuses a module that imports anything else.
    let other = std::env::temp_dir().join(format!("dotchess-typst-wasi-{}.wasm", std::process::id()));
    let mut module = b"\0asm\x01\0\0\0\x01\x04\x01\x60\0\0\x02".to_vec();
    let entry = b"\x01\x16wasi_snapshot_preview1\x08fd_write\x00\x00";
    module.push(entry.len() as u8);
    module.extend_from_slice(entry);
    std::fs::write(&other, &module).unwrap();
    let out = Command::new("python3").arg(root().join("typst/wasm_imports.py")).arg(&other).output().unwrap();
    let _ = std::fs::remove_file(&other);
    assert_eq!(out.status.code(), Some(1), "{}", common::stderr(&out));
    assert!(common::stderr(&out).contains("wasi_snapshot_preview1.fd_write"));
}

#[test]
fn typst_package_has_the_projects_version() {
    let version = |file: &str, section: &str| -> String {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let from = text.find(section).unwrap_or_else(|| panic!("{file}: no {section}"));
        let line = text[from..].lines().find(|l| l.starts_with("version = ")).expect("a version");
        line.trim_start_matches("version = ").trim_matches('"').to_string()
    };
    assert_eq!(version("typst/typst.toml", "[package]"), version("Cargo.toml", "[workspace.package]"));
}
