// How long a newcomer on a slow phone waits: the built site (dist/) served by scripts/serve.mjs
// behind one slow link that every request shares — the page's, its workers' and the service
// worker's (scripts/slow-link.mjs: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) — in headless
// Chromium with the phone profile of the end-to-end tests (390×844) and the CPU slowed 4× by
// the DevTools protocol. (The protocol's own network throttling reaches only the page's
// requests: a service worker downloading beside the page would not slow it, and the figures
// would be too kind.)
//
//   node scripts/measure-first-visit.mjs [dist] [runs] [--gzip] [--no-validators] [--think=MS]
//
// For each door of the welcome — "Play the computer" (to a usable setup board), "Learn to play"
// (to the course's first screen) and 四国 (to its new-game screen) — a fresh profile opens the
// site, waits for the welcome's buttons and presses at once (or after reading them for MS). Printed per door, medians of
// `runs` (3): when the welcome's buttons showed, press → usable, the bytes on the link by then,
// and, once the service worker has kept the whole build, every byte of the visit and the files
// that crossed the link more than once. Then a second visit: the same profile reloads (the
// service worker answers) until the game's first screen is usable.
//
// --gzip: the server sends gzip even to a browser that takes brotli (as before brotli).
// --no-validators: the server sends no ETag/Last-Modified, as before they were sent.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
import { slowLink } from './slow-link.mjs';
import { ARGS, CHROMIUM, PROFILES, buildFiles, keptFiles } from '../tests/e2e/app.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const DIST = resolve(positional[0] ?? join(ROOT, 'dist'));
const RUNS = Number(positional[1] ?? 3);
const brotli = !process.argv.includes('--gzip');
const validators = !process.argv.includes('--no-validators');
const THINK = Number(process.argv.find((a) => a.startsWith('--think='))?.slice('--think='.length) ?? 0);
const LINK = { latencyMs: 150, downKbps: 1600, upKbps: 750 };

const BUTTONS = '[data-testid="welcome-play"]';
/** Each door: its button, and what shows once the screen it opens can be used. */
const DOORS = {
  play: { button: '[data-testid="welcome-play"]', usable: '[data-testid="start"]', board: 'svg.board [data-point]' },
  learn: { button: '[data-testid="welcome-learn"]', usable: '[data-testid="profiles"]' },
  four: { button: '[data-testid="welcome-four"]', usable: '[data-testid="siguo-options"]' },
};
/** The game's first screen on a second visit (the door's own screen, or the new-game screen). */
const AGAIN = '[data-testid="start"], [data-testid="start-game"], [data-testid="profiles"], [data-testid="course-menu"], [data-testid="siguo-options"], [data-testid="welcome-play"]';

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

/** A fresh server, link and browser profile for `body(page, link, answers)`. */
async function session(body) {
  const answers = [];
  const server = await serve(DIST, 0, { brotli, validators, onAnswer: (path, status, bytes) => answers.push({ path, status, bytes }) });
  const link = await slowLink(server.url, LINK);
  const dir = await mkdtemp(join(tmpdir(), 'junqi-visit-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ARGS, headless: true, ...PROFILES.phone });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return await body(page, link, answers);
  } finally {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
    await link.close();
    await server.close();
  }
}

/** Waits (up to `ms`) until the service worker controls the page and keeps `files` files;
 * resolves to how many it keeps. */
async function kept(page, files, ms = 120000) {
  const count = async () =>
    (await page.evaluate(() => navigator.serviceWorker?.controller?.state === 'activated')) ? keptFiles(page) : 0;
  const end = Date.now() + ms;
  let n = await count();
  while (n < files && Date.now() < end) {
    await page.waitForTimeout(500);
    n = await count();
  }
  return n;
}

const files = await buildFiles(DIST);
const rows = Object.fromEntries(Object.keys(DOORS).map((d) => [d, []]));
const second = [];

for (let i = 0; i < RUNS; i++) {
  for (const [name, door] of Object.entries(DOORS)) {
    rows[name].push(
      await session(async (page, link, answers) => {
        const t0 = Date.now();
        await page.goto(link.url, { waitUntil: 'commit' });
        await page.waitForSelector(BUTTONS, { timeout: 120000 });
        const welcome = Date.now() - t0;
        if (THINK) await page.waitForTimeout(THINK);
        const t1 = Date.now();
        await page.click(door.button);
        await page.waitForSelector(door.usable, { timeout: 120000 });
        if (door.board) await page.waitForSelector(door.board, { timeout: 120000 });
        const usable = Date.now() - t1;
        const byThen = link.bytes().down;
        const cached = await kept(page, files);
        // Files the server sent whole more than once (a 304 sends no body).
        const whole = new Map();
        for (const a of answers) if (a.status === 200 && a.bytes > 0) whole.set(a.path, (whole.get(a.path) ?? 0) + 1);
        const twice = [...whole].filter(([, n]) => n > 1).map(([p, n]) => `${p}×${n}`);
        const row = { welcome, usable, kbByThen: Math.round(byThen / 1000), kbVisit: Math.round(link.bytes().down / 1000), cached, twice };
        if (name === 'play') {
          const t2 = Date.now();
          await page.reload({ waitUntil: 'commit' });
          await page.waitForSelector(AGAIN, { timeout: 120000 });
          second.push(Date.now() - t2);
        }
        return row;
      }),
    );
  }
}

const how = `${brotli ? 'brotli' : 'gzip'}${validators ? '' : ', no validators'}`;
const when = THINK ? `pressed ${THINK} ms after the buttons showed` : 'pressed as soon as the buttons showed';
console.log(`${DIST} (${how}), phone profile, one link of 150 ms / 1.6 Mbit/s down / 750 kbit/s up for every request, CPU 4×, ${when}, median of ${RUNS}\n`);
console.log('| door | welcome buttons ms | press → usable ms | KB on the link by then | KB for the whole visit | files kept offline | files sent twice |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, list] of Object.entries(rows)) {
  const m = (k) => median(list.map((r) => r[k])) ?? '—';
  const twice = [...new Set(list.flatMap((r) => r.twice))];
  console.log(`| ${name} | ${m('welcome')} | ${m('usable')} | ${m('kbByThen')} | ${m('kbVisit')} | ${m('cached')} of ${files} | ${twice.length ? twice.join(' ') : 'none'} |`);
}
console.log(`\nsecond visit (a reload after "play") → usable ms: ${median(second) ?? '—'}`);
console.log(`\nruns: ${JSON.stringify({ rows, second })}`);
