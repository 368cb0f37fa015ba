// <dotchess-game>: a game viewer. The game: `src="GAME.pgn"`, or the element's text (or a child
// `<script type="application/x-chess-pgn">`); `game="2"` its second game; `variant` for a file
// that names none. `view="hemispheres chart"`: a board per view; any other attribute is an
// option of every board (`width`, `theme`, `coordinates`, …). The move list in SAN with move
// numbers, glyphs, comments and variations; ←/→, Home/End, a click on a move, or the buttons
// step; "Flip" turns the boards (`orientation = black`). Each board is the position after the
// ply as `dotchess render GAME --ply N` draws it — what `dotchess animate` draws on that frame:
// the last move's route, check, the comment's arrows and circles.

import { ready, readGame } from "./api.js";
import { optionPairs, childText, showError, addStyle } from "./common.js";

export class DotchessGame extends HTMLElement {
  constructor() {
    super();
    this.game = null; // the game as read (readGame)
    this.ply = 0; // the plies played on the boards
    this.flipped = false;
    this.svgs = []; // each board's SVG, as the library wrote it
    this.error = null;
    this.cache = new Map();
  }

  connectedCallback() {
    addStyle();
    if (this.built) return;
    this.built = true;
    const text = childText(this, "[type='application/x-chess-pgn']") ?? this.textContent;
    this.replaceChildren();
    this.view = document.createElement("div");
    this.appendChild(this.view);
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    this.addEventListener("keydown", (ev) => this.key(ev));
    this.loaded = this.load(text);
  }

  async load(inline) {
    try {
      const src = this.getAttribute("src");
      let pgn = inline;
      let name = "game.pgn";
      if (src) {
        const r = await fetch(src);
        if (!r.ok) throw new Error(`${src}: ${r.status} ${r.statusText}`);
        pgn = await r.text();
        name = src.split("/").pop();
      }
      await ready;
      this.game = readGame(pgn, { variant: this.getAttribute("variant") || "", game: Number(this.getAttribute("game") || 1), name });
      this.build();
      this.go(Number(this.getAttribute("ply") ?? 0));
    } catch (e) {
      this.error = showError(this, this.view, e);
    }
  }

  // The views of the boards (`view="hemispheres chart"`), at least one.
  views() {
    const v = (this.getAttribute("view") || "hemispheres").split(/\s+/).filter(Boolean);
    return v.length ? v : ["hemispheres"];
  }

  build() {
    const g = this.game;
    this.boards = this.views().map(() => el("div", "dc-board"));
    const boards = el("div", "dc-boards");
    boards.append(...this.boards);
    const bar = el("div", "dc-bar");
    const button = (label, title, act) => {
      const b = el("button", "", label);
      b.type = "button";
      b.title = title;
      b.addEventListener("click", act);
      bar.append(b);
    };
    button("«", "Start (Home)", () => this.go(0));
    button("‹", "Back (←)", () => this.go(this.ply - 1));
    button("›", "Forward (→)", () => this.go(this.ply + 1));
    button("»", "End (End)", () => this.go(g.plies.length));
    button("Flip", "Turn the boards", () => this.flip());
    this.list = el("div", "dc-moves");
    if (g.intro.text) this.list.append(el("span", "dc-comment", g.intro.text), " ");
    line(this.list, g.plies, []);
    this.list.append(el("span", "dc-result", g.result));
    this.list.addEventListener("click", (ev) => {
      const m = ev.target.closest(".dc-move");
      if (m && m.dataset.ply) this.go(Number(m.dataset.ply));
      else if (m && m.dataset.path) this.goVariation(m);
    });
    // (The game's caption is each board's title.)
    this.view.replaceChildren(boards, bar, this.list);
  }

  key(ev) {
    const to = { ArrowLeft: this.ply - 1, ArrowRight: this.ply + 1, Home: 0, End: this.game?.plies.length }[ev.key];
    if (to === undefined || !this.game) return;
    ev.preventDefault();
    this.go(to);
  }

  flip() {
    this.flipped = !this.flipped;
    this.go(this.ply);
  }

  // The boards at a move of a variation (its `data-path`); the arrows step on from the main
  // line's ply shown before.
  goVariation(m) {
    const path = m.dataset.path.split(" ").map(Number);
    const over = { view: "" };
    if (this.flipped) over.orientation = "black";
    this.svgs = this.views().map((v, i) => {
      over.view = v;
      const svg = this.game.svgInVariation(path, Object.fromEntries(pairs(optionPairs(this, over))));
      this.boards[i].innerHTML = svg;
      return svg;
    });
    for (const c of this.list.querySelectorAll(".dc-current")) c.classList.remove("dc-current");
    m.classList.add("dc-current");
  }

  // The boards after `k` plies (clamped to the game).
  go(k) {
    const n = this.game.plies.length;
    this.ply = Math.max(0, Math.min(n, k));
    this.svgs = this.views().map((v, i) => {
      const svg = this.svgAt(this.ply, v);
      this.boards[i].innerHTML = svg;
      return svg;
    });
    for (const m of this.list.querySelectorAll(".dc-current")) m.classList.remove("dc-current");
    const cur = this.list.querySelector(`.dc-move[data-ply="${this.ply}"]`);
    if (cur) {
      cur.classList.add("dc-current");
      // Within the move list only: the page itself does not move.
      const list = this.list;
      const top = cur.offsetTop; // the list is the offset parent (position: relative)
      if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
    this.dispatchEvent(new CustomEvent("dotchess-ply", { detail: this.ply, bubbles: true }));
    this.prefetch();
  }

  svgAt(ply, view) {
    const key = `${ply} ${view} ${this.flipped}`;
    let svg = this.cache.get(key);
    if (svg === undefined) {
      const over = { view };
      if (this.flipped) over.orientation = "black";
      svg = this.game.svg(ply, Object.fromEntries(pairs(optionPairs(this, over))));
      this.cache.set(key, svg);
    }
    return svg;
  }

  // The next and previous plies drawn while the reader reads, so that a step shows at once.
  prefetch() {
    clearTimeout(this.later);
    this.later = setTimeout(() => {
      for (const k of [this.ply + 1, this.ply - 1]) {
        if (k < 0 || k > this.game.plies.length) continue;
        for (const v of this.views()) this.svgAt(k, v);
      }
    }, 0);
  }
}

function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// A line of plies into `to`: main-line moves are steps (`data-ply`), a variation's moves carry
// their path (`data-path`, [i, v, j, …]: see readGame's svgInVariation); `at` is the path of the
// variation `plies` is (empty for the main line).
function line(to, plies, at) {
  let broken = true; // the line starts, or a comment or variation came between
  plies.forEach((p, i) => {
    const black = p.number.endsWith("...");
    if (!black || broken) to.append(el("span", "dc-number", p.number), " ");
    broken = !!p.note.text || p.variations.length > 0;
    const m = el("span", "dc-move", p.san + (p.glyph || ""));
    if (at.length === 0) m.dataset.ply = String(i + 1);
    else m.dataset.path = [...at, i].join(" ");
    to.append(m, " ");
    if (p.note.text) to.append(el("span", "dc-comment", p.note.text), " ");
    for (const [k, v] of p.variations.entries()) {
      const box = el("span", "dc-variation");
      box.append("( ");
      line(box, v, [...at, i, k]);
      box.append(") ");
      to.append(box);
    }
  });
}
