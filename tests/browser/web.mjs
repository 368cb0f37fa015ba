// Drives the browser build (web/pkg, made by web/build) in headless Chromium for
// tests/it/browser/web.rs, the repository served by a plain static server (static.mjs). It only
// acts and reports what the page shows; the Rust test decides what is right.
//
//   node tests/browser/web.mjs JOB.json RESULT.json
//
// JOB: { root, figures: [{ name, position, positionName, overlay, files }], early: { fen, cell },
//        clicks: [{ name, variant, fen, overlay, pieces: [cell] }],
//        games: [{ name, src }], bad: [{ name, attrs, overlay }] }
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { serveFolder } from "./static.mjs";

const [jobFile, resultFile] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, "utf8"));
const server = await serveFolder(job.root);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
tab.setDefaultTimeout(60000);
const seen = { errors: [], console: [] };
tab.on("pageerror", (e) => seen.errors.push(String(e)));
tab.on("console", (m) => {
  if (m.type() === "error") seen.console.push(m.text());
});
await tab.goto(server.url + "/tests/browser/web.html");
await tab.waitForFunction(() => window.loaded === true);

// Makes a fresh figure element in the page (the previous one removed) and waits for it to draw.
async function figure(spec) {
  await tab.evaluate((s) => {
    document.body.replaceChildren();
    const el = document.createElement("dotchess-figure");
    for (const [k, v] of Object.entries(s.attrs || {})) el.setAttribute(k, v);
    const script = (type, text, data) => {
      const e = document.createElement("script");
      e.type = type;
      Object.assign(e.dataset, data || {});
      e.textContent = text;
      el.append(e);
    };
    if (s.position !== undefined) {
      const pgn = s.positionName.endsWith(".pgn");
      script(pgn ? "application/x-chess-pgn" : "text/plain", s.position, pgn ? { name: s.positionName } : { position: s.positionName });
    }
    if (s.overlay !== undefined) script("application/toml", s.overlay);
    for (const [n, t] of Object.entries(s.files || {})) script("text/plain", t, { file: n });
    document.body.append(el);
    window.el = el;
  }, spec);
  await tab.waitForFunction(() => window.el.svg !== "" || window.el.error !== null);
  return tab.evaluate(() => ({ svg: window.el.svg, error: window.el.error }));
}

// The dots each panel of the figure shows, as sorted cell names, and the cells they come from.
function dots() {
  const svg = window.el.querySelector("svg");
  if (!svg) return { cells: [], from: [] };
  const panels = svg.querySelectorAll("g.panel");
  const list = panels.length ? Array.from(panels) : [svg];
  const from = new Set();
  const cells = list.map((p) => {
    const set = new Set();
    p.querySelectorAll(".dot").forEach((d) => {
      // Shown: laid out (the interactive layer's hidden groups have no client rectangles).
      if (d.getClientRects().length === 0) return;
      set.add(d.getAttribute("data-cell"));
      from.add(d.getAttribute("data-from"));
    });
    return Array.from(set).sort();
  });
  return { cells, from: Array.from(from).sort() };
}

// A point of `cell` in panel `i` away from its middle where a click lands in that cell, in
// page coordinates; null when the panel does not show it.
function pointIn([cell, i]) {
  const svg = window.el.querySelector("svg");
  const panels = svg.querySelectorAll("g.panel");
  const scope = panels.length ? panels[i] : svg;
  const q = CSS.escape(cell);
  for (const p of scope.querySelectorAll(`.cell[data-cell="${q}"], .pole[data-cell="${q}"]`)) {
    const b = p.getBBox();
    for (const [fx, fy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75], [0.3, 0.5], [0.7, 0.5], [0.5, 0.3], [0.5, 0.7], [0.5, 0.5]]) {
      const pt = new DOMPoint(b.x + fx * b.width, b.y + fy * b.height);
      if (!p.isPointInFill(pt)) continue;
      const s = pt.matrixTransform(p.getScreenCTM());
      const hit = document.elementFromPoint(s.x, s.y);
      const c = hit && hit.closest(".cell[data-cell], .pole[data-cell], .piece[data-cell], [data-pole]");
      const named = c && (c.getAttribute("data-cell") || c.getAttribute("data-pole"));
      if (named === cell && c.closest("g.panel") === (panels.length ? scope : null)) {
        return [s.x, s.y];
      }
    }
  }
  return null;
}

async function clickCell(cell, panel) {
  let at = await tab.evaluate(pointIn, [cell, panel]);
  if (!at) at = await tab.evaluate(pointIn, [cell, 0]);
  if (!at) return false;
  await tab.mouse.click(at[0], at[1]);
  return true;
}

const result = { figures: {}, clicks: {}, games: {}, bad: {} };

for (const f of job.figures) result.figures[f.name] = await figure(f);

for (const c of job.clicks) {
  const drawn = await figure({ attrs: { variant: c.variant, fen: c.fen, width: "1200" }, overlay: c.overlay });
  // Clicks on the interactive layer (the still figure's fallback is clicked in `early`).
  await tab.waitForFunction(() => window.el.live);
  const out = { error: drawn.error, pieces: [] };
  const panels = await tab.evaluate(() => Math.max(1, window.el.querySelectorAll("svg g.panel").length));
  for (const [k, cell] of c.pieces.entries()) {
    const panel = k % panels;
    const first = (await clickCell(cell, panel)) ? await tab.evaluate(dots) : null;
    const again = (await clickCell(cell, (k + 1) % panels)) ? await tab.evaluate(dots) : null;
    const selected = await tab.evaluate(() => window.el.selected);
    out.pieces.push({ cell, panel, first, again, selected });
  }
  result.clicks[c.name] = out;
}

// A click before the interactive layer is made: the still drawn again with the piece's moves.
if (job.early) {
  await figure({ attrs: { fen: job.early.fen, width: "600", live: "off" } });
  await tab.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 50))));
  const still = await tab.evaluate(() => window.el.live === null);
  const shown = (await clickCell(job.early.cell, 0)) ? await tab.evaluate(dots) : null;
  result.early = { still, shown, svg: await tab.evaluate(() => window.el.svg) };
}

// A globe dragged 40 px right and 20 px down, then an attribute changed.
if (job.drag) {
  await figure({ attrs: { view: "globe", width: String(job.drag.width) } });
  await tab.waitForFunction(() => window.el.live);
  const box = await tab.evaluate(() => {
    const r = window.el.querySelector("svg").getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  });
  await tab.mouse.move(box[0], box[1]);
  await tab.mouse.down();
  for (let k = 1; k <= 10; k++) await tab.mouse.move(box[0] + 4 * k, box[1] + 2 * k);
  await tab.mouse.up();
  await tab.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0))));
  const dragged = await tab.evaluate(() => ({ turn: window.el.turn, svg: window.el.svg, selected: window.el.selected }));
  await tab.evaluate(() => window.el.setAttribute("view", "chart"));
  await tab.waitForFunction(() => window.el.svg.includes("chart") || window.el.error);
  result.drag = { ...dragged, changed: await tab.evaluate(() => window.el.svg) };
}

for (const g of job.games) {
  const got = await tab.evaluate(async (src) => {
    document.body.replaceChildren();
    const el = document.createElement("dotchess-game");
    el.setAttribute("src", src);
    document.body.append(el);
    window.el = el;
    await el.loaded;
    return { error: el.error, san: Array.from(el.querySelectorAll(".dc-move[data-ply]")).map((m) => m.textContent) };
  }, g.src);
  const boards = [];
  if (!got.error) {
    await tab.focus("dotchess-game");
    await tab.keyboard.press("End");
    await tab.keyboard.press("Home");
    for (let k = 0; k <= got.san.length; k++) {
      boards.push(await tab.evaluate(() => ({ ply: window.el.ply, svg: window.el.svgs[0] })));
      await tab.keyboard.press("ArrowRight");
    }
  }
  result.games[g.name] = { ...got, boards };
}

// A game whose file is not there, and one with an illegal move.
result.badGames = {};
for (const [name, attrs, text] of [["missing", { src: "/examples/games/none.pgn" }, ""], ["illegal", {}, "1. e4 e5 2. Ke3 *"]]) {
  const before = seen.console.length;
  const got = await tab.evaluate(async ([a, t]) => {
    document.body.replaceChildren();
    const el = document.createElement("dotchess-game");
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    el.textContent = t;
    document.body.append(el);
    await el.loaded;
    return { error: el.error, shown: el.querySelector(".dotchess-error")?.textContent ?? null };
  }, [attrs, text]);
  result.badGames[name] = { ...got, console: seen.console.slice(before) };
}

// A move of a variation clicked in the move list.
if (job.variation) {
  const v = job.variation;
  result.variation = await tab.evaluate(async (text) => {
    document.body.replaceChildren();
    const el = document.createElement("dotchess-game");
    el.textContent = text;
    document.body.append(el);
    window.el = el;
    await el.loaded;
    return el.error;
  }, v.pgn);
  await tab.click(`.dc-move[data-path="${v.path}"]`);
  result.variation = { error: result.variation, svg: await tab.evaluate(() => window.el.svgs[0]) };
}

for (const b of job.bad) {
  const before = seen.console.length;
  const errorsBefore = seen.errors.length;
  const drawn = await figure({ attrs: b.attrs, overlay: b.overlay });
  const shown = await tab.evaluate(() => window.el.querySelector(".dotchess-error")?.textContent ?? null);
  result.bad[b.name] = { ...drawn, shown, console: seen.console.slice(before), pageErrors: seen.errors.slice(errorsBefore) };
}

result.pageErrors = seen.errors;
writeFileSync(resultFile, JSON.stringify(result));
await browser.close();
await server.close();
