// The workbench's state, its URL form and what it exports. No page elements here (the unit tests
// run it under node): the page (page.js) keeps one `state` and asks these functions.
//
// The state lives in the page's URL fragment, which is never sent to a server and so has no
// length limit: `/#z=…`, the API's own query form (`variant=small&fen=…&view=globe&latitude=30`,
// plus `start`, `tree`, `line` and `ply` for the moves: the position they start from, every move
// with its variations, the line shown and how many of its moves are on the board) compressed with
// the CompressionStream "deflate" (a zlib stream) and written in base64url — as the server's
// `overlayz` key takes an overlay. An old link with the state in its query (`/?variant=small&…`)
// still opens.

/**
 * @typedef {object} State
 * @property {string} variant
 * @property {string} fen
 * @property {string[]} views
 * @property {string} square
 * @property {string} lastmove
 * @property {number|null} latitude
 * @property {number|null} longitude
 * @property {number|null} roll
 * @property {number|null} rotation
 * @property {string} width
 * @property {string} theme
 * @property {string} coordinates
 * @property {string} orientation
 * @property {string} kind
 * @property {string} overlay
 * @property {string} start
 * @property {string} tree
 * @property {string[]} line
 * @property {number} ply
 */

/**
 * What the server says of its views and limits (/variants.json), not copied here.
 * @typedef {object} Config
 * @property {string[]} views the view names, in the server's order
 * @property {Record<string, string[]>} only a key that belongs to some views only: those views
 * @property {Record<string, number>} defaults the view keys' defaults (latitude, longitude, rotation)
 * @property {number} maxUrl the longest URL the server reads
 */

/** @type {Config} */
export const config = { views: [], only: {}, defaults: {}, maxUrl: 0 };

/**
 * Takes the server's description (/variants.json) as the page's constants.
 * @param {{views: {name: string, keys: string[]}[], defaults?: Record<string, number>, max_url?: number}} info
 */
export function configure(info) {
  config.views = info.views.map((v) => v.name);
  config.only = {};
  for (const view of info.views) {
    for (const k of view.keys) (config.only[k] = config.only[k] || []).push(view.name);
  }
  config.defaults = info.defaults || {};
  config.maxUrl = info.max_url || 0;
}

// The figure keys kept in the URL, in the order they are written.
const KEYS = ['variant', 'fen', 'view', 'square', 'lastmove', 'latitude', 'longitude', 'roll', 'rotation',
  'width', 'theme', 'coordinates', 'orientation', 'kind', 'overlay', 'start', 'tree', 'line', 'ply'];
const NUMBERS = ['latitude', 'longitude', 'roll', 'rotation'];
const TEXTS = ['width', 'theme', 'coordinates', 'orientation', 'kind', 'overlay', 'start', 'tree'];

/** @returns {State} the state of a page opened without a link */
export function initial() {
  return {
    variant: 'dot', fen: '', views: ['hemispheres', 'globe'], square: '', lastmove: '',
    latitude: null, longitude: null, roll: null, rotation: null,
    width: '', theme: '', coordinates: '', orientation: '', kind: '', overlay: '',
    start: '', tree: '', line: [], ply: 0,
  };
}

// ---- packing: zlib and base64url --------------------------------------------------------------

/**
 * @param {string} text
 * @returns {Promise<string>} the text deflated (zlib) in base64url
 */
export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * @param {string} code base64url of a zlib stream
 * @returns {Promise<string>} the text; rejects when the code does not read (a link cut short)
 */
export async function unpack(code) {
  const bin = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Response(stream).text();
}

/**
 * The state's query form, as the URL fragment holds it (packed).
 * @param {State} s
 * @returns {URLSearchParams}
 */
export function stateQuery(s) {
  const q = new URLSearchParams();
  for (const k of KEYS) {
    if (k === 'view') {
      for (const v of s.views) q.append('view', v);
    } else if (k === 'line') {
      if (s.line.length) q.set('line', s.line.join(','));
    } else if (k === 'ply') {
      if (s.line.length && s.ply !== s.line.length) q.set('ply', String(s.ply));
    } else if (k === 'tree') {
      // Only when it holds more than the line.
      if (s.tree && s.tree !== s.line.join(',')) q.set('tree', s.tree);
    } else {
      const v = s[/** @type {keyof State} */ (k)];
      if (v !== null && v !== '' && !(k === 'variant' && v === 'dot')) q.set(k, String(v));
    }
  }
  return q;
}

/**
 * The state a query holds (the URL fragment unpacked, or an old link's query).
 * @param {URLSearchParams} q
 * @returns {State}
 */
export function readQuery(q) {
  const s = initial();
  const one = (/** @type {string} */ k) => q.get(k) || '';
  s.variant = one('variant') || 'dot';
  s.fen = one('fen');
  const views = q.getAll('view').filter((v) => config.views.includes(v));
  if (views.length) s.views = views;
  s.square = one('square');
  s.lastmove = one('lastmove');
  for (const k of NUMBERS) {
    const text = q.get(k);
    s[/** @type {'latitude'} */ (k)] = text !== null && text !== '' && !isNaN(Number(text)) ? Number(text) : null;
  }
  for (const k of TEXTS) s[/** @type {'theme'} */ (k)] = one(k);
  s.line = one('line') ? one('line').split(',') : [];
  s.ply = Math.max(0, Math.min(Number(one('ply') || s.line.length) || 0, s.line.length));
  if (!s.tree) s.tree = s.line.join(',');
  return s;
}

/**
 * Whether the overlay has panels of its own.
 * @param {State} s
 */
export function severalPanels(s) {
  return /^\s*\[\[\s*panels\s*\]\]/m.test(s.overlay);
}

/**
 * A view key's value, its default when the state has none.
 * @param {State} s
 * @param {'latitude'|'longitude'|'rotation'|'roll'} k
 * @returns {number}
 */
export function valueOf(s, k) {
  const v = s[k];
  return v === null ? config.defaults[k] || 0 : v;
}

/**
 * The keys the page keeps that belong to a view, as `[key, value]` pairs.
 * @param {State} s
 * @param {string|null} view
 * @returns {[string, number][]}
 */
export function ownKeys(s, view) {
  /** @type {[string, number][]} */
  const out = [];
  for (const [k, views] of Object.entries(config.only)) {
    if (!NUMBERS.includes(k)) continue;
    const v = s[/** @type {'latitude'} */ (k)];
    if (v != null && view && views.includes(view)) out.push([k, v]);
  }
  return out;
}

/**
 * The API query of one view's figure (`view` null: the overlay's own panels).
 * @param {State} s
 * @param {string|null} view
 * @param {boolean} [withMarks] with the position, the piece chosen (its moves and its cell
 *   highlighted) and the last move
 */
export function figureQuery(s, view, withMarks = true) {
  const q = new URLSearchParams();
  if (s.variant !== 'dot') q.set('variant', s.variant);
  if (s.fen && withMarks) q.set('fen', s.fen);
  if (view) q.set('view', view);
  for (const k of ['width', 'theme', 'coordinates', 'orientation']) {
    const v = s[/** @type {'width'} */ (k)];
    if (v) q.set(k, v);
  }
  for (const [k, v] of ownKeys(s, view)) q.set(k, String(v));
  if (withMarks && s.square) q.set('square', s.square);
  if (withMarks && s.lastmove) q.set('lastmove', s.lastmove);
  // The piece chosen, its cell highlighted as lichess marks it: drawn by the server, so that
  // every export shows it as the page does.
  if (withMarks && s.square) q.append('highlight', s.square);
  return q;
}

/**
 * The panels shown: one per view, or the overlay's own (null).
 * @param {State} s
 * @returns {(string|null)[]}
 */
export function panelViews(s) {
  return severalPanels(s) ? [null] : s.views;
}

/**
 * A TOML string.
 * @param {string} text
 */
export function tomlString(text) {
  return '"' + String(text).replace(/["\\]/g, '\\$&') + '"';
}

/**
 * What the workbench exports: the figure it shows. One view: that view; several: one figure with
 * a panel per view, as an overlay's `[[panels]]` draws it (each with the keys of its own view and
 * its caption, the view's name, as the page shows it), after the overlay's own lines; an overlay with panels of its
 * own: those.
 * @param {State} s
 * @returns {{query: URLSearchParams, overlay: string}}
 */
export function exported(s) {
  const overlay = s.overlay.trim() ? s.overlay : '';
  if (severalPanels(s) || s.views.length === 1) {
    return { query: figureQuery(s, panelViews(s)[0]), overlay };
  }
  const q = figureQuery(s, null);
  // A width is each panel's, as each view is shown.
  q.delete('width');
  const lines = overlay ? [overlay.replace(/\s*$/, ''), ''] : [];
  lines.push('# The workbench’s views, one panel each.');
  for (const v of s.views) {
    lines.push('[[panels]]', `view = ${tomlString(v)}`, `caption = ${tomlString(v)}`);
    if (s.width) lines.push(`width = ${s.width}`);
    for (const [k, val] of ownKeys(s, v)) lines.push(`${k} = ${val}`);
  }
  return { query: q, overlay: lines.join('\n') + '\n' };
}

/**
 * The overlay with a mark drawn or taken away, as lichess toggles shapes: the same shape again
 * removes it, the same shape in another colour replaces it. The mark goes into the list `key`
 * (`arrows`, `circles`) before the first table, where a list of that name is (or a new one).
 * @param {string} text the overlay
 * @param {'arrows'|'circles'} key
 * @param {string} shape `e4` or `b1:c3`
 * @param {string} colour '' for the theme's
 */
export function toggleMark(text, key, shape, colour) {
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

/**
 * An animation of the position: every key of the still figure (of its first view), and the kind.
 * @param {State} s
 */
export function animationQuery(s) {
  const q = figureQuery(s, panelViews(s)[0]);
  q.set('kind', s.kind || 'gear');
  return q;
}

/**
 * The replay of the line played (`POST /game.gif` with the line's PGN): the first view's keys
 * and the options, no position (the game gives it).
 * @param {State} s
 */
export function gameQuery(s) {
  const q = figureQuery(s, s.views[0], false);
  q.delete('variant');
  return q;
}

/**
 * The URL of the figure shown (SVG): its overlay in the query, or packed into `overlayz` when
 * that makes it too long for the server; null when even that is too long.
 * @param {State} s
 * @param {string} origin the server's (`location.origin`)
 * @returns {Promise<string|null>}
 */
export async function imageUrl(s, origin) {
  const { query, overlay } = exported(s);
  const base = origin + '/figure.svg?';
  const fits = (/** @type {string} */ url) => url.length - origin.length <= config.maxUrl;
  if (overlay) query.set('overlay', overlay);
  if (fits(base + query.toString())) return base + query.toString();
  query.delete('overlay');
  query.set('overlayz', await pack(overlay));
  const url = base + query.toString();
  return fits(url) ? url : null;
}
