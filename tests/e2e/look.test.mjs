// End-to-end: look and feel — the interface language (from the browser, switchable), piece label
// styles and large labels drawn with the shipped font, Web Audio sounds with mute, animations
// along the real path and `prefers-reduced-motion`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, press, newGame, idle, playOne, seeded, startGame, serveDist } from './app.mjs';

const server = serveDist();

async function ownLabels(page) {
  return page.$$eval('[data-color="r"] text.label', (els) => els.map((e) => e.textContent));
}

async function setting(app, testid) {
  await press(app, '[data-testid="open-settings"]');
  await press(app, `[data-testid="${testid}"]`);
  await press(app, '[data-testid="close-settings"]');
}

test('phone: Chinese from the browser language, switchable; label styles in the shipped font', async () => {
  const app = await open(server.url, 'phone', { locale: 'zh-CN' });
  const { page } = app;
  try {
    assert.equal((await page.textContent('[data-testid="start-game"]')).trim(), '开始');
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
    assert.match(await page.textContent('[data-testid="mode-explain"]'), /亮明/);
    await page.screenshot({ path: join(SHOTS, 'newgame-zh-phone.png') });
    await newGame(app, { mode: 'open' });
    await page.waitForSelector('[data-testid="start"]');
    // Chinese players read the names: 司令 and friends.
    let labels = await ownLabels(page);
    assert.ok(labels.includes('司令') && labels.includes('工兵'), labels.join(' '));
    await page.screenshot({ path: join(SHOTS, 'setup-zh-phone.png') });

    // The labels are drawn with the shipped font, not a system CJK font.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-color="r"] text.label' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: nodeIds[0] });
    assert.ok(fonts.length > 0 && fonts.every((f) => /WenQuanYi/i.test(f.familyName)), JSON.stringify(fonts));

    await setting(app, 'labels-one');
    labels = await ownLabels(page);
    assert.ok(labels.includes('司') && labels.every((t) => [...t].length === 1), labels.join(' '));
    await setting(app, 'labels-rank');
    labels = await ownLabels(page);
    assert.ok(labels.includes('40') && labels.includes('32') && !labels.includes('司令'), labels.join(' '));
    // Bombs, landmines and the flag are icons in the rank style.
    assert.equal(await page.locator('[data-color="r"][data-role="F"] text').count(), 0);
    assert.equal(await page.locator('[data-color="r"][data-role="F"] .icon').count(), 1);
    await setting(app, 'labels-icon');
    assert.deepEqual(await ownLabels(page), []);
    assert.equal(await page.locator('[data-color="r"] .icon').count(), 25);
    await page.screenshot({ path: join(SHOTS, 'setup-icons-phone.png') });
    await setting(app, 'labels-two');
    const small = await page.getAttribute('[data-color="r"][data-role="M"] text', 'font-size');
    await setting(app, 'large-labels');
    const large = await page.getAttribute('[data-color="r"][data-role="M"] text', 'font-size');
    assert.ok(Number(large) > Number(small), `${small} → ${large}`);
    await page.screenshot({ path: join(SHOTS, 'setup-large-phone.png') });

    // Switch to English: the interface follows; the choice is kept.
    await press(app, '[data-testid="toggle-lang"]');
    assert.match(await page.textContent('[data-testid="start"]'), /Start/);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    assert.equal((await page.textContent('[data-testid="start-game"]')).trim(), 'Start');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

/** Counts sounds made through Web Audio (oscillators and noise sources started). */
async function instrumentAudio(ctx) {
  await ctx.addInitScript(() => {
    window.__sounds = 0;
    for (const name of ['createOscillator', 'createBufferSource']) {
      const original = AudioContext.prototype[name];
      AudioContext.prototype[name] = function (...args) {
        window.__sounds++;
        return original.apply(this, args);
      };
    }
  });
}

test('desktop: moves animate along their path with a sound; mute silences; reduced motion jumps', async () => {
  const app = await open(server.url, 'desktop');
  const { page, ctx } = app;
  try {
    await instrumentAudio(ctx);
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    // Record every effect that appears.
    await page.evaluate(() => {
      window.__fx = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.fx-run')) {
          const id = el.getAttribute('data-anim');
          if (!window.__fx.some((f) => f.id === id)) {
            window.__fx.push({ id, contact: el.getAttribute('data-contact'), mover: Boolean(el.querySelector('.ghost.mover')) });
          }
        }
      }).observe(document.body, { subtree: true, childList: true });
    });
    await startGame(app, { mode: 'open' });
    const rng = seeded(3);
    await idle(page);
    await playOne(app, rng);
    // A picture of a piece on its way, when the machine is quick enough to catch one.
    if (await page.waitForSelector('.ghost.mover', { timeout: 2000 }).catch(() => null)) {
      await page.screenshot({ path: join(SHOTS, 'play-moving-desktop.png') });
    }
    await idle(page);
    // The player's move and the computer's reply both animated and sounded.
    const fx = await page.evaluate(() => window.__fx);
    assert.ok(fx.length >= 2 && fx.every((f) => f.mover), JSON.stringify(fx));
    const sounds = await page.evaluate(() => window.__sounds);
    assert.ok(sounds >= 2, `${sounds} sounds`);
    // Mute: no more sound.
    await setting(app, 'sound');
    await playOne(app, rng);
    await idle(page);
    assert.equal(await page.evaluate(() => window.__sounds), sounds, 'muted');
    await page.screenshot({ path: join(SHOTS, 'play-open-desktop.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }

  const still = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  try {
    await still.page.evaluate(() => {
      window.__fx = 0;
      new MutationObserver(() => {
        if (document.querySelector('.fx-run')) window.__fx++;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await newGame(still, { mode: 'open' });
    await still.page.waitForSelector('[data-testid="start"]');
    await press(still, '[data-testid="start"]');
    const rng = seeded(3);
    for (let i = 0; i < 3; i++) {
      await idle(still.page);
      await playOne(still, rng);
    }
    await idle(still.page);
    assert.equal(await still.page.evaluate(() => window.__fx), 0, 'no animation under reduced motion');
    assert.deepEqual(still.problems, []);
  } finally {
    await still.close();
  }
});

test('暗棋 guess marks: right click on the desktop, long press on the tablet', async () => {
  for (const profile of ['desktop', 'tablet']) {
    const app = await open(server.url, profile, { reducedMotion: 'reduce' });
    const { page } = app;
    try {
      await startGame(app, { mode: 'dark' });
      await idle(page);
      const box = await page.locator('[data-at="a9"]').boundingBox();
      const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      if (app.touch) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [c] });
        // Held until the picker opens, however late a busy machine runs the long-press timer.
        await page.waitForSelector('[data-testid="guess-picker"]');
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await cdp.detach();
      } else {
        await page.mouse.click(c.x, c.y, { button: 'right' });
      }
      await page.waitForSelector('[data-testid="guess-picker"]');
      await press(app, '[data-guess-choice="M"]');
      assert.equal(await page.locator('[data-at="a9"] [data-guess="M"]').count(), 1);
      assert.equal(await page.locator('[data-at="a9"]').getAttribute('data-role'), null);
      assert.equal(await page.locator('[data-color="b"][data-role]').count(), 0);
      await page.screenshot({ path: join(SHOTS, `guess-${profile}.png`) });
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  }
});

test('desktop: the optional clock runs for the side to move', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await page.selectOption('[data-testid="clock"]', '5');
    await startGame(app, { mode: 'open' });
    await page.waitForSelector('[data-testid="clock-0"]');
    assert.match(await page.textContent('[data-testid="clock-1"]'), /5:00/);
    await page.waitForFunction(() => !/5:00/.test(document.querySelector('[data-testid="clock-0"]').textContent), null, {
      timeout: 5000,
    });
    assert.match(await page.textContent('[data-testid="clock-0"]'), /Red 4:5\d/);
    assert.match(await page.textContent('[data-testid="clock-1"]'), /Black 5:00/);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
