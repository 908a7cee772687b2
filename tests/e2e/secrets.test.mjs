// End-to-end: hidden pieces stay hidden. In 暗棋 and 翻棋 a ply that flipped a piece or met one
// cannot be taken back (the undo button is off and says why), and an attempt changes nothing;
// the game seed, from which every hidden piece could be computed, never reaches the page's DOM
// nor the messages sent to the computer player's worker. A 四国 game in play keeps the computer
// seats' formations in storage as their seed only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, open, press, newGame, idle, isOver, playOne, seeded, sameRandom } from './app.mjs';

let server;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `bash scripts/build.sh` first');
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

const SAME_RANDOM = sameRandom();

/** Keeps every message the page posts to a worker, as text, in `window.__posted`. */
const WATCH_WORKER = `(() => {
  window.__posted = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    let text;
    try {
      text = typeof message === 'string' ? message : JSON.stringify(message, (k, v) => (typeof v === 'bigint' ? v.toString() : v));
    } catch {
      text = String(message);
    }
    window.__posted.push(text);
    return post.call(this, message, ...rest);
  };
})();`;

async function start(app, mode) {
  await newGame(app, { mode, opponent: 'computer', level: '1' });
  if (mode !== 'flip') {
    await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
  }
  await app.page.waitForSelector('[data-testid="status"]');
}

/** Everything the page shows of the pieces, and the move list. */
async function shown(page) {
  return page.evaluate(() => ({
    pieces: [...document.querySelectorAll('[data-at]')]
      .map((e) => ['data-at', 'data-color', 'data-role', 'data-face'].map((a) => e.getAttribute(a)).join(':'))
      .sort(),
    trays: [...document.querySelectorAll('[data-tray-color]')]
      .map((e) => `${e.getAttribute('data-tray-color')}${e.getAttribute('data-tray-role') ?? '?'}`)
      .sort(),
    moves: [...document.querySelectorAll('[data-testid="move-list"] > [data-ply]')].map((e) => e.textContent.trim()),
  }));
}

/** Roles the page shows for pieces the player may not know: face-down ones, and (暗棋) the computer's. */
async function hiddenRoles(page, mode) {
  return page.evaluate(
    (m) =>
      [...document.querySelectorAll('[data-at][data-role]')]
        .filter((e) => e.getAttribute('data-face') === 'down' || (m === 'dark' && e.getAttribute('data-color') === 'b'))
        .map((e) => `${e.getAttribute('data-at')}:${e.getAttribute('data-role')}`),
    mode,
  );
}

/** Tries to undo: the button is off and says why; nothing on the board changes. */
async function undoRefused(app, mode) {
  const { page } = app;
  const undo = page.locator('[data-testid="undo"]');
  assert.equal(await undo.count(), 1, 'the undo button is there');
  assert.ok(await undo.isDisabled(), 'undo is off after a ply that revealed something');
  const rule = await page.textContent('[data-testid="undo-rule"]');
  assert.match(rule, /only moves that flipped nothing and met no piece/);
  assert.match((await undo.getAttribute('title')) ?? '', /only moves that flipped nothing and met no piece/);
  // In 翻棋 the rule says why undo stays grey against the computer: its reply is a flip.
  if (mode === 'flip') assert.match(rule, /computer's reply is usually a flip/);
  else assert.doesNotMatch(rule, /computer's reply/);
  const before = await shown(page);
  const hidden = await hiddenRoles(page, mode);
  await undo.click({ force: true }).catch(() => {});
  await undo.dispatchEvent('click');
  await idle(page);
  assert.deepEqual(await shown(page), before, 'nothing was taken back');
  assert.deepEqual(await hiddenRoles(page, mode), hidden, 'no hidden piece shown');
}

test('翻棋: after a flip, undo is refused and the flipped piece stays as it is', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM });
  const { page } = app;
  try {
    await start(app, 'flip');
    await idle(page);
    assert.deepEqual(await hiddenRoles(page, 'flip'), [], 'face-down pieces carry no role');
    const down = await page.$$eval('[data-face="down"][data-movable]', (els) => els.map((e) => e.getAttribute('data-at')));
    assert.ok(down.length, 'pieces to flip');
    await press(app, `[data-at="${down[0]}"]`);
    await idle(page);
    const stillDown = () => page.locator(`[data-at="${down[0]}"][data-face="down"]`).count();
    assert.equal(await stillDown(), 0, 'flipped');
    await undoRefused(app, 'flip');
    assert.equal(await stillDown(), 0, 'not turned face down again');
    assert.deepEqual(await hiddenRoles(page, 'flip'), []);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('暗棋: after a contact, undo is refused and the computer’s pieces stay hidden', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM });
  const { page } = app;
  try {
    await start(app, 'dark');
    const rng = seeded(12);
    let contact = false;
    for (let i = 0; i < 80 && !contact; i++) {
      await idle(page);
      if (await isOver(page)) break;
      assert.deepEqual(await hiddenRoles(page, 'dark'), [], 'the computer’s pieces carry no role');
      const count = await page.locator('[data-at]').count();
      await playOne(app, rng);
      await idle(page);
      contact = (await page.locator('[data-at]').count()) < count;
    }
    assert.ok(contact, 'pieces met');
    assert.ok(!(await isOver(page)), 'the game goes on');
    await undoRefused(app, 'dark');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

for (const mode of ['dark', 'flip']) {
  test(`${mode}: the game seed is neither in the page nor in the worker's messages`, async () => {
    const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM + WATCH_WORKER });
    const { page } = app;
    try {
      await start(app, mode);
      const rng = seeded(13);
      for (let i = 0; i < 6; i++) {
        await idle(page);
        if (await isOver(page)) break;
        if (i === 2 && (await page.locator('[data-testid="hint"]:not([disabled])').count())) {
          await press(app, '[data-testid="hint"]');
          await page.waitForSelector('[data-testid="hint-arrow"]', { timeout: 15000 });
        }
        await playOne(app, rng);
      }
      await idle(page);
      const raw = await page.evaluate(() => localStorage.getItem('junqi.saves'));
      const current = JSON.parse(raw).current;
      const at = raw.indexOf(`"id":"${current}"`);
      const seed = raw.slice(at).match(/"seed":(\d+)/)[1];
      const big = BigInt(seed);
      const forms = [seed, big.toString(16), (big & 0xffffffffn).toString(16), (big & 0xffffffffn).toString()];
      const posted = await page.evaluate(() => window.__posted);
      assert.ok(posted.length > 0, 'the computer was asked');
      // The records list carries each game's id.
      await press(app, '[data-testid="new-game"]');
      await press(app, '[data-testid="records"]');
      await page.waitForSelector('[data-testid="record"]');
      const ids = await page.$$eval('[data-record]', (els) => els.map((e) => e.getAttribute('data-record')));
      const html = await page.content();
      for (const form of forms) {
        for (const m of posted) assert.ok(!m.includes(form), `a message to the worker holds the seed (${form}): ${m.slice(0, 200)}`);
        for (const id of ids) assert.ok(!id.includes(form), `a record id holds the seed (${form}): ${id}`);
        assert.ok(!html.includes(form), `the page holds the seed (${form})`);
      }
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}

test('四国 against three computers: the stored game keeps no computer formation, only its seed, and resumes the same', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init: SAME_RANDOM });
  const { page } = app;
  const SCREEN = '[data-testid="siguo-screen"]';
  try {
    await press(app, '[data-testid="mode-siguo"]');
    await page.waitForSelector('[data-testid="siguo-options"]');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector(`${SCREEN}[data-act]:not([data-busy])`);
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('junqi.siguo.game.'));
      return JSON.parse(localStorage.getItem(key));
    });
    assert.ok(stored.record.formations[0].length > 0, 'the person’s own formation is kept');
    assert.deepEqual(stored.record.formations.slice(1), ['', '', ''], 'no computer formation is stored');
    assert.equal(stored.drawn.length, 3);
    // Opened again, the same game: the same pieces on the same points.
    const pieces = () => page.$$eval('[data-at][data-seat]', (els) => els.map((e) => `${e.getAttribute('data-at')}:${e.getAttribute('data-seat')}`).sort().join(' '));
    const before = await pieces();
    await page.reload();
    await page.waitForSelector(`${SCREEN}[data-act]:not([data-busy])`, { timeout: 15000 });
    assert.equal(await pieces(), before);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
