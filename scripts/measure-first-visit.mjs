// How long a first and a second visit take on a slow phone network: the built site (dist/) served
// by scripts/serve.mjs, headless Chromium in the tablet profile of the end-to-end tests, with the
// DevTools protocol's throttling of issue #15 (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up,
// CPU 4× slower). Prints, per visit, the first contentful paint, when the loading screen (#shell)
// and the app's first screen (its start button) were there, and the bytes that came over the
// network (gzip-compressed, as served).
//
//   node scripts/measure-first-visit.mjs [dist] [runs] [--gzip]
//
// --gzip: the server sends gzip even to a browser that takes brotli (as before brotli).
//
// The second visit is a reload in the same browser profile once the service worker has cached
// the build, as a returning player gets it. Times are medians of `runs` fresh profiles (3).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
import { ARGS, CHROMIUM, PROFILES } from '../tests/e2e/app.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const DIST = resolve(positional[0] ?? join(ROOT, 'dist'));
const RUNS = Number(positional[1] ?? 3);
const brotli = !process.argv.includes('--gzip');
// The first screen: the welcome of a first visit (src/start.rs), the new-game screen otherwise.
const WELCOME = '[data-testid="welcome-play"]';
const GAME = '[data-testid="start-game"]';
const READY = `${WELCOME}, ${GAME}`;

async function visit(page, cdp, url, reload) {
  let bytes = 0;
  const onData = (e) => (bytes += e.encodedDataLength);
  cdp.on('Network.loadingFinished', onData);
  const t0 = Date.now();
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  // A build without the loading screen never shows #shell: the wait stops at the first screen.
  let shell = null;
  page
    .waitForSelector('#shell', { state: 'attached', timeout: 120000 })
    .then(() => (shell ??= Date.now() - t0))
    .catch(() => {});
  await page.waitForSelector(READY, { timeout: 120000 });
  const ready = Date.now() - t0;
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  cdp.off('Network.loadingFinished', onData);
  return { fcp: fcp && Math.round(fcp), shell, ready, kb: Math.round(bytes / 1000) };
}

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

const server = await serve(DIST, 0, { brotli });
// first: a fresh profile; second: a reload once the service worker has cached the build, of a
// newcomer who pressed nothing (the welcome again); returning: a reload of a player who went
// into the game (its settings are kept, so the whole game opens at once). "press → game": from
// a press of the welcome's "all games and choices" to the new-game screen, on the first visit
// (the whole game over the throttled network, no service worker) and on the second (from the
// service worker's cache).
const results = { first: [], second: [], returning: [] };
const pressed = { first: [], second: [] };

/** Presses the welcome's door to the whole game; ms until its new-game screen is there. */
async function press(page) {
  const t0 = Date.now();
  await page.click('[data-testid="welcome-choose"]');
  await page.waitForSelector(GAME, { timeout: 120000 });
  return Date.now() - t0;
}

async function throttled(body, options = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'junqi-visit-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ARGS, headless: true, ...PROFILES.tablet, ...options });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6e6 / 8) | 0,
      uploadThroughput: (750e3 / 8) | 0,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await body(page, cdp);
  } finally {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Waits until the service worker has cached the build and controls the page. */
async function cached(page) {
  await page.evaluate(() => navigator.serviceWorker?.ready);
  await page.waitForFunction(async () => (await caches.keys()).some((k) => k.startsWith('junqi-')), null, { timeout: 120000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 120000 });
}

try {
  for (let i = 0; i < RUNS; i++) {
    // A newcomer who comes back without having pressed anything.
    await throttled(async (page, cdp) => {
      results.first.push(await visit(page, cdp, server.url, false));
      await cached(page);
      results.second.push(await visit(page, cdp, server.url, true));
      if (await page.locator(WELCOME).count()) pressed.second.push(await press(page));
    });
    // A newcomer who presses at once: the whole game comes over the throttled link. (The
    // service worker is blocked here: the DevTools throttling does not reach its downloads, so
    // an unthrottled precache could answer the press.)
    await throttled(
      async (page, cdp) => {
        await visit(page, cdp, server.url, false);
        if (await page.locator(WELCOME).count()) pressed.first.push(await press(page));
      },
      { serviceWorkers: 'block' },
    );
    // A player who went into the game comes back.
    await throttled(async (page, cdp) => {
      await visit(page, cdp, server.url, false);
      if (await page.locator(WELCOME).count()) await press(page);
      await cached(page);
      results.returning.push(await visit(page, cdp, server.url, true));
    });
  }
} finally {
  await server.close();
}

console.log(`${DIST} (${brotli ? 'brotli' : 'gzip'}), tablet profile, 150 ms / 1.6 Mbit/s / CPU 4×, median of ${RUNS}\n`);
console.log('| visit | first contentful paint ms | loading screen ms | first screen ready ms | KB over the network |\n|---|---|---|---|---|');
for (const [name, rows] of Object.entries(results)) {
  const m = (k) => median(rows.map((r) => r[k])) ?? '—';
  console.log(`| ${name} | ${m('fcp')} | ${m('shell')} | ${m('ready')} | ${m('kb')} |`);
}
console.log(`\npress → game ms: first visit ${median(pressed.first) ?? '—'}, second visit ${median(pressed.second) ?? '—'}`);
console.log(`\nruns: ${JSON.stringify({ results, pressed })}`);
