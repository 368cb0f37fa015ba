// The workbench page: its elements, the figures drawn by the server's image API, and the game
// asked of the rules core (/moves.json, /play.json, /edit.json, /pgn.json). No rules and no
// drawing here: the page keeps the state (state.js) and the move tree (tree.js), shows the
// server's SVG and turns a person's input (input.js, keys, paste) into query keys and overlay
// marks.

import * as S from './state.js';
import * as T from './tree.js';
import { showTree } from './moves.js';
import { attachPanel } from './input.js';
import { getJson, send, setBusy, sequencer, report } from './net.js';
import { History } from './history.js';
import { exportFile, copyText } from './exports.js';
import { showError, markLine, statusLine } from './notes.js';

/** @typedef {import('./tree.js').Node} Node */
/** @typedef {import('./tree.js').Move} Move */

/**
 * A variant as /variants.json describes it.
 * @typedef {{name: string, title: string, files: number, ranks: number, poles: boolean,
 *   start: string, pieces: {letter: string, name: string}[], sides: string[]}} Variant
 */

// Promotion choices in the order lichess offers them.
const PROMOTION_ORDER = 'QRBN';
// Lichess's brushes for shapes drawn with a modifier key (plain: the theme's arrow colour).
const BRUSHES = { shift: '#882020', alt: '#003088', both: '#e68f00' };

/** @type {S.State} */
let state = S.initial();
/** @type {Variant[]} */
let variants = [];
/** The moves played, from the start (`state.start`). */
let root = T.rootOf('');
/** @type {Record<string, Move[]>} a cell: the chosen piece's moves there, from /moves.json */
let dests = {};
/** The board editor's piece ('' = play, '-' = empty the cell). */
let tool = '';
const history = new History();
const latestMoves = sequencer();

/**
 * An element of the page.
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);

/**
 * Whether a view takes a key of its own (`rotation`, `longitude`), as the server lists them.
 * @param {string} view
 * @param {string} key
 */
const takes = (view, key) => (S.config.only[key] || []).includes(view);
/**
 * A view seen from a point of the ball (the globe: latitude and longitude) is turned by dragging.
 * @param {string} view
 */
const isBall = (view) => takes(view, 'longitude');

// ---- the state and the URL ------------------------------------------------------------------

function variantInfo() {
  return variants.find((v) => v.name === state.variant) || variants[0];
}

function currentFen() {
  return state.fen || (variantInfo() ? variantInfo().start : '');
}

function startFen() {
  return state.start || currentFen();
}

/** The move tree's part of the state (`tree`, `line`, `ply`), from the tree and the history. */
function treeToState() {
  state.tree = T.writeTree(root);
  state.line = T.lineThrough(root, history.deepest());
  state.ply = history.path().length;
}

/**
 * The state with the move `path` on the board (the URL of its history entry).
 * @param {string[]} path
 * @returns {S.State}
 */
function stateAt(path) {
  const n = T.nodeAt(root, path) || root;
  return { ...state, fen: n === root ? state.start : n.fen, lastmove: n.lastmove, square: '', ply: path.length };
}

/**
 * Writes the state into the URL: a new history entry (`push`) or the current one.
 * @param {boolean} [push]
 */
function writeUrl(push) {
  treeToState();
  history.write(S.stateQuery(state).toString(), Boolean(push));
}

// ---- figures ---------------------------------------------------------------------------------

/** One view's drawing: at most one request in flight; a change meanwhile asks for one more. */
const drawing = new Map();

function layoutPanels() {
  const box = $('views');
  const want = S.panelViews(state).map((v) => v || 'overlay');
  const have = [...box.children].map((p) => p.dataset.view);
  if (want.join() === have.join()) return;
  box.textContent = '';
  for (const v of want) {
    const p = document.createElement('figure');
    p.className = 'panel';
    p.dataset.view = v;
    p.dataset.drawn = '0';
    p.tabIndex = 0;
    p.setAttribute('aria-label', v + ' view');
    const holder = document.createElement('div');
    holder.className = 'figure';
    const cap = document.createElement('figcaption');
    cap.textContent = v === 'overlay' ? 'the overlay’s panels' : v;
    p.append(holder, cap);
    box.append(p);
    attachPanel(p, panelActions(v));
  }
}

/**
 * Draws every panel again and writes the URL.
 * @param {boolean} [push]
 */
function redrawAll(push) {
  layoutPanels();
  for (const p of $('views').children) redraw(p);
  writeUrl(push);
}

/**
 * The selected piece's cell, highlighted in a panel (as lichess does), by the page's style.
 * @param {Element} panel
 */
function markSelected(panel) {
  for (const e of panel.querySelectorAll('.selected')) e.classList.remove('selected');
  if (!state.square) return;
  for (const e of panel.querySelectorAll(`.cell[data-cell="${CSS.escape(state.square)}"]`)) {
    e.classList.add('selected');
  }
}

/**
 * The figures side by side at one height, as an export lays its panels out in a row (so that a
 * view's size against another's is the same on the page and in the file): the tallest height
 * that fits the window and puts them all in one row. A narrow window (a phone) swipes through
 * them one at a time instead.
 */
function fitRow() {
  const box = $('views');
  const svgs = [...box.querySelectorAll('.panel .figure > svg')];
  const ratios = svgs.map((svg) => {
    const v = svg.viewBox && svg.viewBox.baseVal;
    return v && v.height ? v.width / v.height : 1;
  });
  const narrow = window.matchMedia('(max-width: 900px)').matches;
  // Each panel's padding and border, and the gaps between them.
  const room = box.clientWidth - svgs.length * 24 - (svgs.length - 1) * 16;
  const tall = window.innerHeight - 7.5 * 15;
  const height = Math.max(120, Math.min(tall, room / ratios.reduce((a, b) => a + b, 0)));
  svgs.forEach((svg, i) => {
    svg.style.height = narrow ? '' : `${Math.floor(height)}px`;
    svg.style.width = narrow ? '' : `${Math.floor(height * ratios[i])}px`;
  });
}

/** @param {HTMLElement} panel */
async function redraw(panel) {
  const key = panel.dataset.view;
  const d = drawing.get(key) || { running: false, again: false };
  drawing.set(key, d);
  if (d.running) {
    d.again = true;
    return;
  }
  d.running = true;
  setBusy(1);
  try {
    do {
      d.again = false;
      const q = S.figureQuery(state, key === 'overlay' ? null : key);
      const overlay = state.overlay.trim();
      const r = await send('/figure.svg?' + q.toString(),
        overlay ? { method: 'POST', body: state.overlay, headers: { 'content-type': 'application/toml' } } : {});
      const text = await r.text();
      if (d.again) continue;
      if (r.ok) {
        panel.querySelector('.figure').innerHTML = text;
        panel.dataset.drawn = String(Number(panel.dataset.drawn) + 1);
        panel.classList.remove('stale');
        markSelected(panel);
        fitRow();
        showError(null);
      } else {
        // The last good figure stays; the error says where the input is wrong.
        panel.classList.add('stale');
        showError(JSON.parse(text));
      }
    } while (d.again);
  } catch {
    panel.classList.add('stale');
  } finally {
    d.running = false;
    setBusy(-1);
  }
}

// ---- the overlay editor ----------------------------------------------------------------------

let overlayTimer = 0;
function overlayEdited() {
  markLine(Number($('overlay-error').dataset.line || 0));
  clearTimeout(overlayTimer);
  overlayTimer = window.setTimeout(() => {
    state.overlay = $('overlay').value;
    redrawAll();
  }, 300);
}

/**
 * @param {string} from
 * @param {string} to
 * @param {{shiftKey: boolean, altKey: boolean}} e
 */
function drawShape(from, to, e) {
  const colour = e.shiftKey && e.altKey ? BRUSHES.both : e.shiftKey ? BRUSHES.shift : e.altKey ? BRUSHES.alt : '';
  const text = from === to ? S.toggleMark(state.overlay, 'circles', from, colour)
    : S.toggleMark(state.overlay, 'arrows', `${from}:${to}`, colour);
  state.overlay = text;
  $('overlay').value = text;
  markLine(0);
  redrawAll();
}

// ---- the game: pieces, dots, moves -----------------------------------------------------------

/** The legal moves (of the chosen piece) asked again; only the latest answer is used. */
async function refreshMoves() {
  const q = new URLSearchParams({ variant: state.variant });
  if (state.fen) q.set('fen', state.fen);
  if (state.square) q.set('square', state.square);
  const r = await latestMoves(() => getJson('/moves.json?' + q.toString()));
  if (!r) return;
  dests = {};
  if (!r.ok) {
    // A position that does not read has no side to move: the old status would mislead.
    statusLine(null);
    if (!r.offline) showError(r.body);
    return;
  }
  statusLine(r.body.status);
  for (const d of r.body.destinations || []) {
    dests[d.cell] = r.body.moves.filter((/** @type {Move} */ m) => d.moves.includes(m.name));
  }
}

/** @param {string} square the piece chosen ('' none) */
async function choose(square) {
  state.square = square;
  $('promotion').hidden = true;
  for (const p of $('views').children) markSelected(p);
  await refreshMoves();
  redrawAll();
}

/** @param {Move} m a move of the position shown */
function play(m) {
  if (!state.start) state.start = currentFen();
  if (!root.fen) root = T.rootOf(state.start);
  const path = T.addMove(root, history.path(), m);
  history.push(path);
  showNode(true);
}

/**
 * Shows the node the history is at: its position, the move list, the figures.
 * @param {boolean} [push] a new history entry for it
 */
function showNode(push) {
  const n = T.nodeAt(root, history.path()) || root;
  state.fen = n === root ? state.start : n.fen;
  state.lastmove = n.lastmove;
  state.square = '';
  dests = {};
  $('promotion').hidden = true;
  showMoves();
  syncInputs();
  refreshMoves();
  redrawAll(push);
}

/**
 * The piece a promotion makes (`e8=Q` → Q, or q when Black plays it).
 * @param {Move} m
 */
function promotionPiece(m) {
  const letter = (m.san.match(/=([A-Z])/) || m.name.match(/([a-z])$/) || [])[1] || '';
  const black = currentFen().split(/\s+/)[1] === 'b';
  return black ? letter.toLowerCase() : letter.toUpperCase();
}

/**
 * @param {string} letter
 * @param {string} alt
 */
function pieceImage(letter, alt) {
  const img = document.createElement('img');
  const q = new URLSearchParams({ variant: state.variant, piece: letter });
  if (state.theme) q.set('theme', state.theme);
  img.src = '/piece.svg?' + q.toString();
  img.alt = alt;
  img.width = 40;
  img.height = 40;
  return img;
}

/** @param {Move[]} moves the moves to one cell: one is played, several (a promotion) offered */
function offer(moves) {
  if (moves.length === 1) return play(moves[0]);
  const box = $('promotion');
  box.textContent = '';
  const rank = (/** @type {Move} */ m) => {
    const i = PROMOTION_ORDER.indexOf(promotionPiece(m).toUpperCase());
    return i < 0 ? PROMOTION_ORDER.length : i;
  };
  for (const m of [...moves].sort((a, b) => rank(a) - rank(b))) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'promote';
    b.title = m.san;
    b.dataset.move = m.name;
    b.append(pieceImage(promotionPiece(m), m.san));
    b.addEventListener('click', () => play(m));
    box.append(b);
  }
  box.hidden = false;
}

function showMoves() {
  treeToState();
  showTree($('moves-list'), root, { path: history.path(), line: state.line, pick: (p) => history.goTo(p) });
  const current = $('moves-list').querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
  $('undo').disabled = history.path().length === 0;
  $('redo').disabled = history.path().length >= state.line.length;
}

/**
 * A new position from the FEN box, the editor, the variant picker or a pasted PGN: a new move
 * tree (`tree`: a PGN's, else none) and a new history entry, so that Back goes to the one before.
 * @param {string} fen
 * @param {Node} [tree]
 */
function newPosition(fen, tree) {
  // A message about the link opened goes once another position is set up.
  $('link-error').hidden = true;
  state.fen = fen;
  state.start = tree ? tree.fen : '';
  root = tree || T.rootOf('');
  state.square = '';
  state.lastmove = '';
  dests = {};
  history.restart([]);
  showMoves();
  syncInputs();
  refreshMoves();
  redrawAll(true);
}

/** @param {Record<string, string>} params the edit (/edit.json's keys) */
async function edit(params) {
  const q = new URLSearchParams({ variant: state.variant, fen: currentFen(), ...params });
  const r = await getJson('/edit.json?' + q.toString());
  if (!r.ok) return r.offline ? undefined : showError(r.body);
  newPosition(r.body.fen === variantInfo().start ? '' : r.body.fen);
}

/**
 * The piece drawn on a cell ('' none), as the figure names it (`data-piece`).
 * @param {string} cell
 */
function pieceLetter(cell) {
  const el = document.querySelector(`#views .piece[data-cell="${CSS.escape(cell)}"]`);
  return (el && el.getAttribute('data-piece')) || '';
}

/**
 * What a press, a release, a shape and a turn do on a panel of `view`.
 * @param {string} view
 * @returns {import('./input.js').PanelActions}
 */
function panelActions(view) {
  /** Whether the press chose its piece itself (a release on it then keeps it chosen). */
  let chosenByPress = false;
  return {
    ball: isBall(view),
    turn: (dx, dy) => turnBy(view, dx, dy),
    shape: drawShape,
    press(cell) {
      chosenByPress = false;
      if (tool) return pieceLetter(cell) !== '';
      if (state.square && dests[cell]) return false;
      if (pieceLetter(cell) && cell !== state.square) {
        chosenByPress = true;
        choose(cell);
      }
      return pieceLetter(cell) !== '';
    },
    release(from, to, dragged) {
      if (tool) return editorRelease(from, to, dragged);
      if (!dragged) return clicked(from, chosenByPress);
      if (to && to !== from && dests[to] && state.square === from) return offer(dests[to]);
      // A piece dropped on no move of its: it stays chosen, as lichess leaves it.
    },
  };
}

/**
 * A click (a press and a release without a drag) on a cell in play.
 * @param {string} cell
 * @param {boolean} chosenByPress the press chose the piece on it
 */
function clicked(cell, chosenByPress) {
  if (chosenByPress) return;
  if (state.square && dests[cell]) return offer(dests[cell]);
  // The chosen piece clicked again, or an empty cell: nothing chosen.
  if (state.square) choose('');
}

/**
 * The board editor: a click puts the chosen piece (or empties the cell), a drag moves a piece.
 * @param {string} from
 * @param {string|null} to
 * @param {boolean} dragged
 */
async function editorRelease(from, to, dragged) {
  if (!dragged) return edit({ cell: from, piece: tool });
  const letter = pieceLetter(from);
  if (!to || to === from || !letter) return;
  const q = new URLSearchParams({ variant: state.variant, fen: currentFen(), cell: from, piece: '-' });
  const r = await getJson('/edit.json?' + q.toString());
  if (!r.ok) return r.offline ? undefined : showError(r.body);
  const q2 = new URLSearchParams({ variant: state.variant, fen: r.body.fen, cell: to, piece: letter });
  const r2 = await getJson('/edit.json?' + q2.toString());
  if (!r2.ok) return r2.offline ? undefined : showError(r2.body);
  newPosition(r2.body.fen === variantInfo().start ? '' : r2.body.fen);
}

// ---- turning the figures: drag the globe, wheel and Shift+arrows -------------------------------

/** @param {number} r a rotation in files, brought into [0, files) */
function wrapFiles(r) {
  const w = variantInfo().files;
  return Math.round((((r % w) + w) % w) * 100) / 100;
}

/**
 * @param {string} view
 * @param {number} dx
 * @param {number} dy
 */
function turnBy(view, dx, dy) {
  if (isBall(view)) {
    state.longitude = Math.round(((((S.valueOf(state, 'longitude') - dx) % 360) + 360) % 360) * 10) / 10;
    state.latitude = Math.max(-90, Math.min(90, Math.round((S.valueOf(state, 'latitude') + dy) * 10) / 10));
  } else if (takes(view, 'rotation')) {
    state.rotation = wrapFiles(S.valueOf(state, 'rotation') + dx);
  } else {
    return false;
  }
  for (const p of $('views').children) {
    if (p.dataset.view === view) redraw(p);
  }
  writeUrl();
  return true;
}

// ---- PGN and FEN in and out ------------------------------------------------------------------

/** The game's description for a PGN. */
function pgnGame() {
  return { variant: state.variant, fen: startFen(), startFen: variantInfo().start };
}

/** The PGN of the whole tree. */
export function pgnText() {
  return T.toPgn(root.fen ? root : T.rootOf(startFen()), pgnGame());
}

/**
 * A pasted text: a FEN (one line with `/`), else a PGN read by the rules core.
 * @param {string} text
 */
async function pasted(text) {
  const t = text.trim();
  if (!t) return;
  if (!t.includes('\n') && /^[^[\s]*\/[^\s]*\s+[wb]\b/.test(t)) {
    $('fen').value = t;
    return fenChanged();
  }
  const r = await getJson('/pgn.json?' + new URLSearchParams({ variant: state.variant }).toString(),
    { method: 'POST', body: t, headers: { 'content-type': 'application/vnd.chess-pgn' } });
  if (!r.ok) {
    if (!r.offline) showError({ ...r.body, key: 'pgn', error: 'PGN: ' + r.body.error });
    return;
  }
  state.variant = r.body.variant;
  buildPalette();
  const tree = T.fromNodes(r.body.fen, r.body.nodes);
  newPosition(r.body.fen === variantInfo().start ? '' : r.body.fen, tree);
}

function fenChanged() {
  const f = $('fen').value.trim();
  if (f !== currentFen()) newPosition(f === variantInfo().start ? '' : f);
}

// ---- the side panel --------------------------------------------------------------------------

function syncInputs() {
  $('fen').value = currentFen();
  $('variant').value = state.variant;
  for (const k of ['width', 'theme', 'coordinates', 'orientation', 'kind']) {
    $(k).value = state[/** @type {'theme'} */ (k)];
  }
  if ($('overlay').value !== state.overlay) $('overlay').value = state.overlay;
  markLine(0);
  for (const b of $('view-picker').querySelectorAll('input')) b.checked = state.views.includes(b.value);
}

function buildPalette() {
  const box = $('palette');
  box.textContent = '';
  const add = (/** @type {string} */ letter, /** @type {string} */ label, /** @type {string} */ title) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.tool = letter;
    if (/^[a-zA-Z]$/.test(letter)) b.append(pieceImage(letter, title));
    else b.textContent = label;
    b.title = title;
    b.className = letter === tool ? 'chosen' : '';
    b.addEventListener('click', () => {
      tool = letter;
      for (const o of box.children) o.classList.toggle('chosen', o === b);
      document.body.classList.toggle('editing', tool !== '');
    });
    box.append(b);
  };
  add('', 'Play', 'Click or drag pieces to play moves');
  for (const p of variantInfo().pieces) add(p.letter, p.letter, p.name);
  add('-', '∅', 'Empty the cell');
}

function emptyFen() {
  const v = variantInfo();
  const ranks = Array(v.ranks).fill(String(v.files));
  if (v.poles) {
    ranks.unshift('1');
    ranks.push('1');
  }
  return ranks.join('/') + ' w - - 0 1';
}

/** @param {HTMLInputElement} c the view box just changed */
function viewsChosen(c) {
  const boxes = /** @type {HTMLInputElement[]} */ ([...$('view-picker').querySelectorAll('input')]);
  const chosen = boxes.filter((x) => x.checked).map((x) => x.value);
  if (!chosen.length) {
    c.checked = true;
    return;
  }
  state.views = chosen;
  formatButtons();
  redrawAll();
}

/**
 * The keys of the page (outside its text boxes): ← → a move back and forth, ↑ Home the start,
 * ↓ End the line's end, `f` the board seen from the other side; Ctrl+Z, Ctrl+Y undo and redo.
 * @param {KeyboardEvent} e
 */
function pageKey(e) {
  const target = /** @type {Element} */ (e.target);
  if (target.closest && target.closest('input, textarea, select')) return;
  if (e.altKey || e.shiftKey) return;
  const ctrl = e.ctrlKey || e.metaKey;
  /** @type {Record<string, () => void>} */
  const plain = {
    ArrowLeft: () => history.back(), ArrowRight: () => history.forward(state.line),
    ArrowUp: () => history.goTo([]), Home: () => history.goTo([]),
    ArrowDown: () => history.goTo(state.line), End: () => history.goTo(state.line),
    f: () => flip(),
  };
  /** @type {Record<string, () => void>} */
  const withCtrl = { z: () => history.back(), y: () => history.forward(state.line) };
  const act = (ctrl ? withCtrl : plain)[e.key];
  if (!act) return;
  e.preventDefault();
  act();
}

function flip() {
  state.orientation = state.orientation === 'black' ? '' : 'black';
  $('orientation').value = state.orientation;
  redrawAll();
}

function wireGame() {
  $('undo').addEventListener('click', () => history.back());
  $('redo').addEventListener('click', () => history.forward(state.line));
  $('clear-marks').addEventListener('click', () => choose(''));
  document.addEventListener('keydown', pageKey);
  document.addEventListener('paste', (e) => {
    const target = /** @type {Element} */ (e.target);
    if (target.closest && target.closest('input, textarea')) return;
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    if (!text) return;
    e.preventDefault();
    pasted(text);
  });
  $('pgn-in').addEventListener('paste', () => setTimeout(() => pasted($('pgn-in').value), 0));
  $('pgn-load').addEventListener('click', () => pasted($('pgn-in').value));
  $('copy-pgn').addEventListener('click', () => copyText(pgnText(), 'PGN'));
  $('copy-fen').addEventListener('click', () => copyText(currentFen(), 'FEN'));
  $('turn').addEventListener('click', () => edit({ turn: currentFen().split(/\s+/)[1] === 'b' ? 'w' : 'b' }));
  $('start-position').addEventListener('click', () => newPosition(''));
  $('empty-board').addEventListener('click', () => newPosition(emptyFen()));
}

function wireFigure() {
  for (const k of ['width', 'theme', 'coordinates', 'orientation', 'kind']) {
    $(k).addEventListener('change', () => {
      state[/** @type {'theme'} */ (k)] = $(k).value;
      if (k === 'theme') buildPalette();
      if (k === 'kind') formatButtons();
      redrawAll();
    });
  }
  for (const b of $('downloads').querySelectorAll('button')) {
    b.addEventListener('click', () => exportFile(state, b.dataset.download, T.linePgn(root.fen ? root : T.rootOf(startFen()),
      state.line, pgnGame())));
  }
  $('copy-overlay').addEventListener('click', () => copyText($('overlay').value, 'overlay TOML'));
  $('copy-url').addEventListener('click', async () => {
    const url = await S.imageUrl(state, location.origin);
    $('export-note').dataset.url = url || '';
    if (url) copyText(url, 'image URL');
    else $('export-note').textContent = 'the overlay is too long for a URL even packed: POST it as the body';
  });
}

function wire() {
  for (const v of S.config.views) {
    const l = document.createElement('label');
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.value = v;
    c.addEventListener('change', () => viewsChosen(c));
    l.append(c, ' ' + v);
    $('view-picker').append(l);
  }
  for (const v of variants) {
    const o = document.createElement('option');
    o.value = v.name;
    o.textContent = `${v.name} — ${v.title}`;
    $('variant').append(o);
  }
  $('variant').addEventListener('change', () => {
    state.variant = $('variant').value;
    state.rotation = null;
    buildPalette();
    newPosition('');
  });
  $('fen').addEventListener('change', fenChanged);
  $('fen').addEventListener('paste', () => setTimeout(fenChanged, 0));
  $('fen').addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Enter') fenChanged(); });
  $('overlay').addEventListener('input', overlayEdited);
  $('overlay').addEventListener('scroll', () => { $('gutter').scrollTop = $('overlay').scrollTop; });
  wireGame();
  wireFigure();
}

function formatButtons() {
  for (const b of $('downloads').querySelectorAll('button')) {
    const name = b.dataset.download;
    const off = name.startsWith('animation') && !state.kind;
    b.disabled = off;
    const first = S.panelViews(state)[0] || 'the overlay’s panels';
    const which = state.views.length > 1 ? ` (an animation shows one view: the first, ${first})` : '';
    b.title = off ? 'choose an animation under Options' : name.startsWith('animation') ? `the ${state.kind} animation${which}` : '';
  }
}

/**
 * The move tree of a link: each line of its `tree` asked of the rules core (/play.json).
 * @param {S.State} s
 * @returns {Promise<Node>}
 */
async function treeOf(s) {
  const from = s.start || variantInfo().start;
  const lines = T.leaves(T.readTree(s.tree));
  const answers = await Promise.all(lines.map((line) => getJson('/play.json?' + new URLSearchParams({
    variant: s.variant, fen: from, line: line.join(','),
  }).toString())));
  const bad = answers.find((a) => !a.ok);
  if (bad) throw new Error(bad.body.error);
  return T.fromLines(from, answers.map((a) => a.body.played));
}

/**
 * The state from the URL (the page opened, reloaded, or Back or Forward gone to the entry of
 * another position): the moves of its tree asked again of the rules core.
 * @param {S.State} s
 * @param {number|null} idx the entry's place in the history, when it is one of the page's
 */
async function restore(s, idx) {
  setBusy(1);
  try {
    state = s;
    if (!variants.some((x) => x.name === state.variant)) state.variant = 'dot';
    root = T.rootOf('');
    if (state.tree) {
      try {
        root = await treeOf(state);
        if (!state.start) state.start = root.fen;
      } catch (e) {
        showError({ key: 'link', error: `The link’s moves do not read: ${e instanceof Error ? e.message : e}` });
        state.line = [];
        state.ply = 0;
      }
    }
    const path = state.line.slice(0, state.ply);
    history.restore(path, idx, (ply) => S.stateQuery(stateAt(path.slice(0, ply))).toString(), state.line);
    buildPalette();
    syncInputs();
    showMoves();
    formatButtons();
    dests = {};
    await refreshMoves();
    redrawAll();
  } finally {
    setBusy(-1);
  }
}

/** The page's start: what the server offers (/variants.json), then the state of the URL. */
export async function start() {
  report((busy) => { document.body.dataset.busy = String(busy); }, (ok, what) => {
    const box = $('offline');
    box.hidden = ok;
    if (!ok) box.textContent = `The server does not answer (${what}): the figures shown may be out of date. ` +
      'Is `dotchess serve` still running?';
  });
  const v = await getJson('/variants.json');
  if (!v.ok) return;
  variants = v.body.variants;
  S.configure(v.body);
  wire();
  window.addEventListener('resize', fitRow);
  history.listen({
    // Another node of the same tree: its position; another tree (the entry of an earlier
    // position): the state of that entry's URL.
    node: () => showNode(),
    other: (text, idx) => restore(S.readQuery(new URLSearchParams(text)), idx),
  });
  const read = await history.read((message) => showError({ key: 'link', error: message }));
  await restore(S.readQuery(read.query), read.idx);
}
