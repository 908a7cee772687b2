// End-to-end: the 2-player game by the keyboard alone, read as a screen reader reads it. From
// the welcome to the end of a 明棋 game against the computer no pointer is used: Tab and Enter
// reach the buttons, the board takes the focus after each screen change, the arrow keys move a
// cursor over the points, Enter picks a piece up and puts it down (a swap in setup, a move in
// play), Escape puts it back; a move can also be typed (c6-c7) and a wrong one is refused with
// its reason; the point under the cursor is named in words through the accessibility tree
// ("c6, railway post, your Captain"); the result takes the focus at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, idle, isOver, seeded, sameRandom, tabTo, ask, said, cursorTo, countPointer, pointerUses, serveDist } from './app.mjs';

const server = serveDist();

const BOARD = '[data-testid="board"]';

test('desktop, English: a 明棋 game against the computer from the welcome to its end by the keyboard alone, the board read in words', async () => {
  const app = await open(server.url, 'desktop', {
    reducedMotion: 'reduce',
    init: sameRandom(21),
    ready: '[data-testid="welcome-play"]',
  });
  const { page } = app;
  const rng = seeded(21);
  // Any pointer use fails the test.
  await countPointer(page);
  try {
    await tabTo(page, 'welcome-play');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    // Setup: the board has the focus; two pieces swap by keys.
    await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), BOARD);
    const formation = () => page.$$eval('[data-at]', (els) => els.map((e) => `${e.getAttribute('data-at')}=${e.getAttribute('data-role')}`).sort());
    const before = await formation();
    // Two front-row pieces of different ranks: swapping them keeps the formation legal.
    const front = await page.$$eval('[data-at$="6"]', (els) => els.map((e) => [e.getAttribute('data-at'), e.getAttribute('data-role')]));
    const [first] = front;
    const second = front.find(([, r]) => r !== first[1]);
    const a = await cursorTo(page, first[0]);
    assert.match(a, new RegExp(`^${first[0]}, railway post, your \\w+`));
    await page.keyboard.press('Enter');
    assert.match((await said(page)).words, /picked up/);
    await cursorTo(page, second[0]);
    await page.keyboard.press('Enter');
    const after = await formation();
    assert.notDeepEqual(after, before, 'the two pieces swapped');
    await page.screenshot({ path: join(SHOTS, 'keyboard-setup-desktop.png') });
    await tabTo(page, 'start');

    // Play: the board has the focus again.
    await page.waitForSelector('[data-testid="status"]');
    await page.waitForFunction((sel) => document.activeElement === document.querySelector(sel), BOARD);
    let moves = 0;
    let shot = false;
    while (!(await isOver(page)) && moves < 400) {
      await idle(page);
      if (await isOver(page)) break;
      const mine = await page.$$eval('[data-movable]', (els) => els.map((e) => e.getAttribute('data-at')));
      if (!mine.length) break;
      const order = mine.map((m) => [rng(), m]).sort((x, y) => x[0] - y[0]).map((x) => x[1]);
      let played = false;
      for (const from of order.slice(0, 6)) {
        await cursorTo(page, from);
        await page.keyboard.press('Enter');
        const dests = await page.$$eval('[data-dest]', (els) => els.map((e) => e.getAttribute('data-point')));
        if (!dests.length) {
          await page.keyboard.press('Escape');
          continue;
        }
        if (moves === 0) {
          // Escape puts the piece back.
          await page.keyboard.press('Escape');
          assert.equal(await page.locator('[data-dest]').count(), 0, 'Escape put the piece back');
          await page.keyboard.press('Enter');
        }
        if (moves === 1) {
          // The move box: a move the piece cannot make is refused with the reason, a legal one
          // is played; then back to the board.
          const to = dests[0];
          await page.keyboard.press('Escape');
          await tabTo(page, 'move-input', null);
          await page.keyboard.type(`${from}-a12`);
          await page.keyboard.press('Enter');
          await page.waitForFunction(() => document.querySelector('[data-testid="move-answer"]')?.textContent);
          const answer = await page.textContent('[data-testid="move-answer"]');
          assert.ok(/cannot play|No piece of yours/.test(answer), answer);
          await page.keyboard.press('Control+A');
          const n = await page.$$eval('[data-testid="move-list"] li', (els) => els.length);
          await page.keyboard.type(`${from}-${to}`);
          await page.keyboard.press('Enter');
          await page.waitForFunction((k) => document.querySelectorAll('[data-testid="move-list"] li').length > k, n);
          assert.equal(await page.inputValue('[data-testid="move-input"]'), '', 'the box empties');
          await tabTo(page, 'board', null, true);
          played = true;
          moves += 1;
          break;
        }
        const enemy = await page.$$eval('[data-dest]', (els) =>
          els.map((e) => e.getAttribute('data-point')).filter((p) => document.querySelector(`[data-at="${p}"][data-color="b"]`)),
        );
        const to = enemy[0] ?? dests[Math.floor(rng() * dests.length)];
        const words = await cursorTo(page, to);
        assert.match(words, /you can move here/);
        if (!shot) {
          await page.screenshot({ path: join(SHOTS, 'keyboard-play-desktop.png') });
          shot = true;
        }
        const n = await page.$$eval('[data-testid="move-list"] li', (els) => els.length);
        await page.keyboard.press('Enter');
        await page.waitForFunction((k) => document.querySelectorAll('[data-testid="move-list"] li').length > k, n);
        played = true;
        moves += 1;
        break;
      }
      assert.ok(played, 'a move was found among the first movable pieces');
    }
    assert.ok(await isOver(page), `the game ended (${moves} moves by keys)`);
    // The result takes the focus: Enter on it starts the rematch.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'rematch');
    assert.equal(await pointerUses(page), 0, 'the pointer was never used');
    await page.screenshot({ path: join(SHOTS, 'keyboard-over-desktop.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

/** What the 四国 board says now: the point under its cursor, in words. */
async function siguoSaid(page) {
  return page.evaluate(() => {
    const b = document.querySelector('.sg-svg[data-keys]');
    const id = b?.getAttribute('aria-activedescendant');
    const e = id && document.getElementById(id);
    return e ? { at: e.getAttribute('data-cursor'), words: e.getAttribute('aria-label') } : null;
  });
}

/** Moves the 四国 cursor to `target` by arrow keys: the shortest run of presses, found over
 * the points as drawn with the board's rule (the nearest point within 45° of the arrow). */
async function siguoCursorTo(page, target) {
  let now = await siguoSaid(page);
  if (!now) {
    await page.keyboard.press('ArrowUp');
    now = await siguoSaid(page);
  }
  const keys = await page.evaluate(
    ([from, to]) => {
      const at = {};
      for (const e of document.querySelectorAll('[data-point]')) {
        const r = e.getBoundingClientRect();
        at[e.getAttribute('data-point')] = [r.left + r.width / 2, r.top + r.height / 2];
      }
      const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
      const step = (p, [ux, uy]) => {
        let best = null;
        for (const [q, [x, y]] of Object.entries(at)) {
          if (q === p) continue;
          const dx = x - at[p][0];
          const dy = y - at[p][1];
          const along = dx * ux + dy * uy;
          const across = Math.abs(dx * uy - dy * ux);
          if (along > 0.5 && across <= along + 0.5) {
            const cost = along + 2 * across;
            if (!best || cost < best[0]) best = [cost, q];
          }
        }
        return best?.[1];
      };
      const prev = { [from]: null };
      const queue = [from];
      while (queue.length) {
        const p = queue.shift();
        if (p === to) break;
        for (const [k, d] of Object.entries(dirs)) {
          const q = step(p, d);
          if (q && !(q in prev)) {
            prev[q] = [p, k];
            queue.push(q);
          }
        }
      }
      const out = [];
      for (let p = to; prev[p]; p = prev[p][0]) out.unshift(prev[p][1]);
      return out;
    },
    [now.at, target],
  );
  for (const k of keys) await page.keyboard.press(k);
  const reached = await siguoSaid(page);
  assert.equal(reached?.at, target, 'the cursor reached its point');
  return reached.words;
}

test('desktop: a 四国 game against three computers by the keyboard alone, each point read in words', async () => {
  const app = await open(server.url, 'desktop', {
    reducedMotion: 'reduce',
    init: sameRandom(22),
    ready: '[data-testid="welcome-four"]',
  });
  const { page } = app;
  const rng = seeded(22);
  await countPointer(page);
  const SCREEN = '[data-testid="siguo-screen"]';
  try {
    await tabTo(page, 'welcome-four');
    await page.waitForSelector('[data-testid="siguo-options"]');
    await tabTo(page, 'start-game');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await tabTo(page, 'start');
    await page.waitForSelector(SCREEN);
    await page.waitForFunction(() => document.activeElement?.matches('.sg-svg[data-keys]'), null, { timeout: 10000 });
    let moves = 0;
    for (;;) {
      await page.waitForFunction(
        (sel) => {
          const s = document.querySelector(sel);
          return s.hasAttribute('data-over') || (s.hasAttribute('data-act') && !s.hasAttribute('data-busy'));
        },
        SCREEN,
        { timeout: 60000 },
      );
      if (await page.locator(`${SCREEN}[data-over]`).count()) break;
      if (moves === 1) {
        // The move box on the cross: where my pieces stand (p) and what one can reach (x Sa4)
        // are read out, a move of a piece not mine is refused with the reason, and a move typed
        // in the notation (Sa4-Ea0) is played.
        await tabTo(page, 'move-input', null);
        const pieces = await ask(page, 'p');
        assert.match(pieces, /^Your pieces, \d+: .* East: \d+ pieces\./);
        const points = pieces.split('.')[0].match(/\b(?:[SENW][a-e]\d|C(?:nw|ne|sw|se|n|s|w|e|c))\b/g);
        let typed = null;
        for (const from of points) {
          const reach = await ask(page, `x ${from}`);
          const can = reach.match(/can reach \d+ points?: ([^ ;]+) /);
          if (can) {
            typed = `${from}-${can[1]}`;
            break;
          }
          assert.match(reach, /never moves|has no move now/);
        }
        assert.ok(typed, 'a piece of mine can move');
        assert.match(await ask(page, 'Na0-Na1'), /^No piece of yours stands on Na0\.$/);
        await page.keyboard.press('Control+A');
        const n = await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
        await page.keyboard.type(typed);
        await page.keyboard.press('Enter');
        if (await page.locator('[data-testid="siguo-strand"]').count()) await tabTo(page, 'siguo-strand-play');
        await page.waitForFunction((k) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > k, n);
        for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement?.matches('.sg-svg[data-keys]'))); i++) {
          await page.keyboard.press('Shift+Tab');
        }
        moves += 1;
        continue;
      }
      const mine = await page.$$eval('[data-at][data-seat="0"]', (els) => els.map((e) => e.getAttribute('data-at')));
      const order = mine.map((m) => [rng(), m]).sort((x, y) => x[0] - y[0]).map((x) => x[1]);
      let played = false;
      for (const from of order) {
        const words = await siguoCursorTo(page, from);
        assert.match(words, new RegExp(`^${from}, .*your `));
        await page.keyboard.press('Enter');
        const dests = await page.$$eval('[data-dest]', (els) => els.map((e) => e.getAttribute('data-point')));
        if (!dests.length) continue;
        assert.match((await siguoSaid(page)).words, /picked up/);
        if (moves === 2) {
          // Escape puts the piece back, as on the 2-player board; Enter picks it up again.
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.querySelector('[data-dest]'));
          await page.keyboard.press('Enter');
          await page.waitForSelector('[data-dest]');
        }
        // Towards the enemy: a destination holding a piece first.
        const attack = await page.$$eval('[data-dest]', (els) =>
          els.map((e) => e.getAttribute('data-point')).filter((p) => document.querySelector(`[data-at="${p}"]`)),
        );
        const to = attack[0] ?? dests[Math.floor(rng() * dests.length)];
        assert.match(await siguoCursorTo(page, to), /you can move here/);
        const n = await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
        await page.keyboard.press('Enter');
        // A move that would leave no move asks first: play it all the same.
        if (await page.locator('[data-testid="siguo-strand"]').count()) {
          await tabTo(page, 'siguo-strand-play');
          for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement?.matches('.sg-svg[data-keys]'))); i++) {
            await page.keyboard.press('Shift+Tab');
          }
        }
        await page.waitForFunction((k) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > k, n);
        played = true;
        moves += 1;
        break;
      }
      assert.ok(played, 'one of my pieces could move');
      assert.ok(moves < 300, 'the game should end');
      if (moves === 3) await page.screenshot({ path: join(SHOTS, 'keyboard-siguo-desktop.png') });
    }
    assert.match(await page.textContent('[data-testid="siguo-status"]'), /win|lost|Draw/);
    assert.equal(await pointerUses(page), 0, 'the pointer was never used');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
