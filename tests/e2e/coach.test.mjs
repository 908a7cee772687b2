// End-to-end: the course's game and its coach. From the course menu a child starts a 明棋 game
// against the first computer level; a move that throws a piece away (a front-row piece attacking
// a higher rank, read from the board) is held back with the coach's sentence and an arrow;
// "choose another" keeps the piece picked up, the same move again plays it. A game started from
// the new-game screen is not coached, and the grown-up can switch the coach off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, press, idle, makeProfile, openGrownUp, sameRandom, smallTargets, tapStep, startGame, serveDist } from './app.mjs';

const server = serveDist();

/** The page's random numbers for the course's game: its formations give Red a losing attack on
 * the front row (an engineer on a6 before a 排长). */
const SEED = 1;

/** Strongest first: the ranked roles' letters (RULES.md §1). */
const RANKS = 'MGDBRNCPE';

/**
 * A front-row attack that loses, read from the board: Red's movable piece on a6, c6 or e6
 * against a higher-ranked black piece straight ahead.
 */
async function losingAttack(page) {
  return page.evaluate((ranks) => {
    const at = (p) => document.querySelector(`.pieces [data-at="${p}"]`);
    for (const file of ['a', 'c', 'e']) {
      const mine = at(`${file}6`);
      const theirs = at(`${file}7`);
      if (!mine || !theirs || mine.getAttribute('data-color') !== 'r' || !mine.hasAttribute('data-movable')) continue;
      const [a, d] = [mine.getAttribute('data-role'), theirs.getAttribute('data-role')];
      if (ranks.includes(a) && ranks.includes(d) && ranks.indexOf(d) < ranks.indexOf(a)) {
        return { from: `${file}6`, to: `${file}7`, mine: a, theirs: d };
      }
    }
    return null;
  }, RANKS);
}

/** Into the course's game: a profile, the course menu's "Play a game", setup, start. */
async function courseGame(app) {
  await makeProfile(app, 'Lin');
  await press(app, '[data-testid="course-play"]');
  await press(app, '[data-testid="start"]');
  await idle(app.page);
}

test("the course's game on a tablet: a losing attack is held back once with the coach's warning", async () => {
  const app = await open(server.url, 'tablet', { init: sameRandom(SEED) });
  const { page, problems } = app;
  try {
    await courseGame(app);
    const attack = await losingAttack(page);
    assert.ok(attack, 'the seeded formations have a losing front-row attack');
    await tapStep(app, `${attack.from}-${attack.to}`);
    const card = page.locator('[data-testid="coach-card"]');
    await card.waitFor({ timeout: 5000 });
    assert.equal(await card.getAttribute('data-kind'), 'loses');
    assert.equal(await card.getAttribute('data-move'), `${attack.from}-${attack.to}`);
    assert.match(await page.textContent('[data-testid="coach-said"]'), /^Careful! Your .+ loses to the enemy .+\.$/);
    const arrow = page.locator('[data-testid="coach-arrow"]');
    assert.equal(`${await arrow.getAttribute('data-from')}-${await arrow.getAttribute('data-to')}`, `${attack.from}-${attack.to}`);
    // Nothing was played: the piece is where it was, and the keyboard is on "choose another".
    assert.equal(await page.getAttribute(`.pieces [data-at="${attack.from}"]`, 'data-role'), attack.mine);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'coach-another');
    // For a screen reader the card is an alert dialog named by its title.
    const tree = await page.locator('[data-testid="coach-card"]').ariaSnapshot();
    assert.match(tree, /alertdialog "Coach"/);
    await page.screenshot({ path: join(SHOTS, 'coach-tablet.png') });

    // Choose another: the card goes, the piece is still picked up.
    await press(app, '[data-testid="coach-another"]');
    await card.waitFor({ state: 'detached' });
    await page.waitForSelector(`.pieces [data-at="${attack.from}"].selected`);
    // The same move again is played: the piece is lost to the higher rank.
    await press(app, `[data-point="${attack.to}"]`);
    await page.waitForFunction(
      ({ from, to }) =>
        !document.querySelector(`.pieces [data-at="${from}"]`) &&
        document.querySelector(`.pieces [data-at="${to}"]`)?.getAttribute('data-color') === 'b',
      attack,
      { timeout: 10000 },
    );
    assert.equal(await card.count(), 0);
    // The game is saved as the course's, so a reload keeps the coach.
    const config = await page.evaluate(() => {
      const saves = JSON.parse(localStorage.getItem('junqi.saves'));
      return saves.games.find((g) => g.id === saves.current)?.config;
    });
    assert.match(config, /coach=1/);
    assert.deepEqual(problems, []);
  } finally {
    await app.close();
  }
});

test('the coach on a phone: the card and its buttons fit, and Escape chooses another move', async () => {
  const app = await open(server.url, 'phone', { init: sameRandom(SEED) });
  const { page, problems } = app;
  try {
    await courseGame(app);
    const attack = await losingAttack(page);
    await tapStep(app, `${attack.from}-${attack.to}`);
    await page.waitForSelector('[data-testid="coach-card"]');
    await page.screenshot({ path: join(SHOTS, 'coach-phone.png') });
    assert.deepEqual(await smallTargets(page), []);
    const box = await page.locator('[data-testid="coach-card"]').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the card fits across: ${JSON.stringify(box)}`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="coach-card"]', { state: 'detached' });
    assert.deepEqual(problems, []);
  } finally {
    await app.close();
  }
});

test('no coach in a game from the new-game screen, nor with the grown-up setting off', async () => {
  const app = await open(server.url, 'tablet', { init: sameRandom(7) });
  const { page, problems } = app;
  try {
    // The grown-up setting is on by default.
    await openGrownUp(app);
    const box = page.locator('[data-testid="grown-up-coach"]');
    assert.equal(await box.isChecked(), true);
    await press(app, '[data-testid="grown-up-close"]');
    await startGame(app, { mode: 'open', level: '1' });
    await idle(page);
    const attack = await losingAttack(page);
    assert.ok(attack);
    await tapStep(app, `${attack.from}-${attack.to}`);
    await page.waitForFunction(({ from }) => !document.querySelector(`.pieces [data-at="${from}"]`), attack, { timeout: 10000 });
    assert.equal(await page.locator('[data-testid="coach-card"]').count(), 0);

    // Off: the course's game plays the same move at once.
    await press(app, '[data-testid="new-game"]');
    await page.waitForSelector('[data-testid="start-game"]');
    await openGrownUp(app);
    await box.uncheck();
    await press(app, '[data-testid="grown-up-close"]');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('junqi.grownup.v2')).coach === false);
    await courseGame(app);
    const again = await losingAttack(page);
    assert.ok(again);
    await tapStep(app, `${again.from}-${again.to}`);
    await page.waitForFunction(({ from }) => !document.querySelector(`.pieces [data-at="${from}"]`), again, { timeout: 10000 });
    assert.equal(await page.locator('[data-testid="coach-card"]').count(), 0);
    assert.deepEqual(problems, []);
  } finally {
    await app.close();
  }
});
