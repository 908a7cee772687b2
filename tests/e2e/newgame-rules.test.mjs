// End-to-end: the rules of the new-game screen. Switches that exclude each other untick each
// other; a house rule chosen there is played against the computer and carried in the exported
// record; the per-move timer passes the turn of a player who lets it run out, shows the count,
// and the fifth timeout (超时5次) loses. Screenshots of the screen on a phone and a tablet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHOTS, open, press, idle, isOver, playOne, seeded, smallTargets, startGame, serveDist } from './app.mjs';

const server = serveDist();

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
    await startGame(app, { mode: 'open', level: '1', seat: '0' });
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

    // Finished (the player resigns once resigning is allowed) and shared: the link carries the
    // house rules, and whoever opens it sees them with the replay.
    await press(app, '[data-testid="record"] [data-testid="resume"]');
    for (let i = 0; i < 40 && !(await isOver(page)); i++) {
      await idle(page);
      if (await isOver(page)) break;
      if (await page.locator('[data-testid="resign"]:not([disabled])').count()) break;
      await playOne(app, rng);
    }
    await idle(page);
    if (!(await isOver(page))) {
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
      await page.waitForSelector('[data-testid="result"]');
    }
    await press(app, '[data-testid="share"]');
    const link = await page.inputValue('[data-testid="share-link"]');
    assert.deepEqual(app.problems, []);
    const other = await open(server.url, 'phone', { reducedMotion: 'reduce' });
    try {
      await other.page.goto(link);
      await other.page.waitForSelector('[data-testid="replay-screen"]');
      const rules = other.page.locator('[data-testid="replay-rules"]');
      assert.equal(await rules.getAttribute('data-rules'), 'rail_one_turn ply_limit=300');
      await press(other, '[data-testid="replay-rules"] summary');
      assert.match(await rules.textContent(), /300/);
      await other.page.screenshot({ path: join(SHOTS, 'replay-rules-phone.png') });
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
  } finally {
    await app.close();
  }
});

test('翻暗棋: a flip decides the colours, then the hidden setup and an ordinary 暗棋 game', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await press(app, '[data-testid="mode-dark"]');
    await press(app, '[data-testid="opponent-computer"]');
    await press(app, '[data-testid="colour-flip"]');
    assert.equal(await page.locator('[data-testid="colour-flip"]').isChecked(), true);
    assert.equal(await page.locator('[data-testid="seat-0"]').count(), 0, 'the flip, not a choice, gives the colour');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('.app[data-phase="colour-flip"]');
    // Fifty face-down pieces and nothing of their identities in the page.
    assert.equal(await page.locator('[data-at][data-face="down"]').count(), 50);
    assert.equal(await page.locator('[data-at][data-role]').count(), 0);
    assert.equal(await page.locator('[data-at][data-color]').count(), 0);
    await page.screenshot({ path: join(SHOTS, 'colour-flip-tablet.png') });
    await press(app, '[data-at="c5"]');
    const result = page.locator('[data-testid="colour-flip-result"]');
    await result.waitFor();
    const colour = await result.getAttribute('data-colour');
    assert.ok(colour === 'r' || colour === 'b', colour);
    assert.equal(await page.locator('[data-at][data-role]').count(), 1, 'only the turned piece shows');
    assert.equal(await page.getAttribute('[data-at="c5"]', 'data-color'), colour);
    assert.match(await result.textContent(), colour === 'r' ? /Red/ : /Black/);
    // A second tap turns nothing more.
    await press(app, '[data-at="a1"]');
    assert.equal(await page.locator('[data-at][data-role]').count(), 1);
    await page.screenshot({ path: join(SHOTS, 'colour-flip-turned-tablet.png') });
    assert.deepEqual(await smallTargets(page), []);
    await press(app, '[data-testid="colour-flip-done"]');
    await page.waitForSelector('.app[data-phase="setup"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('.app[data-phase="play"]');
    await idle(page);
    // The player's own pieces are the turned colour; the enemy's are hidden. The computer may
    // already have moved: if its Field Marshal fell in that first contact, its flag is public
    // (司令阵亡，亮军旗), and a flag is the one enemy identity the page may show.
    const enemyColour = colour === 'r' ? 'b' : 'r';
    const own = await page.$$eval(`[data-at][data-color="${colour}"]`, (els) => els.map((e) => e.getAttribute('data-role')));
    assert.ok(own.length >= 24 && own.every((r) => r !== null), `own pieces show: ${own}`);
    const enemy = await page.$$eval(`[data-at][data-color="${enemyColour}"]`, (els) => els.map((e) => e.getAttribute('data-role')));
    assert.ok(enemy.length >= 24, `the enemy army: ${enemy.length}`);
    assert.deepEqual(enemy.filter((r) => r !== null && r !== 'F'), [], 'no enemy identity but a public flag');
    assert.ok(enemy.filter((r) => r === 'F').length <= 1);
    assert.equal(await page.locator('[data-at]:not([data-color])').count(), 0);
    const rng = seeded(5);
    for (let i = 0; i < 3; i++) {
      await idle(page);
      if (await isOver(page)) break;
      await playOne(app, rng);
    }
    await idle(page);
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
