// The demo page's essay section: every figure of examples/essay/manifest.toml as a
// <dotchess-figure> given the figure's files (its position, its overlay, the files the overlay
// names) as child scripts. (A manifest's `[[figure]]` tables are read line by line here: the
// essay's manifest writes one `key = "value"` a line.)

const ESSAY = new URL("../../examples/essay/", import.meta.url);

async function text(name, base = ESSAY) {
  const r = await fetch(new URL(name, base));
  if (!r.ok) throw new Error(`${name}: ${r.status}`);
  return r.text();
}

function figures(manifest) {
  const out = [];
  for (const line of manifest.split("\n")) {
    if (line.trim() === "[[figure]]") out.push({});
    const m = line.match(/^(\w+)\s*=\s*"(.*)"\s*$/);
    if (m && out.length) out[out.length - 1][m[1]] = m[2];
  }
  return out;
}

function script(el, type, body, data = {}) {
  const s = document.createElement("script");
  s.type = type;
  Object.assign(s.dataset, data);
  s.textContent = body;
  el.append(s);
}

async function one(f) {
  const el = document.createElement("dotchess-figure");
  const game = f.position.endsWith(".pgn");
  const position = await text(f.position);
  if (game) script(el, "application/x-chess-pgn", position, { name: f.position });
  else script(el, "text/plain", position, { position: f.position });
  if (f.overlay) {
    const overlay = await text(f.overlay);
    script(el, "application/toml", overlay);
    const base = new URL(f.overlay, ESSAY);
    for (const name of overlay.match(/"[^"]+\.(fen|toml|pgn)"/g) || []) {
      const n = name.slice(1, -1);
      try {
        script(el, "text/plain", await text(n, base), { file: n });
      } catch { /* not a file: a word that ends so */ }
    }
  }
  const fig = document.createElement("figure");
  const cap = document.createElement("figcaption");
  cap.textContent = `${f.name}: ${f.caption || ""}`;
  fig.append(el, cap);
  return fig;
}

const list = figures(await text("manifest.toml"));
const box = document.getElementById("essay");
for (const f of list) box.append(await one(f));
