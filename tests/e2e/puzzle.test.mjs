// End-to-end: the puzzles of the course on a touch tablet and a phone. On a fixed date the
// puzzle of the day (tests/e2e/fixtures/puzzle-day.json, checked natively against the shipped
// puzzles) gets a wrong move, which the other side refutes with a red arrow; "try again" puts
// the board back, the hint shows the line's move, and the line solves it. The child's record and
// daily streak are in localStorage and in the menu, also after a reload; "next puzzle" opens the
// easiest one not solved yet.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, ROOT, SHOTS, open, press, makeProfile, tapStep, smallTargets } from './app.mjs';

let server;
let day;
let puzzleIds;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `trunk build --release` first');
  await mkdir(SHOTS, { recursive: true });
  day = JSON.parse(await readFile(join(ROOT, 'tests/e2e/fixtures/puzzle-day.json'), 'utf8'));
  const text = await readFile(join(ROOT, 'crates/junqi-learn/data/puzzles.txt'), 'utf8');
  puzzleIds = text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split(/\s+/)[0]);
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

/** Noon of the fixture's day: the same local day in every time zone from UTC−11 to UTC+11. */
const noon = () => day.day * 86_400_000 + 12 * 3_600_000;

const profiles = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('junqi.learn.profiles.v1')));

test('the puzzle of the day: a wrong move refuted, tried again, solved; the streak is kept', async () => {
  const app = await open(server.url, 'tablet', { clock: noon() });
  const { page, problems } = app;
  try {
    await makeProfile(app, 'Lin');
    const daily = page.locator('[data-testid="puzzle-daily"]');
    assert.equal(await daily.getAttribute('data-done'), 'false');
    assert.match(await page.textContent('[data-testid="puzzle-menu-score"]'), new RegExp(`^0 of ${puzzleIds.length} solved · 0-day streak$`));
    await page.screenshot({ path: join(SHOTS, 'puzzle-menu-tablet.png'), fullPage: true });

    await press(app, '[data-testid="puzzle-daily"]');
    await page.waitForSelector(`.puzzle[data-puzzle="${day.id}"]`);
    assert.match(await page.textContent('[data-testid="puzzle-goal"]'), /moves|move/);
    await page.screenshot({ path: join(SHOTS, 'puzzle-tablet.png') });

    // A wrong move: the other side's answer is drawn as a red arrow, and only "try again" is left.
    await tapStep(app, day.wrong);
    await page.waitForSelector('.puzzle[data-note="wrong"]', { timeout: 10000 });
    const arrow = page.locator('[data-testid="puzzle-refutation"]');
    await arrow.waitFor();
    assert.equal(`${await arrow.getAttribute('data-from')}-${await arrow.getAttribute('data-to')}`, day.refutation);
    assert.equal(await page.isDisabled('[data-testid="lesson-hint"]'), true, 'no hint over a wrong move');
    assert.equal(await page.isDisabled('[data-testid="puzzle-retry"]'), false);
    assert.match(await page.textContent('[data-testid="puzzle-note"]'), /Not this one/);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS, 'puzzle-wrong-tablet.png') });

    // Try again: the board as it was, then the hint shows the line's first move.
    await press(app, '[data-testid="puzzle-retry"]');
    await page.waitForSelector('.puzzle:not([data-note="wrong"])');
    assert.equal(await arrow.count(), 0);
    const [first] = day.line;
    await page.waitForSelector(`.pieces [data-at="${first.split('-')[0]}"]`);
    await press(app, '[data-testid="lesson-hint"]');
    const hint = page.locator('[data-testid="lesson-hint-arrow"]');
    await hint.waitFor();
    assert.equal(`${await hint.getAttribute('data-from')}-${await hint.getAttribute('data-to')}`, first);

    // The line: each right move is answered, the last one solves it.
    for (let i = 0; i < day.line.length; i += 2) {
      await tapStep(app, day.line[i]);
      const last = i + 2 >= day.line.length;
      await page.waitForSelector(`.puzzle[data-note="${last ? 'solved' : 'right'}"]`, { timeout: 10000 });
      if (!last) {
        // The answer is on the board before the next move.
        const [, to] = day.line[i + 1].split('-');
        await page.waitForSelector(`.pieces [data-at="${to}"]`);
      }
    }
    assert.equal(await page.textContent('[data-testid="puzzle-note"]'), 'Solved!', 'not at the first try');
    assert.match(await page.textContent('[data-testid="puzzle-said"]'), /Solved/);
    await page.screenshot({ path: join(SHOTS, 'puzzle-solved-tablet.png') });

    // Stored for this child: solved after a wrong move (1), and the day for the streak.
    const stored = await profiles(page);
    const lin = stored.list.find((p) => p.name === 'Lin');
    assert.equal(lin.puzzles[day.id], 1);
    assert.deepEqual(lin.daily, [day.day]);

    // The menu, also after a reload: today's puzzle ticked, one solved, a one-day streak.
    await press(app, '[data-testid="lesson-menu"]');
    await page.waitForSelector('[data-testid="course-menu"]');
    const score = new RegExp(`^1 of ${puzzleIds.length} solved · 1-day streak$`);
    assert.equal(await daily.getAttribute('data-done'), 'true');
    assert.match(await page.textContent('[data-testid="puzzle-menu-score"]'), score);
    await page.reload();
    await page.waitForSelector('[data-testid="learn"]');
    await press(app, '[data-testid="learn"]');
    await page.waitForSelector('[data-testid="course-menu"]');
    assert.equal(await daily.getAttribute('data-done'), 'true');
    assert.match(await page.textContent('[data-testid="puzzle-menu-score"]'), score);

    // Next puzzle: the easiest one not solved.
    await press(app, '[data-testid="puzzle-next-menu"]');
    const next = puzzleIds.find((id) => id !== day.id);
    await page.waitForSelector(`.puzzle[data-puzzle="${next}"]`);
    assert.deepEqual(problems, []);
  } finally {
    await app.close();
  }
});

for (const [device, height] of [['phone', 844], ['tabletPortrait', 1024]]) {
  test(`a puzzle on a ${device}: board, goal and buttons on one screen, every button big enough`, async () => {
    const app = await open(server.url, device, { clock: noon() });
    const { page, problems } = app;
    try {
      await makeProfile(app, 'Bo');
      await page.locator('[data-testid="puzzle-daily"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `puzzle-menu-${device}.png`) });
      await press(app, '[data-testid="puzzle-daily"]');
      await page.waitForSelector(`.puzzle[data-puzzle="${day.id}"]`);
      await page.screenshot({ path: join(SHOTS, `puzzle-${device}.png`) });
      assert.deepEqual(await smallTargets(page), []);
      // Everything is in the viewport: nothing to scroll to reach a button.
      const bottom = await page.$$eval('.puzzle .lesson-buttons button', (bs) => Math.max(...bs.map((b) => b.getBoundingClientRect().bottom)));
      assert.ok(bottom <= height, `the buttons end at ${bottom}px`);
      assert.deepEqual(problems, []);
    } finally {
      await app.close();
    }
  });
}
