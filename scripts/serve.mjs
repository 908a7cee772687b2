// The static file server of the built game (dist/), bound to 127.0.0.1 only. `scripts/play.sh`
// serves the game with it and the end-to-end tests import `serve`, so players and tests use the
// same serving path. No file watcher, nothing rebuilt: a player does not need rebuild-on-save.
//
//   node scripts/serve.mjs [dir] [port]     (defaults: dist, 8080)
//
// Text files and WebAssembly go out brotli-compressed to browsers that accept it (quality 9:
// the page's wasm ~15 % smaller than gzip, in a third of a second), else gzip-compressed; each
// file version is compressed once per encoding and kept in memory. Every answer carries an ETag
// and Last-Modified (with `cache-control: no-cache`), so a browser that has a file asks again and
// gets 304 Not Modified, without the body. The address is printed only once the site answers;
// Ctrl-C (SIGINT) or SIGTERM closes every connection and exits 0.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};
/** Already compressed formats gain nothing from gzip. */
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt', '.md']);

/** Serves `root` on 127.0.0.1:`port` (0 = any free port). Resolves to { url, close }.
 * `brotli: false` sends gzip only (to compare with the server before brotli), `validators:
 * false` no ETag or Last-Modified (before they were sent); `onAnswer(path,
 * status, bytes)` hears of every answer (measurements count what crossed the link). */
export function serve(root, port = 0, { brotli = true, validators = true, onAnswer = () => {} } = {}) {
  const base = resolve(root);
  // `${encoding} ${path}` -> { mtime, size, body }: each file version is compressed once.
  const compressed = new Map();
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end();
        return;
      }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info?.isFile()) throw new Error('not found');
      const ext = extname(file);
      const headers = {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      };
      let body;
      const accepts = req.headers['accept-encoding'] ?? '';
      const encoding = !COMPRESS.has(ext) ? null : brotli && /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      if (COMPRESS.has(ext)) headers.vary = 'accept-encoding';
      // One validator per file version and encoding (a weak one: the same file, however sent).
      if (validators) headers.etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
      if (validators) headers['last-modified'] = new Date(info.mtimeMs).toUTCString();
      const asked = req.headers['if-none-match'];
      if (validators && asked && asked.split(',').some((t) => t.trim() === headers.etag || t.trim() === '*')) {
        res.writeHead(304, headers).end();
        onAnswer(path, 304, 0);
        return;
      }
      if (encoding) {
        const key = `${encoding} ${file}`;
        let hit = compressed.get(key);
        if (!hit || hit.mtime !== info.mtimeMs || hit.size !== info.size) {
          const data = await readFile(file);
          const packed =
            encoding === 'br'
              ? brotliCompressSync(data, {
                  params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
                })
              : gzipSync(data, { level: 9 });
          hit = { mtime: info.mtimeMs, size: info.size, body: packed };
          compressed.set(key, hit);
        }
        body = hit.body;
        headers['content-encoding'] = encoding;
      } else {
        body = await readFile(file);
      }
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      onAnswer(path, 200, req.method === 'HEAD' ? 0 : body.length);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address();
      const close = () =>
        new Promise((r) => {
          server.close(r);
          server.closeAllConnections();
        });
      ok({ url: `http://127.0.0.1:${p}/`, close });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'dist';
  const port = Number(process.argv[3] ?? 8080);
  let site;
  try {
    site = await serve(root, port);
  } catch (e) {
    const why = e?.code === 'EADDRINUSE' ? `port ${port} is already in use (is the game already running?)` : String(e);
    console.error(`serve: cannot serve on 127.0.0.1:${port}: ${why}`);
    process.exit(1);
  }
  const stop = async (signal) => {
    await site.close();
    console.log(`\nJunqi: stopped (${signal})`);
    process.exit(0);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Say the address only once the page itself answers.
  const answer = await fetch(site.url).catch((e) => e);
  if (!(answer instanceof Response) || !answer.ok) {
    console.error(`serve: ${site.url} does not answer with the page (${answer?.status ?? answer}); is ${root}/index.html built?`);
    await site.close();
    process.exit(1);
  }
  console.log(`Junqi: the game is served at ${site.url} (Ctrl-C stops it)`);
}
