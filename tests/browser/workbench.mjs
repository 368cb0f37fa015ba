// Drives the workbench (`dotchess serve`'s page) in headless Chromium for
// tests/it/browser/workbench.rs: node workbench.mjs JOB.json
// JOB: { url, fen, square, moveTo, out, bigOverlay, promotionFen }. Prints one JSON object of
// what the page showed at each step; the Rust test judges it against the rules core, the CLI and
// the image API. Screenshots and downloads go to OUT.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const { url, fen, square, moveTo, out } = job;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const seen = { errors: [], requests: [] };
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('request', (r) => seen.requests.push(r.url()));
  const idle = async () => {
    // Every request the page made has been answered and shown, and the URL written.
    await page.waitForFunction(() => document.body.dataset.busy === '0', null, { timeout: 120000 });
  };
  const panel = (view) => `.panel[data-view="${view}"]`;
  const drawn = (view) => page.$eval(panel(view), (p) => Number(p.dataset.drawn));
  // The state in the URL: the fragment unpacked (zlib in base64url), as the page packs it.
  const params = () => page.evaluate(async () => {
    const h = location.hash.replace(/^#/, '');
    let text = '';
    if (h.startsWith('z=')) {
      const bin = atob(h.slice(2).replace(/-/g, '+').replace(/_/g, '/'));
      const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
      text = await new Response(stream).text();
    }
    const q = new URLSearchParams(text);
    return Object.fromEntries([...q.entries()].filter(([k]) => k !== 'view'));
  });
  const viewsInUrl = () => page.evaluate(() => location.hash);
  const dots = (view) => page.$$eval(`${panel(view)} .dot[data-cell]`, (ds) =>
    [...new Set(ds.filter((d) => {
      const r = d.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(d).visibility !== 'hidden';
    }).map((d) => d.dataset.cell))].sort());
  const markup = (view) => page.$eval(`${panel(view)} .figure`, (f) => f.innerHTML);
  const list = () => page.$$eval('#moves-list .move', (l) => l.map((x) => x.textContent));
  const centre = async (selector) => {
    const b = await page.locator(selector).first().boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const clickPiece = async (view, cell) => {
    const before = await drawn(view);
    await page.click(`${panel(view)} .piece[data-cell="${cell}"]`);
    await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel).dataset.drawn) > n,
      [panel(view), before], { timeout: 120000 });
    await idle();
  };
  const clickDot = async (view, cell) => {
    // A capture's ring lies under the piece taken: the click lands on that piece.
    const at = await centre(`${panel(view)} .dot[data-cell="${cell}"]`);
    await page.mouse.click(at.x, at.y);
  };
  // Every part of the side panel open, as a user opens what they use.
  const openAll = () => page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
  const fenIsNot = (f) => page.waitForFunction((x) => document.querySelector('#fen').value !== x, f,
    { timeout: 120000 });
  const download = async (name, file) => {
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }),
      page.click(`[data-download="${name}"]`)]);
    await dl.saveAs(`${out}/${file}`);
    await idle();
    return `${out}/${file}`;
  };

  // An old link, its state in the query: it opens, and becomes a packed fragment.
  await page.goto(url + '/?view=hemispheres&view=globe');
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, { timeout: 120000 });
  await idle();
  seen.start = {
    fen: await page.inputValue('#fen'), params: await params(), search: await page.evaluate(() => location.search),
    hash: await viewsInUrl(), views: await page.$$eval('.panel', (ps) => ps.map((p) => p.dataset.view)),
  };

  // Play g1-f3 from the start: SAN in the list; the selected piece's cell is highlighted.
  await clickPiece('hemispheres', 'g1');
  seen.selected = await page.$$eval('.panel .cell.selected', (cs) => cs.map((c) => [c.closest('.panel').dataset.view,
    c.dataset.cell, getComputedStyle(c).fill]));
  await page.screenshot({ path: `${out}/selected.png` });
  const startFen = await page.inputValue('#fen');
  await clickDot('hemispheres', 'f3');
  await fenIsNot(startFen);
  await idle();
  seen.nf3 = { fen: await page.inputValue('#fen'), list: await list(), params: await params(),
    historyLength: await page.evaluate(() => history.length) };
  // Back undoes it; Forward plays it again.
  await page.goBack();
  const undone = await page.waitForFunction((f) => {
    const box = document.querySelector('#fen');
    return box && box.value === f;
  }, startFen, { timeout: 30000 }).then(() => true, () => false);
  if (!undone) {
    const box = await page.inputValue('#fen', { timeout: 1000 }).catch(() => 'gone');
    throw new Error(`Back did not undo 1. Nf3: the page is ${page.url()}, its FEN box ${box}`);
  }
  await idle();
  seen.back = { fen: await page.inputValue('#fen'), list: await list(), params: await params(),
    redo: await page.isEnabled('#redo') };
  await page.goForward();
  await fenIsNot(startFen);
  await idle();
  seen.forward = { fen: await page.inputValue('#fen'), list: await list() };

  // Paste a FEN.
  await page.fill('#fen', fen);
  await page.press('#fen', 'Enter');
  await page.waitForFunction(() => document.querySelector('#moves-list').children.length === 0, null,
    { timeout: 120000 });
  await idle();
  seen.pasted = { fen: await page.inputValue('#fen'), params: await params() };

  // Click a piece: its dots.
  await clickPiece('hemispheres', square);
  seen.clicked = { square: (await params()).square, hemispheres: await dots('hemispheres'), globe: await dots('globe') };
  await page.screenshot({ path: `${out}/clicked.png` });

  // Play the move to MOVE_TO by clicking its dot, then undo and redo.
  await clickDot('hemispheres', moveTo);
  await fenIsNot(fen);
  await idle();
  seen.played = { fen: await page.inputValue('#fen'), params: await params(), list: await list() };
  await page.click('#undo');
  await idle();
  seen.undone = { fen: await page.inputValue('#fen'), params: await params() };
  await page.click('#redo');
  await idle();
  seen.redone = { fen: await page.inputValue('#fen'), params: await params() };

  // Drag the globe to turn it, from an empty cell (a drag from a piece moves the piece).
  const globe = page.locator(`${panel('globe')} svg`);
  const shotBefore = await globe.screenshot({ path: `${out}/globe-before.png` });
  const markBefore = await markup('globe');
  const lonBefore = (await params()).longitude || null;
  const grip = await centre(`${panel('globe')} .cell[data-cell="d4"]`);
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(grip.x + i * 15, grip.y + i * 3);
  await page.mouse.up();
  await idle();
  await page.waitForTimeout(200);
  await idle();
  const shotAfter = await globe.screenshot({ path: `${out}/globe-after.png` });
  seen.dragged = {
    longitudeBefore: lonBefore, longitudeAfter: (await params()).longitude || null,
    latitudeAfter: (await params()).latitude || null,
    pictureChanged: Buffer.compare(shotBefore, shotAfter) !== 0, markupChanged: markBefore !== await markup('globe'),
  };

  // The wheel on the hemispheres turns them.
  await page.locator(panel('hemispheres')).hover();
  await page.mouse.wheel(0, 100);
  await idle();
  seen.wheeled = { rotation: (await params()).rotation || null };

  // A bad overlay key: the located error, and the last good figure stays.
  const goodMarkup = await markup('hemispheres');
  const goodDrawn = await drawn('hemispheres');
  await page.fill('#overlay', 'title = "Workbench"\nlattitude = 3\n');
  await page.waitForSelector('#overlay-error:not([hidden])', { timeout: 120000 });
  await idle();
  seen.badOverlay = {
    error: await page.textContent('#overlay-error'),
    line: await page.$eval('#overlay-error', (e) => e.dataset.line),
    column: await page.$eval('#overlay-error', (e) => e.dataset.column),
    gutterMarked: await page.$eval('#gutter .bad', (b) => b.textContent).catch(() => null),
    figureKept: goodMarkup === await markup('hemispheres') && goodDrawn === await drawn('hemispheres'),
    stale: await page.$eval(panel('hemispheres'), (p) => p.classList.contains('stale')),
  };
  await page.screenshot({ path: `${out}/bad-overlay.png` });
  // Mended: the error goes, the figure follows the overlay.
  await page.fill('#overlay', 'title = "Workbench"\n');
  await page.waitForSelector('#overlay-error[hidden]', { state: 'attached', timeout: 120000 });
  await idle();
  seen.mended = { titled: (await markup('hemispheres')).includes('Workbench') };

  // Right-drag from b1 to c3 on the hemispheres: an arrow, written into the overlay; a right
  // click on e4: a circle.
  const from = await centre(`${panel('hemispheres')} .piece[data-cell="b1"]`);
  const to = await centre(`${panel('hemispheres')} .cell[data-cell="c3"]`);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button: 'right' });
  for (let i = 1; i <= 5; i++) await page.mouse.move(from.x + (to.x - from.x) * i / 5, from.y + (to.y - from.y) * i / 5);
  await page.mouse.up({ button: 'right' });
  await idle();
  const e4 = await centre(`${panel('hemispheres')} .cell[data-cell="e4"]`);
  await page.mouse.click(e4.x, e4.y, { button: 'right' });
  await idle();
  seen.shapes = {
    overlay: await page.inputValue('#overlay'),
    arrows: await page.$$eval(`${panel('hemispheres')} .arrow`, (as) => as.map((a) => a.getAttribute('class'))),
    circles: await page.$$eval(`${panel('hemispheres')} .circle[data-cell]`, (cs) => cs.map((c) => c.dataset.cell)),
  };
  await page.screenshot({ path: `${out}/shapes.png` });

  // Reload: the state comes back from the URL.
  const urlBefore = page.url();
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, { timeout: 120000 });
  await idle();
  seen.reloaded = {
    sameUrl: page.url() === urlBefore, fen: await page.inputValue('#fen'), params: await params(),
    overlay: await page.inputValue('#overlay'), list: await list(),
    views: await page.$$eval('.panel', (ps) => ps.map((p) => p.dataset.view)),
  };
  await page.screenshot({ path: `${out}/reloaded.png`, fullPage: true });

  // Hemispheres and board shown, the print theme, a piece chosen: the exports.
  await openAll();
  await page.uncheck('#view-picker input[value="globe"]');
  await idle();
  await page.check('#view-picker input[value="board"]');
  await idle();
  await page.selectOption('#theme', 'print');
  await idle();
  await clickPiece('board', 'b1');
  await page.screenshot({ path: `${out}/two-views.png`, fullPage: true });
  seen.exported = {
    params: await params(), overlay: await page.inputValue('#overlay'),
    views: await page.$$eval('.panel', (ps) => ps.map((p) => p.dataset.view)),
    svg: await download('figure.svg', 'export.svg'), png: await download('figure.png', 'export.png'),
    pdf: await download('figure.pdf', 'export.pdf'),
  };
  await page.click('#copy-url');
  await page.waitForFunction(() => document.querySelector('#export-note').dataset.url !== undefined);
  seen.exported.url = await page.$eval('#export-note', (e) => e.dataset.url);
  await page.selectOption('#kind', 'gear');
  await idle();
  seen.exported.gif = await download('animation.gif', 'export.gif');

  // An overlay of 13 KB survives a reload; its image URL packs it.
  await page.fill('#overlay', job.bigOverlay);
  await page.waitForFunction((n) => document.querySelector('#overlay').value.length === n, job.bigOverlay.length);
  await page.waitForTimeout(400);
  await idle();
  const bigError = await page.$eval('#overlay-error', (e) => (e.hidden ? null : e.textContent));
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, { timeout: 120000 });
  await idle();
  await openAll();
  await page.click('#copy-url');
  await page.waitForFunction(() => (document.querySelector('#export-note').dataset.url || '').includes('overlayz'),
    null, { timeout: 120000 });
  seen.big = {
    error: bigError, overlay: await page.inputValue('#overlay'), urlLength: page.url().length,
    imageUrl: await page.$eval('#export-note', (e) => e.dataset.url), params: await params(),
  };

  // A server that does not answer: a visible message; it goes when the server answers again.
  await page.route('**/figure.svg*', (r) => r.abort('connectionrefused'));
  await page.selectOption('#coordinates', 'cells');
  await page.waitForSelector('#offline:not([hidden])', { timeout: 120000 });
  await idle();
  seen.offline = { text: await page.textContent('#offline') };
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${out}/offline.png` });
  await page.unroute('**/figure.svg*');
  await page.selectOption('#coordinates', '');
  await page.waitForSelector('#offline[hidden]', { state: 'attached', timeout: 120000 });
  await idle();

  // A promotion: the choices are pictures, queen, rook, bishop, knight.
  await page.fill('#overlay', '');
  await page.waitForTimeout(400);
  await idle();
  await page.fill('#fen', job.promotionFen);
  await page.press('#fen', 'Enter');
  await idle();
  await clickPiece('board', 'e7');
  await clickDot('board', 'e8');
  await page.waitForSelector('#promotion:not([hidden])', { timeout: 120000 });
  await page.waitForFunction(() => [...document.querySelectorAll('#promotion img')].every((i) => i.complete));
  seen.promotion = await page.$$eval('#promotion button', (bs) => bs.map((b) => {
    const img = b.querySelector('img');
    return { move: b.dataset.move, alt: img && img.alt, src: img && img.getAttribute('src'),
      loaded: !!img && img.naturalWidth > 0 };
  }));
  await page.screenshot({ path: `${out}/promotion.png` });
  await page.click('#promotion button >> nth=0');
  await idle();
  seen.promoted = { list: await list(), choicesShown: await page.isVisible('#promotion') };

  // A FEN that does not read: the status line is cleared, the error names the box.
  await page.fill('#fen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x');
  await page.press('#fen', 'Enter');
  await page.waitForSelector('#fen-error:not([hidden])', { timeout: 120000 });
  await idle();
  seen.badFen = { status: await page.textContent('#status'), error: await page.textContent('#fen-error') };
  await page.screenshot({ path: `${out}/bad-fen.png` });
} catch (e) {
  seen.failure = String(e && e.stack || e);
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
