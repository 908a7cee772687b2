// End-to-end: the first screen of a first visit (src/start.rs, issue #15). A fresh profile gets
// the welcome from the small first module — the board in outline, "play the computer", the
// children's course, every game and choice, the language — and the whole game (junqi-web) is
// fetched only when a button asks for it; the press and the language chosen reach the game.
// A returning player, and a shared game's link, go straight to the game. The service worker
// caches the whole build while the welcome waits, so a press works offline; a game that cannot
// be loaded is said, and the retry works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { ARGS, CHROMIUM, DIST, PROFILES, SHOTS, watch } from './app.mjs';

let server;
const cleanup = [];

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `bash scripts/build.sh` first');
  await mkdir(SHOTS, { recursive: true });
  server = await serve(DIST);
});

after(async () => {
  for (const done of cleanup.reverse()) await done();
  await server?.close();
});

const GAME = /\/junqi-web(_bg\.wasm|\.js)$/;

/** A fresh browser profile on `profile`; `fetched` lists every URL the page asked for. */
async function fresh(profile, locale = 'en-US', options = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'junqi-e2e-welcome-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    locale,
    ...PROFILES[profile],
    ...options,
  });
  cleanup.push(async () => {
    await ctx.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  const fetched = [];
  page.on('request', (r) => fetched.push(r.url()));
  const { problems } = watch(page);
  return { ctx, page, fetched, problems };
}

for (const profile of ['phone', 'tablet', 'desktop']) {
  test(`${profile}: a first visit shows the welcome; "play the computer" loads the game and opens its setup`, async () => {
    const { page, fetched, problems } = await fresh(profile);
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="welcome"]');
    await page.evaluate(() => document.fonts.ready);
    const vw = PROFILES[profile].viewport;
    for (const id of ['welcome-play', 'welcome-learn', 'welcome-choose', 'welcome-lang']) {
      const box = await page.locator(`[data-testid="${id}"]`).boundingBox();
      assert.ok(box, `${id} shows`);
      assert.ok(box.height >= 44 && box.width >= 44, `${id} is a finger's target: ${JSON.stringify(box)}`);
      assert.ok(box.y >= 0 && box.y + box.height <= vw.height + 0.5, `${id} is on screen without scrolling`);
    }
    assert.ok(await page.locator('#shell svg.shell-board').isVisible(), 'the board in outline');
    assert.equal(await page.locator('.app').count(), 0, 'the whole game is not started');
    await page.screenshot({ path: join(SHOTS, `welcome-${profile}.png`) });
    // Idle on the welcome: the service worker may cache the build, but the page itself asks for
    // nothing of the whole game.
    await page.waitForTimeout(300);
    assert.deepEqual(fetched.filter((u) => GAME.test(u)), [], 'the whole game is not fetched by the page');

    if (profile === 'desktop') await page.click('[data-testid="welcome-play"]');
    else await page.tap('[data-testid="welcome-play"]');
    await page.waitForSelector('.app[data-phase="setup"] svg.board [data-point]');
    assert.equal(await page.locator('#shell').count(), 0, 'the welcome gave way to the game');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('junqi.start')), null, 'the press was taken once');
    assert.ok(fetched.some((u) => GAME.test(u)), 'the whole game was fetched');
    // The setup names what the press started, the mode and the computer's level, where a
    // landscape screen has room; play does on every screen, at the top of its panel.
    const setupLine = page.locator('.setup-panel [data-testid="game-line"]');
    if (profile !== 'phone') {
      assert.ok(await setupLine.isVisible());
      assert.match(await setupLine.textContent(), /^明棋 Open · Computer, level \d · \w+/);
    }
    await page.click('[data-testid="start"]');
    await page.waitForSelector('.app[data-phase="play"]');
    const playLine = page.locator('.play-panel [data-testid="game-line"]');
    assert.ok(await playLine.isVisible());
    assert.match(await playLine.textContent(), /^明棋 Open · Computer, level \d · \w+/);
    // A first game with numbered pieces shows which number is which, and what beats what.
    const key = page.locator('[data-testid="piece-key"]');
    assert.equal(await key.getAttribute('open'), '');
    const keyText = await key.textContent();
    assert.match(keyText, /40 Field Marshal/);
    assert.match(keyText, /32 Engineer/);
    assert.match(keyText, /higher number takes a lower/);
    await page.screenshot({ path: join(SHOTS, `first-game-key-${profile}.png`) });
    assert.deepEqual(problems, []);
  });
}

test('tablet: the language chosen on the welcome carries into the course; a returning player skips the welcome', async () => {
  const { page, problems } = await fresh('tablet');
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="welcome"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.match(await page.locator('[data-testid="welcome-play"]').textContent(), /Play the computer/);
  await page.tap('[data-testid="welcome-lang"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
  assert.match(await page.locator('[data-testid="welcome-play"]').textContent(), /和电脑下一盘/);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS, 'welcome-zh-tablet.png') });
  await page.tap('[data-testid="welcome-learn"]');
  await page.waitForSelector('.app[data-phase="learn"]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans', 'the course speaks Chinese');
  assert.match(await page.locator('.app').textContent(), /谁来学棋/);

  // Back again: the browser keeps the game's settings now, so the game itself opens at once.
  await page.reload();
  await page.waitForSelector('.app[data-phase]');
  assert.equal(await page.locator('[data-testid="welcome"]').count(), 0, 'no welcome for a returning player');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans', 'still Chinese');
  assert.deepEqual(problems, []);
});

test('phone: the service worker caches the game behind the welcome, so a press works offline; a failed load says so and retries', async () => {
  const { ctx, page } = await fresh('phone');
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="welcome"]');
  // The worker is registered once the welcome is idle and caches the whole build.
  await page.waitForFunction(
    async () => {
      const keys = await caches.keys();
      for (const k of keys) {
        const c = await caches.open(k);
        if (await c.match(new URL('junqi-web_bg.wasm', document.baseURI).href)) return true;
      }
      return false;
    },
    null,
    { timeout: 60_000, polling: 250 },
  );
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 30_000 });
  await ctx.setOffline(true);
  await page.tap('[data-testid="welcome-choose"]');
  await page.waitForSelector('[data-testid="start-game"]');
  await ctx.setOffline(false);

  // Another fresh visitor whose connection drops before the game arrives (no service worker,
  // whose cache would answer).
  const other = await fresh('phone', 'zh-CN', { serviceWorkers: 'block' });
  await other.page.goto(server.url);
  await other.page.waitForSelector('[data-testid="welcome"]');
  await other.page.route(GAME, (route) => route.abort('internetdisconnected'));
  await other.page.tap('[data-testid="welcome-play"]');
  await other.page.waitForSelector('[data-testid="welcome-failed"]');
  assert.match(await other.page.locator('[data-testid="welcome-failed"]').textContent(), /没能载入/);
  await other.page.evaluate(() => document.fonts.ready);
  await other.page.screenshot({ path: join(SHOTS, 'welcome-failed-phone.png') });
  assert.equal(await other.page.locator('[data-testid="welcome-play"]').isEnabled(), true, 'the buttons work again');
  await other.page.unroute(GAME);
  await other.page.tap('[data-testid="welcome-retry"]');
  await other.page.waitForSelector('.app[data-phase="setup"]');
  assert.equal(await other.page.evaluate(() => document.documentElement.lang), 'zh-Hans');
});
