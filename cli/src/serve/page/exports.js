// What the workbench gives away: the figure shown as a file (the image API's bytes), the line
// played as a replay (`POST /game.gif` with its PGN), and texts copied (PGN, FEN, overlay, the
// image's URL).

import * as S from './state.js';
import { send, setBusy } from './net.js';

/** @param {string} text said under the export buttons */
function note(text) {
  const el = /** @type {HTMLElement} */ (document.getElementById('export-note'));
  el.textContent = text;
}

/**
 * The request of an export: its URL and, for a POST, its body and type.
 * @param {S.State} s
 * @param {string} name `figure.svg`, `animation.gif`, `game.gif` …
 * @param {string} pgn the line played, as PGN (a game's body)
 * @returns {{url: string, body: string, type: string}}
 */
export function exportRequest(s, name, pgn) {
  if (name.startsWith('game.')) {
    return { url: '/' + name + '?' + S.gameQuery(s).toString(), body: pgn, type: 'application/vnd.chess-pgn' };
  }
  if (name.startsWith('animation.')) {
    const overlay = s.overlay.trim() ? s.overlay : '';
    return { url: '/' + name + '?' + S.animationQuery(s).toString(), body: overlay, type: 'application/toml' };
  }
  const { query, overlay } = S.exported(s);
  return { url: '/' + name + '?' + query.toString(), body: overlay, type: 'application/toml' };
}

/**
 * Downloads an export.
 * @param {S.State} s
 * @param {string} name
 * @param {string} pgn
 */
export async function exportFile(s, name, pgn) {
  const { url, body, type } = exportRequest(s, name, pgn);
  setBusy(1);
  try {
    const r = await send(url, body ? { method: 'POST', body, headers: { 'content-type': type } } : {});
    if (!r.ok) throw new Error((await r.json()).error);
    const blob = await r.blob();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name.replace(/\.apng$/, '.png');
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    note(`${name}: ${blob.size} bytes`);
  } catch (e) {
    note(`${name}: ${e instanceof Error ? e.message : e}`);
  } finally {
    setBusy(-1);
  }
}

/**
 * Copies a text to the clipboard, or shows it when the browser does not let the page copy.
 * @param {string} text
 * @param {string} what
 */
export async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    note(`${what} copied`);
  } catch {
    note(`${what}: ${text}`);
  }
}
