// Plays animated SVGs in headless Chromium for tests/it/browser/animated_svg.rs, one browser for
// all:
//
//   node tests/browser/animated.mjs JOB.json
//
// JOB: [{ file, width, height, times: [seconds], out }]. Opens each file in a tab of its size,
// waits until its animation's own clock has run a fifth of a second by itself, then stops the
// clock and shows each of `times` in turn (SVG's pauseAnimations and setCurrentTime), a
// screenshot of each: OUT/shot-K.png. Prints a JSON array, what it saw of each; the Rust test
// judges it.
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
async function play(spec) {
  const seen = { errors: [], requests: [] };
  const page = await browser.newPage({ viewport: { width: spec.width, height: spec.height } });
  try {
    page.setDefaultTimeout(20000);
    page.on("pageerror", (e) => seen.errors.push(String(e)));
    page.on("request", (r) => seen.requests.push(r.url()));
    await page.goto("file://" + spec.file);
    seen.document = await page.evaluate(() => ({
      root: document.documentElement.localName,
      parsererror: document.querySelector("parsererror") !== null,
      frames: document.querySelectorAll("g.frame").length,
      clock: document.documentElement.getCurrentTime(),
    }));
    // The clock runs by itself: nothing here starts it.
    await page.waitForFunction((t) => document.documentElement.getCurrentTime() > t + 0.2, seen.document.clock);
    await page.evaluate(() => document.documentElement.pauseAnimations());
    seen.shots = [];
    for (const [k, t] of spec.times.entries()) {
      await page.evaluate((t) => document.documentElement.setCurrentTime(t), t);
      const path = `${spec.out}/shot-${k}.png`;
      await page.screenshot({ path });
      seen.shots.push(path);
    }
  } catch (e) {
    seen.failure = String(e);
  } finally {
    await page.close();
  }
  return seen;
}

const seen = [];
try {
  for (const spec of job) seen.push(await play(spec));
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
