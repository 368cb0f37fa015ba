// The browser build's budgets (benches/README.md), measured in headless Chromium, the repository
// served by a plain static server; medians of several runs. Run by `web/bench` after `web/build`:
//
//   node tests/browser/web-bench.mjs [RUNS]
//
// * first figure: navigation start to the frame after <dotchess-figure> drew the Dot's start on
//   the hemispheres, the chart and the globe (a fresh browser context each run: nothing cached);
// * click → dots: a click's event time to the end of its handler (the piece's groups shown on
//   the interactive layer) and to the next frame's callbacks (style and layout are done after
//   them, before paint), for every piece of the start that moves, on the same figure;
// * a step: → pressed on <dotchess-game> with a 40-ply game, at a reader's pace (one step every
//   150 ms), the event time to the board shown and to the next frame.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { serveFolder } from "./static.mjs";

const runs = Number(process.argv[2] || 7);
const root = new URL("../..", import.meta.url).pathname;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x.toFixed(1)} ms`;

const wasm = readFileSync(root + "web/pkg/dotchess_web_bg.wasm");
const gz = gzipSync(wasm, { level: 9 }).length;
console.log(`wasm: ${(wasm.length / 1e6).toFixed(2)} MB, gzipped ${(gz / 1e6).toFixed(3)} MB (budget 1.5 MB)`);

const server = await serveFolder(root);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--no-first-run", "--disable-background-networking"],
});
const page = async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  p.on("pageerror", (e) => console.error("page error:", String(e)));
  return [context, p];
};

const first = [];
for (let i = 0; i < runs; i++) {
  const [context, p] = await page();
  await p.goto(server.url + "/tests/browser/web-bench.html");
  await p.waitForFunction(() => window.shown !== undefined);
  first.push(await p.evaluate(() => window.shown));
  await context.close();
}
console.log(`first figure on screen: median ${ms(median(first))} of ${runs} (budget 300 ms): ${first.map(ms).join(", ")}`);

// Click → dots on the Dot's start, every piece with a move, `runs` times over.
{
  const [context, p] = await page();
  await p.goto(server.url + "/tests/browser/web-bench.html");
  await p.waitForFunction(() => window.shown !== undefined);
  await p.waitForFunction(() => document.querySelector("dotchess-figure").live);
  const times = await p.evaluate(async (rounds) => {
    const el = document.querySelector("dotchess-figure");
    const cells = ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "b1", "g1", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "b8", "g8"];
    const handler = [];
    const frame = [];
    for (let r = 0; r < rounds; r++) {
      for (const cell of cells) {
        const piece = el.querySelector(`svg g.panel .piece[data-cell="${cell}"]`);
        const click = () => {
          const ev = new MouseEvent("click", { bubbles: true });
          piece.dispatchEvent(ev);
          return ev.timeStamp;
        };
        const t0 = click();
        if (!Array.from(el.querySelectorAll(".dot")).some((d) => d.getClientRects().length)) {
          throw new Error(`no dots after a click on ${cell}`);
        }
        handler.push(performance.now() - t0);
        await new Promise((ok) => requestAnimationFrame(() => ok(frame.push(performance.now() - t0))));
        // (the wait for the next frame is mostly the display's beat, ~16.7 ms at 60 Hz, not work)
        click(); // the second click hides them
        await new Promise((ok) => requestAnimationFrame(ok));
      }
    }
    return { handler, frame };
  }, runs);
  console.log(`click → dots (Dot's start, hemispheres + chart + globe, ${times.handler.length} clicks): ` +
    `median ${ms(median(times.handler))} from the click event to the dots shown and laid out ` +
    `(handler, style and layout; the next frame's callbacks came ${ms(median(times.frame))} after it, the display's beat) (budget 16 ms)`);
  await context.close();
}

// A 40-ply game on the Dot, made with the API (each ply the first legal move of a fixed stride),
// stepped through with → at a reader's pace.
{
  const [context, p] = await page();
  await p.goto(server.url + "/tests/browser/web.html");
  await p.waitForFunction(() => window.loaded === true);
  const pgn = await p.evaluate(() => {
    const { moves, readGame } = window.dotchess;
    let fen = "";
    const sans = [];
    for (let k = 0; k < 40; k++) {
      const white = fen === "" || fen.split(" ")[1] === "w";
      const mine = [];
      for (const f of "abcdefgh") for (const r of "12345678") {
        let m = null;
        try { m = moves(fen, "dot", f + r); } catch { continue; } // an empty square
        if ((m.piece === m.piece.toUpperCase()) === white) for (const d of m.destinations) mine.push(...d.san);
      }
      const pick = mine.sort()[(k * 37 + 11) % mine.length];
      sans.push(pick);
      const g = readGame(sans.map((s, i) => (i % 2 ? s : `${i / 2 + 1}. ${s}`)).join(" ") + " *");
      fen = g.plies[g.plies.length - 1].fen;
    }
    return sans.map((s, i) => (i % 2 ? s : `${i / 2 + 1}. ${s}`)).join(" ") + " *";
  }).catch((e) => { console.error("making the game:", e.message); return null; });
  if (pgn) {
    const times = await p.evaluate(async (text) => {
      document.body.replaceChildren();
      const el = document.createElement("dotchess-game");
      el.setAttribute("ply", "0");
      el.textContent = text;
      document.body.append(el);
      await el.loaded;
      el.focus();
      const shown = [];
      const frame = [];
      for (let k = 0; k < 40; k++) {
        await new Promise((ok) => setTimeout(ok, 150));
        const ev = new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true });
        const t0 = ev.timeStamp;
        el.dispatchEvent(ev);
        shown.push(performance.now() - t0);
        await new Promise((ok) => requestAnimationFrame(() => ok(frame.push(performance.now() - t0))));
      }
      // Each ply drawn without the viewer's cache: the library's drawing, then the board replaced
      // and laid out — a step the prefetch has not reached.
      const cold = [];
      for (let k = 0; k <= 40; k++) {
        const t = performance.now();
        el.boards[0].innerHTML = el.game.svg(k, { view: "hemispheres" });
        el.boards[0].getBoundingClientRect();
        el.boards[0].querySelector("svg").getBBox();
        cold.push(performance.now() - t);
      }
      return { shown, frame, cold, ply: el.ply };
    }, pgn);
    console.log(`a step of a 40-ply game (hemispheres, → every 150 ms, reached ply ${times.ply}): ` +
      `median ${ms(median(times.shown))} from the key to the board shown (prefetched), ` +
      `${ms(median(times.frame))} to the next frame's callbacks; a ply not prefetched: median ${ms(median(times.cold))} ` +
      `to draw, replace and lay out (budget 16 ms)`);
  }
  await context.close();
}
await browser.close();
await server.close();
