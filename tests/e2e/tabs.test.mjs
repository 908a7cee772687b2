// End-to-end: nothing lost with two tabs of the app open in one browser profile. One tab plays a
// running game and the other says so and can take it over; a new game in one tab and a move in
// the other both stay; a timed game is not run out by a tab that does not play it; a deleted
// record comes back with Undo. Every test ends with every move of every game still in storage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, open, watch, press, newGame, idle, isOver, playOne, seeded, sameRandom } from './app.mjs';

let server;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `bash scripts/build.sh` first');
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

const SAME_RANDOM = sameRandom();
const APP = '.app[data-phase]';

/** A second tab: another page of the same app in the same browser profile. */
async function tab(app, { init = SAME_RANDOM } = {}) {
  const page = await app.ctx.newPage();
  const { problems } = watch(page);
  if (init) await page.addInitScript(init);
  await page.goto(server.url);
  await page.waitForSelector(APP);
  return { page, ctx: app.ctx, problems, touch: app.touch };
}

/** Closes a tab as a player does: the page is hidden (its autosave runs), then it goes. */
async function closeTab(t) {
  await t.page.close({ runBeforeUnload: true });
}

/** The saved games as stored. */
async function stored(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('junqi.saves') ?? '{"games":[]}'));
}

function actionsOf(saves, id) {
  const g = saves.games.find((x) => x.id === id);
  return g ? g.actions : null;
}

/** The move list shown. */
async function moves(page) {
  return page.$$eval('[data-testid="move-list"] > [data-ply]', (els) => els.map((e) => e.textContent.trim()));
}

/** Plays `n` of the player's actions (the computer replies in between). */
async function play(app, rng, n) {
  for (let i = 0; i < n; i++) {
    await idle(app.page);
    if (await isOver(app.page)) break;
    await playOne(app, rng);
  }
  await idle(app.page);
}

async function start(app, mode = 'open') {
  await newGame(app, { mode, opponent: 'computer', level: '1' });
  if (mode !== 'flip') {
    await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
  }
  await app.page.waitForSelector('[data-testid="status"]');
}

async function records(app) {
  const { page } = app;
  if (!(await page.locator('[data-testid="records"]').count())) await press(app, '[data-testid="new-game"]');
  await press(app, '[data-testid="records"]');
  await page.waitForSelector('[data-testid="records-screen"]');
}

/** The number of plies in a stored action list. */
const plies = (actions) => (actions ? actions.split(' ').filter(Boolean).length : 0);

test('the same game in two tabs: only one plays it, every move is kept, and the other can take it over', async () => {
  const a = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM });
  let b;
  let c;
  try {
    await start(a);
    await play(a, seeded(1), 3);
    const id = (await stored(a.page)).current;
    assert.ok(id, 'a game in progress');
    const before = actionsOf(await stored(a.page), id);

    // Tab B opens the app: the unfinished game comes back there, but tab A plays it.
    b = await tab(a);
    await b.page.waitForSelector('[data-testid="open-elsewhere"]');
    assert.equal(await b.page.locator('[data-movable]').count(), 0, 'B does not play it');
    assert.deepEqual(await moves(b.page), await moves(a.page));
    // B continues here: A is told the game went on elsewhere.
    await press(b, '[data-testid="take-over"]');
    await b.page.waitForSelector('[data-testid="open-elsewhere"]', { state: 'detached' });
    await a.page.waitForSelector('[data-testid="elsewhere"]');
    await play(b, seeded(2), 5);
    const played = actionsOf(await stored(b.page), id);
    assert.ok(played.startsWith(before) && plies(played) > plies(before), `B's moves are stored: ${played}`);
    assert.equal(plies(played), (await moves(b.page)).length);

    // A closes (its page-hide autosave runs): B's moves stay.
    await closeTab(a);
    assert.equal(actionsOf(await stored(b.page), id), played, 'closing A lost nothing');

    // A third tab opens the game: it says B plays it, and "Continue here" takes it over.
    c = await tab(b);
    await c.page.waitForSelector('[data-testid="open-elsewhere"]');
    await press(c, '[data-testid="take-over"]');
    await c.page.waitForSelector('[data-testid="open-elsewhere"]', { state: 'detached' });
    await idle(c.page);
    assert.deepEqual(await moves(c.page), await moves(b.page), 'C goes on from B’s last move');
    await b.page.waitForSelector('[data-testid="elsewhere"]');
    await play(c, seeded(3), 2);
    const last = actionsOf(await stored(c.page), id);
    assert.ok(last.startsWith(played) && plies(last) > plies(played), `C's moves are stored: ${last}`);
    await closeTab(b);
    assert.equal(actionsOf(await stored(c.page), id), last, 'closing B lost nothing');
    assert.deepEqual([...b.problems, ...c.problems], []);
  } finally {
    await a.close();
  }
});

test('a new game in one tab and a move in the other: both games stay, and the records list follows', async () => {
  const a = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM });
  try {
    await start(a);
    await play(a, seeded(4), 2);
    const first = (await stored(a.page)).current;

    // B opens (A plays the game there) and starts a game of its own.
    const b = await tab(a);
    await b.page.waitForSelector('[data-testid="open-elsewhere"]');
    await press(b, '[data-testid="elsewhere-leave"]');
    await start(b);
    await play(b, seeded(5), 2);
    const second = (await stored(b.page)).current;
    assert.notEqual(second, first);
    const secondMoves = actionsOf(await stored(b.page), second);

    // A moves on: its write keeps B's game.
    await play(a, seeded(6), 2);
    const now = await stored(a.page);
    assert.equal(actionsOf(now, second), secondMoves, "B's game is kept");
    const firstMoves = actionsOf(now, first);
    assert.equal(plies(firstMoves), (await moves(a.page)).length, "all of A's moves are kept");

    // A's records list shows both, and takes in B's next moves and a third game without a reload.
    await records(a);
    await a.page.waitForSelector(`[data-record="${first}"]`);
    await a.page.waitForSelector(`[data-record="${second}"]`);
    await play(b, seeded(7), 1);
    await press(b, '[data-testid="new-game"]');
    await start(b);
    await play(b, seeded(8), 1);
    const third = (await stored(b.page)).current;
    await a.page.waitForSelector(`[data-record="${third}"]`);
    const end = await stored(a.page);
    assert.equal(actionsOf(end, first), firstMoves);
    assert.ok(plies(actionsOf(end, second)) > plies(secondMoves), "B's later moves are kept");
    assert.ok(plies(actionsOf(end, third)) > 0);
    assert.equal(await a.page.locator('[data-testid="record"]').count(), 3);
    assert.deepEqual([...a.problems, ...b.problems], []);
  } finally {
    await a.close();
  }
});

test('a timed game: a tab that does not play it never runs its clock out nor counts a loss', async () => {
  const a = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM });
  try {
    // Time is the test's to move (every page of the profile).
    await a.ctx.clock.install();
    await a.page.reload();
    await a.page.waitForSelector('[data-testid="start-game"]');
    await a.page.selectOption('[data-testid="clock"]', '5');
    await start(a);
    await play(a, seeded(9), 2);
    const id = (await stored(a.page)).current;
    const played = actionsOf(await stored(a.page), id);

    const b = await tab(a);
    await b.page.waitForSelector('[data-testid="open-elsewhere"]');
    await b.page.waitForSelector('[data-testid="clock-0"]');
    const clocks = async (page) =>
      page.$$eval('[data-testid="clock-0"], [data-testid="clock-1"]', (els) => els.map((e) => e.textContent.trim()));
    const shown = await clocks(b.page);
    const stats = await b.page.evaluate(() => localStorage.getItem('junqi.stats.v1'));

    // A leaves the game for the new-game screen (A runs no clock there), B stays open and idle
    // for hours: B's clock stands still, nothing is counted.
    await press(a, '[data-testid="new-game"]');
    await a.page.waitForSelector('[data-testid="start-game"]');
    await b.page.clock.fastForward('02:00:00');
    await b.page.clock.runFor(2000);
    assert.equal(await b.page.locator('[data-testid="result"]').count(), 0, 'no time-out in B');
    assert.deepEqual(await clocks(b.page), shown);
    assert.equal(await b.page.evaluate(() => localStorage.getItem('junqi.stats.v1')), stats, 'no loss counted');
    const still = (await stored(b.page)).games.find((g) => g.id === id);
    assert.equal(still.actions, played);
    assert.equal(still.result ?? null, null, 'the game is not over');

    // Taken over, it goes on with the time it had (minutes, not the two hours gone by).
    await press(b, '[data-testid="take-over"]');
    await b.page.waitForSelector('[data-testid="open-elsewhere"]', { state: 'detached' });
    await idle(b.page);
    for (const text of await clocks(b.page)) {
      const [, m, s] = text.match(/(\d+):(\d\d)/);
      assert.ok(Number(m) * 60 + Number(s) > 240, `time left: ${text}`);
    }
    assert.equal(await b.page.locator('[data-testid="result"]').count(), 0);
    await play(b, seeded(10), 1);
    const last = actionsOf(await stored(b.page), id);
    assert.ok(last.startsWith(played) && plies(last) > plies(played));
    assert.deepEqual(b.problems, []);
  } finally {
    await a.close();
  }
});

test('a deleted record comes back with Undo, in this tab and the other', async () => {
  const a = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM });
  try {
    await start(a);
    await play(a, seeded(11), 3);
    const id = (await stored(a.page)).current;
    await records(a);
    const played = actionsOf(await stored(a.page), id);
    assert.ok(plies(played) > 0);

    const b = await tab(a);
    await records(b);
    await b.page.waitForSelector(`[data-record="${id}"]`);

    await press(a, `[data-record="${id}"] [data-testid="delete"]`);
    await a.page.waitForSelector('[data-testid="deleted-note"]');
    await a.page.waitForSelector(`[data-record="${id}"]`, { state: 'detached' });
    assert.equal(actionsOf(await stored(a.page), id), null, 'deleted');
    await b.page.waitForSelector(`[data-record="${id}"]`, { state: 'detached' });

    await press(a, '[data-testid="undo-delete"]');
    await a.page.waitForSelector(`[data-record="${id}"]`);
    assert.equal(actionsOf(await stored(a.page), id), played, 'back with every move');
    await b.page.waitForSelector(`[data-record="${id}"]`);
    // And it still resumes where it was.
    await press(a, `[data-record="${id}"] [data-testid="resume"]`);
    await idle(a.page);
    assert.equal((await moves(a.page)).length, plies(played));
    assert.deepEqual([...a.problems, ...b.problems], []);
  } finally {
    await a.close();
  }
});
