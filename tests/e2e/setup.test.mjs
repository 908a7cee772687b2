// End-to-end: arranging a formation (布阵) by drag and by taps on a touch tablet, a touch phone
// and a desktop mouse; violations appear on the points concerned and clear; Start (出征) only
// for a valid formation; presets, random, mirror, and formations saved by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, centre, drag, open, press, newGame, smallTargets, startGame, serveDist } from './app.mjs';

const server = serveDist();

/** Role letter of the red piece on each point of the setup board. */
async function formation(page) {
  return page.$$eval('[data-at][data-color="r"]', (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-at'), e.getAttribute('data-role')])),
  );
}

async function violations(page) {
  return page.$$eval('[data-violation]', (els) =>
    els.map((e) => `${e.getAttribute('data-bad')} ${e.getAttribute('data-violation')}`).sort(),
  );
}

async function startEnabled(page) {
  return page.locator('[data-testid="start"]').isEnabled();
}

for (const profile of ['tablet', 'phone', 'desktop']) {
  test(`${profile}: arrange by drag and by taps; violations appear and clear`, async () => {
    const app = await open(server.url, profile);
    const { page } = app;
    try {
      assert.deepEqual(await smallTargets(page), [], 'touch targets on the new-game screen');
      await newGame(app, { mode: 'open' });
      await page.waitForSelector('[data-testid="start"]');
      assert.deepEqual(await smallTargets(page), [], 'touch targets on the setup screen');
      // It starts from a valid formation.
      assert.deepEqual(await violations(page), []);
      assert.ok(await startEnabled(page));
      const start = await formation(page);
      assert.equal(Object.keys(start).length, 25);
      const flag = Object.keys(start).find((p) => start[p] === 'F');
      assert.ok(['b1', 'd1'].includes(flag), `flag on ${flag}`);

      // Taps: the flag, then a front-row piece — they swap, and the flag is out of its
      // headquarters.
      await press(app, `[data-at="${flag}"]`);
      assert.equal(await page.locator(`.piece-slot.selected[data-at="${flag}"]`).count(), 1);
      await press(app, '[data-at="c6"]');
      let now = await formation(page);
      assert.equal(now.c6, 'F');
      assert.equal(now[flag], start.c6);
      assert.deepEqual(await violations(page), ['c6 flag-not-in-headquarters']);
      assert.equal(await startEnabled(page), false, 'Start only for a valid formation');
      assert.match(await page.textContent('[data-testid="violations"]'), /headquarters/);
      await page.screenshot({ path: join(SHOTS, `setup-violation-${profile}.png`) });
      // Tap them back: valid again.
      await press(app, '[data-at="c6"]');
      await press(app, `[data-at="${flag}"]`);
      assert.deepEqual(await formation(page), start);
      assert.deepEqual(await violations(page), []);
      assert.ok(await startEnabled(page));

      // Drag a landmine to the front row: it swaps with the piece there.
      const mine = Object.keys(start).find((p) => start[p] === 'L');
      let held = null;
      await drag(app, mine, 'a6', async () => {
        // The drag is drawn on the next animation frame: wait for it (a busy machine is slow).
        await page
          .waitForFunction(() => /target/.test(document.querySelector('[data-point="a6"]').getAttribute('data-mark') ?? ''), null, {
            timeout: 3000,
          })
          .catch(() => {});
        held = await page.evaluate(() => ({
          dragging: document.querySelectorAll('.piece-slot.dragging').length,
          target: document.querySelector('[data-point="a6"]').getAttribute('data-mark'),
          scroll: [window.scrollX, window.scrollY, document.scrollingElement.scrollTop],
        }));
        await page.screenshot({ path: join(SHOTS, `setup-drag-${profile}.png`) });
      });
      assert.equal(held.dragging, 1, 'the dragged piece is drawn apart');
      assert.match(held.target ?? '', /target/, 'the drop target is highlighted');
      assert.deepEqual(held.scroll, [0, 0, 0], 'the page does not scroll under a drag');
      now = await formation(page);
      assert.equal(now.a6, 'L');
      assert.equal(now[mine], start.a6);
      assert.deepEqual(await violations(page), ['a6 mine-outside-back-rows']);
      // Drag it back.
      await drag(app, 'a6', mine);
      assert.deepEqual(await formation(page), start);
      assert.deepEqual(await violations(page), []);

      // A small wobble stays a tap: it selects, it does not move.
      if (!app.touch) {
        const c = await centre(page, '[data-point="e6"]');
        await page.mouse.move(c.x, c.y);
        await page.mouse.down();
        await page.mouse.move(c.x + 2, c.y + 1);
        await page.mouse.up();
        assert.equal(await page.locator('.piece-slot.selected[data-at="e6"]').count(), 1);
        await page.mouse.click(c.x, c.y);
        assert.deepEqual(await formation(page), start);
      }
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}

test('tablet: presets, random, mirror, and formations saved by name', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  try {
    await newGame(app, { mode: 'dark' });
    await page.waitForSelector('[data-testid="start"]');
    const presets = await page.$$eval('[data-testid="preset"] option', (els) =>
      // The last entry opens the saved formations; it is no formation.
      els.map((e) => e.value).filter((v) => v && v !== 'mine'),
    );
    assert.ok(presets.length >= 10, `${presets.length} presets`);
    assert.ok(presets.includes('classic-1') && presets.includes('classic-2'));
    // The list says which formations come from the players' rule sheets.
    assert.deepEqual(
      await page.$$eval('[data-testid="presets-sheets"] option', (els) => els.map((e) => e.value)),
      ['classic-1', 'classic-3'],
    );
    const seen = new Set();
    for (const id of presets) {
      await page.selectOption('[data-testid="preset"]', id);
      assert.deepEqual(await violations(page), [], id);
      seen.add(JSON.stringify(await formation(page)));
    }
    assert.equal(seen.size, presets.length, 'every preset is a different formation');
    // classic-1 (RULES.md §9): DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL — front row a6..e6 = D E C P D.
    await page.selectOption('[data-testid="preset"]', 'classic-1');
    let f = await formation(page);
    assert.deepEqual(['a6', 'b6', 'c6', 'd6', 'e6'].map((p) => f[p]), ['D', 'E', 'C', 'P', 'D']);
    assert.deepEqual(['a1', 'b1', 'c1', 'd1', 'e1'].map((p) => f[p]), ['R', 'P', 'L', 'F', 'L']);
    // Mirror left ↔ right.
    await press(app, '[data-testid="mirror"]');
    f = await formation(page);
    assert.deepEqual(['a1', 'b1', 'c1', 'd1', 'e1'].map((p) => f[p]), ['L', 'F', 'L', 'P', 'R']);
    // Random: valid, different.
    await press(app, '[data-testid="random-setup"]');
    assert.deepEqual(await violations(page), []);
    const random = await formation(page);
    assert.notDeepEqual(random, f);
    // Save it by name, change it, load it back.
    await page.selectOption('[data-testid="preset"]', 'mine');
    await page.fill('[data-testid="formation-name"]', 'my wall');
    await press(app, '[data-testid="save-formation"]');
    await page.selectOption('[data-testid="preset"]', 'classic-2');
    assert.notDeepEqual(await formation(page), random);
    await press(app, '[data-saved="my wall"] button');
    assert.deepEqual(await formation(page), random);
    // It is kept across visits.
    await page.reload();
    await newGame(app, { mode: 'dark' });
    await page.waitForSelector('[data-testid="start"]');
    await page.selectOption('[data-testid="preset"]', 'saved:my wall');
    assert.deepEqual(await formation(page), random);
    // Start: 暗棋 hides the computer's formation.
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="status"]');
    assert.equal(await page.locator('[data-color="b"][data-role]').count(), 0);
    assert.equal(await page.locator('[data-color="b"]').count(), 25);
    await page.screenshot({ path: join(SHOTS, 'play-dark-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('desktop: 明棋 shows the computer formation after setup', async () => {
  const app = await open(server.url, 'desktop');
  const { page } = app;
  try {
    await newGame(app, { mode: 'open' });
    await page.waitForSelector('[data-testid="start"]');
    assert.equal(await page.locator('[data-color="b"]').count(), 0, 'hidden during setup');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="status"]');
    assert.equal(await page.locator('[data-color="b"][data-role]').count(), 25);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

for (const profile of ['tablet', 'desktop']) {
  test(`${profile}: in play a piece moves by drag too`, async () => {
    const app = await open(server.url, profile, { reducedMotion: 'reduce' });
    const { page } = app;
    try {
      await startGame(app, { mode: 'open' });
      await page.waitForSelector('[data-movable]');
      // Find a movable piece and one of its destinations, then put it down again.
      let from = null;
      let to = null;
      for (const at of await page.$$eval('[data-movable]', (els) => els.map((e) => e.getAttribute('data-at')))) {
        await press(app, `[data-at="${at}"]`);
        const dests = await page.$$eval('[data-dest]', (els) => els.map((e) => e.getAttribute('data-point')));
        await press(app, `[data-at="${at}"]`);
        if (dests.length) {
          [from, to] = [at, dests[0]];
          break;
        }
      }
      assert.ok(from && to);
      assert.equal(await page.locator('[data-dest]').count(), 0, 'a second tap puts the piece down');
      assert.deepEqual(await smallTargets(page), [], 'touch targets on the play screen');
      await drag(app, from, to, async () => {
        // While dragging, the legal destinations show.
        assert.ok((await page.locator('[data-dest]').count()) > 0);
      });
      await page.waitForSelector('[data-ply="1"]');
      assert.match(await page.textContent('[data-ply="1"]'), new RegExp(`${from}.${to}`));
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}
