// Trunk post_build hook (Trunk.toml): finishes the built site in $TRUNK_STAGING_DIR for offline
// use and a strict Content-Security-Policy.
//
// 0. game.css: the game's style sheet joined from its parts in style/game/ (scripts/styles.mjs),
//    before the file list below is made.
// 1. index.html: the CSP <meta> carries the placeholder {{inline-script-hashes}}; it becomes the
//    'sha256-…' of every inline <script> Trunk wrote (its loader of the app's wasm), so the
//    policy needs no 'unsafe-inline'. Every integrity attribute Trunk wrote is checked against
//    its file.
// 2. sw.js: pwa/sw.js preceded by the list of every file of the build that the app loads (html,
//    the three binaries' js and wasm, css, fonts, icons, manifest, …; not the font's licence
//    texts), each with the SHA-256 of its content in
//    Subresource Integrity form ("sha256-<base64>"), and a version hashed from their names and
//    contents, which names the service worker's cache. No list is kept by hand: a new file is
//    precached by the next build, and any change to any file makes a new version. The service
//    worker caches a file only if it has exactly that hash.
//
// Trunk runs it with the project root as working directory; by hand:
//   TRUNK_STAGING_DIR=dist node scripts/pwa-postbuild.mjs   (only on a fresh `trunk build`)
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { joinStyles } from './styles.mjs';

const PLACEHOLDER = '{{inline-script-hashes}}';
const SW = 'sw.js';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) fail('TRUNK_STAGING_DIR is not set (this is a Trunk post_build hook)');

function fail(message) {
  console.error(`pwa-postbuild: ${message}`);
  process.exit(1);
}

// --- 0. the game's style sheet ---------------------------------------------------------------
await joinStyles(staging);

const sha = (algorithm, data, encoding) => createHash(algorithm).update(data).digest(encoding);

// --- 1. CSP hashes of the inline scripts ------------------------------------------------------
const htmlPath = join(staging, 'index.html');
let html = await readFile(htmlPath, 'utf8');
if (!html.includes(PLACEHOLDER)) {
  fail(`index.html has no ${PLACEHOLDER} in its Content-Security-Policy`);
}
const hashes = [];
for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
  if (/\bsrc\s*=/i.test(attrs)) continue;
  if (body.includes('{{__TRUNK_ADDRESS__}}')) {
    // `trunk serve`'s autoreload script is rewritten per request, so no hash can match it.
    console.warn('pwa-postbuild: the CSP blocks trunk serve\'s autoreload script: serve with --no-autoreload');
  }
  hashes.push(`'sha256-${sha('sha256', body, 'base64')}'`);
}
if (hashes.length === 0) fail('index.html has no inline script: where is Trunk\'s loader?');
html = html.replace(PLACEHOLDER, [...new Set(hashes)].join(' '));
await writeFile(htmlPath, html);

// --- 1b. every integrity Trunk wrote matches its file ------------------------------------------
// A build whose page names a hash its file does not have never starts in a browser; say so here
// rather than in a test that waits for the page.
for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*\bintegrity\s*=[^>]*>/gi)) {
  const url = /\b(?:href|src)\s*=\s*"([^"]+)"/i.exec(tag)?.[1];
  const [, algorithm, expected] = /\bintegrity\s*=\s*"(sha\d+)-([^"]+)"/i.exec(tag) ?? [];
  if (!url || !algorithm) fail(`cannot read the integrity of ${tag}`);
  const file = join(staging, decodeURIComponent(new URL(url, 'http://site/').pathname));
  const actual = sha(algorithm, await readFile(file), 'base64');
  if (actual !== expected) fail(`${url}: index.html says ${algorithm}-${expected}, the file is ${algorithm}-${actual}`);
}

// --- 2. the service worker with the build's file list -----------------------------------------
async function walk(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

// Texts that ship beside the font for its licence (LICENSE-*.txt, README.md, the character
// list) are served but never loaded by the app: not precached.
const NOT_LOADED = /(^|\/)(LICENSE[^/]*|README\.md|[^/]*\.txt)$/;
const files = (await walk(staging))
  .map((path) => relative(staging, path).split(sep).join('/'))
  .filter((path) => path !== SW && !NOT_LOADED.test(path))
  .sort();
for (const must of ['index.html', 'manifest.webmanifest']) {
  if (!files.includes(must)) fail(`${must} is not in the build`);
}
for (const ext of ['.js', '.wasm', '.css']) {
  if (!files.some((f) => f.endsWith(ext))) fail(`no ${ext} file in the build`);
}

let listing = '';
const integrity = {};
for (const file of files) {
  const data = await readFile(join(staging, file));
  listing += `${file} ${sha('sha256', data, 'hex')}\n`;
  integrity[file] = `sha256-${sha('sha256', data, 'base64')}`;
}
const version = sha('sha256', listing, 'hex').slice(0, 16);

const template = await readFile(new URL('../pwa/sw.js', import.meta.url), 'utf8');
const header =
  `// Generated by scripts/pwa-postbuild.mjs from pwa/sw.js: do not edit.\n` +
  `const VERSION = ${JSON.stringify(version)};\n` +
  `const PRECACHE = ${JSON.stringify(integrity, null, 2)};\n\n`;
await writeFile(join(staging, SW), header + template);
console.log(`pwa-postbuild: sw.js precaches ${files.length} files as junqi-${version}; CSP allows ${hashes.length} inline script(s)`);
