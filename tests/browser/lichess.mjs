// Drives the workbench as a lichess user would, in headless Chromium, for
// cli/tests/it/browser/lichess.rs: node lichess.mjs JOB.json
// JOB: { url, out, pgn }. Real mouse, keyboard and touch input: a click anywhere in a piece's
// cell (beside its glyph) at desktop and phone sizes, Undo/Redo against Back/Forward, a piece
// dragged to move (and in the editor), the keys, a PGN pasted and the PGN, FEN and line GIF
// copied or downloaded, a variation played. Prints one JSON object of what the page showed; the
// Rust test judges it against the rules core and the image API. Screenshots go to OUT.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { url, out } = job;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const seen = { errors: [], requests: [] };
const LONG = { timeout: 120000 };

/** A page of its own context, its errors and requests noted. */
async function open(options) {
  const context = await browser.newContext({ acceptDownloads: true, ...options });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('request', (r) => seen.requests.push(r.url()));
  return page;
}

/** What the page shows and its URL holds. */
function reader(page) {
  const idle = () => page.waitForFunction(() => document.body.dataset.busy === '0', null, LONG);
  const params = () => page.evaluate(async () => {
    const h = location.hash.replace(/^#/, '');
    let text = '';
    if (h.startsWith('z=')) {
      const bin = atob(h.slice(2).replace(/-/g, '+').replace(/_/g, '/'));
      const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
      text = await new Response(stream).text();
    }
    return Object.fromEntries([...new URLSearchParams(text).entries()].filter(([k]) => k !== 'view'));
  });
  const facts = async () => ({
    fen: await page.inputValue('#fen'), params: await params(),
    moves: await page.$$eval('#moves-list .move', (ms) => ms.map((m) => m.textContent)),
    current: await page.$eval('#moves-list', (l) => (l.querySelector('.current') || { textContent: '' }).textContent),
    undo: await page.isEnabled('#undo'), redo: await page.isEnabled('#redo'),
  });
  return { idle, params, facts };
}

/**
 * A point of a cell's outline that is not on its piece's glyph (the farthest from the glyph's
 * middle), how many of the sampled points are in the cell and how many of those are off the glyph.
 */
function besideGlyph(page, view, cell) {
  return page.evaluate(([v, c]) => {
    const panel = document.querySelector(`.panel[data-view="${v}"]`);
    const poly = panel.querySelector(`.cell[data-cell="${c}"]`);
    const piece = panel.querySelector(`.piece[data-cell="${c}"]`);
    const r = poly.getBoundingClientRect();
    const pr = piece ? piece.getBoundingClientRect() : r;
    let best = null;
    let far = -1;
    let inCell = 0;
    let offGlyph = 0;
    const n = 24;
    for (let i = 1; i < n; i++) {
      for (let j = 1; j < n; j++) {
        const x = r.left + (r.width * i) / n;
        const y = r.top + (r.height * j) / n;
        const els = document.elementsFromPoint(x, y);
        const first = els.find((e) => e.classList && e.classList.contains('cell') && panel.contains(e));
        if (first !== poly) continue;
        inCell += 1;
        if (piece && els.some((e) => piece.contains(e))) continue;
        offGlyph += 1;
        const d = Math.hypot(x - (pr.left + pr.width / 2), y - (pr.top + pr.height / 2));
        if (d > far) {
          far = d;
          best = { x, y };
        }
      }
    }
    return { best, inCell, offGlyph };
  }, [view, cell]);
}

/** The middle of the first element a selector finds. */
async function centre(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

const H = '.panel[data-view="hemispheres"]';

/** Chooses a piece by a click beside its glyph, then plays to a cell by a click on its dot. */
async function playByClicks(page, r, from, to) {
  const at = await besideGlyph(page, 'hemispheres', from);
  await page.mouse.click(at.best.x, at.best.y);
  await page.waitForFunction((c) => document.querySelector(`.panel .cell.selected[data-cell="${c}"]`), from, LONG);
  await r.idle();
  const dot = await centre(page, `${H} .dot[data-cell="${to}"]`);
  await page.mouse.click(dot.x, dot.y);
  await page.waitForFunction((c) => !document.querySelector('.panel .cell.selected'), null, LONG);
  await r.idle();
}

/** Items 1, 2, 3, 4, 6: a desktop page at 1280×720. */
async function desktop() {
  const page = await open({ viewport: { width: 1280, height: 720 } });
  const r = reader(page);
  await page.goto(url + '/');
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, LONG);
  await r.idle();
  // The figure and the move list in the first screen.
  seen.layout = await page.evaluate(() => ({
    hemispheres: document.querySelector('.panel[data-view="hemispheres"]').getBoundingClientRect().bottom,
    globe: document.querySelector('.panel[data-view="globe"]').getBoundingClientRect().bottom,
    moves: document.querySelector('#moves-list').getBoundingClientRect().top,
    undo: document.querySelector('#undo').getBoundingClientRect().bottom,
    height: innerHeight,
  }));
  await page.screenshot({ path: `${out}/desktop-1280x720.png` });

  // 1. A click beside the knight's glyph in g1's cell chooses it; then beside the pawn in e2's
  // cell chooses that pawn (not nothing).
  const g1 = await besideGlyph(page, 'hemispheres', 'g1');
  await page.mouse.click(g1.best.x, g1.best.y);
  await page.waitForFunction(() => document.querySelector('.panel .cell.selected'), null, LONG);
  await r.idle();
  const e2 = await besideGlyph(page, 'hemispheres', 'e2');
  seen.cellWide = { g1: { ...g1, square: (await r.params()).square || '' } };
  await page.mouse.click(e2.best.x, e2.best.y);
  await page.waitForFunction(() => document.querySelector('.panel .cell.selected[data-cell="e2"]'), null, LONG)
    .catch(() => {});
  await r.idle();
  seen.cellWide.e2 = { ...e2, square: (await r.params()).square || '' };
  await page.screenshot({ path: `${out}/selected-beside.png` });

  // 2. Undo and Back, Redo and Forward: one history (the pawn on e2 is chosen).
  const steps = [];
  const note = async (what) => steps.push({ what, ...(await r.facts()) });
  const dot = await centre(page, `${H} .dot[data-cell="e4"]`);
  await page.mouse.click(dot.x, dot.y);
  await page.waitForFunction(() => document.querySelectorAll('#moves-list .move').length === 1, null, LONG);
  await r.idle();
  await playByClicks(page, r, 'e7', 'e5');
  await playByClicks(page, r, 'g1', 'f3');
  await note('1. e4 e5 2. Nf3');
  const wait = async () => { await page.waitForTimeout(150); await r.idle(); };
  await page.click('#undo');
  await wait();
  await page.click('#undo');
  await wait();
  await note('Undo twice');
  await page.goBack();
  await wait();
  await note('Back');
  await page.goForward();
  await wait();
  await note('Forward');
  await page.click('#redo');
  await wait();
  await note('Redo');
  await page.click('#redo');
  await wait();
  await note('Redo again');
  await page.goBack();
  await wait();
  await note('Back after the last move');
  await page.click('#redo');
  await wait();
  await note('Redo after Back');
  seen.history = steps;

  // 4. The keys, outside the text boxes.
  await page.locator('h1').click();
  const keys = [];
  for (const key of ['ArrowLeft', 'ArrowLeft', 'Home', 'ArrowRight', 'End', 'ArrowUp', 'ArrowDown', 'f']) {
    await page.keyboard.press(key);
    await wait();
    const p = await r.params();
    keys.push({ key, ply: p.ply === undefined ? (p.line ? p.line.split(',').length : 0) : Number(p.ply),
      orientation: p.orientation || '' });
  }
  seen.keys = keys;
  await page.keyboard.press('f');
  await wait();

  // 6. A variation: back to 1. e4 by a click on it in the list, then 1... c5 played.
  await page.click('#moves-list .move[data-path="e2e4"]');
  await wait();
  await playByClicks(page, r, 'c7', 'c5');
  seen.variation = { ...(await r.facts()),
    blocks: await page.$$eval('#moves-list .variation', (bs) => bs.map((b) => b.textContent)) };
  await page.screenshot({ path: `${out}/variation.png` });
  // Back goes to 1. e4, and the list still holds both lines; a reload keeps them.
  await page.goBack();
  await wait();
  seen.variationBack = await r.facts();
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, LONG);
  await r.idle();
  seen.variationReloaded = await r.facts();

  // 3. Drag to move: from the start, the knight on g1 dragged to f3 (a third first move).
  await page.keyboard.press('Home');
  await wait();
  const from = await centre(page, `${H} .piece[data-cell="g1"]`);
  const to = await centre(page, `${H} .cell[data-cell="f3"]`);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
  await page.mouse.up();
  await page.waitForFunction(() => (document.querySelector('#moves-list .current') || {}).textContent === '1. Nf3',
    null, { timeout: 30000 }).catch(() => {});
  await r.idle();
  seen.dragged = await r.facts();

  // 5. Copy FEN and PGN; the line GIF.
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  await page.click('#copy-fen');
  await page.waitForFunction(() => /copied/.test(document.querySelector('#export-note').textContent));
  seen.copiedFen = { clip: await page.evaluate(() => navigator.clipboard.readText()), fen: await page.inputValue('#fen') };
  await page.click('#moves-list .move[data-path="e2e4,e7e5,g1f3"]');
  await wait();
  await page.click('#copy-pgn');
  await page.waitForFunction(() => /PGN copied/.test(document.querySelector('#export-note').textContent));
  seen.copiedPgn = { clip: await page.evaluate(() => navigator.clipboard.readText()), ...(await r.facts()) };
  const [gif] = await Promise.all([page.waitForEvent('download', LONG), page.click('[data-download="game.gif"]')]);
  await gif.saveAs(`${out}/line.gif`);
  await r.idle();
  seen.lineGif = { file: `${out}/line.gif`, params: await r.params() };

  // 5. A PGN pasted on the page (Ctrl+V outside the text boxes): its tree.
  await page.evaluate((t) => navigator.clipboard.writeText(t), job.pgn);
  await page.locator('h1').click();
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => document.querySelectorAll('#moves-list .variation').length > 0 &&
    !document.querySelector('#moves-list .move[data-path="g1f3"]'), null, LONG);
  await r.idle();
  seen.pasted = { ...(await r.facts()), comments: await page.$$eval('#moves-list .comment', (cs) => cs.map((c) => c.textContent)) };
  await page.screenshot({ path: `${out}/pasted.png` });
  await page.click('#copy-pgn');
  await page.waitForFunction(() => /PGN copied/.test(document.querySelector('#export-note').textContent));
  seen.pasted.copied = await page.evaluate(() => navigator.clipboard.readText());

  // 3. Drag in the board editor: the queen on d1 dragged to h5.
  await page.click('#palette button[data-tool="P"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  const q = await centre(page, `${H} .piece[data-cell="d1"]`);
  const h5 = await centre(page, `${H} .cell[data-cell="h5"]`);
  const fenBefore = await page.inputValue('#fen');
  await page.mouse.move(q.x, q.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(q.x + ((h5.x - q.x) * i) / 10, q.y + ((h5.y - q.y) * i) / 10);
  await page.mouse.up();
  await page.waitForFunction((f) => document.querySelector('#fen').value !== f, fenBefore, { timeout: 30000 }).catch(() => {});
  await r.idle();
  seen.editorDrag = { before: fenBefore, after: await page.inputValue('#fen') };
  await page.click('#palette button[data-tool=""]');

  // 8. A link cut short: said, and still said once the figures are drawn.
  const hash = await page.evaluate(() => location.hash);
  await page.goto('about:blank');
  await page.goto(url + '/' + hash.slice(0, 14));
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, LONG);
  await r.idle();
  await page.waitForTimeout(500);
  seen.cutLink = { shown: await page.isVisible('#link-error'), text: await page.textContent('#link-error'),
    fen: await page.inputValue('#fen') };
  await page.context().close();
}

/** Item 1 on a phone, the layout there, dark mode and a touch arrow. */
async function phone() {
  const page = await open({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true,
    deviceScaleFactor: 2, colorScheme: 'dark' });
  const r = reader(page);
  await page.goto(url + '/?view=hemispheres&view=board');
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, LONG);
  await r.idle();
  seen.phoneLayout = await page.evaluate(() => ({
    figure: document.querySelector('.panel[data-view="hemispheres"]').getBoundingClientRect().bottom,
    moves: document.querySelector('#moves-list').getBoundingClientRect().top,
    undo: document.querySelector('#undo').getBoundingClientRect().bottom,
    height: innerHeight, width: document.documentElement.scrollWidth,
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));
  await page.screenshot({ path: `${out}/phone-390x844.png` });
  const g1 = await besideGlyph(page, 'hemispheres', 'g1');
  await page.touchscreen.tap(g1.best.x, g1.best.y);
  await page.waitForFunction(() => document.querySelector('.panel .cell.selected'), null, { timeout: 30000 }).catch(() => {});
  await r.idle();
  seen.phoneCell = { ...g1, square: (await r.params()).square || '' };

  // A finger held still on e2, then dragged to e4: an arrow in the overlay.
  const cdp = await page.context().newCDPSession(page);
  const a = await centre(page, `${H} .cell[data-cell="e2"]`);
  const b = await centre(page, `${H} .cell[data-cell="e4"]`);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', a);
  await page.waitForTimeout(800);
  for (let i = 1; i <= 6; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 });
  await touch('touchEnd');
  await page.waitForTimeout(500);
  await r.idle();
  seen.touchArrow = { overlay: await page.inputValue('#overlay'),
    arrows: await page.$$eval(`${H} .arrow`, (as) => as.length) };
  await page.screenshot({ path: `${out}/phone-arrow.png` });
  await page.context().close();
}

try {
  await desktop();
  await phone();
} catch (e) {
  seen.failure = String((e && e.stack) || e);
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
