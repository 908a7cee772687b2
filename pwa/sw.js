// The service worker that makes Junqi work offline. This file is a template: the Trunk
// post_build hook (scripts/pwa-postbuild.mjs) writes dist/sw.js as two generated constants
// followed by this code:
//
//   const VERSION = '…';     // a hash of every built file's name and content
//   const PRECACHE = { … };  // every built file, relative to this script: its SHA-256
//                            // in Subresource Integrity form, 'sha256-<base64>'
//
// - install: fetches every file of the build (bypassing the HTTP cache), each checked against
//   its hash (`fetch`'s `integrity`), into the cache `junqi-<VERSION>`. Nothing is skipped and
//   nothing unchecked is kept: a file missing or different from the build's (a deploy half
//   done, a proxy's rewrite) fails the install, the new cache is deleted and the version in
//   use stays. A cache is either the whole build, byte for byte, or absent.
// - It then waits. The page shows "new version ready — reload" (src/pwa.rs) and, only when the
//   player presses it, posts 'skip-waiting'; the page reloads itself once this worker controls
//   it. A worker never activates itself while an older one controls a page, so a page never
//   mixes files of two builds.
// - activate: deletes the caches of older builds and takes control of open pages (on the very
//   first visit there is nothing older to replace).
// - fetch: cache first for the build's files; the page itself (the scope's root or index.html,
//   whatever the query) comes from the cache too; everything else goes to the network as usual.

/* global VERSION, PRECACHE */
const CACHE = `junqi-${VERSION}`;
const PREFIX = 'junqi-';

const scopeUrl = new URL(self.registration.scope);
/** url → its integrity ('sha256-…'). */
const precached = new Map(Object.entries(PRECACHE).map(([path, hash]) => [new URL(path, self.location).href, hash]));
const INDEX = new URL('index.html', self.location).href;

/** Fills the cache with every file, each only as the build made it; any failure rejects. */
async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      [...precached].map(async ([url, integrity]) => {
        // A body that does not match `integrity` rejects the fetch.
        const response = await fetch(url, { cache: 'reload', integrity });
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        await cache.put(url, response);
      }),
    );
  } catch (e) {
    await caches.delete(CACHE);
    throw new Error(`junqi: version ${VERSION} not installed, the version in use stays: ${e.message ?? e}`);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
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
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(key))
      .then((hit) => hit ?? fetch(event.request)),
  );
});
