// The browser's history as the page's one history of moves: since a position was set up (a FEN,
// the editor, a PGN, a link opened), the history entries are the moves from the start to the
// deepest one gone to, one entry a move. So Back is Undo and Forward is Redo, whichever is used:
// a move played is a new entry (the entries after it go, as a new page visited drops them), and
// going to a move of another variation goes back to where the lines part, then forward along the
// other. The move tree itself is never lost by going back: each entry knows only which move it
// is; the page keeps the tree (and its figure's options) as they are now.

import { pack, unpack } from './state.js';
import { setBusy } from './net.js';

/**
 * What the page does when the history moves.
 * @typedef {object} Moves
 * @property {(push?: boolean) => void} node go to the history's move (`push`: write an entry)
 * @property {(text: string, idx: number) => void} other an entry of another position set up
 *   earlier: its state (its URL's query form) and its place
 */

/** Most entries written at once for a link opened at a move (one a move, so Back undoes it). */
const MAX_REBUILT = 100;

/**
 * Whether two paths are the same.
 * @param {string[]} a
 * @param {string[]} b
 */
const same = (a, b) => a.length === b.length && a.every((m, i) => b[i] === m);

export class History {
  constructor() {
    /** @type {string[][]} each entry's path (entry i: the first i moves of the deepest line) */
    this.stack = [[]];
    this.idx = 0;
    /** Which setting-up of a position the entries belong to. */
    this.gen = '';
    /** @type {Promise<void>} the URL writes, in order */
    this.writes = Promise.resolve();
    /** @type {Promise<void>} the moves through the history, in order */
    this.navs = Promise.resolve();
    /** @type {string|null} */
    this.written = null;
    /** @type {(() => void)|null} */
    this.arrived = null;
    /** @type {Moves} */
    this.on = { node: () => {}, other: () => {} };
    /** @type {string[]} the line of the link opened (until a move is played) */
    this.hint = [];
  }

  /** The path of the move on the board. */
  path() {
    return this.stack[this.idx];
  }

  /** The path of the deepest move gone to (or the link's line through it): the line is through it. */
  deepest() {
    const top = this.stack[this.stack.length - 1];
    const hint = this.hint;
    return hint.length > top.length && top.every((m, i) => hint[i] === m) ? hint : top;
  }

  /** @param {Moves} on */
  listen(on) {
    this.on = on;
    window.addEventListener('popstate', (e) => this.popped(e.state));
  }

  /**
   * The link's state: its fragment (`#z=…`) unpacked, else an old link's query.
   * @param {(message: string) => void} bad said when the fragment does not read
   * @returns {Promise<{query: URLSearchParams, idx: number|null}>}
   */
  async read(bad) {
    const st = history.state;
    const idx = st && typeof st.idx === 'number' ? st.idx : null;
    const hash = location.hash.replace(/^#/, '');
    if (hash.startsWith('z=')) {
      try {
        return { query: new URLSearchParams(await unpack(hash.slice(2))), idx };
      } catch {
        bad('This link’s state does not read (it was cut short?): the start is shown.');
        return { query: new URLSearchParams(), idx: null };
      }
    }
    return { query: new URLSearchParams(location.search), idx };
  }

  /**
   * A new position set up: a new history of its moves, from `path`.
   * @param {string[]} path
   */
  restart(path) {
    this.hint = [];
    this.gen = String(Date.now()) + Math.random().toString(36).slice(2, 8);
    this.stack = [path];
    this.idx = 0;
  }

  /**
   * The history of a link opened at `path`: the entry's own place when it is one of the page's
   * (a reload, Back to an earlier position), else entries written for each move to it.
   * @param {string[]} path
   * @param {number|null} idx
   * @param {(ply: number) => string} textAt the state's query form at the move `ply` of the path
   * @param {string[]} line the link's line (through the path)
   */
  restore(path, idx, textAt, line) {
    this.entries(path, idx, textAt);
    this.hint = line;
  }

  /**
   * The entries of a link opened at `path` (see `restore`).
   * @param {string[]} path
   * @param {number|null} idx
   * @param {(ply: number) => string} textAt
   */
  entries(path, idx, textAt) {
    const prefixes = path.map((_, i) => path.slice(0, i)).concat([path]);
    const st = history.state;
    if (idx === path.length && st && st.gen) {
      this.gen = st.gen;
      this.stack = prefixes;
      this.idx = path.length;
      return;
    }
    if (path.length > MAX_REBUILT) {
      this.restart(path);
      return;
    }
    this.restart([]);
    this.stack = prefixes;
    this.idx = 0;
    for (let i = 0; i <= path.length; i++) {
      this.idx = i;
      this.write(textAt(i), i > 0);
    }
  }

  /**
   * Writes the state's query form (`text`) into the URL: a new entry (`push`) or the current one.
   * @param {string} text
   * @param {boolean} push
   */
  write(text, push) {
    const mark = { gen: this.gen, idx: this.idx, text };
    setBusy(1);
    this.writes = this.writes.then(async () => {
      if (text === this.written && !push) return;
      const url = text ? '/#z=' + await pack(text) : '/';
      if (push) history.pushState(mark, '', url);
      else history.replaceState(mark, '', url);
      this.written = text;
    }).catch(() => {}).finally(() => setBusy(-1));
  }

  /**
   * A move played from the move on the board: its entry follows (the entries after go).
   * @param {string[]} path
   */
  push(path) {
    if (!same(path, this.hint.slice(0, path.length))) this.hint = [];
    this.stack = this.stack.slice(0, this.idx + 1);
    this.stack.push(path);
    this.idx += 1;
  }

  /**
   * Goes `n` entries back (negative) or forward, once the URL writes before are done.
   * @param {number} n
   */
  async travel(n) {
    await this.writes;
    await new Promise((arrived) => {
      this.arrived = () => arrived(undefined);
      history.go(n);
    });
  }

  /**
   * An entry gone to (Back, Forward, or the page's own travel).
   * @param {any} st
   */
  popped(st) {
    const arrived = this.arrived;
    this.arrived = null;
    if (st && st.gen === this.gen && this.stack[st.idx]) {
      this.idx = st.idx;
      this.written = null;
      this.on.node();
    } else if (st && typeof st.text === 'string') {
      this.gen = st.gen;
      this.written = st.text;
      this.on.other(st.text, st.idx);
    } else {
      this.written = null;
      this.read(() => {}).then((r) => this.on.other(r.query.toString(), 0));
    }
    if (arrived) arrived();
  }

  /** Undo: the move before (Back, when its entry is there). */
  back() {
    this.navs = this.navs.then(async () => {
      if (this.idx > 0) return this.travel(-1);
      const p = this.path();
      if (!p.length) return;
      this.stack = [p.slice(0, -1)];
      this.on.node();
    });
  }

  /**
   * Redo: the next move of the line shown (Forward, when its entry is there).
   * @param {string[]} line
   */
  forward(line) {
    this.navs = this.navs.then(async () => {
      if (this.idx < this.stack.length - 1) return this.travel(1);
      const p = this.path();
      if (line.length <= p.length) return;
      this.push(line.slice(0, p.length + 1));
      this.on.node(true);
    });
  }

  /**
   * Goes to any move of the tree: back to where its line and the one shown part, then forward.
   * @param {string[]} target
   */
  goTo(target) {
    this.navs = this.navs.then(async () => {
      const cur = this.path();
      let a = 0;
      while (a < cur.length && a < target.length && cur[a] === target[a]) a++;
      const back = cur.length - a;
      if (back > 0 && this.idx - back >= 0) {
        await this.travel(-back);
      } else if (back > 0) {
        this.stack = [target.slice(0, a)];
        this.idx = 0;
        if (a === target.length) return this.on.node();
      }
      const k = target.length - a;
      if (k === 0) return;
      const ahead = this.stack[this.idx + k];
      if (ahead && same(ahead, target)) return this.travel(k);
      for (let i = a + 1; i <= target.length; i++) {
        this.push(target.slice(0, i));
        this.on.node(true);
      }
    });
  }
}
