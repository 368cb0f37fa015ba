// The dotchess workbench: composes figures with the server's image API (/figure.svg …) and asks
// the rules core (/moves.json, /play.json, /edit.json) for everything about the game. No rules
// and no drawing here: the page only keeps the state, shows the server's SVG, and turns clicks,
// drags and keys into query keys. The state lives in the page's URL, in the API's own query form
// (`/?variant=small&fen=…&view=globe&latitude=30`), plus `start`, `line` and `ply` for the moves
// played (the position the line starts from, the moves, how many of them are on the board).
'use strict';

// The views, and the keys that belong to some views only (the API refuses them elsewhere), as
// the server lists them in /variants.json: { rotation: ['hemispheres', …], latitude: ['globe'] }.
let VIEWS = [];
const ONLY = {};
// The figure keys kept in the URL, in the order they are written.
const KEYS = ['variant', 'fen', 'view', 'square', 'lastmove', 'latitude', 'longitude', 'roll', 'rotation',
  'width', 'theme', 'coordinates', 'orientation', 'kind', 'overlay', 'start', 'line', 'ply'];
const DEFAULT = { latitude: 15, longitude: 180, rotation: 4 };

const state = {
  variant: 'dot', fen: '', views: ['hemispheres', 'globe'], square: '', lastmove: '',
  latitude: null, longitude: null, roll: null, rotation: null,
  width: '', theme: '', coordinates: '', orientation: '', kind: '', overlay: '',
  start: '', line: [], ply: 0,
};
let variants = [];        // from /variants.json
let formats = {};         // which optional formats the server makes
let played = [];          // [{name, fen, lastmove}] of state.line, from /play.json
let dests = {};           // cell -> moves of the chosen piece, from /moves.json
let tool = '';            // the board editor's piece ('' = play, '-' = empty the cell)
let busy = 0;

const $ = (id) => document.getElementById(id);

function setBusy(d) {
  busy += d;
  document.body.dataset.busy = String(busy);
}

async function getJson(url) {
  setBusy(1);
  try {
    const r = await fetch(url);
    const body = await r.json();
    return { ok: r.ok, body };
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

function readUrl() {
  const q = new URLSearchParams(location.search);
  const one = (k) => q.get(k) || '';
  state.variant = one('variant') || 'dot';
  state.fen = one('fen');
  const views = q.getAll('view').filter((v) => VIEWS.includes(v));
  if (views.length) state.views = views;
  state.square = one('square');
  state.lastmove = one('lastmove');
  for (const k of ['latitude', 'longitude', 'roll', 'rotation']) {
    state[k] = q.has(k) && q.get(k) !== '' && !isNaN(Number(q.get(k))) ? Number(q.get(k)) : null;
  }
  for (const k of ['width', 'theme', 'coordinates', 'orientation', 'kind', 'overlay', 'start']) state[k] = one(k);
  state.line = one('line') ? one('line').split(',') : [];
  state.ply = Math.min(Number(one('ply') || state.line.length) || 0, state.line.length);
}

function writeUrl() {
  const q = new URLSearchParams();
  for (const k of KEYS) {
    if (k === 'view') {
      for (const v of state.views) q.append('view', v);
    } else if (k === 'line') {
      if (state.line.length) q.set('line', state.line.join(','));
    } else if (k === 'ply') {
      if (state.line.length && state.ply !== state.line.length) q.set('ply', String(state.ply));
    } else if (state[k] !== null && state[k] !== '' && !(k === 'variant' && state[k] === 'dot')) {
      q.set(k, String(state[k]));
    }
  }
  const s = q.toString();
  history.replaceState(null, '', s ? '/?' + s : '/');
}

// ---- figures ---------------------------------------------------------------------------------

function severalPanels() {
  return /^\s*\[\[\s*panels\s*\]\]/m.test(state.overlay);
}

// The API query of one view's figure (`view` null: the overlay's own panels).
function figureQuery(view, withOverlay) {
  const q = new URLSearchParams();
  if (state.variant !== 'dot') q.set('variant', state.variant);
  if (state.fen) q.set('fen', state.fen);
  if (view) q.set('view', view);
  for (const k of ['width', 'theme', 'coordinates', 'orientation']) if (state[k]) q.set(k, state[k]);
  for (const [k, views] of Object.entries(ONLY)) {
    // Only the keys the page keeps (the globe's `ghost`, the chart's `window` it does not).
    if (state[k] != null && view && views.includes(view)) q.set(k, String(state[k]));
  }
  if (state.square) q.set('square', state.square);
  if (state.lastmove) q.set('lastmove', state.lastmove);
  if (withOverlay && state.overlay.trim()) q.set('overlay', state.overlay);
  return q;
}

function panelViews() {
  return severalPanels() ? [null] : state.views;
}

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

function redrawAll() {
  layoutPanels();
  for (const p of $('views').children) redraw(p);
  writeUrl();
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
      const q = figureQuery(view, false);
      const overlay = state.overlay.trim();
      const r = await fetch('/figure.svg?' + q.toString(),
        overlay ? { method: 'POST', body: state.overlay, headers: { 'content-type': 'application/toml' } } : {});
      const text = await r.text();
      if (r.ok) {
        panel.querySelector('.figure').innerHTML = text;
        panel.dataset.drawn = String(Number(panel.dataset.drawn) + 1);
        panel.classList.remove('stale');
        showError(null);
      } else {
        // The last good figure stays; the error says where the input is wrong.
        panel.classList.add('stale');
        showError(JSON.parse(text));
      }
    } while (d.again);
  } catch (e) {
    showError({ error: 'the server did not answer: ' + e });
  } finally {
    d.running = false;
    setBusy(-1);
  }
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
    oe.textContent = e.line ? `line ${e.line}, column ${e.column}: ${e.error.replace(/^overlay:\d+:\d+: /, '')}` : e.error;
    oe.dataset.line = e.line || '';
    oe.dataset.column = e.column || '';
    markLine(e.line || 0);
  } else {
    fe.hidden = false;
    fe.textContent = e.error;
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

// ---- the game: pieces, dots, moves -----------------------------------------------------------

function statusLine(s) {
  if (!s) return;
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
    showError(r.body);
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
  await refreshMoves();
  redrawAll();
}

function play(m) {
  if (!state.start) state.start = currentFen();
  state.line = state.line.slice(0, state.ply).concat([m.name]);
  played = played.slice(0, state.ply).concat([m]);
  state.ply += 1;
  goTo(state.ply);
}

function goTo(ply) {
  state.ply = ply;
  state.fen = ply === 0 ? state.start : played[ply - 1].fen;
  state.lastmove = ply === 0 ? '' : played[ply - 1].lastmove;
  state.square = '';
  dests = {};
  $('promotion').hidden = true;
  showMoves();
  syncInputs();
  refreshMoves();
  redrawAll();
}

function offer(moves) {
  if (moves.length === 1) return play(moves[0]);
  const box = $('promotion');
  box.textContent = '';
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.name;
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
    li.textContent = (white ? `${number}. ` : `${number}… `) + m.name;
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
  if (!r.ok) return showError(r.body);
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

function attachPanel(p) {
  const view = p.dataset.view;
  let drag = null;
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
    b.textContent = label;
    b.title = title;
    b.className = letter === tool ? 'chosen' : '';
    if (/[A-Z]/.test(letter)) b.classList.add('white');
    if (/[a-z]/.test(letter)) b.classList.add('black');
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

function download(name) {
  const anim = name.startsWith('animation');
  const views = panelViews();
  const q = figureQuery(views[0], false);
  if (anim) {
    for (const k of [...q.keys()]) if (!['variant', 'fen', 'view', 'width'].includes(k)) q.delete(k);
    q.set('kind', state.kind || 'gear');
  }
  const overlay = state.overlay.trim();
  setBusy(1);
  fetch('/' + name + '?' + q.toString(),
    overlay ? { method: 'POST', body: state.overlay, headers: { 'content-type': 'application/toml' } } : {})
    .then(async (r) => {
      if (!r.ok) throw new Error((await r.json()).error);
      const blob = await r.blob();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = name.replace('animation.apng', 'animation.png');
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
      $('export-note').textContent = `${name}: ${blob.size} bytes`;
    })
    .catch((e) => { $('export-note').textContent = `${name}: ${e.message}`; })
    .finally(() => setBusy(-1));
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    $('export-note').textContent = `${what} copied`;
  } catch (e) {
    $('export-note').textContent = `${what}: ${text}`;
  }
}

function imageUrl() {
  const q = figureQuery(panelViews()[0], true);
  const url = location.origin + '/figure.svg?' + q.toString();
  return url.length > 8192 ? null : url;
}

function wire() {
  for (const v of VIEWS) {
    const l = document.createElement('label');
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.value = v;
    c.addEventListener('change', () => {
      const chosen = [...$('view-picker').querySelectorAll('input')].filter((x) => x.checked).map((x) => x.value);
      if (!chosen.length) {
        c.checked = true;
        return;
      }
      state.views = chosen;
      redrawAll();
    });
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
      redrawAll();
    });
  }
  for (const b of $('downloads').querySelectorAll('button')) {
    b.addEventListener('click', () => download(b.dataset.download));
  }
  $('copy-overlay').addEventListener('click', () => copy($('overlay').value, 'overlay TOML'));
  $('copy-url').addEventListener('click', () => {
    const url = imageUrl();
    if (url) copy(url, 'image URL');
    else $('export-note').textContent = 'the overlay is too long for a URL (8 KiB): POST it as the body';
  });
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

async function start() {
  const v = await getJson('/variants.json');
  variants = v.body.variants;
  formats = v.body.formats || {};
  VIEWS = v.body.views.map((x) => x.name);
  for (const view of v.body.views) {
    for (const k of view.keys) (ONLY[k] = ONLY[k] || []).push(view.name);
  }
  readUrl();
  if (!variants.some((x) => x.name === state.variant)) state.variant = 'dot';
  wire();
  buildPalette();
  if (state.line.length) {
    const q = new URLSearchParams({ variant: state.variant, fen: state.start || variantInfo().start,
      line: state.line.join(',') });
    const r = await getJson('/play.json?' + q.toString());
    if (r.ok) {
      played = r.body.played;
      if (!state.start) state.start = variantInfo().start;
    } else {
      state.line = [];
      state.ply = 0;
    }
  }
  syncInputs();
  showMoves();
  formatButtons();
  for (const k of ['kind']) $(k).addEventListener('change', formatButtons);
  await refreshMoves();
  redrawAll();
}

start();
