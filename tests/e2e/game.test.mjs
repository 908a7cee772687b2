// End-to-end: whole games against the computer in every mode, played through the board's test
// hooks, and 暗棋's promise that no enemy identity reaches the page before it is public.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHOTS, open, press, newGame, idle, isOver, playOne, seeded, startGame, serveDist } from './app.mjs';

const server = serveDist();

/** Everything on the page (DOM and window) that could name an enemy piece in 暗棋. */
async function enemyLeaks(page, enemy) {
  return page.evaluate((enemy) => {
    const leaks = [];
    // The one identity 暗棋 makes public by itself: the flag, once its Field Marshal has fallen.
    const isPublicFlag = (el) => el.getAttribute('data-role') === 'F';
    for (const el of document.querySelectorAll(`[data-color="${enemy}"]`)) {
      if (isPublicFlag(el)) continue;
      if (el.hasAttribute('data-role')) leaks.push(`data-role on ${el.getAttribute('data-at')}`);
      const text = el.textContent.trim();
      if (text) leaks.push(`text "${text}" on ${el.getAttribute('data-at')}`);
      for (const d of el.querySelectorAll('*')) {
        for (const a of d.getAttributeNames()) {
          if (a === 'data-role' || a === 'data-tray-role') leaks.push(`${a} inside ${el.getAttribute('data-at')}`);
        }
      }
    }
    for (const el of document.querySelectorAll(`[data-tray-color="${enemy}"][data-tray-role]`)) {
      leaks.push(`tray role ${el.getAttribute('data-tray-role')}`);
    }
    // Every named piece is the player's own.
    for (const el of document.querySelectorAll('[data-role]')) {
      if (el.getAttribute('data-color') === enemy && !isPublicFlag(el)) {
        leaks.push(`role on enemy ${el.getAttribute('data-at')}`);
      }
    }
    // Window state: nothing of the app's but the computer player's test hook functions, and no
    // string anywhere on window or in storage that looks like a position.
    const jfen = /[a-zA-Z1-5]+(\/[a-zA-Z1-5]+){5,}/;
    for (const k of Object.getOwnPropertyNames(window)) {
      let v;
      try {
        v = window[k];
      } catch {
        continue;
      }
      if (typeof v === 'string' && jfen.test(v)) leaks.push(`window.${k} holds a position`);
    }
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      let v = localStorage.getItem(k);
      // The saved game holds the player's own formation (the computer's is kept as a seed).
      if (k === 'junqi.saves') {
        const saves = JSON.parse(v);
        for (const g of saves.games) {
          if (g.setup.kind !== 'computer') leaks.push(`saved game ${g.id} holds both formations`);
          delete g.setup.own;
        }
        v = JSON.stringify(saves);
      }
      if (!k.startsWith('junqi.formations.') && jfen.test(v)) leaks.push(`localStorage ${k} holds a position`);
    }
    return leaks;
  }, enemy);
}

/** The record file of the last game, exported from the records screen (left open). */
async function exportedRecord(app) {
  const { page } = app;
  await press(app, '[data-testid="new-game"]');
  await press(app, '[data-testid="records"]');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    press(app, '[data-testid="record"]:first-child [data-testid="export"]'),
  ]);
  return JSON.parse(await readFile(await file.path(), 'utf8'));
}

async function playToEnd(app, mode, { maxPlies = 400, seed = 1, check } = {}) {
  const { page } = app;
  const rng = seeded(seed);
  let plies = 0;
  while (plies < maxPlies) {
    await idle(page);
    if (await isOver(page)) break;
    await playOne(app, rng);
    plies++;
    if (check) await check(plies);
  }
  await idle(page);
  if (!(await isOver(page))) {
    // Bounded: the player resigns (allowed after the first 20 plies).
    await press(app, '[data-testid="resign"]');
    await press(app, '[data-testid="confirm-resign"]');
  }
  await page.waitForSelector('[data-testid="result"]');
  return { plies, result: (await page.textContent('[data-testid="result"]')).trim() };
}

const GAMES = [
  ['open', 'tablet'],
  ['dark', 'tablet'],
  ['flip', 'tablet'],
  ['open', 'phone'],
  ['dark', 'desktop'],
  ['flip', 'phone'],
];

for (const [mode, profile] of GAMES) {
  test(`${profile}: a whole ${mode} game against the computer, played to its end`, async () => {
    const app = await open(server.url, profile, { reducedMotion: 'reduce' });
    const { page } = app;
    try {
      await newGame(app, { mode, level: '1' });
      if (mode !== 'flip') {
        await page.waitForSelector('[data-testid="start"]:not([disabled])');
        await press(app, '[data-testid="start"]');
      }
      await page.waitForSelector('[data-testid="status"]');
      // No resigning in the first 20 plies.
      assert.equal(await page.locator('[data-testid="resign"]').isDisabled(), true);
      let leaksSeen = [];
      const stored = new Set();
      const check =
        mode === 'dark'
          ? async (plies) => {
              await idle(page);
              if (await isOver(page)) return;
              for (const v of await page.evaluate(() => Object.values(localStorage))) stored.add(v);
              if (plies % 5 === 0) leaksSeen.push(...(await enemyLeaks(page, 'b')));
            }
          : undefined;
      const { plies, result } = await playToEnd(app, mode, { seed: mode.length + profile.length, check });
      assert.deepEqual(leaksSeen, [], 'no enemy identity before it is public');
      assert.match(result, /(Red|Black) wins: .+\.|Draw: .+\./, result);
      const moves = await page.$$eval('[data-testid="move-list"] > [data-ply]', (els) =>
        els.map((e) => Number(e.getAttribute('data-ply'))),
      );
      assert.ok(moves.length >= plies, `move list ${moves.length} plies, played ${plies}`);
      assert.deepEqual(moves, moves.map((_, i) => i + 1), 'one child per ply, in order');
      await page.screenshot({ path: join(SHOTS, `over-${mode}-${profile}.png`) });
      // A finished game is final: no undo (its result is counted and it may have been shared).
      const undo = page.locator('[data-testid="undo"]');
      assert.ok(!(await undo.count()) || (await undo.isDisabled()), 'no undo after the end');
      // Full trays and the controls stay inside the panel (nothing cut off at the right).
      const panel = await page.$eval('.play-panel', (p) => [p.scrollWidth, p.clientWidth]);
      assert.ok(panel[0] <= panel[1], `the panel overflows sideways: ${panel}`);
      if (mode === 'dark') {
        // Once over, the exported record shows the computer's formation: storage never held it.
        const black = (await exportedRecord(app)).setup.black;
        const found = [...stored].filter((v) => v.includes(black) || v.includes(black.replaceAll('/', '')));
        assert.ok(stored.size > 0);
        assert.deepEqual(found, [], "the computer's formation was never stored");
      }
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}

test('tablet: undo takes back the move and the reply; the computer may play Red', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await startGame(app, { mode: 'open', level: '1', seat: '1' });
    // The player is Black: the board turns, the computer opens.
    assert.equal(await page.locator('svg.board').getAttribute('data-orientation'), 'black');
    await idle(page);
    assert.equal(await page.locator('[data-ply]').count(), 1);
    assert.equal(await page.locator('[data-testid="undo"]').isDisabled(), true, 'nothing of mine to undo');
    await playOne(app, seeded(2));
    await idle(page);
    assert.equal(await page.locator('[data-ply]').count(), 3);
    await press(app, '[data-testid="undo"]');
    await idle(page);
    assert.equal(await page.locator('[data-ply]').count(), 1);
    assert.match(await page.textContent('[data-testid="status"]'), /Your move/);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
