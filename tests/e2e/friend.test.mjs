// End-to-end: two people on one device. In 暗棋 a hand-over screen hides the board between turns
// (and between the two setups in every mode), and each player's screen names only their own
// pieces; face to face turns the far side's labels toward its player.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, press, newGame, idle, playOne, seeded, startGame, serveDist } from './app.mjs';

const server = serveDist();

/** Colours of the pieces whose identity the page shows. */
async function namedColours(page) {
  return page.$$eval('[data-role]', (els) => [...new Set(els.map((e) => e.getAttribute('data-color')))].sort());
}

/** The next player takes the device: the hand-over screen goes and their board is drawn. */
async function ready(app) {
  // The button arms itself a moment after the screen appears (a turn's own tap must not dismiss it).
  await app.page.waitForSelector('[data-testid="handover-ready"]:not([disabled])');
  await press(app, '[data-testid="handover-ready"]');
  await app.page.waitForSelector('[data-testid="handover"]', { state: 'detached' });
  await app.page.waitForSelector('[data-at]');
}

async function handover(page) {
  await page.waitForSelector('[data-testid="handover"]');
  return (await page.textContent('[data-testid="handover"]')).trim();
}

test('tablet: pass and play 暗棋 with the hand-over screen', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await newGame(app, { mode: 'dark', opponent: 'friend' });
    // Red arranges first.
    await page.waitForSelector('[data-testid="start"]');
    assert.deepEqual(await namedColours(page), ['r']);
    await press(app, '[data-testid="start"]');
    // Hand over to Black: the board shows no piece at all meanwhile.
    assert.match(await handover(page), /Black/);
    assert.equal(await page.locator('[data-at]').count(), 0);
    await page.screenshot({ path: join(SHOTS, 'handover-tablet.png') });
    await ready(app);
    await page.waitForSelector('[data-testid="start"]');
    assert.deepEqual(await namedColours(page), ['b'], 'Black arranges only its own pieces');
    assert.equal(await page.locator('svg.board').getAttribute('data-orientation'), 'black');
    await press(app, '[data-testid="start"]');
    // Hand over to Red for the first move.
    assert.match(await handover(page), /Red/);
    assert.equal(await page.locator('[data-at]').count(), 0);
    await ready(app);

    const rng = seeded(11);
    for (const [turn, other] of [
      ['r', 'b'],
      ['b', 'r'],
      ['r', 'b'],
      ['b', 'r'],
    ]) {
      await idle(page);
      // Only its own pieces are named, save a flag shown to both after its Field Marshal fell.
      const named = await page.$$eval(`[data-color="${other}"][data-role]`, (els) =>
        els.map((e) => e.getAttribute('data-role')),
      );
      assert.ok(named.every((r) => r === 'F'), `${turn} sees only its own pieces: ${named}`);
      if (named.length) {
        const list = await page.textContent('[data-testid="move-list"]');
        assert.match(list, /×/, 'a flag is shown only after a contact');
      }
      assert.ok((await page.locator(`[data-color="${other}"]`).count()) > 20);
      assert.ok((await page.locator(`[data-color="${turn}"][data-role]`).count()) > 20);
      assert.match(await page.textContent('[data-testid="status"]'), turn === 'r' ? /Red/ : /Black/);
      await playOne(app, rng);
      assert.match(await handover(page), turn === 'r' ? /Black/ : /Red/);
      assert.equal(await page.locator('[data-at]').count(), 0, 'the board is hidden between turns');
      await ready(app);
    }
    // The move list is public to both.
    assert.equal(await page.locator('[data-testid="move-list"] > [data-ply]').count(), 4);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: pass and play 明棋 face to face keeps the board still and turns Black', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await press(app, '[data-testid="open-settings"]');
    await page.check('[data-testid="face-to-face"]');
    await press(app, '[data-testid="close-settings"]');
    await startGame(app, { mode: 'open', opponent: 'friend' });
    // Setup always hands over, even in 明棋.
    assert.match(await handover(page), /Black/);
    await ready(app);
    await page.waitForSelector('[data-testid="start"]');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="status"]');
    // No hand-over during 明棋 play; everybody sees everything.
    const rng = seeded(5);
    for (let i = 0; i < 4; i++) {
      await idle(page);
      assert.equal(await page.locator('[data-testid="handover"]').count(), 0);
      assert.equal(await page.locator('svg.board').getAttribute('data-orientation'), 'red');
      assert.deepEqual(await namedColours(page), ['b', 'r']);
      await playOne(app, rng);
    }
    const turned = await page.$$eval('[data-color] > g', (els) =>
      els.map((g) => [g.parentElement.getAttribute('data-color'), (g.getAttribute('transform') ?? '').includes('rotate(180)')]),
    );
    assert.ok(turned.every(([c, t]) => (c === 'b') === t), 'Black labels turned, Red upright');
    await page.screenshot({ path: join(SHOTS, 'face-to-face-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
