// End-to-end: a 暗棋 game against the computer played as a blind player plays it — by the
// keyboard and the reading commands alone, every decision taken from what the accessibility
// tree says (the move box's answers, the status line, the move list), never from the pixels or
// the board's drawing. Each turn the player asks where its pieces stand (`p`), what a piece can
// reach and what it would meet there (`x c6`), and types its move (`c6-c7`); it also asks for
// the last move (`l`), whose turn it is (`t`) and the list of keys (`?`). No answer names a
// hidden Black piece; every action is added, in order, to the screen readers' log. A lesson of
// the course is played by keys too, its goal and its stars said. Any use of the pointer fails
// the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, open, isOver, seeded, sameRandom, focused, tabTo, ask, cursorTo, countPointer, pointerUses, serveDist } from './app.mjs';

const server = serveDist();

const ROLES = [
  'Field Marshal', 'General', 'Major General', 'Brigadier', 'Colonel', 'Major', 'Captain',
  'Lieutenant', 'Engineer', 'Bomb', 'Landmine', 'Flag',
];
const POINT = /\b[a-e](?:1[0-2]|[1-9])\b/g;

/** Types `text` into the move box, which has the focus, and returns its answer (the box then
 * empties: a command is not a move). */
async function command(page, text) {
  assert.equal(await focused(page), 'move-input', 'the move box has the focus');
  const answer = await ask(page, text);
  assert.ok(answer, `"${text}" was answered`);
  assert.equal(await page.inputValue('[data-testid="move-input"]'), '', 'the box empties after a command');
  return answer;
}

/** How many moves the list holds, as the accessibility tree has it. */
async function movesHeard(page) {
  const snap = await page.getByRole('list', { name: 'Moves' }).ariaSnapshot();
  return snap.split('\n').filter((l) => l.trim().startsWith('- listitem')).length;
}

/** Waits until the status line says it is the player's move, or the game is over. */
async function myTurn(page) {
  await page.waitForFunction(
    () => {
      const s = document.querySelector('[data-testid="status"]')?.textContent ?? '';
      return /Your move/.test(s) || document.querySelector('[data-testid="result"]');
    },
    null,
    { timeout: 60000 },
  );
}

/** A hidden enemy piece must stay unnamed: no answer says "Black's <piece>" for a piece that
 * has not been shown. Pieces shown by a contact are public; they are read from the move list.
 * So is Black's flag once its Field Marshal has fallen: the board then names it (`flagShown`). */
function unnamed(answer, shown, flagShown) {
  for (const r of ROLES) {
    if (r === 'Flag' && flagShown) continue;
    if (answer.includes(`Black's ${r}`) && !shown.includes(r)) {
      assert.fail(`an answer named a hidden Black ${r}: ${answer}`);
    }
  }
}

test('desktop, English: a 暗棋 game against the computer played through the reading commands alone', async () => {
  const app = await open(server.url, 'desktop', {
    reducedMotion: 'reduce',
    init: sameRandom(31),
    ready: '[data-testid="welcome-choose"]',
  });
  const { page } = app;
  const rng = seeded(31);
  await countPointer(page);
  try {
    // The new game by keys: 暗棋 against the computer at its first level.
    await tabTo(page, 'welcome-choose');
    await page.waitForSelector('[data-testid="start-game"]');
    await tabTo(page, 'mode-dark');
    await tabTo(page, 'level', null);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
    assert.equal(await page.inputValue('[data-testid="level"]'), '1');
    await tabTo(page, 'start-game');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    // In setup the board has the focus; ? opens the list of keys, Escape closes it and gives
    // the focus back to the board.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'board');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keys and commands' });
    await dialog.waitFor();
    assert.match(await dialog.ariaSnapshot(), /where the piece under the cursor can go/);
    assert.equal(await focused(page), 'close-keys', 'the list takes the focus');
    await page.screenshot({ path: join(SHOTS, 'keys-dialog-desktop.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'board');
    await tabTo(page, 'start');

    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'board');
    await tabTo(page, 'move-input', null);
    let moves = 0;
    let reached = 0;
    while (moves < 400) {
      await myTurn(page);
      if (await isOver(page)) break;
      if (moves === 0) {
        assert.match(await command(page, 't'), /^Your move/);
        assert.equal(await command(page, 'l'), 'No move has been played yet.');
      }
      if (moves === 1) assert.match(await command(page, 'l'), /^Last move: /);
      if (moves === 2) {
        // Every action was announced, in order, in the log: two of the player's moves and the
        // computer's answers.
        const log = await page.locator('[data-testid="announce"]').ariaSnapshot();
        const items = log.split('\n').filter((l) => l.trim().startsWith('- paragraph'));
        assert.ok(items.length >= 3, `the log holds each action: ${log}`);
      }
      const shown = (await page.textContent('[data-testid="move-list"]')) ?? '';
      const flagShown = (await page.locator('[data-color="b"][data-role="F"]').count()) > 0;
      const pieces = await command(page, 'p');
      assert.match(pieces, /^Your pieces, \d+: /);
      unnamed(pieces, shown, flagShown);
      const mine = pieces.split('.')[0].match(POINT) ?? [];
      assert.ok(mine.length, `my pieces are listed: ${pieces}`);
      const order = mine.map((m) => [rng(), m]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
      let move = null;
      for (const from of order.slice(0, 8)) {
        const reach = await command(page, `x ${from}`);
        unnamed(reach, shown, flagShown);
        const can = reach.match(/can reach \d+ points?: (.*)\.$/);
        if (!can) {
          assert.match(reach, /never moves|has no move now/, reach);
          continue;
        }
        const dests = can[1].split('; ').map((d) => ({ to: d.match(POINT)[0], enemy: /Black/.test(d) }));
        reached += 1;
        const attack = dests.filter((d) => d.enemy);
        const pick = attack.length && rng() < 0.8 ? attack[0] : dests[Math.floor(rng() * dests.length)];
        move = `${from}-${pick.to}`;
        break;
      }
      assert.ok(move, 'one of the first pieces asked about could move');
      if (moves === 2) {
        // A move the piece cannot make is refused with its reason; nothing is played.
        const before = await movesHeard(page);
        const refused = await ask(page, `${move.split('-')[0]}-a12`);
        assert.match(refused, /^The piece on [a-e]\d+ cannot play /);
        assert.equal(await movesHeard(page), before);
        // The refused text stays in the box, to be mended.
        assert.match(await page.inputValue('[data-testid="move-input"]'), /-a12$/);
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Backspace');
      }
      const before = await movesHeard(page);
      await page.keyboard.type(move);
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (k) => document.querySelectorAll('[data-testid="move-list"] li').length > k || document.querySelector('[data-testid="result"]'),
        before,
      );
      moves += 1;
      if (moves === 3) await page.screenshot({ path: join(SHOTS, 'screen-reader-play-desktop.png') });
      // The result takes the focus at the end; until then the move box keeps it.
      if (await isOver(page)) break;
      assert.equal(await focused(page), 'move-input', 'the move box keeps the focus after a move');
    }
    assert.ok(await isOver(page), `the game ended (${moves} typed moves)`);
    assert.ok(reached > 0);
    assert.match(await page.textContent('[data-testid="status"]'), /wins|draw/i);
    assert.equal(await pointerUses(page), 0, 'the pointer was never used');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('desktop, English: a lesson of the course by the keyboard alone, its goal and its end said to a screen reader', async () => {
  const course = JSON.parse(await readFile(join(ROOT, 'crates/junqi-learn/data/course.json'), 'utf8'));
  const lesson = course.lessons[0];
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  const { page } = app;
  await countPointer(page);
  try {
    await tabTo(page, 'learn');
    await tabTo(page, 'avatar-2');
    await tabTo(page, 'create-profile');
    await page.waitForSelector('[data-testid="course-menu"]');
    for (let i = 0; i < 80 && !(await page.evaluate((id) => document.activeElement?.getAttribute('data-level') === id, lesson.id)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector(`.lesson[data-lesson="${lesson.id}"][data-moves="0"]:not([data-flash])`);
    // The board has the focus; the goal is said.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'board');
    const goal = await page.locator('[data-testid="lesson-said"]').ariaSnapshot();
    assert.match(goal, /- status: .{8,}/, goal);
    for (const mv of lesson.solution) {
      const [from, to] = mv.split('-');
      assert.match(await cursorTo(page, from), new RegExp(`^${from}, .*your `));
      await page.keyboard.press('Enter');
      assert.match(await cursorTo(page, to), /you can move here/);
      await page.keyboard.press('Enter');
    }
    await page.waitForSelector('[data-testid="lesson-success"]');
    const end = await page.locator('[data-testid="lesson-said"]').ariaSnapshot();
    assert.match(end, /Well done! [1-3] of 3 stars\./, end);
    assert.equal(await pointerUses(page), 0, 'the pointer was never used');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
