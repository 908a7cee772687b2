// End-to-end: something is on screen at once. index.html carries a static loading screen (the
// title, the board in outline, a loading bar; #shell) painted from the HTML and CSS alone, before
// the page's WebAssembly has arrived; the app takes its place when it mounts.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { ARGS, CHROMIUM, DIST, PROFILES, SHOTS, watch } from './app.mjs';

const cleanup = [];
after(async () => {
  for (const done of cleanup.reverse()) await done();
});

for (const profile of ['phone', 'tablet']) {
  test(`${profile}: the loading screen is painted before the wasm arrives, then the app replaces it`, async () => {
    const server = await serve(DIST);
    cleanup.push(server.close);
    const dir = await mkdtemp(join(tmpdir(), 'junqi-e2e-shell-'));
    const ctx = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      args: ARGS,
      headless: true,
      locale: 'en-US',
      ...PROFILES[profile],
    });
    cleanup.push(async () => {
      await ctx.close();
      await rm(dir, { recursive: true, force: true });
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    const { problems } = watch(page);

    // Hold the page's WebAssembly (its preload and its fetch) until the shell has been checked.
    let release;
    const held = new Promise((r) => (release = r));
    let asked = 0;
    await page.route(/junqi-start-[^/]*_bg\.wasm$/, async (route) => {
      asked++;
      await held;
      await route.continue();
    });

    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    const shell = page.locator('#shell');
    await shell.waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    assert.ok(asked >= 1, 'the wasm was requested and is being held');
    assert.equal(await page.locator('.app').count(), 0, 'the app has not started');
    assert.match(await shell.locator('h1').textContent(), /军棋\s*Junqi/i);
    assert.ok(await shell.locator('.title-zh').isVisible(), 'the title shows');
    const vw = PROFILES[profile].viewport;
    const board = await shell.locator('svg.shell-board').boundingBox();
    assert.ok(board && board.width > vw.width * 0.4 && board.height > vw.height * 0.4, `the board outline fills the screen: ${JSON.stringify(board)}`);
    assert.ok(board.x >= 0 && board.y >= 0 && board.x + board.width <= vw.width + 0.5 && board.y + board.height <= vw.height + 0.5, 'the outline lies on screen');
    assert.ok(await shell.locator('.shell-bar').isVisible(), 'the loading bar shows');
    // Painted in the page's dark colour, not a white page.
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
    assert.match(bg, /radial-gradient/);
    await page.screenshot({ path: join(SHOTS, `shell-${profile}.png`) });

    const wasm = page.waitForResponse((r) => /junqi-start-[^/]*_bg\.wasm$/.test(r.url()));
    // The whole game is fetched ahead of a press, as soon as the welcome is up.
    const game = page.waitForResponse((r) => /junqi-web_bg\.wasm$/.test(r.url()));
    release();
    // A first visit: the loading screen becomes the welcome, its board kept, the bar gone.
    await page.waitForSelector('[data-testid="welcome"]');
    // scripts/serve.mjs sends it brotli-compressed to a browser that takes brotli.
    assert.equal(await (await wasm).headerValue('content-encoding'), 'br');
    assert.ok(await shell.locator('svg.shell-board').isVisible(), 'the board outline stays');
    assert.equal(await shell.locator('.shell-stage > .shell-bar').isVisible(), false, 'no loading bar');
    assert.equal(await page.locator('.app').count(), 0, 'the whole game is not loaded yet');
    await page.tap('[data-testid="welcome-choose"]');
    await page.waitForSelector('[data-testid="start-game"]');
    assert.equal(await (await game).headerValue('content-encoding'), 'br');
    assert.equal(await page.locator('#shell').count(), 0, 'the app removed the loading screen');
    assert.equal(await page.locator('body > .app').count(), 1);
    assert.deepEqual(problems, [], 'no errors, no CSP violations');
  });
}
