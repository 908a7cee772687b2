// End-to-end: the promise of the installable app in one story. A tablet visits once, starts a
// game and is closed; the next day, in flight mode, the app opens from its service worker,
// yesterday's unfinished game is there, it is played to its end, replayed by keys and shared
// as a link that opens (still offline) in the replay. Nothing leaves 127.0.0.1 on the way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, SHOTS, offlineReady, open, press, idle, isOver, playOne, seeded, sameRandom, startGame } from './app.mjs';

let server;

before(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ missing: run `trunk build --release`');
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

const moveList = (page) =>
  page.$$eval('[data-testid="move-list"] > [data-ply]', (els) => els.map((e) => e.textContent.trim()));

const pieces = (page) =>
  page.$$eval('[data-at]', (els) =>
    els.map((e) => `${e.getAttribute('data-at')}:${e.getAttribute('data-color')}${e.getAttribute('data-role') ?? '?'}`).sort(),
  );

test('tablet in flight mode: yesterday’s unfinished game is finished offline, replayed by keys and shared', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'junqi-flight-'));
  const foreign = [];
  const watch = (app) =>
    app.ctx.on('request', (r) => {
      const u = new URL(r.url());
      if (!['127.0.0.1', ''].includes(u.hostname) && !u.protocol.startsWith('blob') && !u.protocol.startsWith('data')) {
        foreign.push(r.url());
      }
    });
  let app = await open(server.url, 'tablet', { reducedMotion: 'reduce', dir, init: sameRandom(11) });
  watch(app);
  try {
    // Yesterday, online: the service worker takes over (every built file cached), a game starts.
    await offlineReady(app.page);
    await startGame(app, { mode: 'open', level: '1' });
    const rng = seeded(11);
    for (let i = 0; i < 6; i++) {
      await idle(app.page);
      if (await isOver(app.page)) break;
      await playOne(app, rng);
    }
    await idle(app.page);
    assert.equal(await isOver(app.page), false, 'the game is still going');
    const yesterday = { moves: await moveList(app.page), pieces: await pieces(app.page) };
    assert.ok(yesterday.moves.length >= 12, `${yesterday.moves.length} plies`);
    await app.close();

    // Today, in flight mode: the app opens from its cache with the same game.
    app = await open(server.url, 'tablet', {
      reducedMotion: 'reduce',
      dir,
      offline: true,
      init: sameRandom(12),
      ready: '.app[data-phase="play"]',
    });
    watch(app);
    const { page } = app;
    await idle(page);
    assert.deepEqual(await moveList(page), yesterday.moves, 'the same moves');
    assert.deepEqual(await pieces(page), yesterday.pieces, 'the same board');

    // Finished offline (the player resigns if the computer has not won within 300 plies).
    for (let i = 0; i < 150; i++) {
      await idle(page);
      if (await isOver(page)) break;
      await playOne(app, rng);
    }
    await idle(page);
    if (!(await isOver(page))) {
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
    }
    await page.waitForSelector('[data-testid="result"]');
    const plies = (await moveList(page)).length;

    // Shared: a link that holds the game.
    await press(app, '[data-testid="share"]');
    await page.waitForSelector('[data-testid="share-link"]');
    const link = await page.inputValue('[data-testid="share-link"]');
    assert.match(link, /#r=[A-Za-z0-9_-]+$/);

    // Replayed by keys.
    await press(app, '[data-testid="replay"]');
    const ply = () => page.textContent('[data-testid="replay-ply"]').then((t) => t.trim());
    const expectPly = (t) =>
      page.waitForFunction(
        (t) => document.querySelector('[data-testid="replay-ply"]')?.textContent.trim() === t,
        t,
        { timeout: 5000 },
      );
    await page.waitForSelector('[data-testid="replay-ply"]');
    await page.keyboard.press('ArrowUp');
    await expectPly(`0 / ${plies}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectPly(`2 / ${plies}`);
    await page.keyboard.press('ArrowDown');
    await expectPly(`${plies} / ${plies}`);
    await page.keyboard.press('ArrowLeft');
    await expectPly(`${plies - 1} / ${plies}`);
    await page.screenshot({ path: join(SHOTS, 'flight-replay-tablet.png') });

    // The link, opened on the same offline tablet, shows the same game in the replay.
    const other = await app.ctx.newPage();
    await other.goto(link);
    await other.waitForSelector('[data-testid="replay-ply"]');
    assert.equal((await other.textContent('[data-testid="replay-ply"]')).trim(), `0 / ${plies}`);
    await other.close();
    assert.ok(await ply());
    assert.deepEqual(foreign, [], 'requests that left 127.0.0.1');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
});
