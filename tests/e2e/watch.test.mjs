// End-to-end: 旁观 on the 2-player board. The computer plays both sides of a 暗棋 game while
// the person watches: no formation to arrange, no button of a player's, the pace chosen, paused
// and played a move at a time, seen through Red's or Black's eyes or with every piece open, on
// after a reload, and at its end a result that is nobody's (the stats untouched) and a record
// kept among the games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, press, sameRandom, serveDist } from './app.mjs';

const server = serveDist();

const plies = (page) => page.locator('[data-testid="move-list"] > [data-ply]').count();

/** Waits until more than `n` plies are in the move list. */
const beyond = (page, n, timeout = 60000) =>
  page.waitForFunction(
    (k) => document.querySelectorAll('[data-testid="move-list"] > [data-ply]').length > k,
    n,
    { timeout },
  );

/** Pieces on the board whose colour shows but whose rank does not. */
const hidden = (page, color) => page.locator(`svg [data-at][data-color="${color}"]:not([data-role])`).count();

test('tablet: 旁观 — the computer plays both sides of 暗棋: the pace, pause and one move, whose eyes, on after a reload, and a result that counts for nobody', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(12) });
  const { page } = app;
  try {
    const stats = await page.evaluate(() => localStorage.getItem('junqi.stats.v1'));
    await press(app, '[data-testid="mode-dark"]');
    // A clock chosen for the player's own games stays chosen through a watched game.
    await page.selectOption('[data-testid="clock"]', '10');
    await press(app, '[data-testid="opponent-watch"]');
    await page.waitForSelector('[data-testid="watch-explain"]');
    // No side, clock or colour flip to choose: only the computer's level.
    for (const id of ['seat-0', 'clock', 'move-timer', 'colour-flip']) {
      assert.equal(await page.locator(`[data-testid="${id}"]`).count(), 0, id);
    }
    await page.selectOption('[data-testid="level"]', '1');
    await press(app, '[data-testid="start-game"]');
    // No formation to arrange: the board at once, with the watcher's controls.
    await page.waitForSelector('[data-testid="watch"]');
    assert.match(await page.textContent('[data-testid="game-line"]'), /Watch/);
    for (const id of ['resign', 'offer-draw', 'undo', 'hint']) {
      assert.equal(await page.locator(`[data-testid="${id}"]`).count(), 0, id);
    }
    assert.equal(await page.locator('[data-movable]').count(), 0, 'nothing to move');
    await press(app, '[data-testid="pace-fast"]');
    await beyond(page, 6);
    // Red's eyes: Red's pieces named, Black's hidden.
    assert.equal(await hidden(page, 'r'), 0);
    assert.ok((await hidden(page, 'b')) > 0);
    // Paused, nothing more is played.
    await press(app, '[data-testid="pause"]');
    await page.waitForSelector('[data-testid="watch"][data-paused]');
    await page.waitForSelector('[data-testid="step"]:not([disabled])');
    const n = await plies(page);
    await page.waitForTimeout(1200);
    assert.equal(await plies(page), n, 'paused');
    // One move at a time.
    await press(app, '[data-testid="step"]');
    await beyond(page, n);
    await page.waitForSelector('[data-testid="step"]:not([disabled])');
    await page.waitForTimeout(800);
    assert.equal(await plies(page), n + 1, 'one move only');
    // Black's eyes turn the board; all open names every piece.
    await press(app, '[data-testid="watch-side-black"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="watch-side-black"]').getAttribute('aria-pressed') === 'true');
    assert.equal(await hidden(page, 'b'), 0);
    assert.ok((await hidden(page, 'r')) > 0);
    await press(app, '[data-testid="watch-side-open"]');
    await page.waitForFunction(() => !document.querySelector('svg [data-at][data-color]:not([data-role])'));
    await page.screenshot({ path: join(SHOTS, 'watch-tablet.png') });
    // Going on, and after a reload the watched game goes on by itself.
    await press(app, '[data-testid="pause"]');
    await beyond(page, n + 3);
    await page.reload();
    await page.waitForSelector('[data-testid="watch"]');
    await press(app, '[data-testid="pace-fast"]');
    const m = await plies(page);
    await beyond(page, m);
    // To its end: a side wins (nobody at the device), and the stats are untouched.
    await page.waitForSelector('[data-testid="result"]', { timeout: 240000 });
    assert.doesNotMatch(await page.textContent('.result-panel .headline'), /You|computer wins/i);
    assert.match(await page.textContent('[data-testid="rematch"]'), /Watch another/);
    assert.equal(await page.evaluate(() => localStorage.getItem('junqi.stats.v1')), stats);
    // The ended game through Black's eyes, then all open.
    await press(app, '[data-testid="see-board"]');
    await press(app, '[data-testid="watch-side-black"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="watch-side-black"]').getAttribute('aria-pressed') === 'true');
    await press(app, '[data-testid="watch-side-open"]');
    await page.waitForFunction(() => !document.querySelector('svg [data-at][data-color]:not([data-role])'));
    // The record is kept, named as a watched game; the player's own choices are as they were.
    await press(app, '[data-testid="new-game"]');
    await page.waitForSelector('[data-testid="opponent-watch"][aria-pressed="true"]');
    await press(app, '[data-testid="opponent-computer"]');
    assert.equal(await page.inputValue('[data-testid="clock"]'), '10');
    await press(app, '[data-testid="records"]');
    await page.waitForSelector('[data-testid="record"]');
    assert.match(await page.textContent('[data-testid="record"]'), /Watch/);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
