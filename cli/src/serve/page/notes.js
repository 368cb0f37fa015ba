// The page's messages: a server's error at the box it concerns (the FEN box, the overlay
// editor's line, the link), and the status line of the position.

/**
 * An element of the page.
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);

/**
 * A server message without the place it names (the query pair, the overlay's line): the server
 * sends the reason apart (`message`), and the page names its own box instead.
 * @param {{error: string, message?: string}} e
 */
function bare(e) {
  return e.message || e.error;
}

/**
 * Shows a server's error at the box it concerns (null: none).
 * @param {{error: string, message?: string, key?: string, line?: number, column?: number}|null} e
 */
export function showError(e) {
  const oe = $('overlay-error');
  const fe = $('fen-error');
  if (!e) {
    oe.hidden = true;
    fe.hidden = true;
    $('pgn-error').hidden = true;
    markLine(0);
    return;
  }
  if (e.key === 'link' || e.key === 'pgn') {
    // Kept until the next link or PGN (a figure drawn does not take it away).
    const box = $(e.key + '-error');
    box.hidden = false;
    box.textContent = e.error;
  } else if (e.key === 'overlay' || e.key === 'body') {
    oe.hidden = false;
    oe.textContent = 'Overlay editor' + (e.line ? `, line ${e.line}, column ${e.column}` : '') + ': ' + bare(e);
    oe.dataset.line = e.line || '';
    oe.dataset.column = e.column || '';
    markLine(e.line || 0);
  } else {
    fe.hidden = false;
    const box = { fen: 'FEN box', variant: 'Variant' }[e.key || ''];
    const said = box ? bare(e) : e.error;
    // The column, unless the message gives it itself.
    const column = e.column && !/\bcolumn \d/.test(said) ? `, column ${e.column}` : '';
    fe.textContent = (box ? `${box}${column}: ` : '') + said;
    fe.dataset.key = e.key || '';
  }
}

/** @param {number} n the line marked bad (0: none) */
export function markLine(n) {
  const lines = Math.max(1, $('overlay').value.split('\n').length);
  const out = [];
  for (let i = 1; i <= lines; i++) out.push(i === n ? `<b class="bad">${i}</b>` : String(i));
  $('gutter').innerHTML = out.join('\n');
}

/**
 * The status line: whose turn (by the variant's names of its sides), check, the legal moves, and
 * what makes an edited position unplayable.
 * @param {{turn: string, side?: string, check: boolean, legal: number, problems?: string[]}|null} s
 */
export function statusLine(s) {
  if (!s) {
    $('status').textContent = '';
    return;
  }
  const name = s.side || s.turn;
  const side = name.charAt(0).toUpperCase() + name.slice(1);
  const words = [`${side} to move`];
  if (s.check) words.push('check');
  words.push(s.legal === 0 ? (s.check ? 'checkmate' : 'no legal move') : `${s.legal} legal moves`);
  $('status').textContent = words.join(' · ');
  const problems = s.problems || [];
  $('problems').hidden = problems.length === 0;
  $('problems').textContent = problems.length ? 'This position cannot be played: ' + problems.join('; ') + '.' : '';
}
