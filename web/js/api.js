// The JS API of the browser build: the library's answers as plain calls, once `ready` has
// resolved. Every error is thrown as an Error whose message is the one `dotchess` prints: the
// file (or `<dotchess-figure>` for an element's attributes), line, column, the line itself and
// a caret under the fault.
//
//   import { ready, render, moves, readGame } from "./dotchess.js";
//   await ready;
//   const svg = render({ fen: "8/8/8/3r4/8/8/8/8 w - - 0 1", view: "globe", square: "d5" });

import init, { renderFigure, movesJson, GameFile } from "./dotchess_web.js";

// Resolves when the module is compiled and instantiated (once per page).
export const ready = init({ module_or_path: new URL("./dotchess_web_bg.wasm", import.meta.url) }).then(() => true);

// The keys of `render`'s options that are not figure options.
const INPUTS = ["fen", "variant", "position", "name", "pgn", "overlay", "files"];

// An option's value as an attribute writes it: a list of marks separated by spaces.
function text(v) {
  if (Array.isArray(v)) return v.map(String).join(" ");
  return String(v);
}

// Pairs `[name, value, …]` of an object's options, in its order (errors name the first fault).
export function flatOptions(options) {
  const out = [];
  for (const [k, v] of Object.entries(options || {})) {
    if (INPUTS.includes(k) || v === undefined || v === null) continue;
    out.push(k, text(v));
  }
  return out;
}

// A figure's SVG, the bytes `dotchess render` writes for the same input:
//   fen | position (a position file's text, named by `name`) | pgn (a game: its end)
//   variant, overlay (an overlay file's text), files ({ name: text } the overlay names),
//   and any option of the options table by its name: view, square, loops, arrows, width, …
export function render(options = {}) {
  const o = options;
  let position = "";
  let name = "fen";
  if (o.pgn !== undefined) {
    position = String(o.pgn);
    name = o.name || "game.pgn";
  } else if (o.position !== undefined) {
    position = String(o.position);
    name = o.name || "position";
  } else if (o.fen !== undefined) {
    position = String(o.fen);
  }
  const files = [];
  for (const [n, t] of Object.entries(o.files || {})) files.push(n, String(t));
  const overlay = o.overlay === undefined ? undefined : String(o.overlay);
  return renderFigure(position, name, String(o.variant || ""), overlay, files, flatOptions(o));
}

// The legal moves of the piece on `square`: { variant, fen, square, piece, destinations:
// [{ cell, capture, moves (coordinates), san, routes: [{ path, cells, chart }] }] }.
export function moves(fen, variant, square) {
  return JSON.parse(movesJson(String(fen || ""), String(variant || ""), String(square)));
}

// A game file's `game`th game (from 1), every move checked: { variant, tags, start, result,
// caption, intro, plies: [{ san, number, glyph, nags, note, fen, variations }] }, and `svg(ply,
// options)`, the position after `ply` plies as `dotchess render GAME --ply PLY` draws it.
export function readGame(pgn, { variant = "", game = 1, name = "game.pgn" } = {}) {
  const file = new GameFile(name, String(pgn), String(variant), game);
  const data = JSON.parse(file.json());
  Object.defineProperty(data, "svg", {
    value: (ply, options) => file.svg(ply, flatOptions(options)),
    enumerable: false,
  });
  // A ply of a variation: path [i, v, j, …], the main line's ply i (from 0) replaced by its
  // variation v, whose ply j is drawn (or replaced in turn by its own variation, …).
  Object.defineProperty(data, "svgInVariation", {
    value: (path, options) => file.svgInVariation(Uint32Array.from(path), flatOptions(options)),
    enumerable: false,
  });
  return data;
}
