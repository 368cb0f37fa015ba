// What the two elements share: which attributes are options, the child scripts a page gives
// files in, and how an error is shown.

// Attributes of any HTML element, and the elements' own inputs: never figure options.
const NOT_OPTIONS = new Set(["class", "id", "style", "slot", "hidden", "lang", "dir", "tabindex", "role",
  "fen", "variant", "overlay", "src", "name", "game", "ply", "live"]);

// The element's attributes that are figure options, as pairs `[name, value, …]`, with `over`
// ({ name: value }) put in place of (or after) the element's own.
export function optionPairs(element, over = {}) {
  const out = [];
  const done = new Set();
  for (const a of element.attributes) {
    const n = a.name;
    if (NOT_OPTIONS.has(n) || n.startsWith("data-") || n.startsWith("aria-") || n.startsWith("on")) continue;
    if (n in over) {
      if (over[n] !== null) out.push(n, String(over[n]));
      done.add(n);
    } else {
      out.push(n, a.value);
    }
  }
  for (const [n, v] of Object.entries(over)) {
    if (!done.has(n) && v !== null) out.push(n, String(v));
  }
  return out;
}

// The text of the first child script of a type (`application/toml`), or undefined.
export function childText(element, selector) {
  const s = element.querySelector(":scope > script" + selector);
  return s ? s.textContent : undefined;
}

// The files given beside a figure: `<script type="text/plain" data-file="NAME">TEXT</script>`,
// as `[name, text, …]`.
export function childFiles(element) {
  const out = [];
  for (const s of element.querySelectorAll(":scope > script[data-file]")) out.push(s.dataset.file, s.textContent);
  return out;
}

// Shows an error in `box` (in place of the figure) and in the console, named by its element.
export function showError(element, box, error) {
  const message = error && error.message ? error.message : String(error);
  const pre = document.createElement("pre");
  pre.className = "dotchess-error";
  pre.setAttribute("role", "alert");
  pre.textContent = message;
  box.replaceChildren(pre);
  console.error(message.startsWith("<") ? message : `<${element.localName}>: ${message}`);
  element.dispatchEvent(new CustomEvent("dotchess-error", { detail: message, bubbles: true }));
  return message;
}

// The style both elements need, added once to the page.
export function addStyle() {
  if (document.querySelector("style[data-dotchess]")) return;
  const s = document.createElement("style");
  s.dataset.dotchess = "";
  s.textContent = `
dotchess-figure, dotchess-game { display: block; }
dotchess-figure svg, dotchess-game .dc-board svg { max-width: 100%; height: auto; display: block; }
dotchess-figure .dc-box { touch-action: none; cursor: pointer; }
dotchess-figure .piece-moves { display: none; }
dotchess-figure .piece-moves.on { display: inline; }
dotchess-figure .start-moves.off { display: none; }
dotchess-figure .piece.dc-chosen { filter: drop-shadow(0 0 2px #f5a800) drop-shadow(0 0 1.5px #f5a800); }
.dotchess-error { white-space: pre-wrap; color: #8b0000; background: #fff4f4; border: 1px solid #d99;
  padding: .5em; font: 13px/1.4 ui-monospace, monospace; }
dotchess-game { font: 15px/1.45 system-ui, sans-serif; }
dotchess-game:focus { outline: 2px solid #4a7bd0; outline-offset: 2px; }
dotchess-game .dc-boards { display: flex; flex-wrap: wrap; gap: 8px; }
dotchess-game .dc-board { flex: 1 1 300px; min-width: 0; }
dotchess-game .dc-bar { display: flex; gap: 4px; margin: .4em 0; }
dotchess-game .dc-bar button { font: inherit; min-width: 2.4em; }
dotchess-game .dc-moves { position: relative; max-height: 16em; overflow-y: auto; border-top: 1px solid #ccc; padding-top: .3em; }
dotchess-game .dc-move { cursor: pointer; padding: 0 .15em; border-radius: 3px; }
dotchess-game .dc-move.dc-current { background: #2f5fb3; color: #fff; }
dotchess-game .dc-number { color: #666; }
dotchess-game .dc-comment { color: #2b6e2b; font-style: italic; }
dotchess-game .dc-variation { color: #666; }
`;
  document.head.appendChild(s);
}
