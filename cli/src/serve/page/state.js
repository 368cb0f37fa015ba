// The dotchess workbench's state in its URL and what it exports (loaded before workbench.js,
// whose globals these functions share).
//
// The state lives in the page's URL fragment, which is never sent to a server and so has no
// length limit: `/#z=…`, the API's own query form (`variant=small&fen=…&view=globe&latitude=30`,
// plus `start`, `line` and `ply` for the moves played: the position the line starts from, the
// moves, how many of them are on the board) compressed with the browser's CompressionStream
// ("deflate": a zlib stream) and written in base64url — as the server's `overlayz` key takes an
// overlay. An old link with the state in its query (`/?variant=small&…`) still opens.
'use strict';

// The figure keys kept in the URL, in the order they are written.
const KEYS = ['variant', 'fen', 'view', 'square', 'lastmove', 'latitude', 'longitude', 'roll', 'rotation',
  'width', 'theme', 'coordinates', 'orientation', 'kind', 'overlay', 'start', 'line', 'ply'];
// The longest URL the server takes (its MAX_URL).
const MAX_URL = 8192;

// ---- packing: zlib and base64url --------------------------------------------------------------

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function unpack(code) {
  const bin = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Response(stream).text();
}

// The state's query form, as the URL fragment holds it (packed).
function stateQuery() {
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
  return q;
}

// The state a URL holds: its fragment (`#z=…`), else an old link's query; null: none.
async function urlQuery() {
  const hash = location.hash.replace(/^#/, '');
  if (hash.startsWith('z=')) {
    try {
      return new URLSearchParams(await unpack(hash.slice(2)));
    } catch (e) {
      $('fen-error').hidden = false;
      $('fen-error').textContent = 'This link’s state does not read (it was cut short?): the start is shown.';
      return new URLSearchParams();
    }
  }
  return new URLSearchParams(location.search);
}

function readQuery(q) {
  const one = (k) => q.get(k) || '';
  state.variant = one('variant') || 'dot';
  state.fen = one('fen');
  const views = q.getAll('view').filter((v) => VIEWS.includes(v));
  state.views = views.length ? views : ['hemispheres', 'globe'];
  state.square = one('square');
  state.lastmove = one('lastmove');
  for (const k of ['latitude', 'longitude', 'roll', 'rotation']) {
    state[k] = q.has(k) && q.get(k) !== '' && !isNaN(Number(q.get(k))) ? Number(q.get(k)) : null;
  }
  for (const k of ['width', 'theme', 'coordinates', 'orientation', 'kind', 'overlay', 'start']) state[k] = one(k);
  state.line = one('line') ? one('line').split(',') : [];
  state.ply = Math.min(Number(one('ply') || state.line.length) || 0, state.line.length);
}

// URL writes in the order they were asked for (packing is asynchronous); `push` makes a history
// entry (a move played), so that Back and Forward step through the moves.
let urlWrites = Promise.resolve();
let written = null;
function writeUrl(push) {
  const text = stateQuery().toString();
  setBusy(1);
  urlWrites = urlWrites.then(async () => {
    if (text === written && !push) return;
    const url = text ? '/#z=' + await pack(text) : '/';
    if (push && text !== written) history.pushState({ text }, '', url);
    else history.replaceState({ text }, '', url);
    written = text;
  }).catch(() => {}).finally(() => setBusy(-1));
}

function severalPanels() {
  return /^\s*\[\[\s*panels\s*\]\]/m.test(state.overlay);
}

// The keys the page keeps that belong to a view, as `[key, value]` pairs.
function ownKeys(view) {
  const out = [];
  for (const [k, views] of Object.entries(ONLY)) {
    // Only the keys the page keeps (the globe's `ghost`, the chart's `window` it does not).
    if (state[k] != null && view && views.includes(view)) out.push([k, state[k]]);
  }
  return out;
}

// The API query of one view's figure (`view` null: the overlay's own panels).
function figureQuery(view) {
  const q = new URLSearchParams();
  if (state.variant !== 'dot') q.set('variant', state.variant);
  if (state.fen) q.set('fen', state.fen);
  if (view) q.set('view', view);
  for (const k of ['width', 'theme', 'coordinates', 'orientation']) if (state[k]) q.set(k, state[k]);
  for (const [k, v] of ownKeys(view)) q.set(k, String(v));
  if (state.square) q.set('square', state.square);
  if (state.lastmove) q.set('lastmove', state.lastmove);
  return q;
}

function panelViews() {
  return severalPanels() ? [null] : state.views;
}

// A TOML string.
function tomlString(s) {
  return '"' + String(s).replace(/["\\]/g, '\\$&') + '"';
}

// What the workbench exports: the figure it shows. One view: that view; several: one figure
// with a panel per view, as an overlay's `[[panels]]` draws it (each with the keys of its own
// view), after the overlay's own lines; an overlay with panels of its own: those.
function exported() {
  const overlay = state.overlay.trim() ? state.overlay : '';
  if (severalPanels() || state.views.length === 1) {
    return { query: figureQuery(panelViews()[0]), overlay };
  }
  const q = figureQuery(null);
  // A width is each panel's, as each view is shown.
  q.delete('width');
  const lines = overlay ? [overlay.replace(/\s*$/, ''), ''] : [];
  lines.push('# The workbench’s views, one panel each.');
  for (const v of state.views) {
    lines.push('[[panels]]', `view = ${tomlString(v)}`);
    if (state.width) lines.push(`width = ${state.width}`);
    for (const [k, val] of ownKeys(v)) lines.push(`${k} = ${val}`);
  }
  return { query: q, overlay: lines.join('\n') + '\n' };
}

// The overlay with a mark drawn or taken away, as lichess toggles shapes: the same shape again
// removes it, the same shape in another colour replaces it. The mark goes into the list `key`
// (`arrows`, `circles`) before the first table, where a list of that name is (or a new one).
function toggleMark(text, key, shape, colour) {
  const head = text.search(/^\s*\[/m);
  const top = head < 0 ? text : text.slice(0, head);
  const rest = head < 0 ? '' : text.slice(head);
  const re = new RegExp(`^[ \\t]*${key}[ \\t]*=[ \\t]*\\[([^\\]]*)\\][ \\t]*\\n?`, 'm');
  const found = top.match(re);
  const items = found ? [...found[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]) : [];
  const mark = colour ? `${shape}:${colour}` : shape;
  // The shape's cells are its first one (a circle) or two (an arrow) fields; a colour follows.
  const n = shape.split(':').length;
  const at = items.findIndex((i) => i.split(':').slice(0, n).join(':') === shape);
  if (at >= 0 && items[at] === mark) items.splice(at, 1);
  else if (at >= 0) items[at] = mark;
  else items.push(mark);
  const line = items.length ? `${key} = [${items.map(tomlString).join(', ')}]\n` : '';
  const newTop = found ? top.replace(re, line) : line + top;
  return newTop + rest;
}

// An animation carries every key the still figure carries (of its first view), and its kind.
function animationQuery() {
  const q = figureQuery(panelViews()[0]);
  q.set('kind', state.kind || 'gear');
  return q;
}

function download(name) {
  const anim = name.startsWith('animation');
  const { query, overlay } = anim ? { query: animationQuery(), overlay: state.overlay.trim() ? state.overlay : '' }
    : exported();
  setBusy(1);
  send('/' + name + '?' + query.toString(),
    overlay ? { method: 'POST', body: overlay, headers: { 'content-type': 'application/toml' } } : {})
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

// The URL of the figure shown (SVG): its overlay in the query, or packed into `overlayz` when
// that makes the URL too long for the server; null when even that is too long.
async function imageUrl() {
  const { query, overlay } = exported();
  const base = location.origin + '/figure.svg?';
  if (overlay) query.set('overlay', overlay);
  if ((base + query.toString()).length - location.origin.length <= MAX_URL) return base + query.toString();
  query.delete('overlay');
  query.set('overlayz', await pack(overlay));
  const url = base + query.toString();
  return url.length - location.origin.length <= MAX_URL ? url : null;
}
