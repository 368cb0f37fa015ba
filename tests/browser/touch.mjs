// Drives interactive figures in headless Chromium for tests/it/browser/touch.rs: one browser, one
// tab, a page per figure in turn. It only acts and reports what the page shows (visible dots'
// cells per panel, pressed pieces, announced text, requests made); the Rust test decides what is
// right.
//
//   node tests/browser/touch.mjs JOB.json RESULT.json
//
// JOB: { pages: [{ name, file, pieces: [{ board, cell }], extras: bool }],
//        pair: { file }, shots: { before, after } }
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const [jobFile, resultFile] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, "utf8"));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    // Raster whole tiles: a partial re-raster of the rectangle a click invalidates antialiases
    // the edges it cuts differently, which the screenshot comparison would read as a change.
    "--disable-partial-raster",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

// One tab, given one page after another: a new tab for each page cost the browser more work than
// the page it shows (about 0.6 s of processor time a tab, measured), while a navigation gives each
// page a fresh document all the same. (Several tabs at once, driving pages side by side, were
// measured too: no sooner done on two cores, since one tab already keeps the browser, its renderer
// and this script busy on both, and a sixth to a third more processor time, a renderer a tab.)
const tab = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
tab.setDefaultTimeout(5000);
let seen = null;
tab.on("request", (r) => seen.requests.push(r.url()));
tab.on("pageerror", (e) => seen.errors.push(String(e)));
tab.on("console", (m) => {
  if (m.type() === "error") seen.errors.push(m.text());
});

// Opens `file` in the tab as a fresh tab would: the mouse back at the corner (the last page's
// click does not hover over the new one), and everything the page asks of the network and every
// script error recorded from its start.
async function open(file) {
  if (seen) await tab.mouse.move(0, 0);
  seen = { requests: [], errors: [] };
  await tab.goto("file://" + file);
  return { page: tab, seen };
}

// In the page: the visible destination dots of each panel of figure `f`, as sorted cell names,
// and each visible dot's name (aria-label) by cell. Visible: laid out (an element in a hidden
// group has no client rectangles; Chromium's checkVisibility() says true of SVG elements there).
function shownIn(f) {
  const fig = document.querySelectorAll(".dotchess")[f];
  const svg = fig.querySelector("svg");
  const panels = svg.querySelectorAll("g.panel");
  const list = panels.length ? Array.from(panels) : [svg];
  const names = {};
  const cells = list.map((p) => {
    const set = new Set();
    p.querySelectorAll(".dot").forEach((d) => {
      if (d.getClientRects().length > 0) {
        set.add(d.getAttribute("data-cell"));
        names[d.getAttribute("data-cell")] = d.getAttribute("aria-label");
      }
    });
    return Array.from(set).sort();
  });
  const pressed = Array.from(fig.querySelectorAll('.piece[aria-pressed="true"]')).map(
    (p) => p.getAttribute("data-board") + " " + p.getAttribute("data-cell"),
  );
  return { cells, names, pressed: Array.from(new Set(pressed)).sort(), status: fig.querySelector(".dc-status").textContent };
}
const shown = (page, f = 0) => page.evaluate(shownIn, f);

// The piece's control in a panel (the one that panel's Tab order reaches), else in any panel.
async function control(page, piece, preferred, f = 0) {
  return page.evaluateHandle(
    ([f, board, cell, preferred]) => {
      const fig = document.querySelectorAll(".dotchess")[f];
      const svg = fig.querySelector("svg");
      const panels = svg.querySelectorAll("g.panel");
      const list = panels.length ? Array.from(panels) : [svg];
      const sel = `.piece[role=button][data-board="${board}"][data-cell="${cell}"]`;
      const order = [list[preferred % list.length], ...list];
      for (const p of order) {
        const e = p.querySelector(sel);
        if (e) return e;
      }
      return null;
    },
    [f, piece.board, piece.cell, preferred],
  );
}

// Chooses a piece by a click, or by the keyboard: focus, then Enter or Space.
async function choose(page, piece, i, f = 0) {
  const h = await control(page, piece, i, f);
  const how = ["click", "Enter", " "][i % 3];
  if (how === "click") {
    // A real click at the piece's middle (without the retries of ElementHandle.click, which
    // make a page of two hundred clicks slow).
    const b = await h.boundingBox();
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  } else {
    await h.focus();
    await page.keyboard.press(how === " " ? "Space" : how);
  }
  return how;
}

// In the page, one round trip before each piece is chosen: what the figure shows (the state the
// last Escape left), and the piece's control — focused when the keyboard will choose it, its
// middle when the mouse will.
function prepare([f, board, cell, preferred, focus]) {
  const state = shownIn(f);
  const fig = document.querySelectorAll(".dotchess")[f];
  const svg = fig.querySelector("svg");
  const panels = svg.querySelectorAll("g.panel");
  const list = panels.length ? Array.from(panels) : [svg];
  const sel = `.piece[role=button][data-board="${board}"][data-cell="${cell}"]`;
  const e = [list[preferred % list.length], ...list].map((p) => p.querySelector(sel)).find((x) => x);
  if (!e) return { state, at: null };
  if (focus) e.focus();
  const r = e.getBoundingClientRect();
  return { state, at: [r.x + r.width / 2, r.y + r.height / 2] };
}

// One figure's page: every piece chosen in turn, then the extras if asked for.
async function drivePage(spec) {
  const { page, seen } = await open(spec.file);
  // `prepare` reads the figure with `shownIn`, which has to be in the page for it.
  await page.evaluate(`window.shownIn = ${shownIn.toString()}`);
  const out = { name: spec.name, initial: null, pieces: [], extras: null };
  // Each piece: chosen by a click or by the keyboard (focus, then Enter or Space), what the
  // figure shows then, Escape, and what it shows after (read with the next piece's preparation).
  let last = null;
  for (const [i, piece] of spec.pieces.entries()) {
    const how = ["click", "Enter", " "][i % 3];
    const ready = await page.evaluate(prepare, [0, piece.board, piece.cell, i, how !== "click"]);
    if (last) last.cleared = ready.state;
    else out.initial = ready.state;
    if (!ready.at) throw new Error(`${spec.name}: no control for ${piece.cell}`);
    if (how === "click") await page.mouse.click(ready.at[0], ready.at[1]);
    else await page.keyboard.press(how === " " ? "Space" : how);
    const after = await shown(page);
    await page.keyboard.press("Escape");
    last = { ...piece, how, after, cleared: null };
    out.pieces.push(last);
  }
  if (last) last.cleared = await shown(page);
  else out.initial = await shown(page);
  if (spec.extras) {
    out.extras = await extras(page, spec);
  }
  out.requests = seen.requests;
  out.errors = seen.errors;
  return out;
}

const result = { pages: [] };
for (const spec of job.pages) result.pages.push(await drivePage(spec));

// Hovering and focusing a dot, the arrow keys, Tab, a whole side, the side-to-move switch.
async function extras(page, spec) {
  const x = {};
  const first = spec.pieces.find((p) => p.cell === spec.hoverPiece);
  await (await control(page, first, 0)).click();
  const dot = await page.evaluateHandle(() => document.querySelector(".piece-moves.on .dot[data-move]:not(.capture)"));
  // No dot shown for the chosen piece: the page is broken; the test reports it from the pieces'
  // own records, so say so here instead of failing on a missing element.
  if (await dot.evaluate((d) => d === null)) return { missing: `no dot shown after choosing ${first.cell}` };
  await dot.hover();
  x.hover = await page.evaluate(() => ({
    tip: document.querySelector(".dc-tip").hidden ? null : document.querySelector(".dc-tip").textContent,
    dot: document.querySelector(".piece-moves.on .dot[data-move]:not(.capture)").getAttribute("data-cell"),
    label: document.querySelector(".piece-moves.on .dot[data-move]:not(.capture)").getAttribute("aria-label"),
    hot: Array.from(document.querySelectorAll(".dc-hot.route")).map((e) => e.getAttribute("data-leads")),
    faded: getComputedStyle(document.querySelector(".piece-moves.on .route:not(.dc-hot)") || document.body).opacity,
  }));
  await page.mouse.move(0, 0);
  x.unhovered = await page.evaluate(() => document.querySelectorAll(".dc-hot").length);
  // From the chosen piece, the arrow keys walk its destinations.
  await (await control(page, first, 0)).focus();
  await page.keyboard.press("ArrowRight");
  x.arrow = await page.evaluate(() => ({
    label: document.activeElement.getAttribute("aria-label"),
    cell: document.activeElement.getAttribute("data-cell"),
    tip: document.querySelector(".dc-tip").hidden ? null : document.querySelector(".dc-tip").textContent,
  }));
  await page.keyboard.press("Escape");
  x.escapedTo = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
  x.afterEscape = await shown(page);
  // Tab from the top of the page: the controls, then the first piece; Enter chooses it.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const tabbed = [];
  for (let k = 0; k < 10; k++) {
    await page.keyboard.press("Tab");
    const a = await page.evaluate(() => ({
      tag: document.activeElement.tagName,
      label: document.activeElement.getAttribute("aria-label") || document.activeElement.textContent,
      piece: document.activeElement.matches(".piece"),
    }));
    tabbed.push(a);
    if (a.piece) break;
  }
  await page.keyboard.press("Enter");
  x.tab = { tabbed, after: await shown(page) };
  await page.keyboard.press("Escape");
  // All of White's moves at once, each piece in its colour; pressing again clears.
  await page.click('button[data-all="white"]');
  x.white = await shown(page);
  x.whiteColours = await page.evaluate(() =>
    Array.from(new Set(Array.from(document.querySelectorAll(".piece-moves.on .route")).filter((e) => e.getClientRects().length > 0).map((e) => getComputedStyle(e).stroke))).length,
  );
  await page.click('button[data-all="white"]');
  x.whiteOff = await shown(page);
  // Only the side to move: a Black piece does not respond.
  await page.click('button[data-scope="turn"]');
  await (await control(page, spec.pieces.find((p) => p.cell === spec.otherSide), 0)).click();
  x.turnOnly = await shown(page);
  await page.click('button[data-scope="both"]');
  return x;
}

// Two figures pasted into one page: each keeps to itself.
if (job.pair) {
  const { page, seen } = await open(job.pair.file);
  const p = {};
  p.count = await page.evaluate(() => document.querySelectorAll(".dotchess").length);
  p.initial = [await shown(page, 0), await shown(page, 1)];
  await choose(page, job.pair.a, 0, 0);
  p.chooseA = [await shown(page, 0), await shown(page, 1)];
  await (await control(page, job.pair.b, 0, 1)).focus();
  await page.keyboard.press("Escape");
  p.escapeB = [await shown(page, 0), await shown(page, 1)];
  await choose(page, job.pair.b, 0, 1);
  p.chooseB = [await shown(page, 0), await shown(page, 1)];
  await page.locator(".dotchess").nth(0).locator('button[data-all="black"]').click();
  p.allA = [await shown(page, 0), await shown(page, 1)];
  p.requests = seen.requests;
  p.errors = seen.errors;
  result.pair = p;
}

// A screenshot before and after a click, and where the page may have changed.
if (job.shots) {
  const { page, seen } = await open(job.shots.file);
  await page.screenshot({ path: job.shots.before, fullPage: true });
  const statusBefore = await page.evaluate(() => {
    const r = document.querySelector(".dc-status").getBoundingClientRect();
    return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];
  });
  await (await control(page, job.shots.piece, 0)).click();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: job.shots.after, fullPage: true });
  result.shots = await page.evaluate(() => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];
    };
    const visible = (sel) => Array.from(document.querySelectorAll(sel)).filter((e) => e.getClientRects().length > 0);
    return {
      dots: visible(".piece-moves.on .dot").map(box),
      marks: visible(".piece-moves.on > *").map(box),
      pieces: visible('.piece[aria-pressed="true"], .piece.dc-chosen').map(box),
      status: box(document.querySelector(".dc-status")),
    };
  });
  result.shots.statusBefore = statusBefore;
  result.shots.requests = seen.requests;
  result.shots.errors = seen.errors;
}

await browser.close();
writeFileSync(resultFile, JSON.stringify(result, null, 1));
