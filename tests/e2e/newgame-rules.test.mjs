// End-to-end: the rules of the new-game screen. Switches that exclude each other untick each
// other; a house rule chosen there is played against the computer and carried in the exported
// record; the per-move timer passes the turn of a player who lets it run out, shows the count,
// and the fifth timeout (超时5次) loses. Screenshots of the screen on a phone and a tablet.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, SHOTS, open, press, newGame, idle, isOver, playOne, seeded, smallTargets } from './app.mjs';

let server;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `bash scripts/build.sh` first');
  await mkdir(SHOTS, { recursive: true });
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

const checked = (page, name) => page.locator(`[data-testid="rule-${name}"]`).isChecked();

test('the new-game screen keeps exclusive rules exclusive and reads well on a phone and a tablet', async () => {
  for (const profile of ['phone', 'tablet']) {
    const app = await open(server.url, profile, { reducedMotion: 'reduce' });
    const { page } = app;
    try {
      await press(app, '[data-testid="mode-open"]');
      await press(app, '[data-testid="rule-mines_bounce"]');
      assert.equal(await checked(page, 'mines_bounce'), true);
      await press(app, '[data-testid="rule-mines_explode"]');
      assert.equal(await checked(page, 'mines_explode'), true);
      assert.equal(await checked(page, 'mines_bounce'), false, 'choosing one mine rule unticks the other');
      await press(app, '[data-testid="mode-flip"]');
      await press(app, '[data-testid="rule-flip_first_engineer"]');
      await press(app, '[data-testid="rule-flip_two_same"]');
      assert.equal(await checked(page, 'flip_two_same'), true);
      assert.equal(await checked(page, 'flip_first_engineer'), false, 'one 翻棋 colour rule at a time');
      assert.ok(await page.locator('[data-testid="ply-limit"]').isVisible());
      await page.selectOption('[data-testid="move-timer"]', '30');
      assert.ok(await page.locator('[data-testid="timeout-limit"]').isVisible());
      assert.deepEqual(await smallTargets(page), [], 'every control at least 44 px');
      await page.screenshot({ path: join(SHOTS, `newgame-rules-${profile}.png`), fullPage: true });
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  }
});

test('a house rule played against the computer is carried in the exported record', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await press(app, '[data-testid="mode-open"]');
    await press(app, '[data-testid="rule-rail_one_turn"]');
    await page.selectOption('[data-testid="ply-limit"]', '300');
    await newGame(app, { mode: 'open', level: '1', seat: '0' });
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    const rng = seeded(12);
    for (let i = 0; i < 4; i++) {
      await idle(page);
      if (await isOver(page)) break;
      await playOne(app, rng);
    }
    await idle(page);
    await press(app, '[data-testid="new-game"]');
    await press(app, '[data-testid="records"]');
    await page.waitForSelector('[data-testid="records-screen"]');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      press(app, '[data-testid="record"] [data-testid="export"]'),
    ]);
    const record = JSON.parse(await readFile(await file.path(), 'utf8'));
    assert.equal(record.mode, 'open');
    assert.equal(record.rules?.rail_one_turn, true, JSON.stringify(record.rules));
    assert.equal(record.rules?.ply_limit, 300, JSON.stringify(record.rules));
    assert.ok(record.actions.length >= 4, `${record.actions.length} actions`);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('a player who lets the move timer run out five times loses, with the count shown', async () => {
  // A 3-second move timer and 超时5次, remembered as the last new-game choices.
  const init = () => {
    if (!localStorage.getItem('junqi.newgame.v1')) {
      localStorage.setItem(
        'junqi.newgame.v1',
        'mode=open;opponent=computer;level=1;seat=0;clock=0;timeout_limit=5;move=3',
      );
    }
  };
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init });
  const { page } = app;
  try {
    assert.equal(await page.locator('[data-testid="move-timer"]').inputValue(), '3');
    assert.equal(await page.locator('[data-testid="timeout-limit"]').inputValue(), '5');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="move-left"]');
    // The player never moves: each timed-out turn passes to the computer, which answers.
    await page.waitForSelector('[data-testid="timeouts-0"][data-count="1"]', { timeout: 30000 });
    await page.waitForSelector('[data-testid="result"]', { timeout: 90000 });
    const count = page.locator('[data-testid="timeouts-0"]');
    assert.equal(await count.getAttribute('data-count'), '5');
    assert.match(await count.textContent(), /5\/5/);
    assert.equal(await page.locator('[data-testid="timeouts-1"]').getAttribute('data-count'), '0');
    const result = await page.locator('[data-testid="result"]').textContent();
    assert.match(result, /time/i, result);
    const moves = await page.locator('[data-testid="move-list"] > [data-ply]').count();
    assert.equal(moves, 4, 'the computer moved after each of the first four timeouts');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
