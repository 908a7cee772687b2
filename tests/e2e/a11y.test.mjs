// End-to-end: an accessibility audit (axe-core) of every screen of the game, each reached as a
// player reaches it — the welcome; the new-game screen with each of its modes; the 2-player
// setup; play on the 2-player board in 明棋, 暗棋 and 翻棋; the pass-and-play hand-over; the
// result panel of a finished game, its replay, the records and the profile; the settings and
// rules dialogs; the 四国 setup and table; the children's course (its profiles, its map, a
// level) and the grown-up gate; the list of keys. Mainly on the desktop, the welcome and play
// also on a phone, and with more contrast asked for. No screen may have a critical or serious
// violation; a failure lists each with its elements. At 200 % zoom on the desktop no control
// is cut off or lies over another.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, ROOT, SHOTS, open, press, newGame, idle, isOver, playOne, seeded, sameRandom, openGrownUp } from './app.mjs';

const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');
/** The impacts that fail a screen. */
const FAILING = new Set(['critical', 'serious']);

let server;
let axeSource;
let course;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `bash scripts/build.sh` first');
  assert.ok(existsSync(AXE), 'axe-core is missing: run `npm ci` (or `bash scripts/setup.sh`)');
  axeSource = await readFile(AXE, 'utf8');
  course = JSON.parse(await readFile(join(ROOT, 'crates/junqi-learn/data/course.json'), 'utf8'));
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

/** Waits until the screen is still: fonts loaded, every finite animation and transition done
 * (a card fading in has not its final colours yet), and two frames drawn after that. */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout: 10000 },
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * The critical and serious violations axe finds on the page now. The page's Content-Security-
 * Policy refuses inline scripts (what `page.addScriptTag` writes), so axe's source is evaluated
 * through the DevTools protocol, as the test hooks are; once per document.
 */
async function violations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html, summary: n.failureSummary })),
    }));
  });
  return found.filter((v) => FAILING.has(v.impact));
}

/** The violations as a readable list: rule, impact, help, then the first three elements. */
function told(screen, found) {
  const lines = [`${screen}: ${found.length} critical or serious accessibility violation(s)`];
  for (const v of found) {
    lines.push(`  ${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} element(s)`);
    for (const n of v.nodes.slice(0, 3)) {
      lines.push(`    ${n.target}`);
      lines.push(`      ${n.html.slice(0, 200).replace(/\s+/g, ' ')}`);
      for (const s of (n.summary ?? '').split('\n')) if (s.trim()) lines.push(`      ${s.trim()}`);
    }
  }
  return lines.join('\n');
}

/** Audits the screen shown once `ready` is on the page, as a subtest of its own named `screen`. */
async function audit(t, page, screen, ready) {
  await page.waitForSelector(ready);
  await settle(page);
  const found = await violations(page);
  await t.test(screen, () => {
    assert.equal(found.length, 0, told(screen, found));
  });
}

/** Starts the offered formation on the setup screen. */
async function start(app) {
  await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
  await press(app, '[data-testid="start"]');
}

/** The next player takes the device (pass and play). */
async function ready(app) {
  await app.page.waitForSelector('[data-testid="handover-ready"]:not([disabled])');
  await press(app, '[data-testid="handover-ready"]');
  await app.page.waitForSelector('[data-testid="handover"]', { state: 'detached' });
}

/** The new-game screen, from wherever the game is. */
async function toNewGame(app) {
  if (!(await app.page.locator('[data-testid="start-game"]').count())) await press(app, '[data-testid="new-game"]');
  await app.page.waitForSelector('[data-testid="start-game"]');
}

test('desktop: the welcome, the new-game screen in every mode, its dialogs and the grown-up gate', async (t) => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', ready: '[data-testid="welcome"]' });
  const { page } = app;
  try {
    await audit(t, page, 'welcome', '[data-testid="welcome"]');
    await press(app, '[data-testid="welcome-choose"]');
    await page.waitForSelector('[data-testid="start-game"]');
    for (const mode of ['open', 'dark', 'flip']) {
      await press(app, `[data-testid="mode-${mode}"]`);
      await audit(t, page, `new game, ${mode} against the computer`, `[data-testid="mode-${mode}"][aria-pressed="true"]`);
    }
    await press(app, '[data-testid="mode-open"]');
    await press(app, '[data-testid="opponent-friend"]');
    await audit(t, page, 'new game, open pass and play', '[data-testid="opponent-friend"][aria-pressed="true"]');
    await press(app, '[data-testid="mode-siguo"]');
    await audit(t, page, 'new game, 四国', '[data-testid="siguo-options"]');
    await press(app, '[data-testid="mode-open"]');

    await press(app, '[data-testid="open-settings"]');
    await audit(t, page, 'settings dialog', '[data-testid="settings"]');
    await press(app, '[data-testid="close-settings"]');
    await page.waitForSelector('[data-testid="settings"]', { state: 'detached' });

    await press(app, '[data-testid="open-rules"]');
    await audit(t, page, 'rules dialog', '[data-testid="rules"]');
    await press(app, '[data-testid="close-rules"]');
    await page.waitForSelector('[data-testid="rules"]', { state: 'detached' });

    await press(app, '[data-testid="grown-up"]');
    await audit(t, page, 'grown-up gate', '[data-testid="grown-up-gate"]');
    await press(app, '[data-testid="gate-close"]');
    await page.waitForSelector('[data-testid="grown-up-gate"]', { state: 'detached' });
    await openGrownUp(app);
    await audit(t, page, 'grown-up settings', '[data-testid="grown-up-panel"]');
  } finally {
    await app.close();
  }
});

test('desktop: a 明棋 game against the computer — setup, play, the result, its replay, the records and the profile', async (t) => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init: sameRandom(3) });
  const { page } = app;
  try {
    await newGame(app, { mode: 'open', level: '1', seat: '0' });
    await audit(t, page, 'setup, 2 players', '[data-testid="start"]:not([disabled])');
    await start(app);
    await idle(page);
    await audit(t, page, 'play, 明棋', '[data-movable]');
    // The list of keys, opened from the board by ?.
    await page.focus('[data-testid="board"]');
    await page.keyboard.press('?');
    await audit(t, page, 'keys dialog', '[data-testid="keys-dialog"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="keys-dialog"]', { state: 'detached' });
    // Resigning is allowed after the first 20 plies: play until then, then resign.
    const rng = seeded(3);
    for (let own = 0; !(await isOver(page)); own++) {
      if (await page.locator('[data-testid="resign"]:not([disabled])').count()) break;
      assert.ok(own < 40, 'resigning should be allowed after 20 plies');
      await playOne(app, rng);
      await idle(page);
    }
    if (!(await isOver(page))) {
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
    }
    await audit(t, page, 'game over', '[data-testid="result"]');
    await press(app, '[data-testid="replay"]');
    await audit(t, page, 'replay', '[data-testid="replay-screen"]');
    await press(app, '[data-testid="replay-close"]');
    await page.waitForSelector('[data-testid="result"]');
    await press(app, '[data-testid="play-again"]');
    await toNewGame(app);
    await press(app, '[data-testid="records"]');
    await audit(t, page, 'records', '[data-testid="records-screen"] [data-testid="record"]');
    await toNewGame(app);
    await press(app, '[data-testid="profile"]');
    await audit(t, page, 'profile', '[data-testid="profile-screen"]');
  } finally {
    await app.close();
  }
});

test('desktop: play on the 2-player board in 暗棋 and 翻棋, and the pass-and-play hand-over', async (t) => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init: sameRandom(5) });
  const { page } = app;
  try {
    await newGame(app, { mode: 'dark', level: '1', seat: '0' });
    await start(app);
    await idle(page);
    await audit(t, page, 'play, 暗棋', '[data-movable]');

    await toNewGame(app);
    await newGame(app, { mode: 'flip', level: '1', seat: '0' });
    await idle(page);
    await audit(t, page, 'play, 翻棋', '[data-movable]');

    // Pass and play: Red arranges, then the device goes to Black behind the hand-over screen.
    await toNewGame(app);
    await newGame(app, { mode: 'open', opponent: 'friend' });
    await start(app);
    await audit(t, page, 'pass-and-play hand-over', '[data-testid="handover-ready"]:not([disabled])');
    await ready(app);
    await start(app);
    await idle(page);
    await audit(t, page, 'play, 明棋 pass and play', '[data-movable]');
  } finally {
    await app.close();
  }
});

test('desktop: the 四国 setup and table against three computer players', async (t) => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init: sameRandom(4) });
  const { page } = app;
  try {
    await press(app, '[data-testid="mode-siguo"]');
    await page.waitForSelector('[data-testid="siguo-options"]');
    await press(app, '[data-testid="start-game"]');
    await audit(t, page, '四国 setup', '[data-testid="start"]:not([disabled])');
    await start(app);
    // The player's turn, nobody thinking.
    await audit(t, page, '四国 table', '[data-testid="siguo-screen"][data-act]:not([data-busy])');
  } finally {
    await app.close();
  }
});

test('desktop: the children\'s course — its profiles, its map and a level', async (t) => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await press(app, '[data-testid="learn"]');
    await audit(t, page, 'course profiles', '[data-testid="profiles"]');
    await press(app, '[data-testid="avatar-2"]');
    await press(app, '[data-testid="create-profile"]');
    await audit(t, page, 'course map', '[data-testid="course-menu"]');
    const first = course.lessons[0].id;
    await press(app, `[data-level="${first}"]`);
    await audit(t, page, 'course level', `.lesson[data-lesson="${first}"][data-moves="0"]:not([data-flash])`);
  } finally {
    await app.close();
  }
});

test('phone: the welcome and play on the 2-player board', async (t) => {
  const app = await open(server.url, 'phone', { reducedMotion: 'reduce', init: sameRandom(6), ready: '[data-testid="welcome"]' });
  const { page } = app;
  try {
    await audit(t, page, 'welcome (phone)', '[data-testid="welcome"]');
    await press(app, '[data-testid="welcome-play"]');
    await audit(t, page, 'setup, 2 players (phone)', '[data-testid="start"]:not([disabled])');
    await start(app);
    await idle(page);
    await audit(t, page, 'play, 明棋 (phone)', '[data-movable]');
  } finally {
    await app.close();
  }
});

/** Controls cut off or lying over one another: each visible control (not one there for screen
 * readers only) must fit the page's width, be wholly in view once scrolled to, and not cover
 * another control. */
async function crowded(page) {
  return page.evaluate(async () => {
    const sel = 'button, select, input, a[href], summary, [role="slider"]';
    const shown = (e) => {
      if (!e.getClientRects().length) return false;
      // (Inside a closed <details> a control keeps its layout boxes but is not drawn.)
      if (!e.checkVisibility()) return false;
      for (let p = e; p; p = p.parentElement) {
        const st = getComputedStyle(p);
        if (st.clip === 'rect(0px, 0px, 0px, 0px)' || st.visibility === 'hidden' || st.opacity === '0') return false;
      }
      return true;
    };
    // An open dialog covers the screen behind it: only its own controls count then.
    const scope = [...document.querySelectorAll('.modal')].pop() ?? document;
    const els = [...scope.querySelectorAll(sel)].filter(shown);
    const name = (e) => e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.textContent.trim().slice(0, 16);
    // The nearest box that scrolls: controls are compared only with those in the same box.
    const box = (e) => {
      for (let p = e.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowY;
        if ((o === 'auto' || o === 'scroll') && p.scrollHeight > p.clientHeight) return p;
      }
      return null;
    };
    const pinned = (e) => {
      for (let p = e; p; p = p.parentElement) {
        const pos = getComputedStyle(p).position;
        if (pos === 'sticky' || pos === 'fixed') return p;
      }
      return null;
    };
    const bad = [];
    // Overlaps, all measured at one moment.
    const rects = els
      .map((e) => [e, name(e), e.getBoundingClientRect(), box(e)])
      .filter(([, , r]) => r.width >= 1 && r.height >= 1);
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const [a, an, ra, ba] = rects[i];
        const [b, bn, rb, bb] = rects[j];
        if (ba !== bb || a.contains(b) || b.contains(a)) continue;
        // What scrolls under a bar that stays put (the game's buttons at the panel's foot) is
        // checked below, once scrolled to.
        if (pinned(a) !== pinned(b)) continue;
        if (a.closest('label')?.contains(b) || b.closest('label')?.contains(a)) continue;
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 3 && h > 3) bad.push(`${an} overlaps ${bn} (${Math.round(w)}×${Math.round(h)})`);
      }
    }
    // Cut off: each control, scrolled to, lies wholly in the window and in its scrolling box.
    for (const [e, n] of rects) {
      e.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      await new Promise((done) => requestAnimationFrame(done));
      const r = e.getBoundingClientRect();
      const b = box(e)?.getBoundingClientRect() ?? { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      const left = Math.max(0, b.left);
      const top = Math.max(0, b.top);
      const right = Math.min(innerWidth, b.right);
      const bottom = Math.min(innerHeight, b.bottom);
      if (r.left < left - 1 || r.right > right + 1 || r.top < top - 1 || r.bottom > bottom + 1) {
        bad.push(`${n} cut off (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)} in ${innerWidth}×${innerHeight})`);
        continue;
      }
      // Nothing lies over it there (a bar that stays put, a card).
      const over = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (over && !e.contains(over) && !over.contains(e) && !e.closest('label')?.contains(over)) {
        bad.push(`${n} covered by ${over.getAttribute('data-testid') ?? over.className?.baseVal ?? over.className ?? over.tagName}`);
      }
    }
    window.scrollTo(0, 0);
    return bad;
  });
}

/** Checks the screen shown once `ready` is on the page, as a subtest: no control cut off or
 * covered. */
async function fits(t, page, screen, ready) {
  await page.waitForSelector(ready);
  await settle(page);
  const bad = await crowded(page);
  await t.test(screen, () => {
    assert.deepEqual(bad, [], `${screen}: ${bad.join('; ')}`);
  });
}

test("desktop at 200 % zoom: every screen's controls fit, none cut off or overlapped", async (t) => {
  const app = await open(server.url, 'zoom200', { reducedMotion: 'reduce', init: sameRandom(8), ready: '[data-testid="welcome"]' });
  const { page } = app;
  try {
    await fits(t, page, 'welcome (200 %)', '[data-testid="welcome"]');
    await page.screenshot({ path: join(SHOTS, 'zoom200-welcome.png') });
    await press(app, '[data-testid="welcome-choose"]');
    await fits(t, page, 'new game (200 %)', '[data-testid="start-game"]');
    await page.screenshot({ path: join(SHOTS, 'zoom200-newgame.png') });
    await press(app, '[data-testid="open-settings"]');
    await fits(t, page, 'settings (200 %)', '[data-testid="settings"]');
    await press(app, '[data-testid="close-settings"]');
    await page.waitForSelector('[data-testid="settings"]', { state: 'detached' });
    await press(app, '[data-testid="open-rules"]');
    await fits(t, page, 'rules (200 %)', '[data-testid="rules"]');
    await press(app, '[data-testid="close-rules"]');
    await page.waitForSelector('[data-testid="rules"]', { state: 'detached' });
    await newGame(app, { mode: 'dark', level: '1', seat: '0' });
    await fits(t, page, 'setup (200 %)', '[data-testid="start"]:not([disabled])');
    await page.screenshot({ path: join(SHOTS, 'zoom200-setup.png') });
    await start(app);
    await idle(page);
    await fits(t, page, 'play, 暗棋 (200 %)', '[data-movable]');
    await page.screenshot({ path: join(SHOTS, 'zoom200-play.png') });
    await toNewGame(app);
    await press(app, '[data-testid="records"]');
    await fits(t, page, 'records (200 %)', '[data-testid="records-screen"]');
    await toNewGame(app);
    await press(app, '[data-testid="profile"]');
    await fits(t, page, 'profile (200 %)', '[data-testid="profile-screen"]');
    await toNewGame(app);
    await press(app, '[data-testid="learn"]');
    await fits(t, page, 'course profiles (200 %)', '[data-testid="profiles"]');
    await press(app, '[data-testid="avatar-2"]');
    await press(app, '[data-testid="create-profile"]');
    await fits(t, page, 'course map (200 %)', '[data-testid="course-menu"]');
    await page.screenshot({ path: join(SHOTS, 'zoom200-course.png') });
    await press(app, `[data-level="${course.lessons[0].id}"]`);
    await fits(t, page, 'course level (200 %)', `.lesson[data-moves="0"]:not([data-flash])`);
    await page.screenshot({ path: join(SHOTS, 'zoom200-lesson.png') });
    await press(app, '[data-testid="lesson-menu"]');
    await press(app, '[data-testid="map-back"]');
    await press(app, '[data-testid="leave-course"]');
    await toNewGame(app);
    await press(app, '[data-testid="mode-siguo"]');
    await page.waitForSelector('[data-testid="siguo-options"]');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await start(app);
    await fits(t, page, '四国 table (200 %)', '[data-testid="siguo-screen"][data-act]:not([data-busy])');
    await page.screenshot({ path: join(SHOTS, 'zoom200-siguo.png') });
  } finally {
    await app.close();
  }
});

test('desktop with more contrast: the new game and play pass the audit', async (t) => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', contrast: 'more', init: sameRandom(9) });
  const { page } = app;
  try {
    assert.ok(await page.evaluate(() => matchMedia('(prefers-contrast: more)').matches), 'the page is asked for more contrast');
    await audit(t, page, 'new game (more contrast)', '[data-testid="start-game"]');
    await newGame(app, { mode: 'open', level: '1', seat: '0' });
    await start(app);
    await idle(page);
    await audit(t, page, 'play, 明棋 (more contrast)', '[data-movable]');
    await page.screenshot({ path: join(SHOTS, 'contrast-more-play.png') });
  } finally {
    await app.close();
  }
});
