// End-to-end: the game as a newcomer meets it. Whose turn is shown at the board itself on every
// profile; a caption says what each action did; the move list names the mover ("?" for a piece
// the viewer cannot see) and is never cut, with one scroll on phones; removed pieces are grouped
// by rank with counts and a table tells what each side has left; the greyed-out resign button
// says why; the result has a summary and an instant rematch; a game left for the new-game screen
// can be continued; a replay opened from the records closes back to them; sharing confirms with
// a toast; the pass-and-play hand-over card repeats the last move without naming hidden pieces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, press, newGame, idle, isOver, playOne, seeded, smallTargets, startGame, serveDist, sameRandom } from './app.mjs';

const server = serveDist();

const ROLE_WORDS = /Marshal|General|Brigadier|Colonel|Major|Captain|Lieutenant|Engineer|Bomb|Landmine/;

/** The turn badge is drawn over the board and inside the viewport. */
async function turnAtBoard(page) {
  return page.evaluate(() => {
    const b = document.querySelector('[data-testid="turn-badge"]');
    const board = document.querySelector('svg.board');
    if (!b || !board) return { shown: false };
    const r = b.getBoundingClientRect();
    const br = board.getBoundingClientRect();
    return {
      shown: true,
      text: b.textContent.trim(),
      turn: b.getAttribute('data-turn'),
      inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
      onBoard: r.bottom > br.top && r.top < br.top + 40 && r.left >= br.left - 1 && r.right <= br.right + 1,
    };
  });
}

/** Rows of the move list whose text is cut (wider than their box). */
async function cutRows(page) {
  return page.$$eval('[data-testid="move-list"] > [data-ply] .mv', (els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
}

test('phone: 暗棋 against the computer reads well — turn at the board, captions, named moves, grouped trays, summary, rematch', async () => {
  const app = await open(server.url, 'phone', { reducedMotion: 'reduce', init: sameRandom(5) });
  const { page } = app;
  try {
    await startGame(app, { mode: 'dark', level: '1', seat: '0' });
    await idle(page);
    // Before the 20th ply resigning is not allowed, and the page says so in words.
    assert.ok(await page.locator('[data-testid="resign"]').isDisabled());
    assert.match(await page.textContent('[data-testid="resign-rule"]'), /20/);
    const rng = seeded(21);
    let contact = false;
    for (let i = 0; i < 40; i++) {
      await idle(page);
      if (await isOver(page)) break;
      const turn = await turnAtBoard(page);
      assert.ok(turn.shown && turn.inView && turn.onBoard, `the turn at the board: ${JSON.stringify(turn)}`);
      assert.equal(turn.turn, 'red', 'the player moves now');
      assert.match(turn.text, /Your move/);
      await playOne(app, rng);
      await idle(page);
      const caption = (await page.textContent('[data-testid="caption"]')).trim();
      assert.ok(caption.length > 0, 'a caption after every action');
      const rows = await page.$$eval('[data-testid="move-list"] > [data-ply]', (els) =>
        els.map((e) => ({ ply: Number(e.getAttribute('data-ply')), text: e.querySelector('.mv').textContent.trim() })),
      );
      for (const r of rows) {
        if (r.ply % 2 === 0) assert.match(r.text, /^\? /, `the computer's piece is not named: ${r.text}`);
        else assert.match(r.text, /^[A-Z][a-z]/, `the player's own piece is named: ${r.text}`);
      }
      // The caption of the computer's move never names its piece either.
      if (rows.length % 2 === 0) assert.match(caption, /^A hidden Black piece /);
      assert.deepEqual(await cutRows(page), [], 'no move row is cut');
      if (rows.some((r) => r.text.includes('×'))) contact = true;
      if (contact && rows.length >= 22) break;
    }
    if (!(await isOver(page))) {
      // One scroll on the phone: the move list has no scroll box of its own.
      const list = await page.$eval('[data-testid="move-list"]', (e) => [e.scrollHeight, e.clientHeight]);
      assert.ok(list[0] <= list[1] + 1, `the move list scrolls by itself: ${list}`);
      await page.screenshot({ path: join(SHOTS, 'newcomer-play-phone.png') });
      await page.locator('[data-testid="move-list"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'newcomer-panel-phone.png') });
    }
    // Removed pieces: grouped by rank with a readable count; what each side has left.
    const groups = await page.$$eval('[data-tray-color]', (els) =>
      els.map((e) => ({
        color: e.getAttribute('data-tray-color'),
        role: e.getAttribute('data-tray-role'),
        count: Number(e.getAttribute('data-count')),
        size: parseFloat(getComputedStyle(e.querySelector('.tray-count')).fontSize),
        text: e.querySelector('.tray-count').textContent,
      })),
    );
    for (const g of groups) {
      assert.ok(g.size >= 12, `tray label ${g.size}px`);
      assert.match(g.text, new RegExp(`×${g.count}$`));
      if (g.color === 'b') assert.equal(g.role, null, 'the enemy pieces taken stay unnamed');
    }
    const seen = new Set(groups.map((g) => `${g.color}${g.role}`));
    assert.equal(seen.size, groups.length, 'one group per rank');
    await press(app, '[data-testid="pieces-left"] summary');
    assert.equal(await page.locator('[data-testid="pieces-left"] tbody tr[data-left-role]').count(), 12);
    assert.equal(await page.textContent('[data-testid="pieces-left"] tr[data-left-role="F"] [data-left-color="b"]'), '1');
    await page.screenshot({ path: join(SHOTS, 'newcomer-trays-phone.png') });

    if (!(await isOver(page))) {
      assert.equal(await page.locator('[data-testid="resign-rule"]').count(), 0, 'allowed now: nothing to explain');
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
    }
    await page.waitForSelector('[data-testid="result-summary"]');
    const plies = await page.locator('[data-testid="move-list"] > [data-ply]').count();
    assert.equal(await page.getAttribute('[data-testid="summary-plies"]', 'data-plies'), String(plies));
    assert.match(await page.getAttribute('[data-testid="summary-points"]', 'data-points'), /^-?\d+$/);
    await page.screenshot({ path: join(SHOTS, 'newcomer-result-phone.png') });
    assert.deepEqual(await smallTargets(page), []);
    // The rematch starts at once, the sides swapped: the player now arranges Black.
    await press(app, '[data-testid="rematch"]');
    await page.waitForSelector('.app[data-phase="setup"]');
    assert.equal(await page.locator('svg.board').getAttribute('data-orientation'), 'black');
    // A replay on a touch screen shows no keyboard shortcuts.
    await press(app, '[data-testid="new-game"]');
    await press(app, '[data-testid="records"]');
    await press(app, '[data-testid="record"] [data-testid="record-replay"]');
    await page.waitForSelector('[data-testid="replay-screen"]');
    assert.equal(await page.locator('.replay-keys').isVisible(), false);
    // The volume slider takes the game's colour.
    await press(app, '[data-testid="open-settings"]');
    const accent = await page.$eval('[data-testid="volume"]', (e) => getComputedStyle(e).accentColor);
    assert.equal(accent, 'rgb(224, 168, 58)');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('desktop: a game left for the new-game screen continues; a replay from the records closes back to them; sharing confirms with a toast', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    // On the new-game screen the header does not offer the new-game screen again.
    assert.equal(await page.locator('[data-testid="new-game"]').isVisible(), false);
    await startGame(app, { mode: 'open', level: '1', seat: '0' });
    const rng = seeded(3);
    for (let i = 0; i < 3; i++) {
      await idle(page);
      await playOne(app, rng);
    }
    await idle(page);
    const before = await page.$$eval('[data-testid="move-list"] > [data-ply]', (els) => els.map((e) => e.textContent));
    await press(app, '[data-testid="new-game"]');
    await page.waitForSelector('[data-testid="continue-game"]');
    await press(app, '[data-testid="continue-game"]');
    await page.waitForSelector('.app[data-phase="play"]');
    await idle(page);
    const after = await page.$$eval('[data-testid="move-list"] > [data-ply]', (els) => els.map((e) => e.textContent));
    assert.deepEqual(after, before, 'the same game, where it was left');

    // Finish it (resign once allowed), then replay it from the records.
    for (let i = 0; i < 30 && !(await isOver(page)); i++) {
      if (!(await page.locator('[data-testid="resign"]').isDisabled())) break;
      await playOne(app, rng);
      await idle(page);
    }
    if (!(await isOver(page))) {
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
    }
    await page.waitForSelector('[data-testid="result"]');
    await press(app, '[data-testid="share"]');
    await page.waitForSelector('[data-testid="toast"]');
    const toast = await page.evaluate(() => {
      const r = document.querySelector('[data-testid="toast"]').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    assert.ok(toast, 'the confirmation is on screen');
    await page.screenshot({ path: join(SHOTS, 'newcomer-share-desktop.png') });
    await press(app, '[data-testid="play-again"]');
    assert.equal(await page.locator('[data-testid="continue-game"]').count(), 0, 'nothing unfinished to continue');
    await press(app, '[data-testid="records"]');
    await press(app, '[data-testid="record"] [data-testid="record-replay"]');
    await page.waitForSelector('[data-testid="replay-screen"]');
    await press(app, '[data-testid="replay-close"]');
    await page.waitForSelector('[data-testid="records-screen"]');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: the pass-and-play hand-over card repeats the last move without naming a hidden piece', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  const ready = async () => {
    await page.waitForSelector('[data-testid="handover-ready"]:not([disabled])');
    await press(app, '[data-testid="handover-ready"]');
    await page.waitForSelector('[data-testid="handover"]', { state: 'detached' });
    await page.waitForSelector('[data-at]');
  };
  try {
    await startGame(app, { mode: 'dark', opponent: 'friend' });
    await ready();
    await page.waitForSelector('[data-testid="start"]');
    await press(app, '[data-testid="start"]');
    await ready();
    const rng = seeded(7);
    for (let i = 0; i < 4; i++) {
      await idle(page);
      const turn = await turnAtBoard(page);
      assert.ok(turn.shown && turn.inView, JSON.stringify(turn));
      assert.equal(turn.turn, i % 2 ? 'black' : 'red');
      await playOne(app, rng);
      await page.waitForSelector('[data-testid="handover"]');
      const last = (await page.textContent('[data-testid="handover-last"]')).trim();
      assert.match(last, /^Last move:/);
      // A Field Marshal's fall is public (its flag is shown to both): that sentence may name
      // it; nothing else on the card may name a piece.
      const unshown = last.replace(/ \w+'s Field Marshal is gone, so \w+'s flag is shown on [a-e]\d+\./g, '');
      assert.ok(!ROLE_WORDS.test(unshown), `no hidden piece named on the shared card: ${last}`);
      // Nothing of either player's view is on the page while the device changes hands.
      assert.equal(await page.locator('[data-at]').count(), 0);
      assert.ok(!ROLE_WORDS.test(await page.textContent('[data-testid="move-list"]').catch(() => '')));
      if (i === 1) await page.screenshot({ path: join(SHOTS, 'newcomer-handover-tablet.png') });
      await ready();
    }
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet, English: the rules screen (rank ladder as pictures) from the new-game screen, setup and play; English guess words and board labels', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  const rules = async (shot) => {
    await press(app, '[data-testid="open-rules"]');
    await page.waitForSelector('[data-testid="rules"]');
    const rows = await page.$$eval('[data-testid="rank-ladder"] > li', (els) =>
      els.map((e) => ({ role: e.getAttribute('data-role'), text: e.textContent, piece: !!e.querySelector('svg') })),
    );
    assert.deepEqual(rows.map((r) => r.role).join(''), 'MGDBRNCPEZLF', 'every piece, highest first');
    assert.ok(rows.every((r) => r.piece), 'each drawn as a piece');
    assert.match(rows[0].text, /40.*Field Marshal.*司令/);
    assert.match(await page.textContent('[data-testid="rules"]'), /railway/);
    assert.deepEqual(await smallTargets(page), []);
    if (shot) await page.screenshot({ path: join(SHOTS, shot) });
    await press(app, '[data-testid="close-rules"]');
    await page.waitForSelector('[data-testid="rules"]', { state: 'detached' });
  };
  try {
    await rules('rules-tablet.png');
    await newGame(app, { mode: 'dark', level: '1', seat: '0' });
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await rules();
    // The board speaks English too.
    const hq = await page.$$eval('.hq-label', (els) => [...new Set(els.map((e) => e.textContent))]);
    assert.deepEqual(hq, ['HQ']);
    await press(app, '[data-testid="start"]');
    await idle(page);
    await rules();
    // The 暗棋 guess picker names each rank in words, and the badge has no Chinese in English.
    const enemy = await page.$eval('[data-at][data-color="b"]', (e) => e.getAttribute('data-at'));
    const box = await page.locator(`[data-at="${enemy}"]`).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
    await page.waitForSelector('[data-testid="guess-picker"]');
    const names = await page.$$eval('.guess-name', (els) => els.map((e) => e.textContent));
    assert.ok(names.includes('Landmine') && names.includes('Bomb') && names.includes('Flag'), names.join());
    await page.screenshot({ path: join(SHOTS, 'guess-picker-en-tablet.png') });
    await press(app, '[data-guess-choice="Z"]');
    await page.waitForSelector('[data-testid="guess-picker"]', { state: 'detached' });
    // Two letters: the notation's B is the Brigadier, M the Marshal.
    assert.equal(await page.textContent(`[data-at="${enemy}"] .guess text`), 'Bo');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

/** Visible controls another element covers at their centre (what a tap there would hit). */
async function coveredControls(page) {
  return page.$$eval('button, select, input', (els) =>
    els
      .filter((e) => e.offsetParent !== null)
      .map((e) => {
        const r = e.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return null;
        // Scrolled out of its scroll box: not on screen, so not under anything.
        for (let p = e.parentElement; p; p = p.parentElement) {
          const o = getComputedStyle(p).overflowY;
          if (o !== 'auto' && o !== 'scroll') continue;
          const b = p.getBoundingClientRect();
          if (y < b.top || y > b.bottom) return null;
        }
        const hit = document.elementFromPoint(x, y);
        const ok = hit && (hit === e || e.contains(hit) || hit.contains(e) || hit.closest('label') === e.closest('label'));
        return ok ? null : `${e.getAttribute('data-testid') ?? e.textContent.trim().slice(0, 12)} under ${hit?.getAttribute('data-testid') ?? hit?.className}`;
      })
      .filter(Boolean),
  );
}

test('phone: on the setup screen no control sits under another and an opened section comes into view; the profile starts at the top; the hint arrow leaves the labels free', async () => {
  const app = await open(server.url, 'phone', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    // The new-game screen: 战绩 (the profile) comes before Start.
    const order = await page.evaluate(() => {
      const p = document.querySelector('[data-testid="profile"]').getBoundingClientRect().top;
      const s = document.querySelector('[data-testid="start-game"]').getBoundingClientRect().top;
      return p < s;
    });
    assert.ok(order, 'the profile button comes before Start');
    // Start stays below the choices: none of them ever sits under it, however far scrolled.
    assert.deepEqual(await coveredControls(page), [], 'new game, at the top');
    await page.$eval('.newgame-scroll', (e) => e.scrollTo(0, e.scrollHeight / 2));
    assert.deepEqual(await coveredControls(page), [], 'new game, scrolled halfway');
    await press(app, '[data-testid="profile"]');
    await page.waitForSelector('[data-testid="profile-screen"]');
    const top = await page.$eval('[data-testid="profile-screen"] > *', (e) => e.getBoundingClientRect().top);
    assert.ok(top < 120, `the profile starts at the top, not mid-screen: ${top}`);
    await page.screenshot({ path: join(SHOTS, 'profile-top-phone.png') });

    await newGame(app, { mode: 'open', level: '1', seat: '0' });
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    assert.deepEqual(await coveredControls(page), [], 'setup, closed');
    await page.selectOption('[data-testid="preset"]', 'mine');
    await page.waitForSelector('[data-testid="formation-name"]');
    const inView = await page
      .waitForFunction(
        () => {
          const r = document.querySelector('[data-testid="save-formation"]').getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        },
        null,
        { timeout: 3000 },
      )
      .catch(() => null);
    assert.ok(inView, 'the opened section is scrolled into view');
    assert.deepEqual(await coveredControls(page), [], 'setup, my formations open');
    await page.fill('[data-testid="formation-name"]', 'wall');
    await press(app, '[data-testid="save-formation"]');
    await page.waitForSelector('[data-saved="wall"]');
    await page.screenshot({ path: join(SHOTS, 'setup-formations-phone.png') });

    await press(app, '[data-testid="start"]');
    await idle(page);
    await press(app, '[data-testid="hint"]');
    const arrow = page.locator('[data-testid="hint-arrow"]');
    await arrow.waitFor({ timeout: 15000 });
    const geo = await page.evaluate(() => {
      const a = document.querySelector('[data-testid="hint-arrow"]');
      const line = a.querySelector('line');
      const centre = (name) => {
        const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(document.querySelector(`[data-point="${name}"]`).getAttribute('transform'));
        return { x: Number(m[1]), y: Number(m[2]) };
      };
      const from = centre(a.getAttribute('data-from'));
      return { x: Number(line.getAttribute('x1')) - from.x, y: Number(line.getAttribute('y1')) - from.y };
    });
    assert.ok(Math.abs(geo.x) >= 33 || Math.abs(geo.y) >= 18, `the arrow starts at the piece's edge: ${JSON.stringify(geo)}`);
    await page.screenshot({ path: join(SHOTS, 'hint-arrow-phone.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
