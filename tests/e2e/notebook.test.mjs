// End-to-end: the notebook of 暗棋 (a setting, off by default): what the record proves, on the
// hidden enemy pieces, and why, on a tap or a key — from the seat's own view only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, press, idle, isOver, playOne, seeded, sameRandom, focused, cursorTo, said, startGame, serveDist } from './app.mjs';

const server = serveDist();

/** Every piece the notebook writes on: point, colour, the roles proven, and a role when shown. */
async function noted(page) {
  return page.$$eval('[data-proven]', (els) =>
    els.map((e) => ({
      at: e.getAttribute('data-at'),
      color: e.getAttribute('data-color'),
      proven: e.getAttribute('data-proven'),
      role: e.getAttribute('data-role'),
    })),
  );
}

/** The notebook writes on hidden enemy pieces only, never names one, and never says more than
 * every role. */
async function onlyHiddenEnemies(page) {
  const list = await noted(page);
  for (const n of list) {
    assert.equal(n.color, 'b', `${n.at}: a note on one's own piece`);
    assert.equal(n.role, null, `${n.at}: a hidden piece named`);
    assert.match(n.proven, /^[MGDBRNCPEZLF]{1,12}$/);
  }
  const hidden = await page.locator('[data-color="b"]:not([data-role])').count();
  assert.equal(list.length, hidden, 'every hidden enemy piece has its note');
  return list;
}

/** A new 暗棋 game against level 1, the formation as dealt, started. */
async function startDark(app) {
  await startGame(app, { mode: 'dark', level: '1' });
  await app.page.waitForSelector('[data-testid="status"]');
}

/** Settings → Notebook, on or off. */
async function switchNotebook(app) {
  await press(app, '[data-testid="open-settings"]');
  await press(app, '[data-testid="notebook"]');
  await press(app, '[data-testid="close-settings"]');
}

test('desktop: 暗棋 with the notebook on shows what the record proves, and why on a tap and a key', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init: sameRandom(30) });
  const { page } = app;
  const rng = seeded(30);
  try {
    await startDark(app);
    await idle(page);
    assert.equal(await page.locator('[data-proven]').count(), 0, 'off by default');
    // A tap on an enemy piece does nothing while the notebook is off.
    const enemy = await page.getAttribute('[data-color="b"]', 'data-at');
    await press(app, `[data-at="${enemy}"]`);
    assert.equal(await page.locator('[data-testid="note-card"]').count(), 0);

    await switchNotebook(app);
    await page.waitForSelector('[data-proven]');
    let list = await onlyHiddenEnemies(page);
    const startPoints = new Set(list.map((n) => n.at));
    // Before any move the setup rules alone: Black's front row is no landmine, flag or bomb.
    const front = list.find((n) => n.at.endsWith('7'));
    assert.ok(front && !/[LFZ]/.test(front.proven), JSON.stringify(front));

    // Play until the computer has moved a few pieces; each stays noted as it goes.
    for (let i = 0; i < 10 && !(await isOver(page)); i++) {
      await playOne(app, rng);
      await idle(page);
      list = await onlyHiddenEnemies(page);
    }
    // A piece that stands where no Black piece stood at the start has moved.
    const moved = list.find((n) => !startPoints.has(n.at));
    assert.ok(moved, `no moved enemy piece noted: ${JSON.stringify(list)}`);
    assert.ok(!/[LF]/.test(moved.proven), JSON.stringify(moved));
    await page.screenshot({ path: join(SHOTS, 'notebook-board-desktop.png') });

    // A tap: the card says what it can be and why, the move that proved it first among them.
    await press(app, `[data-at="${moved.at}"]`);
    await page.waitForSelector(`[data-testid="note-card"][data-at="${moved.at}"]`);
    const lines = await page.$$eval('[data-testid="note-lines"] li', (els) => els.map((e) => e.textContent));
    assert.match(lines[0], /^(It can be: |It can be anything but |Proven: )/);
    assert.ok(lines.some((l) => /^Moved at ply \d+: not a landmine or the flag\.$/.test(l)), lines.join('\n'));
    assert.equal(await focused(page), 'note-close', 'the card takes the focus');
    await page.screenshot({ path: join(SHOTS, 'notebook-card-desktop.png') });
    // The player's own guess marks are one button away.
    await press(app, '[data-testid="note-guess"]');
    await page.waitForSelector('[data-testid="guess-picker"]');
    assert.equal(await page.locator('[data-testid="note-card"]').count(), 0);
    await press(app, '[data-guess-choice="E"]');
    await page.waitForSelector('[data-testid="guess-picker"]', { state: 'detached' });
    assert.equal(await page.getAttribute(`[data-at="${moved.at}"] [data-guess]`, 'data-guess'), 'E');

    // By keys: Enter on the piece opens the card, Escape closes it and the board has the focus.
    await page.focus('[data-testid="board"]');
    await cursorTo(page, moved.at);
    const words = (await said(page)).words;
    assert.match(words, /notebook: /, words);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="note-card"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="note-card"]', { state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'board');

    // Off again: every note goes.
    await switchNotebook(app);
    await page.waitForFunction(() => !document.querySelector('[data-proven]'));
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('phone: the card opens at its first line, in view, with Close focused', async () => {
  const app = await open(server.url, 'phone', { reducedMotion: 'reduce', init: sameRandom(31) });
  const { page } = app;
  const rng = seeded(31);
  try {
    await startDark(app);
    await switchNotebook(app);
    await page.waitForSelector('[data-proven]');
    const start = new Set((await noted(page)).map((n) => n.at));
    let moved;
    for (let i = 0; i < 12 && !moved && !(await isOver(page)); i++) {
      await playOne(app, rng);
      await idle(page);
      moved = (await onlyHiddenEnemies(page)).find((n) => !start.has(n.at));
    }
    assert.ok(moved, 'no moved enemy piece');
    await press(app, `[data-at="${moved.at}"]`);
    await page.waitForSelector(`[data-testid="note-card"][data-at="${moved.at}"]`);
    assert.equal(await focused(page), 'note-close', 'the card takes the focus');
    // Focus must not scroll the card to its buttons: it reads from its first line.
    const card = await page.$eval('[data-testid="note-card"]', (c) => {
      const first = c.querySelector('[data-testid="note-lines"] li').getBoundingClientRect();
      const box = c.getBoundingClientRect();
      return { scrollTop: c.scrollTop, firstTop: first.top, boxTop: box.top, height: innerHeight };
    });
    assert.equal(card.scrollTop, 0, JSON.stringify(card));
    assert.ok(card.firstTop >= card.boxTop && card.firstTop < card.height, JSON.stringify(card));
    await page.screenshot({ path: join(SHOTS, 'notebook-card-phone.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
