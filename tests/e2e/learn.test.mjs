// End-to-end: the course for children on a touch tablet. Every level of the course is completed
// by taps alone (the solving taps come from crates/junqi-learn/data/course.json), the stars are
// saved per child and shown in the menu after a reload; a mistake is shown and the level starts
// again; the grown-up gate opens only for the answer to the sum it asks (read from the page) and
// keeps its settings across a reload; each goal has the picture of its rule; in a
// real 明棋 game the hint button shows an arrow and runs out, and the attack preview's badges
// agree with the rules core's table (tests/e2e/fixtures/clash-table.json, checked natively).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, ROOT, SHOTS, open, press, idle, playOne, seeded, openGrownUp, sameRandom, makeProfile, tapStep, startGame } from './app.mjs';

let server;
let course;
let clashTable;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `trunk build --release` first');
  await mkdir(SHOTS, { recursive: true });
  course = JSON.parse(await readFile(join(ROOT, 'crates/junqi-learn/data/course.json'), 'utf8'));
  clashTable = JSON.parse(await readFile(join(ROOT, 'tests/e2e/fixtures/clash-table.json'), 'utf8'));
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

/** Waits until the lesson `id` is on screen and ready for taps (a strategy level's demo,
 * which plays by itself first, skipped; the demo has its own test). */
async function lessonReady(app, id) {
  const { page } = app;
  await page.waitForSelector(`.lesson[data-lesson="${id}"][data-moves="0"]:not([data-flash])`, { timeout: 15000 });
  if (await page.locator('.lesson[data-demo]').count()) {
    await press(app, '[data-testid="demo-skip"]');
    await page.waitForSelector('.lesson:not([data-demo])', { timeout: 5000 });
  }
}

/** Presses and holds an element with a real touch for `ms`. */
async function hold(app, selector, ms) {
  const box = await app.page.locator(selector).boundingBox();
  const cdp = await app.ctx.newCDPSession(app.page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await app.page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('every level of the course by taps on a tablet; stars saved per child and shown after a reload', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  try {
    await makeProfile(app, 'Mia');
    const lessons = course.lessons;
    assert.ok(lessons.length >= 20);
    await press(app, `[data-level="${lessons[0].id}"]`);
    for (const [n, lesson] of lessons.entries()) {
      await lessonReady(app, lesson.id);
      // The goal is shown with the picture of its rule (never a red cross, which means "wrong"):
      // a take, a trade where both pieces go, a walk to the star or onto the flag, a formation.
      await page.waitForSelector(`[data-testid="goal"] .goal-pictures[data-goal="${Object.keys(lesson.goal)[0]}"]`);
      const picture = await page.getAttribute('[data-testid="goal"] [data-picture]', 'data-picture');
      const expected = lesson.formation
        ? 'valid'
        : lesson.goal.remove
          ? lesson.allow_loss
            ? 'trade'
            : 'take'
          : lesson.goal.reach
            ? 'reach'
            : lesson.goal.tap
              ? 'tap'
              : 'flag';
      assert.equal(picture, expected, `${lesson.id}: the goal's picture`);
      assert.doesNotMatch(await page.textContent('[data-testid="goal"]'), /[✕✖×❌]/, `${lesson.id}: no cross in the goal`);
      for (const [i, step] of lesson.solution.entries()) {
        if (n === 0 && i === 0) {
          await press(app, '[data-testid="lesson-hint"]');
          const arrow = page.locator('[data-testid="lesson-hint-arrow"]');
          await arrow.waitFor();
          assert.equal(`${await arrow.getAttribute('data-from')}-${await arrow.getAttribute('data-to')}`, lesson.hint);
        }
        if (lesson.id === 'arrange-1') {
          // The formation's faults are ringed before the swap that mends them.
          assert.ok(await page.locator('[data-bad]').count(), 'a fault is marked');
          await press(app, `.pieces [data-at="${step.split('-')[0]}"]`);
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(SHOTS, 'learn-arrange-tablet.png') });
          await press(app, `.pieces [data-at="${step.split('-')[0]}"]`);
        }
        if (i === 0 && ['points-3', 'defend-2', 'attack-1'].includes(lesson.id)) {
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(SHOTS, `learn-${lesson.id}-tablet.png`) });
        }
        await tapStep(app, step);
        if (i + 1 < lesson.solution.length) {
          await page.waitForSelector(`.lesson[data-moves="${i + 1}"]:not([data-flash])`, { timeout: 5000 });
        }
      }
      // Read at once: the next level starts by itself after a short pause.
      const success = await page.waitForSelector('[data-testid="lesson-success"]', { timeout: 5000 });
      assert.equal(await success.getAttribute('data-stars'), '3', `${lesson.id}: three stars`);
      if (n === 0) {
        await page.waitForTimeout(700); // the stars pop in
        await page.screenshot({ path: join(SHOTS, 'learn-success-tablet.png') });
      }

    }
    // After the last level the menu comes back by itself, every level with three stars.
    await page.waitForSelector('[data-testid="course-menu"]', { timeout: 10000 });
    const stars = async () =>
      page.$$eval('[data-level]', (els) => els.map((e) => [e.getAttribute('data-level'), e.getAttribute('data-stars')]));
    const before = await stars();
    assert.equal(before.length, lessons.length);
    assert.deepEqual(before.filter(([, s]) => s !== '3'), []);
    await page.screenshot({ path: join(SHOTS, 'learn-menu-tablet.png') });
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('junqi.learn.profiles.v1')));
    assert.equal(saved.v, 1);
    assert.equal(saved.list[0].name, 'Mia');
    assert.equal(Object.keys(saved.list[0].stars).length, lessons.length);
    await page.reload();
    await page.waitForSelector('[data-testid="learn"]');
    await press(app, '[data-testid="learn"]');
    await page.waitForSelector('[data-testid="course-menu"]');
    assert.deepEqual(await stars(), before);
    // Stars are per child: a second child starts with none, the first keeps hers.
    await press(app, '[data-testid="switch-profile"]');
    await page.waitForSelector('[data-testid="profiles"]');
    await press(app, '[data-testid="add-profile"]');
    await press(app, '[data-testid="avatar-5"]');
    await page.fill('[data-testid="profile-name"]', 'Leo');
    await press(app, '[data-testid="create-profile"]');
    await page.waitForSelector('[data-testid="course-menu"]');
    assert.deepEqual((await stars()).filter(([, s]) => s !== '0'), []);
    await press(app, '[data-testid="switch-profile"]');
    await press(app, '[data-profile="0"]');
    await page.waitForSelector('[data-testid="course-menu"]');
    assert.deepEqual(await stars(), before);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('a strategy level shows its idea on the board first, mirrored; the enemy\'s named point; a hidden level names no enemy piece', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  const at = (p) => `.pieces [data-at="${p}"]`;
  try {
    await makeProfile(app, 'Mia');
    // attack-2: a2:E e2:D e11:l, the engineer runs a2-e11. The demo is the same idea mirrored:
    // the mine on a11, the engineer from e2, playing by itself before the child's turn.
    await press(app, '[data-level="attack-2"]');
    await page.waitForSelector('.lesson[data-lesson="attack-2"][data-demo="moves"]');
    await page.waitForSelector('[data-testid="lesson-demo"]');
    assert.equal(await page.getAttribute(at('a11'), 'data-role'), 'L', 'the demo board is mirrored');
    assert.equal(await page.locator(at('e11')).count(), 0);
    assert.equal(await page.locator('[data-testid="lesson-hint-arrow"]').count(), 0);
    await page.screenshot({ path: join(SHOTS, 'learn-demo-tablet.png') });
    await page.waitForSelector(`${at('a11')}[data-role="E"]`, { timeout: 5000 });
    // It ends by itself: the level's own board, no move counted.
    await page.waitForSelector('.lesson[data-lesson="attack-2"]:not([data-demo])', { timeout: 6000 });
    assert.equal(await page.getAttribute(at('e11'), 'data-role'), 'L');
    assert.equal(await page.getAttribute('.lesson', 'data-moves'), '0');
    // "Show me again" plays it again; a tap on the board ends it and is no move.
    await press(app, '[data-testid="lesson-speak"]');
    await page.waitForSelector('.lesson[data-demo="moves"]');
    await press(app, '[data-point="c6"]');
    await page.waitForSelector('.lesson:not([data-demo])');
    assert.equal(await page.getAttribute('.lesson', 'data-moves'), '0');
    await tapStep(app, 'a2-e11');
    await page.waitForSelector('[data-testid="lesson-success"][data-stars="3"]');

    // A point's name: the enemy's 旗台 is ringed first, then the child taps their own.
    await press(app, '[data-testid="lesson-menu"]');
    await press(app, '[data-level="points-9"]');
    await page.waitForSelector('.lesson[data-lesson="points-9"][data-demo="points"]');
    assert.deepEqual(await page.$$eval('[data-demo-point]', (els) => els.map((e) => e.getAttribute('data-demo-point'))), ['d11']);
    await page.screenshot({ path: join(SHOTS, 'learn-demo-points-tablet.png') });
    await page.waitForSelector('.lesson[data-lesson="points-9"]:not([data-demo])', { timeout: 6000 });
    await press(app, '[data-point="b2"]');
    await page.waitForSelector('[data-testid="lesson-success"][data-stars="3"]');

    // 暗棋: the enemy stands face down; the piece that wins a blow is not named; when the
    // 司令 falls its flag is shown, and only that.
    await press(app, '[data-testid="lesson-menu"]');
    await press(app, '[data-level="hidden-4"]');
    await lessonReady(app, 'hidden-4');
    const named = () => page.$$eval('.pieces [data-color="b"][data-role]', (els) => els.map((e) => e.getAttribute('data-at')));
    assert.deepEqual(await named(), []);
    assert.equal(await page.locator('.pieces [data-color="b"]').count(), 4);
    await tapStep(app, 'b10-b11');
    await page.locator('[data-testid="mistake"]').waitFor({ timeout: 5000 });
    assert.equal(await page.locator('[data-testid="mistake"] .winner[data-by]').count(), 0, 'the winner stays hidden');
    assert.match(await page.textContent('[data-testid="lesson-said"]'), /hidden piece/);
    await lessonReady(app, 'hidden-4');
    await tapStep(app, 'a11-b11');
    await page.waitForSelector('.lesson[data-moves="1"]:not([data-flash])');
    assert.deepEqual(await named(), ['b12'], 'the fallen 司令\'s flag, and only it');
    assert.equal(await page.getAttribute(at('b12'), 'data-role'), 'F');
    await page.screenshot({ path: join(SHOTS, 'learn-hidden-tablet.png') });
    await tapStep(app, 'b10-b11');
    await page.waitForSelector('.lesson[data-moves="2"]:not([data-flash])');
    await tapStep(app, 'b11-b12');
    await page.waitForSelector('[data-testid="lesson-success"]');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('phone and portrait tablet, in Chinese: the demo\'s banner fits the band between the halves, and a hidden level reads', async () => {
  for (const device of ['phone', 'tabletPortrait']) {
    const app = await open(server.url, device, { locale: 'zh-CN' });
    const { page } = app;
    try {
      await makeProfile(app, '小美');
      await press(app, '[data-level="hidden-2"]');
      await page.waitForSelector('.lesson[data-lesson="hidden-2"][data-demo="moves"]');
      await page.waitForTimeout(500);
      const view = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
      const banner = await page.locator('[data-testid="lesson-demo"]').boundingBox();
      const skip = await page.locator('[data-testid="demo-skip"]').boundingBox();
      assert.ok(banner.x >= 0 && banner.x + banner.width <= view.w, `${device}: the banner within the width`);
      assert.ok(skip.height >= 44 && skip.width >= 44, `${device}: the skip button is big enough`);
      // Between rows 6 and 7: it covers no point.
      const row = async (p) => (await page.locator(`[data-point="${p}"]`).boundingBox());
      const [six, seven] = [await row('c6'), await row('c7')];
      assert.ok(banner.y >= seven.y + seven.height / 2 - 2 && banner.y + banner.height <= six.y + six.height / 2 + 2,
        `${device}: the banner (${banner.y}+${banner.height}) lies between c7 and c6`);
      await page.screenshot({ path: join(SHOTS, `learn-demo-${device}.png`) });
      await page.waitForSelector('.lesson[data-lesson="hidden-2"]:not([data-demo])', { timeout: 6000 });
      assert.equal(await page.locator('.pieces [data-color="b"][data-role]').count(), 0);
      assert.ok(await page.locator('.target-star[data-star="a9"]').count(), 'the star marks the hidden piece');
      await page.screenshot({ path: join(SHOTS, `learn-hidden-${device}.png`) });
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  }
});

test('a wrong move is shown and heard, then the level starts again; the right one is cheered with stars by moves used', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  try {
    // Count the sounds made through Web Audio.
    await app.ctx.addInitScript(() => {
      window.__sounds = 0;
      for (const name of ['createOscillator', 'createBufferSource']) {
        const original = AudioContext.prototype[name];
        AudioContext.prototype[name] = function (...args) {
          window.__sounds++;
          return original.apply(this, args);
        };
      }
    });
    await page.reload();
    await page.waitForSelector('[data-testid="learn"]');
    const sounds = () => page.evaluate(() => window.__sounds);
    await makeProfile(app, 'Bo', 4);
    const lesson = course.lessons.find((l) => (l.wrong ?? []).length && !l.formation);
    assert.ok(lesson, 'the course lists a mistake');
    await press(app, `[data-level="${lesson.id}"]`);
    await lessonReady(app, lesson.id);
    // Large labels on for this child, with a tap.
    await press(app, '[data-testid="lesson-large"]');
    await page.waitForSelector('.app[data-large]');
    await page.screenshot({ path: join(SHOTS, 'learn-lesson-tablet.png') });
    // The goal can be heard again (silent here: headless Chromium has no voice, and no error).
    await press(app, '[data-testid="lesson-speak"]');
    const before = await sounds();
    await tapStep(app, lesson.wrong[0]);
    const mistake = page.locator('[data-testid="mistake"]');
    await mistake.waitFor({ timeout: 5000 });
    await page.waitForSelector('.lesson[data-flash="mistake"]');
    await page.waitForTimeout(600); // the burst grows
    await page.screenshot({ path: join(SHOTS, 'learn-mistake-tablet.png') });
    const afterMistake = await sounds();
    assert.ok(afterMistake > before, 'the mistake is heard');
    // It starts again by itself, with no move counted and nothing saved.
    await lessonReady(app, lesson.id);
    assert.equal(await page.locator('[data-testid="mistake"]').count(), 0);
    // Back to the menu before finishing: no stars yet.
    await press(app, '[data-testid="lesson-menu"]');
    await page.waitForSelector('[data-testid="course-menu"]');
    assert.equal(await page.getAttribute(`[data-level="${lesson.id}"]`, 'data-stars'), '0');
    // Now the right way, one move over par: two stars, with a fanfare.
    await press(app, `[data-level="${lesson.id}"]`);
    await lessonReady(app, lesson.id);
    const [from, to] = lesson.solution[0].split('-');
    const others = await page.$$eval('.pieces [data-movable]', (els, from) =>
      els.map((e) => e.getAttribute('data-at')).filter((a) => a !== from), from);
    let extra = 0;
    if (others.length) {
      // First a quiet move of another piece: one move over par.
      await press(app, `.pieces [data-at="${others[0]}"]`);
      const dests = await page.$$eval('[data-dest]', (els) => els.map((e) => e.getAttribute('data-point')));
      const occupied = await page.$$eval('.pieces [data-at]', (els) => els.map((e) => e.getAttribute('data-at')));
      const quiet = dests.find((d) => d !== to && !occupied.includes(d));
      if (quiet) {
        await press(app, `[data-point="${quiet}"]`);
        await page.waitForSelector('.lesson[data-moves="1"]');
        extra = 1;
      }
    }
    const beforeWin = await sounds();
    await tapStep(app, `${from}-${to}`);
    const success = await page.waitForSelector('[data-testid="lesson-success"]');
    const got = Number(await success.getAttribute('data-stars'));
    assert.equal(got, lesson.par + extra <= lesson.par ? 3 : 2, 'stars by moves used');
    assert.ok(extra === 1, 'a quiet move was found');
    assert.ok((await sounds()) > beforeWin, 'the success is heard');
    await press(app, '[data-testid="lesson-menu"]');
    await page.waitForSelector('[data-testid="course-menu"]');
    assert.equal(await page.getAttribute(`[data-level="${lesson.id}"]`, 'data-stars'), String(got));

    // A mistake redone: the clean win right after it is worth two stars, not three.
    await press(app, `[data-level="${lesson.id}"]`);
    await lessonReady(app, lesson.id);
    await tapStep(app, lesson.wrong[0]);
    await page.locator('[data-testid="mistake"]').waitFor({ timeout: 5000 });
    await lessonReady(app, lesson.id);
    await page.waitForSelector('.lesson:not([data-flash])');
    for (const [i, step] of lesson.solution.entries()) {
      await tapStep(app, step);
      if (i + 1 < lesson.solution.length) {
        await page.waitForSelector(`.lesson[data-moves="${i + 1}"]:not([data-flash])`, { timeout: 5000 });
      }
    }
    const redone = await page.waitForSelector('[data-testid="lesson-success"]', { timeout: 5000 });
    assert.equal(lesson.solution.length, lesson.par, 'the solution is played at par');
    assert.equal(await redone.getAttribute('data-stars'), '2', 'a win after a mistake: two stars');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('corrupt saved profiles: a fresh start, the old text kept aside', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  try {
    await page.evaluate(() => localStorage.setItem('junqi.learn.profiles.v1', '{broken'));
    await page.reload();
    await page.waitForSelector('[data-testid="learn"]');
    await press(app, '[data-testid="learn"]');
    await page.waitForSelector('[data-testid="profiles"]');
    // A copy is kept under a backup key of its own, and the player is told.
    const kept = await page.evaluate(() => localStorage.getItem('junqi.backup.junqi.learn.profiles.v1.1'));
    assert.equal(kept, '{broken');
    assert.match(await page.textContent('[data-testid="message"]'), /saved players could not be read/);
    await press(app, '[data-testid="message-close"]');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('the grown-up gate asks a sum for the grown-up: a tap, a hold or a wrong answer does not open it; the answer does, and its settings stay', async () => {
  const app = await open(server.url, 'tablet', { init: sameRandom(41) });
  const { page } = app;
  const panel = () => page.locator('[data-testid="grown-up-panel"]').count();
  const gate = () => page.locator('[data-testid="grown-up-gate"]').count();
  try {
    // A tap asks the question, written for the grown-up; nothing opens by itself.
    await press(app, '[data-testid="grown-up"]');
    await page.waitForSelector('[data-testid="grown-up-gate"]');
    assert.match(await page.textContent('[data-testid="grown-up-gate"]'), /grown-up types the answer/);
    const first = await page.textContent('[data-testid="gate-question"]');
    assert.match(first, /^\d\d \+ \d\d = \?$/);
    await page.waitForTimeout(2600);
    assert.equal(await panel(), 0);
    await page.screenshot({ path: join(SHOTS, 'grown-up-gate-tablet.png') });
    // A child tapping OK, or typing a wrong number, closes the question.
    await press(app, '[data-testid="gate-ok"]');
    assert.equal(await gate(), 0, 'no answer closes the gate');
    assert.equal(await panel(), 0);
    await press(app, '[data-testid="grown-up"]');
    const [, a, b] = (await page.textContent('[data-testid="gate-question"]')).match(/(\d+) \+ (\d+)/);
    await page.fill('[data-testid="gate-answer"]', String(Number(a) + Number(b) + 1));
    await press(app, '[data-testid="gate-ok"]');
    assert.equal(await gate(), 0, 'a wrong answer closes the gate');
    assert.equal(await panel(), 0);
    // Holding the lock (the old way) only asks the question.
    await hold(app, '[data-testid="grown-up"]', 2400);
    await page.waitForTimeout(300);
    assert.equal(await panel(), 0, 'a hold does not open it');
    if (await gate()) await press(app, '[data-testid="gate-close"]');
    // The numbers come from a seed: the same page randomness asks the same first question.
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    await press(app, '[data-testid="grown-up"]');
    assert.equal(await page.textContent('[data-testid="gate-question"]'), first, 'same seed, same question');
    await press(app, '[data-testid="gate-close"]');
    // The grown-up answers.
    await openGrownUp(app);
    await press(app, '[data-testid="undo-once"]');
    await page.selectOption('[data-testid="hints-per-game"]', '2');
    await page.selectOption('[data-testid="grown-up-level"]', '1');
    await press(app, '[data-testid="offer-flip"]');
    await page.screenshot({ path: join(SHOTS, 'grown-up-tablet.png') });
    await press(app, '[data-testid="grown-up-close"]');
    assert.equal(await page.locator('[data-testid="mode-flip"]').count(), 0, '翻棋 is no longer offered');
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    assert.equal(await page.locator('[data-testid="mode-flip"]').count(), 0);
    await openGrownUp(app);
    assert.equal(await page.getAttribute('[data-testid="undo-once"]', 'aria-pressed'), 'true');
    assert.equal(await page.inputValue('[data-testid="hints-per-game"]'), '2');
    assert.equal(await page.inputValue('[data-testid="grown-up-level"]'), '1');
    assert.equal(await page.isChecked('[data-testid="offer-flip"]'), false);
    assert.equal(await page.isChecked('[data-testid="offer-open"]'), true);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('明棋 against the computer: the hint arrow runs out, the attack preview agrees with the rules core, undo once per game', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  try {
    // The first version's text under its key, and nothing yet under the new one (an update):
    // migrated, and the old key left to the old version.
    const old = 'undo=once;hints=2;modes=111;voice=0;preview=1';
    await page.evaluate((text) => {
      localStorage.removeItem('junqi.grownup.v2');
      localStorage.setItem('junqi.grownup.v1', text);
    }, old);
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    assert.equal(await page.evaluate(() => localStorage.getItem('junqi.grownup.v1')), old);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('junqi.grownup.v2') ?? '{}').hints === 2);
    await startGame(app, { mode: 'open', level: '1' });
    await idle(page);
    const hint = page.locator('[data-testid="hint"]');
    assert.equal(await hint.getAttribute('data-left'), '2');
    await press(app, '[data-testid="hint"]');
    const arrow = page.locator('[data-testid="hint-arrow"]');
    await arrow.waitFor({ timeout: 15000 });
    const from = await arrow.getAttribute('data-from');
    assert.equal(await page.getAttribute(`.pieces [data-at="${from}"]`, 'data-color'), 'r');
    assert.ok(await page.locator(`.pieces [data-at="${from}"][data-movable]`).count());
    await page.screenshot({ path: join(SHOTS, 'hint-arrow-tablet.png') });
    assert.equal(await hint.getAttribute('data-left'), '1');
    await press(app, '[data-testid="hint"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="hint"]')?.getAttribute('data-left') === '0');
    assert.ok(await hint.isDisabled(), 'no hint left in this game');

    // Attack preview: every badge shown over several positions matches the rules core's table.
    const rng = seeded(7);
    const seen = new Set();
    let checked = 0;
    for (let turn = 0; turn < 8; turn++) {
      await idle(page);
      if (await page.locator('[data-testid="result"]').count()) break;
      const movable = await page.$$eval('.pieces [data-movable]', (els) => els.map((e) => e.getAttribute('data-at')));
      for (const at of movable) {
        await press(app, `.pieces [data-at="${at}"]`);
        const got = await page.evaluate((at) => {
          const piece = (p) => document.querySelector(`.pieces [data-at="${p}"]`);
          return {
            attacker: piece(at)?.getAttribute('data-role'),
            badges: [...document.querySelectorAll('[data-preview]')].map((e) => {
              const p = e.getAttribute('data-preview-at');
              return [p, e.getAttribute('data-preview'), piece(p)?.getAttribute('data-role')];
            }),
            enemyDests: [...document.querySelectorAll('[data-dest]')]
              .map((e) => e.getAttribute('data-point'))
              .filter((p) => piece(p)?.getAttribute('data-color') === 'b'),
          };
        }, at);
        assert.deepEqual(got.badges.map(([p]) => p).sort(), [...got.enemyDests].sort(), `badges of ${at}`);
        for (const [p, outcome, defender] of got.badges) {
          assert.equal(outcome, clashTable[got.attacker][defender], `${got.attacker} on ${at} against ${defender} on ${p}`);
          seen.add(`${got.attacker}${defender}`);
          checked += 1;
          if (checked === 1) await page.screenshot({ path: join(SHOTS, 'attack-preview-tablet.png') });
        }
        await press(app, `.pieces [data-at="${at}"]`); // put it down again
      }
      await playOne(app, rng);
    }
    assert.ok(checked > 0, 'some attack was previewed');

    // Undo once per game: after one undo the button stays disabled.
    await idle(page);
    if (!(await page.locator('[data-testid="result"]').count())) {
      const undo = page.locator('[data-testid="undo"]');
      assert.equal(await undo.isDisabled(), false);
      await press(app, '[data-testid="undo"]');
      await idle(page);
      await playOne(app, rng);
      await idle(page);
      assert.equal(await undo.isDisabled(), true, 'only one undo in this game');
    }
    console.log(`attack preview: ${checked} badges checked, ${seen.size} distinct pairs`);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
