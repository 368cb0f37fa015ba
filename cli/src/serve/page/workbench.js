// The dotchess workbench: composes figures with the server's image API (/figure.svg …) and asks
// the rules core (/moves.json, /play.json, /edit.json) for everything about the game. No rules
// and no drawing here: the page only keeps the state (in its URL: state.js), shows the server's
// SVG, and turns clicks, drags and keys into query keys and overlay marks.
'use strict';

// The views, and the keys that belong to some views only (the API refuses them elsewhere), as
// the server lists them in /variants.json: { rotation: ['hemispheres', …], latitude: ['globe'] }.
let VIEWS = [];
const ONLY = {};
const DEFAULT = { latitude: 15, longitude: 180, rotation: 4 };
// Promotion choices in the order lichess offers them.
const PROMOTION_ORDER = 'QRBN';
// Lichess's brushes for shapes drawn with a modifier key (plain: the theme's arrow colour).
const BRUSHES = { shift: '#882020', alt: '#003088', both: '#e68f00' };

const state = {
  variant: 'dot', fen: '', views: ['hemispheres', 'globe'], square: '', lastmove: '',
  latitude: null, longitude: null, roll: null, rotation: null,
  width: '', theme: '', coordinates: '', orientation: '', kind: '', overlay: '',
  start: '', line: [], ply: 0,
};
let variants = [];        // from /variants.json
let formats = {};         // which optional formats the server makes
let played = [];          // [{name, san, fen, lastmove}] of state.line, from /play.json
let dests = {};           // cell -> moves of the chosen piece, from /moves.json
let tool = '';            // the board editor's piece ('' = play, '-' = empty the cell)
let busy = 0;

const $ = (id) => document.getElementById(id);

function setBusy(d) {
  busy += d;
  document.body.dataset.busy = String(busy);
}

// A server that does not answer (a fetch that fails, not an error answer) is said at the top of
// the page until it answers again.
function reachable(ok, what) {
  const box = $('offline');
  box.hidden = ok;
  if (!ok) box.textContent = `The server does not answer (${what}): the figures shown may be out of date. ` +
    'Is `dotchess serve` still running?';
}

async function send(url, init) {
  try {
    const r = await fetch(url, init);
    reachable(true);
    return r;
  } catch (e) {
    reachable(false, url.split('?')[0]);
    throw e;
  }
}

async function getJson(url) {
  setBusy(1);
  try {
    const r = await send(url);
    const body = await r.json();
    return { ok: r.ok, body };
  } catch (e) {
    return { ok: false, offline: true, body: { error: String(e) } };
  } finally {
    setBusy(-1);
  }
}

// ---- the state and the URL ------------------------------------------------------------------

function variantInfo() {
  return variants.find((v) => v.name === state.variant) || variants[0];
}

function currentFen() {
  return state.fen || (variantInfo() ? variantInfo().start : '');
}

// ---- figures ---------------------------------------------------------------------------------

// One view's drawing: at most one request in flight; a change meanwhile asks for one more.
const drawing = new Map();

function layoutPanels() {
  const box = $('views');
  const want = panelViews().map((v) => v || 'overlay');
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
    attachPanel(p);
  }
}

function redrawAll(push) {
  layoutPanels();
  for (const p of $('views').children) redraw(p);
  writeUrl(push);
}

// The selected piece's cell, highlighted in every panel (as lichess does), by the page's style.
function markSelected(panel) {
  for (const e of panel.querySelectorAll('.selected')) e.classList.remove('selected');
  if (!state.square) return;
  for (const e of panel.querySelectorAll(`.cell[data-cell="${CSS.escape(state.square)}"]`)) {
    e.classList.add('selected');
  }
}

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
      const view = key === 'overlay' ? null : key;
      const q = figureQuery(view);
      const overlay = state.overlay.trim();
      const r = await send('/figure.svg?' + q.toString(),
        overlay ? { method: 'POST', body: state.overlay, headers: { 'content-type': 'application/toml' } } : {});
      const text = await r.text();
      if (r.ok) {
        panel.querySelector('.figure').innerHTML = text;
        panel.dataset.drawn = String(Number(panel.dataset.drawn) + 1);
        panel.classList.remove('stale');
        markSelected(panel);
        showError(null);
      } else {
        // The last good figure stays; the error says where the input is wrong.
        panel.classList.add('stale');
        showError(JSON.parse(text));
      }
    } while (d.again);
  } catch (e) {
    panel.classList.add('stale');
  } finally {
    d.running = false;
    setBusy(-1);
  }
}

// A server message without the place it names (the query pair, the overlay's line and
// column), which the server sends apart: the page names its own box instead.
function bare(e) {
  return e.message ?? e.error;
}

function showError(e) {
  const oe = $('overlay-error');
  const fe = $('fen-error');
  if (!e) {
    oe.hidden = true;
    fe.hidden = true;
    markLine(0);
    return;
  }
  if (e.key === 'overlay' || e.key === 'body') {
    oe.hidden = false;
    oe.textContent = 'Overlay editor' + (e.line ? `, line ${e.line}, column ${e.column}` : '') + ': ' + bare(e);
    oe.dataset.line = e.line || '';
    oe.dataset.column = e.column || '';
    markLine(e.line || 0);
  } else {
    fe.hidden = false;
    const box = { fen: 'FEN box', variant: 'Variant' }[e.key];
    const said = box ? bare(e) : e.error;
    // The column, unless the message gives it itself.
    const column = e.column && !/\bcolumn \d/.test(said) ? `, column ${e.column}` : '';
    fe.textContent = (box ? `${box}${column}: ` : '') + said;
    fe.dataset.key = e.key || '';
  }
}

// ---- the overlay editor ----------------------------------------------------------------------

function markLine(n) {
  const lines = Math.max(1, $('overlay').value.split('\n').length);
  const out = [];
  for (let i = 1; i <= lines; i++) out.push(i === n ? `<b class="bad">${i}</b>` : String(i));
  $('gutter').innerHTML = out.join('\n');
}

let overlayTimer = 0;
function overlayEdited() {
  markLine(Number($('overlay-error').dataset.line || 0));
  clearTimeout(overlayTimer);
  overlayTimer = setTimeout(() => {
    state.overlay = $('overlay').value;
    redrawAll();
  }, 300);
}

function drawShape(from, to, e) {
  const colour = e.shiftKey && e.altKey ? BRUSHES.both : e.shiftKey ? BRUSHES.shift : e.altKey ? BRUSHES.alt : '';
  const text = from === to ? toggleMark(state.overlay, 'circles', from, colour)
    : toggleMark(state.overlay, 'arrows', `${from}:${to}`, colour);
  state.overlay = text;
  $('overlay').value = text;
  markLine(0);
  redrawAll();
}

// ---- the game: pieces, dots, moves -----------------------------------------------------------

function statusLine(s) {
  if (!s) {
    $('status').textContent = '';
    return;
  }
  const side = s.turn.charAt(0).toUpperCase() + s.turn.slice(1);
  const words = [`${side} to move`];
  if (s.check) words.push('check');
  words.push(s.legal === 0 ? (s.check ? 'checkmate' : 'no legal move') : `${s.legal} legal moves`);
  $('status').textContent = words.join(' · ');
}

async function refreshMoves() {
  const q = new URLSearchParams({ variant: state.variant });
  if (state.fen) q.set('fen', state.fen);
  if (state.square) q.set('square', state.square);
  const r = await getJson('/moves.json?' + q.toString());
  dests = {};
  if (!r.ok) {
    // A position that does not read has no side to move: the old status would mislead.
    statusLine(null);
    if (!r.offline) showError(r.body);
    return;
  }
  statusLine(r.body.status);
  for (const d of r.body.destinations || []) {
    dests[d.cell] = r.body.moves.filter((m) => d.moves.includes(m.name));
  }
}

async function choose(square) {
  state.square = square;
  $('promotion').hidden = true;
  for (const p of $('views').children) markSelected(p);
  await refreshMoves();
  redrawAll();
}

function play(m) {
  if (!state.start) state.start = currentFen();
  state.line = state.line.slice(0, state.ply).concat([m.name]);
  played = played.slice(0, state.ply).concat([m]);
  state.ply += 1;
  goTo(state.ply, true);
}

function goTo(ply, push) {
  state.ply = ply;
  state.fen = ply === 0 ? state.start : played[ply - 1].fen;
  state.lastmove = ply === 0 ? '' : played[ply - 1].lastmove;
  state.square = '';
  dests = {};
  $('promotion').hidden = true;
  showMoves();
  syncInputs();
  refreshMoves();
  redrawAll(push);
}

// The piece a promotion makes (`e8=Q` → Q, or q when Black plays it).
function promotionPiece(m) {
  const letter = (m.san.match(/=([A-Z])/) || m.name.match(/([a-z])$/) || [])[1] || '';
  const black = currentFen().split(/\s+/)[1] === 'b';
  return black ? letter.toLowerCase() : letter.toUpperCase();
}

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

function offer(moves) {
  if (moves.length === 1) return play(moves[0]);
  const box = $('promotion');
  box.textContent = '';
  const rank = (m) => {
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
  const list = $('moves-list');
  list.textContent = '';
  const fields = (state.start || currentFen()).split(/\s+/);
  let white = fields[1] !== 'b';
  let number = Number(fields[5]) || 1;
  played.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = (white ? `${number}. ` : `${number}… `) + (m.san || m.name);
    li.title = m.name;
    li.dataset.ply = String(i + 1);
    if (i + 1 === state.ply) li.className = 'current';
    if (i + 1 > state.ply) li.classList.add('undone');
    li.addEventListener('click', () => goTo(i + 1));
    list.append(li);
    if (!white) number += 1;
    white = !white;
  });
  $('undo').disabled = state.ply === 0;
  $('redo').disabled = state.ply >= played.length;
}

// A new position from the FEN box, the editor or the variant picker: the move list starts anew.
function newPosition(fen) {
  state.fen = fen;
  state.start = '';
  state.line = [];
  state.ply = 0;
  played = [];
  state.square = '';
  state.lastmove = '';
  dests = {};
  showMoves();
  syncInputs();
  refreshMoves();
  redrawAll();
}

async function edit(params) {
  const q = new URLSearchParams({ variant: state.variant, fen: currentFen(), ...params });
  const r = await getJson('/edit.json?' + q.toString());
  if (!r.ok) return r.offline ? undefined : showError(r.body);
  newPosition(r.body.fen);
}

function cellClicked(target) {
  const el = target && target.closest('[data-cell]');
  if (!el) return;
  const cell = el.dataset.cell;
  if (tool) return edit({ cell, piece: tool });
  // A destination of the chosen piece (its dot, its cell, the piece it takes): play.
  if (state.square && dests[cell]) return offer(dests[cell]);
  const piece = target.closest('.piece[data-cell]');
  if (piece && piece.dataset.cell !== state.square) return choose(piece.dataset.cell);
  if (state.square) choose('');
}

// ---- turning the figures: drag the globe, wheel and arrow keys ---------------------------------

function value(k) {
  return state[k] === null ? DEFAULT[k] : state[k];
}

function wrapFiles(r) {
  const w = variantInfo().files;
  return Math.round((((r % w) + w) % w) * 100) / 100;
}

// Whether a view takes a key of its own (`rotation`, `longitude`), as the server lists them.
const takes = (view, key) => (ONLY[key] || []).includes(view);
// A view seen from a point of the ball (the globe: latitude and longitude) is turned by dragging.
const isBall = (view) => takes(view, 'longitude');

function turnBy(view, dx, dy) {
  if (isBall(view)) {
    state.longitude = Math.round(((((value('longitude') - dx) % 360) + 360) % 360) * 10) / 10;
    state.latitude = Math.max(-90, Math.min(90, Math.round((value('latitude') + dy) * 10) / 10));
  } else if (takes(view, 'rotation')) {
    state.rotation = wrapFiles(value('rotation') + dx);
  } else {
    return false;
  }
  for (const p of $('views').children) {
    if (p.dataset.view === view) redraw(p);
  }
  writeUrl();
  return true;
}

// The cell under a point of a panel: the topmost element there that names one (a mark drawn
// over a cell does not hide it).
function cellAt(panel, x, y) {
  for (const e of document.elementsFromPoint(x, y)) {
    if (!panel.contains(e)) continue;
    const c = e.closest('[data-cell]');
    if (c && panel.contains(c)) return c.dataset.cell;
  }
  return null;
}

// Right button: drag from one cell to another for an arrow, click a cell for a circle.
function attachShapes(p) {
  let shape = null;
  p.addEventListener('contextmenu', (e) => e.preventDefault());
  p.addEventListener('pointerdown', (e) => {
    if (e.button !== 2) return;
    e.preventDefault();
    shape = { from: cellAt(p, e.clientX, e.clientY), id: e.pointerId };
    p.setPointerCapture(e.pointerId);
  });
  p.addEventListener('pointerup', (e) => {
    if (!shape || e.button !== 2) return;
    const from = shape.from;
    shape = null;
    const to = cellAt(p, e.clientX, e.clientY);
    if (from && to) drawShape(from, to, e);
  });
  p.addEventListener('pointercancel', () => { shape = null; });
}

function attachPanel(p) {
  const view = p.dataset.view;
  let drag = null;
  attachShapes(p);
  p.addEventListener('pointerdown', (e) => {
    if (!isBall(view) || e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, moved: false };
    p.setPointerCapture(e.pointerId);
  });
  p.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const svg = p.querySelector('svg');
    const scale = svg ? 180 / Math.max(1, svg.getBoundingClientRect().width) : 0.5;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag.moved = true;
    p.classList.add('dragging');
    turnBy(view, dx * scale, dy * scale);
    drag.x = e.clientX;
    drag.y = e.clientY;
  });
  const end = (e) => {
    if (!drag) return;
    const wasDrag = drag.moved;
    drag = null;
    p.classList.remove('dragging');
    if (!wasDrag && e.type === 'pointerup') cellClicked(document.elementFromPoint(e.clientX, e.clientY));
  };
  p.addEventListener('pointerup', end);
  p.addEventListener('pointercancel', end);
  p.addEventListener('click', (e) => {
    if (!isBall(view)) cellClicked(e.target);
  });
  p.addEventListener('wheel', (e) => {
    if (turnBy(view, Math.sign(e.deltaY) * (isBall(view) ? 10 : 0.5), 0)) e.preventDefault();
  }, { passive: false });
  p.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (!step) return;
    const [sx, sy] = step;
    const done = isBall(view) ? turnBy(view, sx * 10, sy * 10) : sx !== 0 && turnBy(view, sx * 0.5, 0);
    if (done) e.preventDefault();
  });
}

// ---- the side panel --------------------------------------------------------------------------

function syncInputs() {
  $('fen').value = currentFen();
  $('variant').value = state.variant;
  for (const k of ['width', 'theme', 'coordinates', 'orientation', 'kind']) $(k).value = state[k];
  if ($('overlay').value !== state.overlay) $('overlay').value = state.overlay;
  markLine(0);
  for (const b of $('view-picker').querySelectorAll('input')) b.checked = state.views.includes(b.value);
}

function buildPalette() {
  const box = $('palette');
  box.textContent = '';
  const add = (letter, label, title) => {
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
  add('', 'Play', 'Click pieces and dots to play moves');
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

function viewsChosen(c) {
  const chosen = [...$('view-picker').querySelectorAll('input')].filter((x) => x.checked).map((x) => x.value);
  if (!chosen.length) {
    c.checked = true;
    return;
  }
  state.views = chosen;
  redrawAll();
}

function wire() {
  for (const v of VIEWS) {
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
  const fenChanged = () => {
    const f = $('fen').value.trim();
    if (f !== currentFen()) newPosition(f === variantInfo().start ? '' : f);
  };
  $('fen').addEventListener('change', fenChanged);
  $('fen').addEventListener('paste', () => setTimeout(fenChanged, 0));
  $('fen').addEventListener('keydown', (e) => { if (e.key === 'Enter') fenChanged(); });
  $('overlay').addEventListener('input', overlayEdited);
  $('overlay').addEventListener('scroll', () => { $('gutter').scrollTop = $('overlay').scrollTop; });
  $('undo').addEventListener('click', () => { if (state.ply > 0) goTo(state.ply - 1); });
  $('redo').addEventListener('click', () => { if (state.ply < played.length) goTo(state.ply + 1); });
  $('clear-marks').addEventListener('click', () => choose(''));
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.target.closest('input, textarea')) return;
    if (e.key === 'z') $('undo').click();
    else if (e.key === 'y') $('redo').click();
    else return;
    e.preventDefault();
  });
  $('turn').addEventListener('click', () => edit({ turn: currentFen().split(/\s+/)[1] === 'b' ? 'w' : 'b' }));
  $('start-position').addEventListener('click', () => newPosition(''));
  $('empty-board').addEventListener('click', () => newPosition(emptyFen()));
  for (const k of ['width', 'theme', 'coordinates', 'orientation', 'kind']) {
    $(k).addEventListener('change', () => {
      state[k] = $(k).value;
      if (k === 'theme') buildPalette();
      redrawAll();
    });
  }
  for (const b of $('downloads').querySelectorAll('button')) {
    b.addEventListener('click', () => download(b.dataset.download));
  }
  $('copy-overlay').addEventListener('click', () => copy($('overlay').value, 'overlay TOML'));
  $('copy-url').addEventListener('click', async () => {
    const url = await imageUrl();
    $('export-note').dataset.url = url || '';
    if (url) copy(url, 'image URL');
    else $('export-note').textContent = 'the overlay is too long for a URL even packed: POST it as the body';
  });
  window.addEventListener('popstate', () => restore());
}

function formatButtons() {
  for (const b of $('downloads').querySelectorAll('button')) {
    const name = b.dataset.download;
    const off = (name === 'figure.html' && !formats.html) || (name.startsWith('animation') && !state.kind);
    b.disabled = off;
    b.title = name === 'figure.html' && !formats.html ? 'this server makes no interactive HTML yet' :
      name.startsWith('animation') && !state.kind ? 'choose an animation under Options' : '';
  }
}

// The state from the URL (at the start, and when Back or Forward goes to another entry): the
// moves of its line asked again of the rules core unless they are the ones already played.
async function restore() {
  setBusy(1);
  try {
    const q = await urlQuery();
    const line = played.map((m) => m.name).join(',');
    readQuery(q);
    if (!variants.some((x) => x.name === state.variant)) state.variant = 'dot';
    written = stateQuery().toString();
    if (state.line.join(',') !== line) {
      played = [];
      if (state.line.length) {
        const r = await getJson('/play.json?' + new URLSearchParams({ variant: state.variant,
          fen: state.start || variantInfo().start, line: state.line.join(',') }).toString());
        if (r.ok) {
          played = r.body.played;
          if (!state.start) state.start = variantInfo().start;
        } else {
          state.line = [];
          state.ply = 0;
        }
      }
    }
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

async function start() {
  const v = await getJson('/variants.json');
  if (!v.ok) return;
  variants = v.body.variants;
  formats = v.body.formats || {};
  VIEWS = v.body.views.map((x) => x.name);
  for (const view of v.body.views) {
    for (const k of view.keys) (ONLY[k] = ONLY[k] || []).push(view.name);
  }
  wire();
  $('kind').addEventListener('change', formatButtons);
  await restore();
  // An old link's query becomes a fragment.
  if (location.search) {
    written = null;
    writeUrl();
  }
}

start();
