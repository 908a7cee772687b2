// End-to-end: the replay viewer (复盘) of a game just finished — keys, slider, autoplay, the
// move list, 暗棋 sides — the share link opened in a fresh offline page, a garbled link, and the
// profile's results and rank points.
// (The share link is opened with every request off 127.0.0.1 blocked, then offline.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, offlineReady, open, press, idle, isOver, playOne, seeded, smallTargets, sameRandom, startGame, serveDist } from './app.mjs';

const server = serveDist();

/** Every piece on the board as `a6=rM` (colour, role; `?` when not shown), sorted. */
async function board(page) {
  return page.$$eval('.pieces [data-at]', (els) =>
    els
      .map((e) => `${e.getAttribute('data-at')}=${e.getAttribute('data-color') ?? '?'}${e.getAttribute('data-role') ?? '?'}`)
      .sort(),
  );
}

async function movesPlayed(page) {
  return page.locator('[data-testid="move-list"] > [data-ply]').count();
}

/** Stats as stored, with `points` rank points and nothing counted yet. */
function statsText(points) {
  const wdl = () => ({ wins: 0, draws: 0, losses: 0 });
  return JSON.stringify({
    version: 1,
    points,
    computer: [0, 1, 2].map(() => [0, 1, 2, 3, 4].map(wdl)),
    friend: [0, 1, 2].map(() => ({ red: 0, black: 0, draws: 0 })),
  });
}

/**
 * Plays `own` moves as Red against level 1 (snapshotting the board whenever it is Red's turn,
 * by plies played), then resigns. Returns the snapshots and the plies of the game.
 */
async function playAndResign(app, mode, own, seed) {
  const { page } = app;
  await startGame(app, { mode, level: '1' });
  await page.waitForSelector('[data-testid="status"]');
  const rng = seeded(seed);
  const snaps = new Map();
  for (let i = 0; i < own; i++) {
    await idle(page);
    if (await isOver(page)) break;
    snaps.set(await movesPlayed(page), await board(page));
    await playOne(app, rng);
  }
  await idle(page);
  if (!(await isOver(page))) {
    snaps.set(await movesPlayed(page), await board(page));
    await press(app, '[data-testid="resign"]');
    await press(app, '[data-testid="confirm-resign"]');
  }
  await page.waitForSelector('[data-testid="result"]');
  return { snaps, plies: await movesPlayed(page) };
}

async function ply(page) {
  return (await page.textContent('[data-testid="replay-ply"]')).trim();
}

async function key(page, k, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(k);
}

async function expectPly(page, text) {
  await page.waitForFunction(
    (t) => document.querySelector('[data-testid="replay-ply"]')?.textContent.trim() === t,
    text,
    { timeout: 5000 },
  ).catch(async () => assert.fail(`replay ply ${await ply(page)}, expected ${text}`));
}

async function openProfile(app) {
  const { page } = app;
  if (!(await page.locator('[data-testid="profile"]').count())) await press(app, '[data-testid="new-game"]');
  await press(app, '[data-testid="profile"]');
  await page.waitForSelector('[data-testid="profile-screen"]');
}

test('tablet: a finished 明棋 game replays by keys, slider, autoplay and move list; its share link opens offline; the loss is counted', async () => {
  // Repeatable formations and computer seeds: this game lasts past 30 plies on every run.
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom() });
  const { page } = app;
  let link;
  let n;
  let moveTexts;
  try {
    // 12 rank points before: a loss after 30 plies or more costs one.
    await page.evaluate((t) => localStorage.setItem('junqi.stats.v1', t), statsText(12));
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    const { snaps, plies } = await playAndResign(app, 'open', 16, 7);
    assert.ok(plies >= 30, `${plies} plies`);
    n = plies;

    // Share from the game-over panel: the link is shown in its field.
    await press(app, '[data-testid="share"]');
    const overLink = await page.inputValue('[data-testid="share-link"]');
    assert.ok(overLink.startsWith(`${server.url}#r=`), overLink);
    await page.screenshot({ path: join(SHOTS, 'over-share-tablet.png') });

    await press(app, '[data-testid="replay"]');
    await page.waitForSelector('[data-testid="replay-screen"]');
    await expectPly(page, `0 / ${n}`);
    moveTexts = await page.$$eval('[data-testid="replay-moves"] > li', (els) => els.map((e) => e.textContent.trim()));
    assert.equal(moveTexts.length, n);

    // Keys: → ← one ply, ↓ the end, ↑ the start, End and Home too.
    await key(page, 'ArrowRight', 3);
    await expectPly(page, `3 / ${n}`);
    await key(page, 'ArrowLeft');
    await expectPly(page, `2 / ${n}`);
    // The ply shown is said in a sentence, as in play; the view buttons carry a visible label.
    const caption = (await page.textContent('[data-testid="replay-caption"]')).trim();
    assert.match(caption, /^(Red|Black)'s .+\.$/, caption);
    assert.match(await page.textContent('.replay-sides-label'), /View/);
    assert.ok(await page.locator('.replay-sides-label').isVisible());
    await key(page, 'ArrowDown');
    await expectPly(page, `${n} / ${n}`);
    await key(page, 'ArrowRight');
    await expectPly(page, `${n} / ${n}`);
    await key(page, 'ArrowUp');
    await expectPly(page, `0 / ${n}`);
    await key(page, 'End');
    await expectPly(page, `${n} / ${n}`);
    await key(page, 'Home');
    await expectPly(page, `0 / ${n}`);

    // Stepping back to ply k shows what the board showed at ply k during the game.
    const plyList = [...snaps.keys()].filter((k) => k < n);
    assert.ok(plyList.length >= 10);
    await key(page, 'ArrowDown');
    let at = n;
    for (const k of [...plyList].sort((a, b) => b - a).slice(0, 6)) {
      await key(page, 'ArrowLeft', at - k);
      at = k;
      await expectPly(page, `${k} / ${n}`);
      assert.deepEqual(await board(page), snaps.get(k), `board at ply ${k}`);
    }
    // …and stepping forward from the start too.
    await key(page, 'ArrowUp');
    await key(page, 'ArrowRight', 4);
    await expectPly(page, `4 / ${n}`);
    assert.deepEqual(await board(page), snaps.get(4), 'board at ply 4');
    // The current move is highlighted.
    assert.equal(await page.getAttribute('[data-testid="replay-moves"] > li.current', 'data-ply'), '4');

    // The slider.
    await page.$eval('[data-testid="replay-slider"]', (el) => {
      el.value = '10';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expectPly(page, `10 / ${n}`);
    assert.deepEqual(await board(page), snaps.get(10), 'board at ply 10');
    assert.equal(await page.getAttribute('[data-testid="replay-slider"]', 'max'), String(n));

    // The buttons.
    await press(app, '[data-testid="replay-forward"]');
    await expectPly(page, `11 / ${n}`);
    await press(app, '[data-testid="replay-back"]');
    await press(app, '[data-testid="replay-back"]');
    await expectPly(page, `9 / ${n}`);
    await press(app, '[data-testid="replay-last"]');
    await expectPly(page, `${n} / ${n}`);
    await press(app, '[data-testid="replay-first"]');
    await expectPly(page, `0 / ${n}`);

    // A click on a move jumps there.
    await press(app, '[data-testid="replay-moves"] > li[data-ply="6"]');
    await expectPly(page, `6 / ${n}`);

    // Autoplay, fast: the ply moves on by itself, then pauses.
    await page.selectOption('[data-testid="replay-speed"]', '300');
    await press(app, '[data-testid="replay-play"]');
    await expectPly(page, `8 / ${n}`);
    await press(app, '[data-testid="replay-play"]');
    const paused = await ply(page);
    await page.waitForTimeout(900);
    assert.equal(await ply(page), paused, 'autoplay stops when paused');

    await key(page, 'ArrowDown');
    await page.screenshot({ path: join(SHOTS, 'replay-tablet.png') });

    // Share: the link is always shown in its field.
    await press(app, '[data-testid="share"]');
    link = await page.inputValue('[data-testid="share-link"]');
    assert.deepEqual(await smallTargets(page), [], 'touch targets on the replay screen');
    assert.equal(link, overLink, 'the same game, the same link');

    // Back from the replay of the game just finished: its end again, with the result and the
    // rematch.
    await press(app, '[data-testid="replay-close"]');
    await page.waitForSelector('[data-testid="result"]');
    assert.equal(await page.locator('[data-testid="rematch"]').count(), 1);
    assert.equal(await page.locator('[data-testid="replay-screen"]').count(), 0);
    await page.screenshot({ path: join(SHOTS, 'replay-back-to-result-tablet.png') });
    // The result was counted once: one loss at level 1, 12 → 11 points (still 副班长).
    await openProfile(app);
    assert.equal(await page.getAttribute('[data-testid="rank"]', 'data-points'), '11');
    assert.equal(await page.getAttribute('[data-testid="rank"]', 'data-rank'), '1');
    assert.match(await page.textContent('[data-testid="rank-name"]'), /Deputy Squad Leader/);
    assert.match(await page.textContent('[data-testid="rank-next"]'), /Squad Leader · 9 points to go/);
    const row = await page.$$eval('[data-testid="stats-open-1"] td', (els) => els.map((e) => e.textContent.trim()));
    assert.deepEqual(row, ['0', '0', '1']);
    await page.screenshot({ path: join(SHOTS, 'profile-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }

  // The link in a fresh phone profile, every request off 127.0.0.1 blocked: the same replay.
  const other = await open(server.url, 'phone', { reducedMotion: 'reduce' });
  try {
    const foreign = [];
    await other.ctx.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).hostname === '127.0.0.1') return route.fallback();
      foreign.push(url);
      return route.abort('blockedbyclient');
    });
    const p = other.page;
    // The first visit settles (the service worker installed, the computer player loaded).
    await offlineReady(p);
    await p.waitForLoadState('networkidle');
    await p.goto('about:blank');
    await p.goto(link);
    await p.waitForSelector('[data-testid="replay-screen"]');
    await expectPly(p, `0 / ${n}`);
    const texts = await p.$$eval('[data-testid="replay-moves"] > li', (els) => els.map((e) => e.textContent.trim()));
    assert.deepEqual(texts, moveTexts);
    await key(p, 'ArrowDown');
    await expectPly(p, `${n} / ${n}`);
    assert.match(await p.textContent('.replay-status'), /wins/);
    await key(p, 'ArrowUp');
    await key(p, 'ArrowRight', 5);
    await p.screenshot({ path: join(SHOTS, 'replay-phone.png') });
    await other.page.tap('[data-testid="share"]');
    await p.waitForSelector('[data-testid="share-link"]');
    assert.deepEqual(await smallTargets(p), [], 'touch targets on the replay screen');
    // Back to the new-game screen; the link no longer opens the replay on reload.
    await other.page.tap('[data-testid="replay-close"]');
    await p.waitForSelector('[data-testid="start-game"]');
    assert.equal(new URL(p.url()).hash, '');
    assert.deepEqual(foreign, [], 'requests that left 127.0.0.1');
    assert.deepEqual(other.problems.filter((x) => !x.includes('blockedbyclient')), []);

    // Offline (from the service worker) the link still opens the replay.
    await p.waitForLoadState('networkidle');
    await other.ctx.setOffline(true);
    await p.goto('about:blank');
    await p.goto(link);
    await p.waitForSelector('[data-testid="replay-screen"]');
    await expectPly(p, `0 / ${n}`);
    assert.equal(await p.locator('[data-testid="replay-moves"] > li').count(), n);
  } finally {
    await other.close();
  }
});

test('desktop: a 暗棋 replay from one side hides the enemy, fully open shows all; a short game scores nothing', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init: sameRandom(6) });
  const { page } = app;
  try {
    await page.evaluate((t) => localStorage.setItem('junqi.stats.v1', t), statsText(12));
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    const { plies } = await playAndResign(app, 'dark', 10, 3);
    assert.ok(plies < 30, `${plies} plies`);
    await press(app, '[data-testid="replay"]');
    await page.waitForSelector('[data-testid="replay-screen"]');
    const roles = (color) =>
      page.$$eval(`.pieces [data-color="${color}"]`, (els) => els.map((e) => e.getAttribute('data-role')));
    const side = async (s) => {
      await press(app, `[data-testid="replay-side-${s}"]`);
      await page.waitForSelector(`[data-testid="replay-side-${s}"][aria-pressed="true"]`);
    };
    for (const k of [0, 7, 12]) {
      await key(page, 'Home');
      await key(page, 'ArrowRight', k);
      await expectPly(page, `${k} / ${plies}`);
      const count = await page.locator('.pieces [data-at]').count();
      await side('red');
      assert.ok((await roles('r')).every((r) => r), `ply ${k}: Red sees its own pieces`);
      // The flag becomes public once its Field Marshal has fallen (as in play).
      assert.deepEqual((await roles('b')).filter((r) => r && r !== 'F'), [], `ply ${k}: no Black identity in Red's view`);
      await side('black');
      assert.deepEqual((await roles('r')).filter((r) => r && r !== 'F'), [], `ply ${k}: no Red identity in Black's view`);
      assert.ok((await roles('b')).every((r) => r));
      await side('open');
      const all = await roles('r').then(async (r) => r.concat(await roles('b')));
      assert.equal(all.length, count, `ply ${k}: the same pieces`);
      assert.ok(all.every((r) => r), `ply ${k}: everything open`);
    }
    await press(app, '[data-testid="replay-side-red"]');
    await key(page, 'ArrowRight');
    await page.screenshot({ path: join(SHOTS, 'replay-dark-desktop.png') });

    // Fewer than 30 plies: counted as a loss, and as the rule sheets say the loser still loses
    // the point (12 → 11).
    await press(app, '[data-testid="replay-close"]');
    await openProfile(app);
    assert.equal(await page.getAttribute('[data-testid="rank"]', 'data-points'), '11');
    const row = await page.$$eval('[data-testid="stats-dark-1"] td', (els) => els.map((e) => e.textContent.trim()));
    assert.deepEqual(row, ['0', '0', '1']);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('phone: a garbled share link gives a message and the app starts; unreadable stats start afresh, kept aside; the profile', async () => {
  const app = await open(server.url, 'phone', { locale: 'zh-CN' });
  const { page } = app;
  try {
    await page.evaluate(() => localStorage.setItem('junqi.stats.v1', '{"version":1,"points":'));
    await page.waitForLoadState('networkidle');
    await page.goto('about:blank');
    await page.goto(`${server.url}#r=AAAA-garbled!`);
    await page.waitForSelector('[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="message"]');
    assert.match(await page.textContent('[data-testid="message"]'), /分享链接已损坏/);
    await press(app, '[data-testid="message-close"]');
    assert.equal(await page.locator('[data-testid="message"]').count(), 0);

    await openProfile(app);
    await page.waitForSelector('[data-testid="stats-notice"]');
    assert.equal(await page.getAttribute('[data-testid="rank"]', 'data-points'), '0');
    assert.equal((await page.textContent('[data-testid="rank-name"]')).trim(), '小兵');
    assert.match(await page.textContent('[data-testid="rank-next"]'), /副班长.*还差 10 分/);
    const kept = await page.evaluate(() => localStorage.getItem('junqi.backup.junqi.stats.v1.1'));
    assert.equal(kept, '{"version":1,"points":');
    await page.screenshot({ path: join(SHOTS, 'profile-phone.png') });
    assert.deepEqual(await smallTargets(page), [], 'touch targets on the profile page');
    await press(app, '[data-testid="profile-close"]');
    await page.waitForSelector('[data-testid="start-game"]');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
