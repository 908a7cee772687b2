// End-to-end: the panels beside and under the board as a newcomer meets them, second round. On a
// phone the setup panel shows its instruction and every tool without scrolling, and an answer
// to a draw offer shows where the player looks; a panel with more below its fold says so. On a
// landscape tablet the 翻暗棋 choice is not cut off. 四国 can be found and learned: the welcome
// names it, its new-game choices show the cross, its setup shows the cross as a map with the
// partner opposite, and Rules gives its own sheet on the new-game
// screen, at setup and at the table; a 360-px phone shows each seat bar whole; a 四国 move that
// would leave the player no move of their own is asked about before it is played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHOTS, open, press, newGame, idle, sameRandom, startGame, serveDist } from './app.mjs';

const server = serveDist();

/** Elements matching `selector` that are not wholly on screen: outside the window, or cut by a
 * box that scrolls or hides what overflows it. */
async function notWhole(page, selector) {
  return page.$$eval(selector, (els) =>
    els
      .filter((e) => e.getClientRects().length)
      .map((e) => {
        const r = e.getBoundingClientRect();
        const name = e.getAttribute('data-testid') ?? e.textContent.trim().slice(0, 16);
        if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
          return `${name} off screen`;
        }
        for (let p = e.parentElement; p; p = p.parentElement) {
          const s = getComputedStyle(p);
          if (s.overflowY === 'visible' && s.overflowX === 'visible') continue;
          const b = p.getBoundingClientRect();
          if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5 || r.right > b.right + 0.5) {
            return `${name} cut by ${p.className}`;
          }
        }
        return null;
      })
      .filter(Boolean),
  );
}

/** What lies at the middle of each of `selector`'s elements, when it is not that element. */
async function covered(page, selector) {
  return page.$$eval(selector, (els) =>
    els
      .filter((e) => e.getClientRects().length)
      .map((e) => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit && (hit === e || e.contains(hit) || hit.contains(e)) ? null : `${e.getAttribute('data-testid')} under ${hit?.className}`;
      })
      .filter(Boolean),
  );
}

for (const profile of ['phone', 'phone360']) test(`${profile}: the setup panel shows its instruction and every tool at once; saved formations open from the formation menu and close`, async () => {
  const app = await open(server.url, profile, { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await newGame(app, { mode: 'open', level: '1', seat: '0' });
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    assert.ok(await page.isVisible('[data-testid="setup-hint"]'), 'the instruction shows');
    const tools = '[data-testid="setup-hint"], [data-testid="open-rules"], [data-testid="preset"], [data-testid="random-setup"], [data-testid="mirror"], [data-testid="start"]';
    assert.deepEqual(await notWhole(page, tools), []);
    assert.deepEqual(await covered(page, tools), []);
    await page.screenshot({ path: join(SHOTS, `setup-tools-${profile}.png`) });
    // A formation that breaks a rule says so (the instruction may then scroll).
    const valid = await page.getAttribute('[data-testid="violations"]', 'data-valid');
    assert.equal(valid, 'true');
    // "My formations" is the formation menu's last entry: it opens the section, in view.
    await page.selectOption('[data-testid="preset"]', 'mine');
    await page.waitForSelector('[data-testid="formation-name"]');
    assert.equal(await page.inputValue('[data-testid="preset"]'), '', 'the menu names no formation');
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid="close-formations"]').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    await press(app, '[data-testid="close-formations"]');
    await page.waitForSelector('[data-testid="saved-formations"]', { state: 'detached' });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('phone: the computer\'s answer to a draw offer shows in view; the play panel says when more lies below its fold', async () => {
  const app = await open(server.url, 'phone', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await startGame(app, { mode: 'open', level: '1', seat: '0' });
    await page.waitForSelector('[data-testid="offer-draw"]:not([disabled])');
    await idle(page);
    await press(app, '[data-testid="offer-draw"]');
    await page.waitForFunction(() => document.querySelector('.notice')?.textContent.trim());
    assert.match(await page.textContent('.notice'), /declines/);
    assert.deepEqual(await notWhole(page, '.notice'), [], 'the answer is in sight');
    await page.screenshot({ path: join(SHOTS, 'draw-answer-phone.png') });
    // The panel scrolls (the trays and the moves are below): its foot says so until the end.
    const panel = '.play-panel';
    const scrolls = await page.$eval(panel, (p) => p.scrollHeight > p.clientHeight + 4);
    assert.ok(scrolls, 'the phone panel holds more than it shows');
    await page.waitForSelector(`${panel}[data-more] [data-testid="more-below"]`, { state: 'visible' });
    await page.$eval(panel, (p) => p.scrollTo(0, p.scrollHeight));
    await page.waitForSelector(`${panel}:not([data-more])`);
    assert.equal(await page.isVisible('[data-testid="more-below"]'), false);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: the 翻暗棋 choice reads whole in the narrow panel', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await press(app, '[data-testid="mode-dark"]');
    const label = '.colour-flip-choice';
    await page.waitForSelector(label);
    const cut = await page.$eval(label, (l) => {
      const box = l.closest('.panel-scroll').getBoundingClientRect();
      return [...l.querySelectorAll('b, span')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.right > box.right + 0.5 || e.scrollWidth > e.clientWidth + 1;
      }).length;
    });
    assert.equal(cut, 0, 'part of the 翻暗棋 text runs past the panel');
    await page.$eval(label, (l) => l.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SHOTS, 'colour-flip-choice-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

/** The open rules sheet: which board it is for and its section headings. */
async function rulesSheet(app) {
  const { page } = app;
  await press(app, '[data-testid="open-rules"]');
  await page.waitForSelector('[data-testid="rules"]');
  const sheet = await page.evaluate(() => {
    const d = document.querySelector('[data-testid="rules"]');
    return {
      board: d.getAttribute('data-board'),
      name: document.getElementById(d.getAttribute('aria-labelledby'))?.textContent,
      sections: [...d.querySelectorAll('h3')].map((h) => h.textContent),
      text: d.textContent,
    };
  });
  return sheet;
}

async function closeRules(app) {
  await press(app, '[data-testid="close-rules"]');
  await app.page.waitForSelector('[data-testid="rules"]', { state: 'detached' });
}

test('tablet, English: the welcome names 四国 and opens its choices beside the cross; its setup maps the cross; Rules gives the 4-player sheet there, at setup and at the table, and the 2-player sheet otherwise', async () => {
  const app = await open(server.url, 'tablet', {
    reducedMotion: 'reduce',
    init: sameRandom(11),
    ready: '[data-testid="welcome-four"]',
  });
  const { page } = app;
  try {
    assert.match(await page.textContent('[data-testid="welcome-four"]'), /四国.*four players/);
    await press(app, '[data-testid="welcome-four"]');
    await page.waitForSelector('[data-testid="siguo-options"]');
    assert.equal(await page.getAttribute('[data-testid="mode-siguo"]', 'aria-pressed'), 'true');
    // Beside the choices, the cross with its four seats.
    assert.equal(await page.getAttribute('.newgame .board-area', 'data-board'), 'cross');
    assert.equal(await page.locator('.newgame [data-testid="siguo-board"]').count(), 1);
    await page.screenshot({ path: join(SHOTS, 'siguo-newgame-cross-tablet.png') });

    let sheet = await rulesSheet(app);
    assert.equal(sheet.board, 'cross');
    assert.match(sheet.name, /四国 rules/);
    assert.deepEqual(sheet.sections, [
      'Seats and teams',
      'The pieces, highest first (higher takes lower)',
      'When pieces meet',
      'The cross board',
      'Moving',
      'Setting up',
      'Out, and winning',
      'Who sees what',
    ]);
    assert.match(sheet.text, /partner/);
    assert.match(sheet.text, /counter-clockwise/);
    assert.doesNotMatch(sheet.text, /Red moves first/);
    await page.screenshot({ path: join(SHOTS, 'siguo-rules-tablet.png') });
    await closeRules(app);

    // The 2-player modes keep the 2-player sheet.
    await press(app, '[data-testid="mode-open"]');
    assert.equal(await page.getAttribute('.newgame .board-area', 'data-board'), 'facing');
    sheet = await rulesSheet(app);
    assert.equal(sheet.board, 'facing');
    assert.match(sheet.text, /Red moves first/);
    await closeRules(app);

    // Setup of a 四国 game, and its table.
    await press(app, '[data-testid="mode-siguo"]');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    // The far half of the setup board is the cross as a map: the partner opposite, the
    // enemies either side, the seat arranging below.
    const map = await page.$$eval('[data-testid="cross-map"] .map-cell', (cells) =>
      cells.map((c) => [c.getAttribute('data-seat'), c.textContent.trim()]),
    );
    assert.deepEqual(map, [
      ['2', 'Northpartner'],
      ['3', 'Westenemy'],
      [null, 'centre'],
      ['1', 'Eastenemy'],
      ['0', 'Southyou'],
    ]);
    assert.match(await page.textContent('[data-testid="cross-map"]'), /North, opposite, is your partner/);
    await page.screenshot({ path: join(SHOTS, 'siguo-setup-map-tablet.png') });
    assert.equal((await rulesSheet(app)).board, 'cross');
    await closeRules(app);
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="siguo-screen"][data-act]');
    sheet = await rulesSheet(app);
    assert.equal(sheet.board, 'cross');
    await closeRules(app);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('phone 360 px: every 四国 seat bar shows its seat and who plays it whole', async () => {
  const app = await open(server.url, 'phone360', { reducedMotion: 'reduce', init: sameRandom(12) });
  const { page } = app;
  try {
    await press(app, '[data-testid="mode-siguo"]');
    await page.waitForSelector('[data-testid="siguo-options"]');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="siguo-screen"][data-act]');
    const cut = await page.$$eval('.seat-row', (rows) =>
      rows
        .flatMap((row) => [...row.querySelectorAll('.seat-name, .seat-state')].map((e) => [row, e]))
        .filter(([row, e]) => {
          const r = e.getBoundingClientRect();
          const b = row.getBoundingClientRect();
          return r.right > b.right + 0.5 || r.left < b.left - 0.5 || e.scrollWidth > e.clientWidth + 1 || r.right > innerWidth;
        })
        .map(([, e]) => e.textContent),
    );
    assert.deepEqual(cut, []);
    await page.screenshot({ path: join(SHOTS, 'siguo-seats-phone360.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: a 四国 move that would leave the player no move is asked about first, and can be taken back or played', async () => {
  // A game (random play, tests/e2e/fixtures/siguo-strand.json) where South's only piece that
  // moves, an engineer on Ed4, could step into East's headquarters Ed5 and never move again.
  const record = JSON.parse(await readFile(new URL('./fixtures/siguo-strand.json', import.meta.url), 'utf8'));
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(13) });
  const { page } = app;
  try {
    await press(app, '[data-testid="mode-siguo"]');
    await press(app, '[data-testid="siguo-info-dark"]');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="siguo-screen"][data-act]');
    // This tab's game becomes the recorded one; a reload resumes it.
    await page.evaluate((rec) => {
      const id = sessionStorage.getItem('junqi.siguo.tab');
      const key = `junqi.siguo.game.${id}`;
      const save = JSON.parse(localStorage.getItem(key));
      save.record = rec;
      localStorage.setItem(key, JSON.stringify(save));
    }, record);
    await page.reload();
    await page.waitForSelector('[data-testid="siguo-screen"][data-act]');
    const moves = () => page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
    const before = await moves();
    assert.equal(before, record.events.length);

    await press(app, '[data-at="Ed4"]');
    await page.waitForSelector('[data-dest][data-point="Ed5"]');
    await press(app, '[data-point="Ed5"]');
    const ask = page.locator('[data-testid="siguo-strand"]');
    await ask.waitFor();
    assert.match(await ask.textContent(), /none of your pieces could move/);
    assert.equal(await moves(), before, 'nothing is played before the answer');
    await page.screenshot({ path: join(SHOTS, 'siguo-strand-tablet.png') });
    // Taken back: the piece stays picked up, and another move is played without a word.
    await press(app, '[data-testid="siguo-strand-back"]');
    await ask.waitFor({ state: 'detached' });
    assert.equal(await moves(), before);
    await page.waitForSelector('[data-dest][data-point="Ed5"]');
    // Asked again, and played.
    await press(app, '[data-point="Ed5"]');
    await ask.waitFor();
    await press(app, '[data-testid="siguo-strand-play"]');
    await ask.waitFor({ state: 'detached' });
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > n, before);
    const texts = await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.map((e) => e.textContent));
    assert.ok(texts.some((t) => /Your Engineer Ed4-Ed5/.test(t)), 'South (the player) played its engineer Ed4-Ed5');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
