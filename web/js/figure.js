// <dotchess-figure>: a figure drawn in the page, the bytes `dotchess render` writes for the same
// options. Attributes: the options table's names (view, square, loops, arrows, circles, theme,
// width, …; a mark's attribute holds any number of marks separated by spaces), `fen`, `variant`,
// `overlay` (a whole overlay file's text). Children (scripts the browser does not run):
//   <script type="application/toml">        an overlay file
//   <script type="text/plain" data-file="N"> a file the overlay names (a position, a theme)
//   <script type="text/plain" data-position="start.fen"> a position file (FEN or TOML)
//   <script type="application/x-chess-pgn" data-name="g.pgn"> a game (the figure of its end)
// Live: a click (or tap) anywhere in a cell that holds a piece shows its moves and routes in every
// panel (the figure drawn with `square` = that cell); a second click there, or a click elsewhere,
// hides them; a globe turns when dragged; a changed attribute or child redraws.

import { ready } from "./api.js";
import { renderFigure } from "./dotchess_web.js";
import { optionPairs, childText, childFiles, showError, addStyle } from "./common.js";

// Degrees a drag of one pixel turns the globe.
const DEGREES_PER_PIXEL = 0.4;

export class DotchessFigure extends HTMLElement {
  constructor() {
    super();
    this.selected = null; // the cell whose piece's moves are shown
    this.turn = null; // { latitude, longitude } set by dragging a globe
    this.svg = ""; // the SVG drawn last, as the library wrote it
    this.error = null; // the message shown instead, if any
    this.pending = false;
  }

  connectedCallback() {
    addStyle();
    if (!this.box) {
      this.box = document.createElement("div");
      this.box.className = "dc-box";
      this.appendChild(this.box);
      this.box.addEventListener("click", (ev) => this.clicked(ev));
      this.box.addEventListener("pointerdown", (ev) => this.dragStart(ev));
      this.watch = new MutationObserver((list) => {
        if (list.some((m) => m.type === "attributes" || m.target !== this.box)) this.redraw();
      });
    }
    this.watch.observe(this, { attributes: true, childList: true, subtree: true, characterData: true });
    this.redraw();
  }

  disconnectedCallback() {
    this.watch.disconnect();
  }

  // Draws once the module is ready, once for any number of changes made together.
  redraw() {
    if (this.pending) return;
    this.pending = true;
    ready.then(() => {
      this.pending = false;
      this.draw();
    });
  }

  // The position: a game, a position file, or the `fen` attribute (empty: the start).
  position() {
    const game = this.querySelector(":scope > script[type='application/x-chess-pgn']");
    if (game) return [game.textContent, game.dataset.name || "game.pgn"];
    const file = this.querySelector(":scope > script[data-position]");
    if (file) return [file.textContent, file.dataset.position || "position"];
    return [this.getAttribute("fen") || "", "fen"];
  }

  // Draws the figure now; returns the SVG, or throws nothing and shows the error.
  draw() {
    const [position, name] = this.position();
    const overlay = this.getAttribute("overlay") ?? childText(this, "[type='application/toml']");
    const over = {};
    if (this.selected) over.square = this.selected;
    if (this.turn) Object.assign(over, this.turn);
    this.watch.disconnect();
    try {
      const svg = renderFigure(position, name, this.getAttribute("variant") || "", overlay, childFiles(this),
        optionPairs(this, over));
      this.box.innerHTML = svg;
      this.svg = svg;
      this.error = null;
    } catch (e) {
      this.svg = "";
      this.error = showError(this, this.box, e);
    }
    this.watch.observe(this, { attributes: true, childList: true, subtree: true, characterData: true });
    this.dispatchEvent(new CustomEvent("dotchess-draw", { detail: !this.error, bubbles: true }));
    return this.svg;
  }

  // A click in a cell: its piece's moves shown, or hidden when it is the piece shown.
  clicked(ev) {
    if (this.dragged) {
      this.dragged = false;
      return;
    }
    // A cell, a live pole, a piece, or a pole's letter on its plate.
    const hit = ev.target.closest(".cell[data-cell], .pole[data-cell], .piece[data-cell], [data-pole]");
    const cell = hit && (hit.getAttribute("data-cell") || hit.getAttribute("data-pole"));
    // The piece may be drawn in another panel only (a globe hides its far half's pieces while
    // the edge of their cells still shows).
    const scope = (hit && hit.closest("g.panel")) || this.box;
    const query = cell && `.piece[data-cell="${CSS.escape(cell)}"]`;
    const piece = cell && (scope.querySelector(query) || this.box.querySelector(query));
    const next = piece && cell !== this.selected ? cell : null;
    if (next === this.selected) return;
    this.selected = next;
    this.draw();
    this.dispatchEvent(new CustomEvent("dotchess-select", { detail: next, bubbles: true }));
  }

  // Dragging a globe turns it: the viewpoint's longitude with the pointer's x, latitude with y.
  dragStart(ev) {
    const panel = ev.target.closest("g.panel") || this.box.querySelector("svg");
    if (!panel || !panel.querySelector(".ball")) return;
    const from = this.turn || {
      latitude: Number(this.getAttribute("latitude") ?? 15),
      longitude: Number(this.getAttribute("longitude") ?? 180),
    };
    const x0 = ev.clientX;
    const y0 = ev.clientY;
    let frame = 0;
    const move = (e) => {
      const dx = e.clientX - x0;
      const dy = e.clientY - y0;
      if (!this.dragged && Math.hypot(dx, dy) < 4) return;
      if (!this.dragged) this.box.setPointerCapture?.(e.pointerId);
      this.dragged = true;
      const wrap = (v) => ((((v + 720) % 1440) + 1440) % 1440) - 720;
      this.turn = {
        latitude: Math.round(Math.max(-90, Math.min(90, from.latitude + dy * DEGREES_PER_PIXEL))),
        longitude: Math.round(wrap(from.longitude - dx * DEGREES_PER_PIXEL)),
      };
      if (!frame) frame = requestAnimationFrame(() => { frame = 0; this.draw(); });
    };
    const up = () => {
      this.box.removeEventListener("pointermove", move);
      this.box.removeEventListener("pointerup", up);
      this.box.removeEventListener("pointercancel", up);
    };
    this.dragged = false;
    this.box.addEventListener("pointermove", move);
    this.box.addEventListener("pointerup", up);
    this.box.addEventListener("pointercancel", up);
  }
}
