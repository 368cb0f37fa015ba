// The move list, as lichess shows an analysis: the main line's moves in a row with their numbers,
// each position's other moves (its variations) in parentheses below the move they replace, nested
// as deep as they go; the move on the board marked; a click on a move goes to it.

import { onLine } from './tree.js';

/** @typedef {import('./tree.js').Node} Node */

/**
 * The move number of a ply, and whether White plays it.
 * @param {string} fen the start
 * @param {number} depth the ply, from 0
 */
function numberOf(fen, depth) {
  const fields = fen.split(/\s+/);
  const half = depth + (fields[1] === 'b' ? 1 : 0);
  return { number: (Number(fields[5]) || 1) + Math.floor(half / 2), white: half % 2 === 0 };
}

/**
 * Draws the tree into `box`.
 * @param {HTMLElement} box
 * @param {Node} root
 * @param {{path: string[], line: string[], pick: (path: string[]) => void}} at the move on the
 *   board (its path), the line shown, and what a click on a move does
 */
export function showTree(box, root, at) {
  box.textContent = '';
  const move = (/** @type {Node} */ n, /** @type {string[]} */ path, /** @type {boolean} */ numbered) =>
    moveElement(root.fen, n, path, numbered, at);
  /**
   * The moves from `n`, into `into`: the main line, each variation in its own block (at the top,
   * below the move it replaces and the main line going on below it; inside a variation, inline).
   * @param {Node} n
   * @param {string[]} path
   * @param {HTMLElement} into
   * @param {boolean} numbered
   * @param {boolean} top
   */
  const line = (n, path, into, numbered, top) => {
    const newRow = () => {
      const r = document.createElement('div');
      r.className = 'line';
      into.append(r);
      return r;
    };
    let row = top ? newRow() : into;
    while (n.children.length) {
      const [main, ...others] = n.children;
      const p = [...path, main.name];
      row.append(move(main, p, numbered));
      if (main.comment) row.append(comment(main.comment));
      numbered = main.comment !== '';
      for (const o of others) {
        const block = document.createElement('div');
        block.className = 'variation';
        const op = [...path, o.name];
        block.append(move(o, op, true));
        if (o.comment) block.append(comment(o.comment));
        line(o, op, block, o.comment !== '', false);
        (top ? into : row).append(block);
        numbered = true;
      }
      if (others.length && top) row = newRow();
      n = main;
      path = p;
    }
  };
  line(root, [], box, true, true);
  for (const e of box.querySelectorAll('.line:empty')) e.remove();
}

/**
 * A comment's element.
 * @param {string} text
 */
function comment(text) {
  const el = document.createElement('span');
  el.className = 'comment';
  el.textContent = text;
  return el;
}

/**
 * A move's element: its number where a book writes one, its SAN, marked when it is on the board
 * or ahead on the line shown.
 * @param {string} fen the start
 * @param {Node} n
 * @param {string[]} path
 * @param {boolean} numbered whether a move of Black's is numbered (`3… Nf6`)
 * @param {{path: string[], line: string[], pick: (path: string[]) => void}} at
 */
function moveElement(fen, n, path, numbered, at) {
  const { number, white } = numberOf(fen, path.length - 1);
  const el = document.createElement('span');
  el.className = 'move';
  const key = path.join(',');
  el.dataset.path = key;
  el.title = n.name;
  el.textContent = (white ? `${number}. ` : numbered ? `${number}… ` : '') + n.san;
  if (key === at.path.join(',')) el.classList.add('current');
  else if (onLine(at.line, path) && path.length > at.path.length) el.classList.add('ahead');
  el.addEventListener('click', () => at.pick(path));
  return el;
}
