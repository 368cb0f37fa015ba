// The moves played as a tree, as lichess keeps them: each position's moves in the order they
// were first played (the first is its main line, the others its variations). No rules here: each
// move's SAN and the position after it are the rules core's answers (/play.json, /pgn.json); the
// tree only keeps them, writes them (a link's `tree` key, a PGN) and walks them.

/**
 * A position of the tree and the move that led to it (none at the root).
 * @typedef {object} Node
 * @property {string} name the move in SPEC §4's coordinates (`e2e4`), '' at the root
 * @property {string} san its SAN (`e4`)
 * @property {string} fen the position after it
 * @property {string} lastmove the figure's `lastmove` for it
 * @property {string} comment the words of a PGN comment after it
 * @property {Node[]} children the moves from here: the main line first
 */

/**
 * A move as the rules core answers it.
 * @typedef {{name: string, san: string, fen: string, lastmove: string}} Move
 */

/**
 * @param {string} fen the start
 * @returns {Node}
 */
export function rootOf(fen) {
  return { name: '', san: '', fen, lastmove: '', comment: '', children: [] };
}

/**
 * The node a path of move names leads to; null when there is none.
 * @param {Node} root
 * @param {string[]} path
 * @returns {Node|null}
 */
export function nodeAt(root, path) {
  let n = root;
  for (const name of path) {
    const next = n.children.find((c) => c.name === name);
    if (!next) return null;
    n = next;
  }
  return n;
}

/**
 * Plays a move after the node at `path`: a move already there is gone to, a new one becomes the
 * last of its variations (the first move from a position is its main line).
 * @param {Node} root
 * @param {string[]} path
 * @param {Move} move
 * @returns {string[]} the path of the move's node
 */
export function addMove(root, path, move) {
  const at = nodeAt(root, path);
  if (!at) throw new Error(`no move ${path.join(' ')} in the tree`);
  if (!at.children.some((c) => c.name === move.name)) {
    at.children.push({ name: move.name, san: move.san, fen: move.fen, lastmove: move.lastmove, comment: '',
      children: [] });
  }
  return [...path, move.name];
}

/**
 * The line through `path` to its end: the path, then each position's main line.
 * @param {Node} root
 * @param {string[]} path
 * @returns {string[]}
 */
export function lineThrough(root, path) {
  const out = [...path];
  let n = nodeAt(root, path);
  while (n && n.children.length) {
    n = n.children[0];
    out.push(n.name);
  }
  return out;
}

/**
 * Whether `line` goes through `path` (the path is the line's start).
 * @param {string[]} line
 * @param {string[]} path
 */
export function onLine(line, path) {
  return path.length <= line.length && path.every((m, i) => line[i] === m);
}

/**
 * The tree's moves in a link's `tree` key: names separated by commas, a position's variations
 * in parentheses after the main line's move, as PGN writes them: `e2e4,e7e5(c7c5,g1f3),g1f3`.
 * @param {Node} root
 * @returns {string}
 */
export function writeTree(root) {
  /** @param {Node} n the position whose moves are written */
  const line = (n) => {
    const parts = [];
    while (n.children.length) {
      const [main, ...others] = n.children;
      let item = main.name;
      for (const o of others) item += '(' + [o.name, line(o)].filter(Boolean).join(',') + ')';
      parts.push(item);
      n = main;
    }
    return parts.join(',');
  };
  return line(root);
}

/**
 * A move tree's skeleton (names only), as a link's `tree` key holds it.
 * @typedef {{name: string, children: Skeleton[]}} Skeleton
 */

/**
 * Reads a `tree` key; throws an Error saying where it does not read.
 * @param {string} text
 * @returns {Skeleton} the root
 */
export function readTree(text) {
  /** @type {Skeleton} */
  const root = { name: '', children: [] };
  // The position moves go from, for each open parenthesis and the line being read.
  const stack = [];
  let at = root;
  let last = null;
  const re = /\s*([^,()\s]+|[,()])/gy;
  let m;
  while ((m = re.exec(text)) !== null) {
    const tok = m[1];
    if (tok === ',') continue;
    if (tok === '(') {
      if (!last) throw new Error(`tree: a variation must follow a move (column ${m.index + 1})`);
      stack.push([at, last]);
      // The variation replaces the last move: it starts from that move's position.
      at = findParent(root, last) || root;
      last = null;
    } else if (tok === ')') {
      const top = stack.pop();
      if (!top) throw new Error(`tree: a \`)\` without its \`(\` (column ${m.index + 1})`);
      [at, last] = top;
    } else {
      let child = at.children.find((c) => c.name === tok);
      if (!child) {
        child = { name: tok, children: [] };
        at.children.push(child);
      }
      last = child;
      at = child;
    }
  }
  if (stack.length) throw new Error('tree: a `(` is not closed');
  return root;
}

/**
 * The node whose child `node` is.
 * @param {Skeleton} root
 * @param {Skeleton} node
 * @returns {Skeleton|null}
 */
function findParent(root, node) {
  const todo = [root];
  while (todo.length) {
    const n = /** @type {Skeleton} */ (todo.pop());
    if (n.children.includes(node)) return n;
    todo.push(...n.children);
  }
  return null;
}

/**
 * The paths from the root to each leaf (the lines to ask the rules core for).
 * @param {Skeleton} root
 * @returns {string[][]}
 */
export function leaves(root) {
  /** @type {string[][]} */
  const out = [];
  // Depth first, each position's moves in order: its main line's leaves come first.
  /** @type {[Skeleton, string[]][]} */
  const todo = [[root, []]];
  while (todo.length) {
    const [n, path] = /** @type {[Skeleton, string[]]} */ (todo.pop());
    if (!n.children.length && path.length) out.push(path);
    for (const c of [...n.children].reverse()) todo.push([c, [...path, c.name]]);
  }
  return out;
}

/**
 * A tree from lines the rules core played (each line's moves from the start), in the order of
 * `lines` (which keeps each position's main line first).
 * @param {string} fen the start
 * @param {Move[][]} lines
 * @returns {Node}
 */
export function fromLines(fen, lines) {
  const root = rootOf(fen);
  for (const line of lines) {
    /** @type {string[]} */
    let path = [];
    for (const m of line) path = addMove(root, path, m);
  }
  return root;
}

/**
 * A tree from the rules core's reading of a PGN (/pgn.json): its nodes in the file's order,
 * each naming its parent (-1: the start).
 * @param {string} fen the start
 * @param {(Move & {parent: number, comment?: string})[]} nodes
 * @returns {Node}
 */
export function fromNodes(fen, nodes) {
  const root = rootOf(fen);
  /** @type {Node[]} */
  const made = [];
  for (const n of nodes) {
    const parent = n.parent < 0 ? root : made[n.parent];
    if (!parent) throw new Error(`pgn: node ${made.length} names no earlier parent`);
    const node = { name: n.name, san: n.san, fen: n.fen, lastmove: n.lastmove, comment: n.comment || '', children: [] };
    parent.children.push(node);
    made.push(node);
  }
  return root;
}

/**
 * A PGN tag value.
 * @param {string} v
 */
function tagValue(v) {
  return '"' + v.replace(/[\\"]/g, '\\$&') + '"';
}

/**
 * The tree as a PGN: the tags, then the main line with each variation in parentheses after the
 * move it replaces and comments in braces, move numbers as a book writes them.
 * @param {Node} root
 * @param {{variant: string, fen: string, startFen: string}} game `fen`: the start, `startFen`:
 *   the variant's own start (no FEN tag when they are the same)
 * @returns {string}
 */
export function toPgn(root, game) {
  const tags = [['Event', '?'], ['Site', 'dotchess workbench'], ['Result', '*'], ['Variant', game.variant]];
  if (game.fen !== game.startFen) tags.push(['SetUp', '1'], ['FEN', game.fen]);
  const fields = game.fen.split(/\s+/);
  const firstWhite = fields[1] !== 'b';
  const firstNumber = Number(fields[5]) || 1;
  /**
   * The move number of the `depth`th ply (from 0), and whether White plays it.
   * @param {number} depth
   */
  const numberOf = (depth) => {
    const half = depth + (firstWhite ? 0 : 1);
    return { number: firstNumber + Math.floor(half / 2), white: half % 2 === 0 };
  };
  /** @type {string[]} */
  const words = [];
  const comment = (/** @type {Node} */ n) => {
    if (n.comment) words.push('{ ' + n.comment.replace(/}/g, ')') + ' }');
  };
  /**
   * Writes the moves from `n` (at ply `depth`), the first with its number.
   * @param {Node} n
   * @param {number} depth
   * @param {boolean} numbered whether a move of Black's needs its number (`3...`)
   */
  const line = (n, depth, numbered) => {
    while (n.children.length) {
      const [main, ...others] = n.children;
      const { number, white } = numberOf(depth);
      if (white) words.push(`${number}.`);
      else if (numbered) words.push(`${number}...`);
      words.push(main.san);
      comment(main);
      for (const o of others) {
        words.push('(');
        const { number: k, white: w } = numberOf(depth);
        words.push(w ? `${k}.` : `${k}...`, o.san);
        comment(o);
        line(o, depth + 1, o.comment !== '');
        words.push(')');
      }
      numbered = others.length > 0 || main.comment !== '';
      n = main;
      depth += 1;
    }
  };
  line(root, 0, true);
  words.push('*');
  const head = tags.map(([k, v]) => `[${k} ${tagValue(v)}]`).join('\n');
  const body = words.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
  return head + '\n\n' + wrap(body) + '\n';
}

/**
 * Text wrapped at 79 columns at spaces.
 * @param {string} text
 */
function wrap(text) {
  const lines = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > 79) {
      lines.push(line);
      line = w;
    } else {
      line = line ? line + ' ' + w : w;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/**
 * The PGN of one line (the moves of `line` from the start): what a replay plays.
 * @param {Node} root
 * @param {string[]} line
 * @param {{variant: string, fen: string, startFen: string}} game
 */
export function linePgn(root, line, game) {
  const only = rootOf(root.fen);
  let from = root;
  let to = only;
  for (const name of line) {
    const next = from.children.find((c) => c.name === name);
    if (!next) break;
    const copy = { ...next, children: [] };
    to.children.push(copy);
    to = copy;
    from = next;
  }
  return toPgn(only, game);
}
