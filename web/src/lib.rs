//! dotchess in a web page: the library built for `wasm32-unknown-unknown`, its doors exported to
//! JavaScript with `wasm-bindgen` — a figure's SVG ([`render_figure`]), a piece's moves
//! ([`moves_json`]) and a game read for a viewer ([`GameFile`]). The elements and the JS API
//! (`web/js/`) are made on these; `docs/web.md` says how to use and build them.
//!
//! Every error is a JS exception whose message is the one the command prints (file, line,
//! column, the excerpt and its caret); a Rust panic, which should never happen, is written to the
//! console with where it happened before the module stops with a JS error ([`start`]).

pub mod attributes;
pub mod figure;
pub mod game;
pub mod moves;

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Run once when the module is instantiated: a panic's message and place go to the console
/// (the trap that follows is a JS `RuntimeError` the caller catches), not lost.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("dotchess: internal error (please report it): {info}"));
    }));
}

/// Pairs written flat (`[name, value, name, value, …]`) as pairs.
fn pairs(flat: Vec<String>) -> Vec<(String, String)> {
    let mut it = flat.into_iter();
    let mut out = Vec::new();
    while let (Some(a), Some(b)) = (it.next(), it.next()) {
        out.push((a, b));
    }
    out
}

fn js(e: String) -> JsError {
    JsError::new(&e)
}

/// A figure's SVG, the bytes `dotchess render` writes: `position` a FEN, a position file's text
/// or, when `name` ends in `.pgn`, a game's (empty: the variant's start); `overlay` an overlay
/// file's text; `files` the files it names and `attributes` the element's options, each written
/// flat as `[name, text, …]`.
#[wasm_bindgen(js_name = renderFigure)]
pub fn render_figure(
    position: String,
    name: String,
    variant: String,
    overlay: Option<String>,
    files: Vec<String>,
    attributes: Vec<String>,
) -> Result<String, JsError> {
    figure::svg(&request(position, name, variant, overlay, files, attributes)).map_err(js)
}

/// [`render_figure`]'s figure with every piece's marks drawn hidden in every panel, for a page to
/// show one piece's at a click ([`figure::live_svg`]).
#[wasm_bindgen(js_name = renderLive)]
pub fn render_live(
    position: String,
    name: String,
    variant: String,
    overlay: Option<String>,
    files: Vec<String>,
    attributes: Vec<String>,
) -> Result<String, JsError> {
    figure::live_svg(&request(position, name, variant, overlay, files, attributes)).map_err(js)
}

/// The request [`render_figure`] and [`render_live`] draw, their arguments gathered.
fn request(
    position: String,
    name: String,
    variant: String,
    overlay: Option<String>,
    files: Vec<String>,
    attributes: Vec<String>,
) -> figure::Request {
    figure::Request { position, name, variant, overlay, files: pairs(files), attributes: pairs(attributes) }
}

/// The legal moves of the piece on `square`, as JSON: each destination with its moves (as
/// coordinates and in SAN) and routes.
#[wasm_bindgen(js_name = movesJson)]
pub fn moves_json(fen: &str, variant: &str, square: &str) -> Result<String, JsError> {
    moves::moves(fen, variant, square).map_err(js)
}

/// A game file read for a viewer.
#[wasm_bindgen]
pub struct GameFile {
    viewer: game::Viewer,
}

#[wasm_bindgen]
impl GameFile {
    /// The `number`th game (from 1) of a game file's text, every move checked.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, pgn: &str, variant: &str, number: usize) -> Result<GameFile, JsError> {
        Ok(GameFile { viewer: game::Viewer::read(name, pgn, variant, number).map_err(js)? })
    }

    /// The game as JSON: tags, start, result, caption and the main line with its comments,
    /// glyphs and variations.
    pub fn json(&self) -> String {
        self.viewer.json()
    }

    /// The position after `ply` plies as `dotchess render GAME --ply PLY` draws it, the
    /// attributes (`[name, value, …]`) as its flags.
    pub fn svg(&self, ply: usize, attributes: Vec<String>) -> Result<String, JsError> {
        self.viewer.svg(ply, &pairs(attributes)).map_err(js)
    }

    /// A ply of a variation, `path` = `[i, v, j, …]` ([`game::Viewer::svg_in_variation`]).
    #[wasm_bindgen(js_name = svgInVariation)]
    pub fn svg_in_variation(&self, path: Vec<usize>, attributes: Vec<String>) -> Result<String, JsError> {
        self.viewer.svg_in_variation(&path, &pairs(attributes)).map_err(js)
    }
}
