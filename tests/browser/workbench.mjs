// Drives the workbench (`dotchess serve`'s page) in headless Chromium for
// tests/it/browser/workbench.rs: node workbench.mjs URL FEN SQUARE MOVE_TO OUT_DIR
// Prints one JSON object of what the page showed at each step; the Rust test judges it against
// the rules core and the CLI. Screenshots go to OUT_DIR.
import { chromium } from 'playwright-core';

const [url, fen, square, moveTo, out] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const seen = { errors: [], requests: [] };
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('request', (r) => seen.requests.push(r.url()));
  const idle = async () => {
    // Every request the page made has been answered and shown.
    await page.waitForFunction(() => document.body.dataset.busy === '0', null, { timeout: 120000 });
  };
  const drawn = (view) => page.$eval(`.panel[data-view="${view}"]`, (p) => Number(p.dataset.drawn));
  const params = () => page.evaluate(() => Object.fromEntries(
    [...new URLSearchParams(location.search).entries()].filter(([k]) => k !== 'view')));
  const dots = (view) => page.$$eval(`.panel[data-view="${view}"] .dot[data-cell]`, (ds) =>
    [...new Set(ds.filter((d) => {
      const r = d.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(d).visibility !== 'hidden';
    }).map((d) => d.dataset.cell))].sort());
  const markup = (view) => page.$eval(`.panel[data-view="${view}"] .figure`, (f) => f.innerHTML);

  await page.goto(url + '/?view=hemispheres&view=globe');
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, { timeout: 120000 });
  await idle();
  seen.start = { fen: await page.inputValue('#fen'), params: await params() };

  // Paste a FEN.
  await page.fill('#fen', fen);
  await page.press('#fen', 'Enter');
  await idle();
  await page.waitForFunction((f) => new URLSearchParams(location.search).get('fen') === f, fen);
  await idle();
  seen.pasted = { fen: await page.inputValue('#fen'), params: await params() };

  // Click a piece: its dots.
  const before = await drawn('hemispheres');
  await page.click(`.panel[data-view="hemispheres"] .piece[data-cell="${square}"]`);
  await page.waitForFunction((n) => Number(document.querySelector('.panel[data-view="hemispheres"]').dataset.drawn) > n,
    before, { timeout: 120000 });
  await idle();
  seen.clicked = { square: (await params()).square, hemispheres: await dots('hemispheres'), globe: await dots('globe') };
  await page.screenshot({ path: `${out}/clicked.png` });

  // Play the move to MOVE_TO by clicking its dot, then undo and redo.
  // Where the dot is (a capture's ring lies under the piece taken: the click lands on that piece).
  const dot = await page.locator(`.panel[data-view="hemispheres"] .dot[data-cell="${moveTo}"]`).boundingBox();
  await page.mouse.click(dot.x + dot.width / 2, dot.y + dot.height / 2);
  await page.waitForFunction((f) => document.querySelector('#fen').value !== f, fen, { timeout: 120000 });
  await idle();
  seen.played = { fen: await page.inputValue('#fen'), params: await params(),
    list: await page.$$eval('#moves-list li', (l) => l.map((x) => x.textContent)) };
  await page.click('#undo');
  await idle();
  seen.undone = { fen: await page.inputValue('#fen'), params: await params() };
  await page.click('#redo');
  await idle();
  seen.redone = { fen: await page.inputValue('#fen'), params: await params() };

  // Drag the globe to turn it.
  const globe = page.locator('.panel[data-view="globe"] svg');
  const box = await globe.boundingBox();
  const shotBefore = await globe.screenshot({ path: `${out}/globe-before.png` });
  const markBefore = await markup('globe');
  const lonBefore = (await params()).longitude || null;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width / 2 + i * 15, box.y + box.height / 2 + i * 3);
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
  const hemi = page.locator('.panel[data-view="hemispheres"]');
  await hemi.hover();
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
    stale: await page.$eval('.panel[data-view="hemispheres"]', (p) => p.classList.contains('stale')),
  };
  await page.screenshot({ path: `${out}/bad-overlay.png` });
  // Mended: the error goes, the figure follows the overlay.
  await page.fill('#overlay', 'title = "Workbench"\n');
  await page.waitForSelector('#overlay-error[hidden]', { state: 'attached', timeout: 120000 });
  await idle();
  seen.mended = { titled: (await markup('hemispheres')).includes('Workbench') };

  // Reload: the state comes back from the URL.
  const urlBefore = page.url();
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.panel svg').length === 2, null, { timeout: 120000 });
  await idle();
  seen.reloaded = {
    sameUrl: page.url() === urlBefore, fen: await page.inputValue('#fen'), params: await params(),
    overlay: await page.inputValue('#overlay'),
    list: await page.$$eval('#moves-list li', (l) => l.map((x) => x.textContent)),
    views: await page.$$eval('.panel', (ps) => ps.map((p) => p.dataset.view)),
  };
  await page.screenshot({ path: `${out}/reloaded.png`, fullPage: true });
} catch (e) {
  seen.failure = String(e && e.stack || e);
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
