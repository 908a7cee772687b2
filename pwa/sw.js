// The service worker that makes Junqi work offline. This file is a template: the Trunk
// post_build hook (scripts/pwa-postbuild.mjs) writes dist/sw.js as two generated constants
// followed by this code:
//
//   const VERSION = '…';     // a hash of every built file's name and content
//   const PRECACHE = { … };  // every built file, relative to this script: its SHA-256
//                            // in Subresource Integrity form, 'sha256-<base64>'
//
// Nothing unchecked is kept: a file enters the cache `junqi-<VERSION>` only with exactly the
// build's hash, and no file crosses the link twice — every fetch of the worker may be answered
// by the browser's HTTP cache (`cache: 'no-cache'` asks the server, which answers 304 for what
// the page already downloaded).
//
// - First visit (no older version): the install keeps nothing yet, so it never races the page
//   for the link; the worker activates and takes control of the page at once. From then on each
//   build file the page asks for is answered from the network and kept (cache on fetch: the page
//   gets the bytes as they come, the copy is kept only if its SHA-256 is the build's), and once
//   the page says so (the message 'fill': from src/pwa.rs when the game and its computer
//   player are up, from src/start.js when the welcome's link is idle and nothing was pressed)
//   the rest of the build is fetched, a few files at a time. A file the page is fetching
//   meanwhile is not fetched again.
// - Update (an older version controls pages): the install fetches every file of the build, each
//   checked against its hash (`fetch`'s `integrity`); any file missing or different (a deploy
//   half done, a proxy's rewrite) fails the install, the new cache is deleted and the version
//   in use stays: an update's cache is the whole build, byte for byte, or absent. It then
//   waits. The page shows "new version ready — reload" (src/pwa.rs) and, only when the player
//   presses it, posts 'skip-waiting'; the page reloads itself once this worker controls it. A
//   worker never activates itself while an older one controls a page, so a page never mixes
//   files of two builds.
// - activate: deletes the caches of older builds and takes control of open pages.
// - fetch: cache first for the build's files; the page itself (the scope's root or index.html,
//   whatever the query) comes from the cache too; everything else goes to the network as usual.

/* global VERSION, PRECACHE */
const CACHE = `junqi-${VERSION}`;
const PREFIX = 'junqi-';
/** Files fetched at once while filling the cache after a first visit. */
const AT_ONCE = 4;

const scopeUrl = new URL(self.registration.scope);
/** url → its integrity ('sha256-…'). */
const precached = new Map(Object.entries(PRECACHE).map(([path, hash]) => [new URL(path, self.location).href, hash]));
const INDEX = new URL('index.html', self.location).href;
/** url → the promise of its copy being kept, while a fetch of it is under way. */
const inflight = new Map();
/** The fill under way (one at a time: the page and the first screen may both ask). */
let filling = null;

/** Fetches a build file, revalidating any copy in the HTTP cache rather than downloading it
 * again; with `checked`, the body must match the build's hash or the fetch rejects. */
function fetchFile(url, checked) {
  return fetch(url, { cache: 'no-cache', ...(checked ? { integrity: precached.get(url) } : {}) });
}

/** Notes that `url` is being kept until `promise` settles. */
function keeping(url, promise) {
  const job = promise.finally(() => inflight.delete(url));
  inflight.set(url, job);
  job.catch(() => {});
  return job;
}

/** An update: fills a new cache with every file, each only as the build made it; any failure
 * rejects and leaves no cache behind. */
async function precacheAll() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      [...precached.keys()].map(async (url) => {
        // A body that does not match the build's hash rejects the fetch.
        const response = await fetchFile(url, true);
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        await cache.put(url, response);
      }),
    );
  } catch (e) {
    await caches.delete(CACHE);
    throw new Error(`junqi: version ${VERSION} not installed, the version in use stays: ${e.message ?? e}`);
  }
}

/** After a first visit: fetches, a few at a time, each build file not yet kept and not being
 * fetched. A file that fails is left for the next 'fill' (the next visit). */
async function fill() {
  const cache = await caches.open(CACHE);
  const queue = [...precached.keys()];
  const next = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      if (await cache.match(url)) continue;
      const running = inflight.get(url);
      if (running) {
        await running.catch(() => {});
        continue;
      }
      await keeping(
        url,
        fetchFile(url, true).then((response) => {
          if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
          return cache.put(url, response);
        }),
      ).catch((e) => console.warn(`junqi: ${url} is not kept for offline play yet: ${e.message ?? e}`));
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, next));
}

/** SHA-256 of `bytes` in Subresource Integrity form (WebCrypto). */
async function integrityOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const b of digest) binary += String.fromCharCode(b);
  return `sha256-${btoa(binary)}`;
}

/** Keeps a copy of `response` (a build file the page fetched) if its bytes are the build's. */
async function keepChecked(cache, url, response) {
  const bytes = await response.arrayBuffer();
  if ((await integrityOf(bytes)) !== precached.get(url)) {
    console.warn(`junqi: ${url} differs from this version's build and is not kept`);
    return;
  }
  const headers = new Headers(response.headers);
  await cache.put(url, new Response(bytes, { status: response.status, statusText: response.statusText, headers }));
}

/** A build file for the page: from the cache, else as another fetch of it brings it, else from
 * the network, streamed to the page while a checked copy is kept. */
async function answer(key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const running = inflight.get(key);
  if (running) {
    await running.catch(() => {});
    const kept = await cache.match(key);
    if (kept) return kept;
  }
  const response = await fetchFile(key, false);
  if (response.ok && !inflight.has(key)) keeping(key, keepChecked(cache, key, response.clone()));
  return response;
}

self.addEventListener('install', (event) => {
  // With a version in use, this is an update: the whole build or nothing. Else the cache is
  // filled as the page goes (above).
  event.waitUntil(self.registration.active ? precacheAll() : caches.open(CACHE));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  else if (event.data === 'fill') event.waitUntil((filling ??= fill().finally(() => (filling = null))));
});

/** The cache key of a request this worker answers, or null to leave it to the network. */
function cacheKey(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== scopeUrl.origin) return null;
  url.hash = '';
  if (request.mode === 'navigate' && (url.pathname === scopeUrl.pathname || url.href.split('?')[0] === INDEX)) {
    return INDEX;
  }
  url.search = '';
  return precached.has(url.href) ? url.href : null;
}

self.addEventListener('fetch', (event) => {
  const key = cacheKey(event.request);
  if (!key) return;
  event.respondWith(answer(key));
});
