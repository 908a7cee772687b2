// Helpers for the game's end-to-end tests: a headless Chromium page on the built app (dist/) in
// a device profile, and the moves a player makes through the test hooks (data-testid,
// data-point, data-dest, data-at, data-color, data-role, data-face, data-movable).
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const DIST = process.env.JUNQI_DIST ?? join(ROOT, 'dist');
export const SHOTS = join(ROOT, 'tests/e2e/screenshots');
/** Debian's Chromium, and the flags that run it as root with no network (TOOLCHAIN.md). */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Serves the built site (dist/) for the test file that calls this once at its top: before its
 * tests (with the screenshots' folder made), closed after them. `server.url` is the site. */
export function serveDist() {
  let site = null;
  before(async () => {
    assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `bash scripts/build.sh` first');
    await mkdir(SHOTS, { recursive: true });
    site = await serve(DIST);
  });
  after(async () => {
    await site?.close();
  });
  return {
    get url() {
      return site.url;
    },
  };
}

/** The three device profiles of the issue: a touch tablet, a touch phone, a desktop with a mouse. */
export const PROFILES = {
  tablet: { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
  /** The small phone and the portrait tablet of the 4-player board's checks. */
  phone360: { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  tabletPortrait: { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
  /** The desktop at 200 % zoom: 1440 × 900 device pixels, 720 × 450 CSS pixels. */
  zoom200: { viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 },
};

/** A fresh browser in `profile` with the app loaded. `reducedMotion: 'reduce'` turns animation
 * off (the app honours prefers-reduced-motion), which long games use to run fast; `contrast:
 * 'more'` asks for more contrast. `init` is a
 * script run before each page load; `ready` the selector awaited after loading. `dir`: a profile
 * folder to reuse (kept on close), to reopen the app as a player would after closing it.
 * `clock`: a fixed time (ms since 1970) for `new Date()`, for the puzzle of the day. `args`: more
 * flags for Chromium. */
export async function open(
  url,
  profile,
  {
    reducedMotion = 'no-preference',
    contrast = 'no-preference',
    locale = 'en-US',
    init,
    ready = '[data-testid="start-game"]',
    dir: keep,
    offline = false,
    clock,
    args = [],
  } = {},
) {
  const dir = keep ?? (await mkdtemp(join(tmpdir(), 'junqi-e2e-')));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: [...ARGS, ...args],
    headless: true,
    reducedMotion,
    contrast,
    locale,
    ...PROFILES[profile],
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  const { problems, aborted } = watch(page);
  if (init) await page.addInitScript(init);
  // A fixed date (the puzzle of the day): `new Date()` answers it, timers run as they do.
  if (clock !== undefined) await page.clock.setFixedTime(clock);
  // Flight mode from the start: only the service worker's cache can answer.
  if (offline) await ctx.setOffline(true);
  await page.goto(url);
  const touch = Boolean(PROFILES[profile].hasTouch);
  await pastWelcome({ page, touch }, ready);
  await page.evaluate(() => document.fonts.ready);
  const close = async () => {
    await ctx.close();
    if (!keep) await rm(dir, { recursive: true, force: true });
  };
  return { page, ctx, problems, aborted, close, touch };
}

/**
 * What went wrong on a page, for the tests to assert empty: uncaught errors, console errors,
 * failed requests and error responses. A request cancelled on purpose fails with
 * `net::ERR_ABORTED` — the test reloaded or navigated while the page was still fetching (its
 * worker script, the manifest's icons), the page ended a worker, or the browser closed — which
 * no server or network caused; those go to `aborted`, apart. Every other failure (refused,
 * reset, offline with nothing cached, blocked, a 4xx/5xx answer) is a problem.
 */
export function watch(page) {
  const problems = [];
  const aborted = [];
  const seen = { problems, loads: [], presses: [] };
  WATCHED.set(page, seen);
  page.on('load', () => seen.loads.push(page.url()));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? 'unknown';
    if (why === 'net::ERR_ABORTED') aborted.push(r.url());
    else problems.push(`requestfailed: ${r.url()} (${why})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`response ${r.status()}: ${r.url()}`);
  });
  return { problems, aborted };
}

/** The first screen of a first visit (a fresh profile, nothing in the address) is the welcome
 * (src/start.rs): its "all games and choices" leads to the new-game screen, as a player who
 * wants to choose goes. Waits for `ready`, pressing through the welcome if it comes first. */
/** How many files of the build the service worker keeps (the PRECACHE list of dist/sw.js). */
export async function buildFiles(dist = DIST) {
  const { readFile } = await import('node:fs/promises');
  const sw = await readFile(join(dist, 'sw.js'), 'utf8');
  const list = sw.match(/const PRECACHE = (\{[\s\S]*?\});/);
  assert.ok(list, 'dist/sw.js lists no files');
  return Object.keys(JSON.parse(list[1])).length;
}

/** How many files the service worker keeps for the page (0 unless exactly one version's cache). */
export function keptFiles(page) {
  return page.evaluate(async () => {
    const keys = (await caches.keys()).filter((k) => k.startsWith('junqi-'));
    return keys.length === 1 ? (await (await caches.open(keys[0])).keys()).length : 0;
  });
}

/** Waits until the service worker controls the page and keeps every file of the build: after a
 * first visit it keeps them as the page fetches them, and the rest once the game is up. (Polled
 * by hand: `waitForFunction` takes a predicate's promise for a truthy answer.) */
export async function offlineReady(page, timeout = 60_000) {
  const files = await buildFiles();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout });
  const end = Date.now() + timeout;
  for (let n = await keptFiles(page); n < files; n = await keptFiles(page)) {
    assert.ok(Date.now() < end, `the service worker keeps ${n} of the build's ${files} files`);
    await page.waitForTimeout(250);
  }
}

export async function pastWelcome(app, ready = '[data-testid="start-game"]') {
  const { page } = app;
  const WELCOME = '[data-testid="welcome-choose"]';
  await page.waitForSelector(`${ready}, ${WELCOME}`);
  if (!(await page.locator(ready).count()) && (await page.locator(WELCOME).count())) {
    await press(app, WELCOME);
    await page.waitForSelector(ready);
  }
}

/** What each watched page went through, for a failure's message: its problems, every page
 * load, the last presses. */
const WATCHED = new WeakMap();

/** A tap on touch profiles, a click elsewhere; `force` because pieces and marks lie over points. */
export async function press(app, selector) {
  const presses = WATCHED.get(app.page)?.presses;
  presses?.push(selector);
  if (presses?.length > 8) presses.shift();
  if (app.touch) await app.page.tap(selector, { force: true });
  else await app.page.click(selector, { force: true });
}

/** Chooses a new game on the new-game screen and starts it. */
export async function newGame(app, { mode = 'open', opponent = 'computer', level = '1', seat = '0' } = {}) {
  const { page } = app;
  // Right after a (re)load the whole game may still be on its way (src/start.rs).
  await pastWelcome(app, '.app[data-phase]');
  if (!(await page.locator('[data-testid="start-game"]').count())) {
    await press(app, '[data-testid="new-game"]');
  }
  await press(app, `[data-testid="mode-${mode}"]`);
  await press(app, `[data-testid="opponent-${opponent}"]`);
  if (opponent === 'computer') {
    await page.selectOption('[data-testid="level"]', level);
    await press(app, `[data-testid="seat-${seat}"]`);
  }
  await press(app, '[data-testid="start-game"]');
}

/** Waits until the board is still: no animation, the computer not thinking. */
export async function idle(page, timeout = 30000) {
  try {
    await waitStill(page, timeout);
  } catch (e) {
    const { problems, loads, presses } = WATCHED.get(page) ?? {};
    e.message += `\napp state: ${JSON.stringify(await appState(page))}`;
    e.message += `\npage: ${JSON.stringify({ problems, loads, presses })}`;
    throw e;
  }
}

/** What a page shows of the game, for a failure's message: the phase, whether it is busy, the
 * status line, the dialogs and named controls, the last moves, how many pieces may move. */
export async function appState(page) {
  return page
    .evaluate(() => {
      const app = document.querySelector('.app');
      return {
        phase: app?.getAttribute('data-phase'),
        busy: app?.hasAttribute('data-busy'),
        status: document.querySelector('[data-testid="status"]')?.textContent,
        dialogs: [...document.querySelectorAll('[role="dialog"],[data-testid]')]
          .map((d) => d.getAttribute('data-testid'))
          .filter((t) => t && !/^(point|edge)/.test(t))
          .slice(0, 40),
        moves: [...document.querySelectorAll('[data-testid="move-list"] > [data-ply]')]
          .slice(-6)
          .map((m) => m.textContent.trim()),
        movable: document.querySelectorAll('[data-movable]').length,
      };
    })
    .catch((err) => ({ unreadable: String(err) }));
}

async function waitStill(page, timeout) {
  await page.waitForFunction(
    () =>
      !document.querySelector('.app[data-busy]') &&
      (document.querySelector('[data-testid="result"]') ||
        document.querySelector('[data-testid="handover"]') ||
        document.querySelector('[data-movable]')),
    null,
    { timeout },
  );
}

export async function isOver(page) {
  return (await page.locator('[data-testid="result"]').count()) > 0;
}

/**
 * Plays one action for the player through the board: a flip of a face-down piece, or a move of
 * a movable piece to one of its `data-dest` points, preferring attacks. `rng` is a seeded random.
 */
export async function playOne(app, rng) {
  const { page } = app;
  const candidates = await page.$$eval('[data-movable]', (els) =>
    els.map((e) => ({ at: e.getAttribute('data-at'), down: e.getAttribute('data-face') === 'down' })),
  );
  if (!candidates.length) throw new Error('no movable piece');
  const order = candidates.map((c) => [rng(), c]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  const faceDown = order.filter((c) => c.down);
  const pieces = order.filter((c) => !c.down);
  // 翻棋: flip now and then; otherwise move.
  if (faceDown.length && (!pieces.length || rng() < 0.35)) {
    await press(app, `[data-at="${faceDown[0].at}"]`);
    return `flip ${faceDown[0].at}`;
  }
  let fallback = null;
  let selected = null;
  for (const c of pieces.slice(0, 6)) {
    await press(app, `[data-at="${c.at}"]`);
    selected = c.at;
    const dests = await page.$$eval('[data-dest]', (els) =>
      els.map((e) => ({
        to: e.getAttribute('data-point'),
        enemy: Boolean(document.querySelector(`[data-at="${e.getAttribute('data-point')}"]`)),
      })),
    );
    if (!dests.length) continue;
    const attack = dests.find((d) => d.enemy);
    if (attack) {
      await press(app, `[data-point="${attack.to}"]`);
      return `${c.at}-${attack.to}`;
    }
    fallback ??= { from: c.at, to: dests[Math.floor(rng() * dests.length)].to };
  }
  if (!fallback) throw new Error('no destination for any movable piece');
  // Select the fallback's piece again unless it is still selected (a second tap would drop it).
  if (selected !== fallback.from) await press(app, `[data-at="${fallback.from}"]`);
  await press(app, `[data-point="${fallback.to}"]`);
  return `${fallback.from}-${fallback.to}`;
}

/** A small seeded random (mulberry32), so a failing game can be replayed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Visible controls smaller than 44 × 44 CSS px (touch targets), as "testid-or-text w×h". */
export async function smallTargets(page) {
  return page.$$eval('button, select, input, label.rule, label.toggle', (els) =>
    els
      .filter((e) => e.offsetParent !== null || e.getClientRects().length)
      // Out of sight, there for a screen reader only (clipped to nothing): not a touch target.
      .filter((e) => {
        for (let p = e; p; p = p.parentElement) {
          if (getComputedStyle(p).clip === 'rect(0px, 0px, 0px, 0px)') return false;
        }
        return true;
      })
      .map((e) => {
        const target = e.closest('label') ?? e;
        const r = target.getBoundingClientRect();
        return { name: e.getAttribute('data-testid') ?? e.textContent.trim().slice(0, 12), w: r.width, h: r.height };
      })
      .filter((t) => t.w > 0 && (t.w < 44 || t.h < 44))
      .map((t) => `${t.name} ${Math.round(t.w)}×${Math.round(t.h)}`),
  );
}

/**
 * An init script making the page's Math.random repeatable (mulberry32 from `seed`), so games
 * get the same formations and computer seeds on every run.
 */
export function sameRandom(seed = 20261130) {
  return `(() => {
  let a = ${seed >>> 0};
  Math.random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();`;
}

/**
 * Opens the grown-up settings as a grown-up does: the lock, then the sum it asks, read from the
 * page and answered.
 */
export async function openGrownUp(app) {
  const { page } = app;
  await press(app, '[data-testid="grown-up"]');
  const question = await page.textContent('[data-testid="gate-question"]');
  const [, a, b] = question.match(/(\d+)\s*\+\s*(\d+)/);
  await page.fill('[data-testid="gate-answer"]', String(Number(a) + Number(b)));
  await press(app, '[data-testid="gate-ok"]');
  await page.waitForSelector('[data-testid="grown-up-panel"]', { timeout: 5000 });
}

/** The focused element's test id (or tag). */
export async function focused(page) {
  return page.evaluate(() => {
    const e = document.activeElement;
    return e?.getAttribute('data-testid') ?? e?.tagName.toLowerCase();
  });
}

/** Presses Tab (or `back`: Shift+Tab) until the control `testid` has the focus, then `key`
 * (none: only the focus). */
export async function tabTo(page, testid, key = 'Enter', back = false) {
  for (let i = 0; i < 120; i++) {
    if ((await focused(page)) === testid) {
      if (key) await page.keyboard.press(key);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${testid}`);
}

/**
 * Types `text` into the move box (which has the focus), presses Enter and returns what its
 * live region then says, read from the accessibility tree. The region is emptied before each
 * answer (so a screen reader hears a repeated answer again); the answer is the first text it
 * holds after that, the same words as last time included.
 */
export async function ask(page, text) {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="move-answer"]');
    window.junqiHeard = null;
    window.junqiWatch?.disconnect();
    window.junqiWatch = new MutationObserver(() => {
      if (region.textContent) window.junqiHeard = region.textContent;
    });
    window.junqiWatch.observe(region, { childList: true, characterData: true, subtree: true });
  });
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.junqiHeard);
  const snap = await page.locator('[data-testid="move-answer"]').ariaSnapshot();
  return snap.replace(/^\s*- status:?\s*/, '').replace(/^"|"$/g, '').trim();
}

const BOARD = '[data-testid="board"]';

/** What the board says now: the point under its cursor, in words, as the accessibility tree
 * has it (the board's active descendant). */
export async function said(page) {
  return page.evaluate((sel) => {
    const b = document.querySelector(sel);
    const id = b?.getAttribute('aria-activedescendant');
    const e = id && document.getElementById(id);
    return e ? { at: e.getAttribute('data-cursor'), words: e.getAttribute('aria-label') } : null;
  }, BOARD);
}

const col = (name) => name.charCodeAt(0) - 97;
const row = (name) => Number(name.slice(1));

/** Moves the cursor to `target` with the arrow keys (Red at the bottom: up is rank + 1). */
export async function cursorTo(page, target) {
  let now = await said(page);
  if (!now) {
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    now = await said(page);
  }
  const dc = col(target) - col(now.at);
  const dr = row(target) - row(now.at);
  for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  const at = await said(page);
  assert.equal(at.at, target, 'the cursor reached its point');
  return at.words;
}

/** Counts every use of the pointer (mouse, pen, touch) on the page from now on: a test of play
 * by the keyboard alone asserts [`pointerUses`] is 0 at its end. */
export async function countPointer(page) {
  await page.evaluate(() => {
    window.pointerUsed = 0;
    for (const t of ['pointerdown', 'mousedown', 'touchstart']) addEventListener(t, () => (window.pointerUsed += 1), true);
  });
}

/** How often the pointer was used since [`countPointer`]. */
export async function pointerUses(page) {
  return page.evaluate(() => window.pointerUsed);
}

/** Opens the course and makes a child profile. */
export async function makeProfile(app, name, avatar = 2) {
  const { page } = app;
  await press(app, '[data-testid="learn"]');
  await page.waitForSelector('[data-testid="profiles"]');
  await press(app, `[data-testid="avatar-${avatar}"]`);
  await page.fill('[data-testid="profile-name"]', name);
  await press(app, '[data-testid="create-profile"]');
  await page.waitForSelector('[data-testid="course-menu"]');
}

/** One step of a solution by taps: the piece, then its destination (or the piece to swap with);
 * a point alone (a tap level of the course) is tapped once. */
export async function tapStep(app, step) {
  const [from, to] = step.split('-');
  if (to === undefined) {
    await press(app, `[data-point="${from}"]`);
    return;
  }
  await press(app, `.pieces [data-at="${from}"]`);
  await app.page.waitForSelector(`.pieces [data-at="${from}"].selected`, { timeout: 5000 });
  await press(app, `[data-point="${to}"]`);
}

/** A new game from the new-game screen and on through setup (明棋 and 暗棋: Start once it is
 * enabled) into play; 翻棋 has no setup. */
export async function startGame(app, options = {}) {
  await newGame(app, options);
  if ((options.mode ?? 'open') === 'flip') return;
  await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
  await press(app, '[data-testid="start"]');
}

/** The centre of an element on the screen. An element redrawn while it is measured (a held
 * piece follows the pointer, and the browser delivers a finger's moves on its next frame) is
 * measured again. */
export async function centre(page, selector) {
  for (let tries = 0; ; tries++) {
    const b = await page.locator(selector).boundingBox();
    if (b) return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    if (tries === 40) throw new Error(`${selector} is not on the screen`);
    await page.waitForTimeout(25);
  }
}

/** Drags from one point to another (`data-point` names, on either board): a mouse on the
 * desktop, a finger (CDP touch events, which the page sees as Pointer Events) elsewhere.
 * `during` runs while the piece is held over `to`. */
export async function drag(app, from, to, during) {
  const { page } = app;
  const a = await centre(page, `[data-point="${from}"]`);
  const b = await centre(page, `[data-point="${to}"]`);
  const steps = 8;
  const at = (i) => ({ x: a.x + ((b.x - a.x) * i) / steps, y: a.y + ((b.y - a.y) * i) / steps });
  if (app.touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] });
    }
    if (during) await during();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) await page.mouse.move(at(i).x, at(i).y);
    if (during) await during();
    await page.mouse.up();
  }
}
