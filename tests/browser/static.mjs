// A plain static file server for the browser build's tests and benchmark (no `dotchess serve`):
// GET of the files under one folder, with the types a browser needs (`application/wasm` for
// streaming compilation, `text/javascript` for modules), nothing else.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { resolve, extname, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".pgn": "text/plain; charset=utf-8",
  ".fen": "text/plain; charset=utf-8",
  ".toml": "text/plain; charset=utf-8",
};

// Serves `root` on a free port of 127.0.0.1; resolves to { url, close }.
export function serveFolder(root) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = resolve(base, "." + path);
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream", "cache-control": "no-store" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) => {
    server.listen(0, "127.0.0.1", () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      ok({ url, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
