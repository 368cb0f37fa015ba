// <dotchess-figure>: a figure drawn in the page, the bytes `dotchess render` writes for the same
// options. Attributes: the options table's names (view, square, loops, arrows, circles, theme,
// width, …; a mark's attribute holds any number of marks separated by spaces), `fen`, `variant`,
// `overlay` (a whole overlay file's text). Children (scripts the browser does not run):
//   <script type="application/toml">        an overlay file
//   <script type="text/plain" data-file="N"> a file the overlay names (a position, a theme)
//   <script type="text/plain" data-position="start.fen"> a position file (FEN or TOML)
//   <script type="application/x-chess-pgn" data-name="g.pgn"> a game (the figure of its end)
// Live: a click (or tap) anywhere in a cell that holds a piece shows its moves and routes in every
// panel; a second click there, or a click elsewhere, hides them; a globe turns when dragged; a
// changed attribute or child redraws.
//
// The figure is drawn first as the still (`svg`, the command's bytes); in the next idle moment its
// interactive layer (renderLive: the same picture with every piece's marks hidden in every panel)
// takes its place, and a click only shows the chosen piece's groups. A click before that draws the
// still again with `square` set to the cell, as every click does with `live="off"` (for a figure
// too large to hold twice).

import { ready } from "./api.js";
import { renderFigure, renderLive } from "./dotchess_web.js";
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
        // The element's own attributes and children; not what it draws itself in its box. A new
        // figure chooses no piece, and a viewpoint written in the attributes wins over a drag.
        const outside = list.filter((m) => !this.box.contains(m.target));
        if (!outside.length) return;
        this.selected = null;
        if (outside.some((m) => ["latitude", "longitude", "view"].includes(m.attributeName))) this.turn = null;
        this.redraw();
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
    ready.then(
      () => {
        this.pending = false;
        this.draw();
      },
      (e) => {
        this.pending = false;
        this.error = showError(this, this.box, new Error(`the dotchess module did not load: ${e.message || e}`));
      },
    );
  }

  // The position: a game, a position file, or the `fen` attribute (empty: the start).
  position() {
    const game = this.querySelector(":scope > script[type='application/x-chess-pgn']");
    if (game) return [game.textContent, game.dataset.name || "game.pgn"];
    const file = this.querySelector(":scope > script[data-position]");
    if (file) return [file.textContent, file.dataset.position || "position"];
    return [this.getAttribute("fen") || "", "fen"];
  }

  // What the library is given: position, name, variant, overlay, files, options.
  inputs(over) {
    const [position, name] = this.position();
    const overlay = this.getAttribute("overlay") ?? childText(this, "[type='application/toml']");
    if (this.turn) Object.assign(over, this.turn);
    return [position, name, this.getAttribute("variant") || "", overlay, childFiles(this), optionPairs(this, over)];
  }

  // Draws the still figure now (with the chosen piece's moves as `square` while the interactive
  // layer is not there); returns its SVG, or "" and shows the error.
  draw() {
    this.live = null;
    this.watch.disconnect();
    try {
      const svg = renderFigure(...this.inputs(this.selected ? { square: this.selected } : {}));
      this.box.innerHTML = svg;
      this.svg = svg;
      this.error = null;
    } catch (e) {
      this.svg = "";
      this.error = showError(this, this.box, e);
    }
    this.watch.observe(this, { attributes: true, childList: true, subtree: true, characterData: true });
    this.dispatchEvent(new CustomEvent("dotchess-draw", { detail: !this.error, bubbles: true }));
    if (!this.error && this.getAttribute("live") !== "off") this.later();
    return this.svg;
  }

  // The interactive layer, made after the still is on screen (and not while a globe is dragged).
  later() {
    const token = (this.token = (this.token || 0) + 1);
    requestAnimationFrame(() => setTimeout(() => {
      if (token !== this.token || this.dragging) return;
      let svg;
      try {
        const holder = document.createElement("div");
        holder.innerHTML = renderLive(...this.inputs({}));
        svg = holder.querySelector("svg");
      } catch (e) {
        console.warn(`<dotchess-figure>: no interactive layer (${e.message}); a click draws the figure again`);
        return;
      }
      if (token !== this.token || !svg) return;
      this.box.replaceChildren(svg);
      this.live = svg;
      this.show();
      this.dispatchEvent(new CustomEvent("dotchess-live", { bubbles: true }));
    }, 0));
  }

  // On the interactive layer: the chosen piece's groups shown in every panel, the overlay's own
  // marks hidden while a piece is chosen.
  show() {
    const svg = this.live;
    for (const g of svg.querySelectorAll(".piece-moves.on")) g.classList.remove("on");
    for (const p of svg.querySelectorAll(".dc-chosen")) p.classList.remove("dc-chosen");
    for (const g of svg.querySelectorAll(".start-moves")) g.classList.toggle("off", !!this.selected);
    if (!this.selected) return;
    const q = CSS.escape(this.selected);
    const boards = new Set();
    for (const p of svg.querySelectorAll(`.piece[data-board][data-cell="${q}"]`)) {
      p.classList.add("dc-chosen");
      boards.add(p.getAttribute("data-board"));
    }
    for (const b of boards) {
      for (const g of svg.querySelectorAll(`.piece-moves[data-board="${CSS.escape(b)}"][data-from="${q}"]`)) {
        g.classList.add("on");
      }
    }
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
    if (this.live) this.show();
    else this.draw();
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
      this.dragging = true;
      const wrap = (v) => ((((v + 720) % 1440) + 1440) % 1440) - 720;
      this.turn = {
        latitude: Math.round(Math.max(-90, Math.min(90, from.latitude + dy * DEGREES_PER_PIXEL))),
        longitude: Math.round(wrap(from.longitude - dx * DEGREES_PER_PIXEL)),
      };
      if (!frame) frame = requestAnimationFrame(() => { frame = 0; this.draw(); });
    };
    const up = () => {
      if (this.dragging) {
        this.dragging = false;
        this.later();
      }
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
