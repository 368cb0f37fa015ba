// A person's input on a figure's panel, turned into cells: which cell a point is in (anywhere in
// its drawn outline, not only on its piece), a click, a piece dragged from cell to cell, a shape
// drawn (right button, or a long press and drag on a touch screen), the globe dragged round.
// What they mean is the page's (page.js): it hands these functions what to do.

/**
 * @typedef {object} PanelActions
 * @property {(cell: string) => boolean} press a cell pressed (left button, a finger): whether a
 *   piece may be dragged from it
 * @property {(from: string, to: string|null, dragged: boolean) => void} release the press let go over
 *   `to` (null: off the figure); `dragged`: the piece was moved by the pointer meanwhile
 * @property {(from: string, to: string, e: {shiftKey: boolean, altKey: boolean}) => void} shape an
 *   arrow (or a circle, `from` = `to`) drawn
 * @property {(dx: number, dy: number) => boolean} turn the figure turned by a drag of the globe,
 *   the wheel or Shift and an arrow key, in degrees (the globe) or files (the hemispheres)
 * @property {boolean} ball whether the view is turned by dragging (the globe)
 */

/**
 * The cell under a point of a panel: the cell outline drawn there (any point of a cell is the
 * cell), else the topmost element there that names one.
 * @param {Element} panel
 * @param {number} x
 * @param {number} y
 * @returns {string|null}
 */
export function cellAt(panel, x, y) {
  let named = null;
  for (const e of document.elementsFromPoint(x, y)) {
    if (!panel.contains(e)) continue;
    const c = /** @type {HTMLElement|null} */ (e.closest('[data-cell]'));
    if (!c || !panel.contains(c)) continue;
    if (c.classList.contains('cell')) return c.dataset.cell || null;
    if (!named) named = c.dataset.cell || null;
  }
  return named;
}

/** How far (px) a pointer goes before a press becomes a drag. */
const DRAG = 4;
/** How long (ms) a finger is held still before its drag draws an arrow. */
const LONG_PRESS = 500;

/**
 * The piece drawn on a cell of a panel (the one a drag moves).
 * @param {Element} panel
 * @param {string} cell
 * @returns {SVGGraphicsElement|null}
 */
function pieceOn(panel, cell) {
  return panel.querySelector(`.piece[data-cell="${CSS.escape(cell)}"]`);
}

/**
 * Moves a drawn piece by a screen offset (in its figure's units), or back (0, 0).
 * @param {SVGGraphicsElement} piece
 * @param {number} dx
 * @param {number} dy
 */
function shift(piece, dx, dy) {
  const m = piece.ownerSVGElement && piece.ownerSVGElement.getScreenCTM();
  const k = m && m.a ? 1 / m.a : 1;
  piece.style.transform = dx || dy ? `translate(${dx * k}px, ${dy * k}px)` : '';
}

/**
 * A left press (or a finger) on a panel, followed until it is let go.
 * @typedef {{x: number, y: number, id: number, cell: string|null, piece: boolean, moved: boolean,
 *   timer: number, shape: boolean, turning: boolean, lifted: SVGGraphicsElement|null}} Press
 */

/**
 * Listens to a panel's pointer, wheel and keys.
 * @param {HTMLElement} panel
 * @param {PanelActions} act
 */
export function attachPanel(panel, act) {
  panel.addEventListener('contextmenu', (e) => e.preventDefault());
  attachShapes(panel, act);
  attachPress(panel, act);
  attachTurns(panel, act);
}

/**
 * The right button: a drag from cell to cell draws an arrow, a click a circle.
 * @param {HTMLElement} panel
 * @param {PanelActions} act
 */
function attachShapes(panel, act) {
  /** @type {{from: string|null}|null} */
  let shape = null;
  panel.addEventListener('pointerdown', (e) => {
    if (e.button !== 2) return;
    e.preventDefault();
    shape = { from: cellAt(panel, e.clientX, e.clientY) };
    panel.setPointerCapture(e.pointerId);
  });
  panel.addEventListener('pointerup', (e) => {
    if (!shape || e.button !== 2) return;
    const from = shape.from;
    shape = null;
    const to = cellAt(panel, e.clientX, e.clientY);
    if (from && to) act.shape(from, to, e);
  });
  panel.addEventListener('pointercancel', () => { shape = null; });
}

/**
 * The left button or a finger: a click, a piece dragged, the globe turned, or (a finger held
 * still first) a shape drawn.
 * @param {HTMLElement} panel
 * @param {PanelActions} act
 */
function attachPress(panel, act) {
  /** @type {Press|null} */
  let press = null;
  panel.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const cell = cellAt(panel, e.clientX, e.clientY);
    const piece = cell !== null && act.press(cell);
    /** @type {Press} */
    const p = { x: e.clientX, y: e.clientY, id: e.pointerId, cell, piece, moved: false, timer: 0, shape: false,
      turning: false, lifted: null };
    press = p;
    if (e.pointerType === 'touch' && cell) {
      // A finger held still: its drag draws an arrow (as a right-drag does).
      p.timer = window.setTimeout(() => {
        if (p.moved) return;
        p.shape = true;
        panel.classList.add('drawing');
      }, LONG_PRESS);
    }
    if (piece || act.ball) {
      e.preventDefault();
      panel.setPointerCapture(e.pointerId);
    }
  });
  panel.addEventListener('pointermove', (e) => {
    if (press && e.pointerId === press.id) moved(panel, act, press, e);
  });
  const end = (/** @type {PointerEvent} */ e) => {
    if (!press || e.pointerId !== press.id || e.button === 2) return;
    const p = press;
    press = null;
    clearTimeout(p.timer);
    panel.classList.remove('dragging', 'drawing');
    if (p.lifted) {
      shift(p.lifted, 0, 0);
      p.lifted.classList.remove('lifted');
    }
    if (e.type === 'pointercancel' || p.turning || !p.cell) return;
    const to = cellAt(panel, e.clientX, e.clientY);
    if (p.shape) {
      if (to) act.shape(p.cell, to, e);
      return;
    }
    act.release(p.cell, to, p.moved && p.piece);
  };
  panel.addEventListener('pointerup', end);
  panel.addEventListener('pointercancel', end);
}

/**
 * A press moved: past a few pixels, the piece follows the pointer, or the globe turns.
 * @param {HTMLElement} panel
 * @param {PanelActions} act
 * @param {Press} press
 * @param {PointerEvent} e
 */
function moved(panel, act, press, e) {
  const dx = e.clientX - press.x;
  const dy = e.clientY - press.y;
  if (!press.moved && Math.hypot(dx, dy) < DRAG) return;
  press.moved = true;
  if (press.shape) return;
  if (press.piece && press.cell) {
    press.lifted = press.lifted || pieceOn(panel, press.cell);
    if (press.lifted) {
      press.lifted.classList.add('lifted');
      shift(press.lifted, dx, dy);
    }
    panel.classList.add('dragging');
  } else if (act.ball) {
    press.turning = true;
    panel.classList.add('dragging');
    const svg = panel.querySelector('svg');
    const scale = svg ? 180 / Math.max(1, svg.getBoundingClientRect().width) : 0.5;
    act.turn(dx * scale, dy * scale);
    press.x = e.clientX;
    press.y = e.clientY;
  }
}

/**
 * The wheel, and Shift with an arrow key on the figure that has the focus (the arrows alone
 * step through the moves), turn the figure.
 * @param {HTMLElement} panel
 * @param {PanelActions} act
 */
function attachTurns(panel, act) {
  panel.addEventListener('wheel', (e) => {
    if (act.turn(Math.sign(e.deltaY) * (act.ball ? 10 : 0.5), 0)) e.preventDefault();
  }, { passive: false });
  panel.addEventListener('keydown', (e) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (!step || !e.shiftKey) return;
    const [sx, sy] = step;
    const done = act.ball ? act.turn(sx * 10, sy * 10) : sx !== 0 && act.turn(sx * 0.5, 0);
    if (done) {
      e.preventDefault();
      e.stopPropagation();
    }
  });
}
