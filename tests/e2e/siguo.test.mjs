// End-to-end: 四国, the 4-player game, in the browser. A 四暗 game against three computer
// players played by taps on a touch tablet to its end, then its record, its replay and its share
// link; a 双明 pass-and-play game of two people and two computers, checking at every hand-over
// and every turn that the page holds no identity the person at the device may not see; a reload
// in the middle of a game resumes it exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SHOTS, centre, drag, open, press, seeded, sameRandom, serveDist } from './app.mjs';

const server = serveDist();

const SCREEN = '[data-testid="siguo-screen"]';

/** Chooses 四国 on the new-game screen; `seats` maps seat numbers to 'human' or 'computer'. */
async function chooseSiguo(app, { info = 'dark', seats = {} } = {}) {
  await press(app, '[data-testid="mode-siguo"]');
  await app.page.waitForSelector('[data-testid="siguo-options"]');
  await press(app, `[data-testid="siguo-info-${info}"]`);
  for (const [n, kind] of Object.entries(seats)) await press(app, `[data-testid="seat-${n}-${kind}"]`);
}

/** Chooses 四国 as `chooseSiguo` does and starts it, the person keeping the formation offered. */
async function startSiguo(app, options) {
  await chooseSiguo(app, options);
  await press(app, '[data-testid="start-game"]');
  await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
  await press(app, '[data-testid="start"]');
}

/** Waits until the table is still: nobody thinking, no move on show; then says what is next. */
async function next(page, timeout = 60000) {
  await page.waitForFunction(
    (sel) => {
      const s = document.querySelector(sel);
      if (!s) return document.querySelector('[data-testid="siguo-handover"]');
      return (
        document.querySelector('[data-testid="siguo-handover"]') ||
        s.hasAttribute('data-over') ||
        (s.hasAttribute('data-act') && !s.hasAttribute('data-busy'))
      );
    },
    SCREEN,
    { timeout },
  );
  return page.evaluate((sel) => {
    if (document.querySelector('[data-testid="siguo-handover"]')) return 'handover';
    return document.querySelector(sel).hasAttribute('data-over') ? 'over' : 'act';
  }, SCREEN);
}

/** What the board shows: every piece with its seat and, when the viewer may see it, its rank. */
async function pieces(page) {
  return page.$$eval('[data-at]', (els) =>
    els.map((e) => `${e.getAttribute('data-at')}:${e.getAttribute('data-seat')}:${e.getAttribute('data-role') ?? '-'}`).sort(),
  );
}

/** Seats whose identities the page names now (a flag shown to everyone when its owner's Field
 * Marshal fell is public, and not counted). */
async function namedSeats(page) {
  return page.$$eval('[data-role]:not([data-role="F"])', (els) =>
    [...new Set(els.map((e) => e.getAttribute('data-seat')))].sort(),
  );
}

/** A tap on a point of the board as a person does it: where the points are too close together
 * for a finger the first tap zooms in (then the point is tapped again), and a point outside the
 * zoomed window is reached by zooming out first. */
async function tapPoint(app, selector) {
  const { page } = app;
  const board = '[data-testid="siguo-board"]';
  if (await page.locator(`${board}[data-zoomed]`).count()) {
    const inside = await page.evaluate(
      ([b, sel]) => {
        const r = document.querySelector(`${b} svg`).getBoundingClientRect();
        const e = document.querySelector(sel).getBoundingClientRect();
        const x = e.left + e.width / 2;
        const y = e.top + e.height / 2;
        return x > r.left + 4 && x < r.right - 4 && y > r.top + 4 && y < r.bottom - 4;
      },
      [board, selector],
    );
    if (!inside) {
      await press(app, '[data-testid="siguo-zoom-out"]');
      await page.waitForSelector(`${board}:not([data-zoomed])`);
    }
  }
  const zoomed = await page.locator(`${board}[data-zoomed]`).count();
  await press(app, selector);
  if (!zoomed && (await page.locator(`${board}[data-zoomed]`).count())) await press(app, selector);
}

/** Plays one move of the person at the device: a piece of theirs with a destination, by taps. */
async function playOne(app, seat, rng) {
  const { page } = app;
  const mine = await page.$$eval(`[data-at][data-seat="${seat}"]`, (els) => els.map((e) => e.getAttribute('data-at')));
  const order = mine.map((m) => [rng(), m]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  for (const at of order) {
    await tapPoint(app, `[data-at="${at}"]`);
    const dests = await page.$$eval('[data-dest]', (els) => els.map((e) => e.getAttribute('data-point')));
    if (!dests.length) continue;
    const to = dests[Math.floor(rng() * dests.length)];
    const before = await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
    await tapPoint(app, `[data-point="${to}"]`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > n,
      before,
    );
    return `${at}-${to}`;
  }
  throw new Error(`seat ${seat} found no move`);
}

test('四暗 against three computer players: played by taps to the end, recorded, replayed and shared', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(4) });
  const { page } = app;
  const rng = seeded(4);
  try {
    await press(app, '[data-testid="mode-siguo"]');
    // The defaults: 四暗, the player at S against three computer players.
    assert.equal(await page.getAttribute('[data-testid="siguo-info-dark"]', 'aria-pressed'), 'true');
    assert.equal(await page.getAttribute('[data-testid="seat-0-human"]', 'aria-pressed'), 'true');
    for (const n of [1, 2, 3]) {
      assert.equal(await page.getAttribute(`[data-testid="seat-${n}-computer"]`, 'aria-pressed'), 'true');
    }
    await page.screenshot({ path: join(SHOTS, 'siguo-newgame-tablet.png') });
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector(SCREEN);
    // North plays on my side, and the table says so.
    assert.deepEqual(await page.$$eval('[data-testid^="seat-bar-"][data-partner]', (els) => els.map((e) => e.dataset.testid)), ['seat-bar-2']);
    assert.match(await page.textContent('[data-testid="seat-bar-2"]'), /partner/);
    // On the board too: North's badge carries the tag, and only North's.
    assert.deepEqual(await page.$$eval('[data-testid="seat-badge"]:has([data-testid="partner-tag"])', (els) => els.map((e) => e.dataset.seat)), ['2']);
    assert.equal((await page.textContent('[data-testid="partner-tag"]')).trim(), 'partner');
    // Landscape, the cross fills the window's height: its points are a finger apart, and no
    // tap of the whole game only zooms the board.
    const apart = await spacing(page);
    assert.ok(apart >= 44, `points ${apart.toFixed(1)} px apart on the landscape tablet`);
    await page.evaluate(() => {
      window.zooms = 0;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="siguo-board"][data-zoomed]')) window.zooms += 1;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-zoomed'] });
    });
    let mine = 0;
    let shot = false;
    for (;;) {
      const what = await next(page);
      // 四暗: only the player's own pieces are named, until the end — on the board and in the
      // trays, where another seat's removed pieces are only counted ("?").
      if (what !== 'over') {
        assert.deepEqual(await namedSeats(page), ['0'], 'an identity leaked');
        const trays = await page.$$eval('.siguo-trays [data-tray-role]', (els) => [...new Set(els.map((e) => e.dataset.trayColor))]);
        assert.ok(trays.every((s) => s === '0'), `the trays name removed pieces of seats ${trays}`);
      }
      if (what === 'over') break;
      assert.equal(what, 'act');
      // 四暗: undo takes back only a round that showed nothing (no contact, nobody out) — and
      // the panel says so where a finger can read it.
      // (The move list is oldest first: read newest first here.)
      const taken = await page.$$eval('[data-testid="siguo-moves"] li', (rows) => {
        const items = rows.reverse();
        const own = items.findIndex((li) => li.classList.contains('seat-0'));
        return own >= 0 && !items.slice(0, own + 1).some((li) => li.dataset.revealed === 'true');
      });
      assert.equal(await page.isEnabled('[data-testid="siguo-undo"]'), taken, `undo at my move ${mine}`);
      // The move list names my pieces, and never another seat's (四暗: not even my partner's).
      const named = await page.$$eval('[data-testid="siguo-moves"] li', (items) =>
        items.map((li) => ({
          mine: li.classList.contains('seat-0'),
          mover: /^\S+ (Field Marshal|General|Major General|Brigadier|Colonel|Major|Captain|Lieutenant|Engineer|Bomb)\b/.test(li.querySelector('.mv').textContent),
          // (A flag a fallen Field Marshal showed is everyone's to read.)
          theirs: /(East|North|West)'s (?!flag is shown)/.test(li.textContent),
        })),
      );
      for (const row of named) {
        assert.equal(row.mover, row.mine, 'only my own movers are named');
        assert.equal(row.theirs, false, "another seat's piece was named");
      }
      // The caption tells the whole round since my move, not just its last move.
      const since = await page.$$eval('[data-testid="siguo-moves"] li', (rows) => {
        const items = rows.reverse();
        const own = items.findIndex((li) => li.classList.contains('seat-0'));
        return own < 0 ? items.length : Math.max(own, 1);
      });
      assert.equal(await page.locator('[data-testid="siguo-caption"] .caption-row').count(), since);
      assert.ok(await page.isVisible('[data-testid="siguo-undo-rule"]'));
      if (mine === 3) {
        // A hint: an arrow from one of my pieces to where the computer would go, the move named
        // in the panel; its destination is one tap away, and playing it takes the arrow away.
        await press(app, '[data-testid="siguo-hint"]');
        const arrow = page.locator('[data-testid="siguo-hint-arrow"]');
        await arrow.waitFor();
        const [from, to] = [await arrow.getAttribute('data-from'), await arrow.getAttribute('data-to')];
        assert.equal(await page.locator(`[data-at="${from}"][data-seat="0"]`).count(), 1, 'the arrow starts at my piece');
        assert.ok((await page.textContent('[data-testid="siguo-hint-text"]')).includes(`${from} → ${to}`));
        assert.equal(await page.locator(`[data-dest][data-point="${to}"]`).count(), 1, 'its end is a destination');
        await page.screenshot({ path: join(SHOTS, 'siguo-hint-tablet.png') });
        const before = await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
        await tapPoint(app, `[data-point="${to}"]`);
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > n, before);
        assert.equal(await arrow.count(), 0, 'the arrow goes with the move');
      } else {
        await playOne(app, 0, rng);
      }
      mine += 1;
      if (!shot && mine === 8) {
        await page.screenshot({ path: join(SHOTS, 'siguo-play-tablet.png') });
        shot = true;
      }
      assert.ok(mine < 400, 'the game should end');
    }
    assert.equal(await page.evaluate(() => window.zooms), 0, 'a tap only zoomed the board');
    const status = (await page.textContent('[data-testid="siguo-status"]')).trim();
    assert.match(status, /win|lost|Draw/);
    const plies = await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
    const end = await pieces(page);
    // The tally: each seat's pieces taken and lost, and when the seats that left went out.
    for (const n of [0, 1, 2, 3]) {
      const out = (await page.getAttribute(`[data-testid="seat-bar-${n}"]`, 'data-out')) !== null;
      const line = (await page.textContent(`[data-testid="siguo-summary-${n}"]`)).trim();
      assert.match(line, out ? /took \d+, lost \d+; out at move \d+/ : /took \d+, lost \d+; in to the end/);
    }
    // Over, every removed piece is named in the trays, by rank with a count, as on the
    // 2-player board; the pieces left are counted for each of the four seats.
    await press(app, '.siguo-trays > summary');
    assert.equal(await page.locator('.siguo-trays [data-tray-color]:not([data-tray-role])').count(), 0, 'an unnamed removed piece');
    const removed = await page.$$eval('.siguo-trays [data-count]', (els) => els.reduce((n, e) => n + Number(e.dataset.count), 0));
    assert.equal(removed, 4 * 25 - end.length, 'the trays count every piece off the board');
    assert.equal(await page.locator('.siguo-trays [data-testid="pieces-left"] thead th').count(), 5);
    await page.screenshot({ path: join(SHOTS, 'siguo-over-tablet.png') });
    // Right after the end, the last move is the current one and a click on a move steps back
    // to it, as the replay bar's controls do.
    assert.equal(await page.getAttribute('[data-testid="siguo-moves"] li.current', 'data-ply'), String(plies));
    await press(app, '[data-testid="siguo-moves"] li[data-ply="5"]');
    assert.equal((await page.textContent('[data-testid="siguo-replay-ply"]')).trim(), `5 / ${plies}`);

    // The record: in Records, and its replay reaches the same end.
    await press(app, '[data-testid="siguo-new"]');
    await press(app, '[data-testid="records"]');
    await page.waitForSelector('[data-testid="siguo-record"][data-finished="true"]');
    assert.equal((await page.textContent('[data-testid="siguo-record"] [data-testid="record-result"]')).trim(), status);
    await press(app, '[data-testid="siguo-record-replay"]');
    await page.waitForSelector('[data-testid="siguo-replay"]');
    assert.equal((await page.textContent('[data-testid="siguo-replay-ply"]')).trim(), `0 / ${plies}`);
    // Ply 0 is the start: nobody out, nothing removed, no move yet, South to move — not the end.
    assert.match((await page.textContent('[data-testid="siguo-status"]')).trim(), /South to move/);
    assert.equal(await page.locator('[data-testid^="seat-bar-"][data-out]').count(), 0);
    // The whole game is listed, every move still ahead; none is the current one.
    assert.equal(await page.locator('[data-testid="siguo-moves"] li').count(), plies);
    assert.equal(await page.locator('[data-testid="siguo-moves"] li.ahead').count(), plies);
    assert.equal(await page.locator('[data-testid="siguo-moves"] li.current').count(), 0);
    for (const n of [0, 1, 2, 3]) {
      assert.equal(await page.locator(`.siguo-trays [data-testid="tray-${n}"]`).count(), 1, `seat ${n}'s tray`);
      assert.equal(await page.locator(`[data-testid="tray-${n}"] [data-tray-color]`).count(), 0, 'an empty tray');
    }
    const replayPly = async () => (await page.textContent('[data-testid="siguo-replay-ply"]')).trim();
    await press(app, '[data-testid="siguo-replay-forward"]');
    assert.equal(await page.getAttribute('[data-testid="siguo-moves"] li.current', 'data-ply'), '1');
    assert.equal(await replayPly(), `1 / ${plies}`);
    // The same controls as the 2-player replay: keys, slider, a click on a move, autoplay.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await replayPly(), `3 / ${plies}`);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await replayPly(), `2 / ${plies}`);
    await page.$eval('[data-testid="siguo-replay-slider"]', (el) => {
      el.value = '10';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.equal(await replayPly(), `10 / ${plies}`);
    assert.equal(await page.locator('[data-testid="siguo-moves"] li.ahead').count(), plies - 10);
    assert.equal(await page.locator('[data-testid^="siguo-summary-"]').count(), 0, 'the tally waits for the end');
    await page.screenshot({ path: join(SHOTS, 'siguo-replay-tablet.png') });
    await press(app, '[data-testid="siguo-moves"] li[data-ply="5"]');
    assert.equal(await replayPly(), `5 / ${plies}`);
    await page.selectOption('[data-testid="siguo-replay-speed"]', '300');
    await press(app, '[data-testid="siguo-replay-play"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="siguo-replay-ply"]').textContent.trim().startsWith('7 /'),
      null,
      { timeout: 5000 },
    );
    await press(app, '[data-testid="siguo-replay-play"]');
    const paused = await replayPly();
    await page.waitForTimeout(700);
    assert.equal(await replayPly(), paused, 'autoplay stops when paused');
    await page.keyboard.press('End');
    assert.equal((await page.textContent('[data-testid="siguo-replay-ply"]')).trim(), `${plies} / ${plies}`);
    assert.deepEqual(await pieces(page), end, 'the replay ends where the game ended');
    assert.equal((await page.textContent('[data-testid="siguo-status"]')).trim(), status);
    assert.equal(await page.locator('[data-testid="siguo-moves"] li').count(), plies);
    assert.equal(await page.locator('[data-testid^="siguo-summary-"]').count(), 4);
    // Seen by East: East's own pieces only (and the flags shown).
    await press(app, '[data-testid="siguo-watch-1"]');
    await press(app, '[data-testid="siguo-replay-first"]');
    assert.deepEqual(await namedSeats(page), ['1']);
    await press(app, '[data-testid="siguo-watch-all"]');

    // Its link opens the same game on another device.
    await press(app, '[data-testid="share"]');
    const link = await page.inputValue('[data-testid="share-link"]');
    assert.match(link, /#r=/);
    const other = await open(link, 'phone', { reducedMotion: 'reduce', ready: SCREEN });
    try {
      await other.page.waitForSelector('[data-testid="siguo-replay"]');
      assert.equal((await other.page.textContent('[data-testid="siguo-status"]')).trim(), status);
      assert.equal((await other.page.textContent('[data-testid="siguo-replay-ply"]')).trim(), `${plies} / ${plies}`);
      assert.deepEqual(await pieces(other.page), end);
      await other.page.screenshot({ path: join(SHOTS, 'siguo-shared-phone.png') });
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    // "Play again": the same table — I arrange anew, and a fresh game begins.
    await press(app, '[data-testid="siguo-rematch"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector(SCREEN);
    assert.equal(await page.locator('[data-testid="siguo-moves"] li').count(), 0);
    assert.equal(await page.locator('[data-testid="siguo-summary"]').count(), 0);
    assert.deepEqual(await namedSeats(page), ['0'], '四暗 again');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('双明 pass and play, two people and two computers: each person sees only their own and their partner\'s pieces', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(5) });
  const { page } = app;
  const rng = seeded(5);
  try {
    await chooseSiguo(app, { info: 'double', seats: { 0: 'human', 1: 'human', 2: 'computer', 3: 'computer' } });
    await press(app, '[data-testid="start-game"]');
    // Each person's pieces on the setup screen in their seat's ink (S red, E blue).
    const ink = () => page.$eval('.screen.setup .pieces .piece-body', (e) => getComputedStyle(e).stroke);
    // S arranges; the device goes to E, who arranges behind a hand-over screen.
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    assert.equal(await ink(), 'rgb(179, 38, 30)', 'S arranges in red');
    assert.match(await page.textContent('.screen.setup .panel'), /Setup · South/, 'named by the seat');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="siguo-handover"][data-seat="1"]');
    assert.equal(await page.locator('[data-role]').count(), 0, 'nothing of S is shown to E');
    await page.waitForSelector('[data-testid="siguo-ready"]:not([disabled])');
    await press(app, '[data-testid="siguo-ready"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    assert.equal(await ink(), 'rgb(28, 85, 168)', 'E arranges in blue');
    assert.match(await page.textContent('.screen.setup .panel'), /Setup · East/, 'named by the seat');
    await page.screenshot({ path: join(SHOTS, 'siguo-setup-east-tablet.png') });
    await press(app, '[data-testid="start"]');
    await page.waitForSelector(SCREEN);
    const partners = { 0: ['0', '2'], 1: ['1', '3'] };
    let handovers = 0;
    let turns = 0;
    while (turns < 24) {
      const what = await next(page);
      if (what === 'over') break;
      if (what === 'handover') {
        handovers += 1;
        // Behind the hand-over screen the page names no piece at all.
        assert.equal(await page.locator('[data-role]').count(), 0, 'identities behind the hand-over screen');
        if (handovers === 2) await page.screenshot({ path: join(SHOTS, 'siguo-handover-tablet.png') });
        await page.waitForSelector('[data-testid="siguo-ready"]:not([disabled])');
        await press(app, '[data-testid="siguo-ready"]');
        await page.waitForSelector('[data-testid="siguo-handover"]', { state: 'detached' });
        continue;
      }
      const viewer = await page.getAttribute(SCREEN, 'data-viewer');
      const named = await namedSeats(page);
      assert.ok(
        named.every((s) => partners[viewer].includes(s)),
        `seat ${viewer} sees identities of seats ${named}`,
      );
      assert.ok(named.includes(viewer));
      await playOne(app, Number(viewer), rng);
      turns += 1;
    }
    assert.ok(handovers >= 10, `${handovers} hand-overs`);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('a reload in the middle of a 四国 game resumes it exactly, and it goes on', async () => {
  const app = await open(server.url, 'phone', { reducedMotion: 'reduce', init: sameRandom(6) });
  const { page } = app;
  const rng = seeded(6);
  try {
    await startSiguo(app, { info: 'open' });
    for (let i = 0; i < 5; i++) {
      if ((await next(page)) !== 'act') break;
      await playOne(app, 0, rng);
    }
    await next(page);
    const seen = async () => ({
      pieces: await pieces(page),
      moves: await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.map((e) => e.textContent.trim())),
      seats: await page.$$eval('[data-testid^="seat-bar-"]', (els) => els.map((e) => e.textContent.trim())),
    });
    const before = await seen();
    assert.ok(before.moves.length >= 8);
    await page.reload();
    await page.waitForSelector(SCREEN);
    await next(page);
    assert.deepEqual(await seen(), before);
    // The game goes on after the reload.
    await playOne(app, 0, rng);
    await next(page);
    assert.ok((await seen()).moves.length > before.moves.length);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

/** Controls on screen smaller than 44 px either way (a finger's size). */
async function smallControls(page) {
  return page.$$eval('button, select, input, [role="button"]', (els) =>
    els
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const style = getComputedStyle(e);
        if (!(r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !e.closest('[hidden]'))) return false;
        // Out of sight, there for a screen reader only (the move box on a touch screen).
        for (let p = e; p; p = p.parentElement) {
          if (getComputedStyle(p).clip === 'rect(0px, 0px, 0px, 0px)') return false;
        }
        return true;
      })
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { id: e.getAttribute('data-testid') ?? e.textContent.trim().slice(0, 20), w: Math.round(r.width), h: Math.round(r.height) };
      })
      .filter((c) => c.w < 44 || c.h < 44),
  );
}

/** Distance on screen between two neighbouring points of the board. */
async function spacing(page) {
  return page.evaluate(() => {
    const c = (n) => {
      const r = document.querySelector(`[data-point="${n}"]`).getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    };
    const [a, b] = [c('Sc5'), c('Sd5')];
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  });
}

for (const profile of ['phone360', 'tabletPortrait']) {
  test(`${profile}: the 四国 table fits with no sideways scroll and every control and point at least 44 px`, async () => {
    const app = await open(server.url, profile, { reducedMotion: 'reduce', init: sameRandom(7) });
    const { page } = app;
    try {
      await chooseSiguo(app, { info: 'dark' });
      await page.screenshot({ path: join(SHOTS, `siguo-options-${profile}.png`) });
      await press(app, '[data-testid="start-game"]');
      await page.waitForSelector('[data-testid="start"]:not([disabled])');
      await press(app, '[data-testid="start"]');
      assert.equal(await next(page), 'act');
      const wide = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `the page scrolls sideways by ${wide} px`);
      assert.deepEqual(await smallControls(page), []);
      await page.screenshot({ path: join(SHOTS, `siguo-table-${profile}.png`) });
      // Points: 44 px apart at once, or after the first tap zooms the board in. A tap inside
      // one of the player's own pieces picks it up at any zoom.
      if ((await spacing(page)) < 44) {
        await press(app, '[data-at="Sa3"]');
        await page.waitForSelector('[data-dest]');
        assert.equal(await page.locator('[data-testid="siguo-board"][data-zoomed]').count(), 0, 'a tap on a piece picked it up');
        await press(app, '[data-point="Cc"]');
        await page.waitForSelector('[data-testid="siguo-board"][data-zoomed]');
        await page.screenshot({ path: join(SHOTS, `siguo-zoomed-${profile}.png`) });
        assert.deepEqual(await smallControls(page), []);
        // A finger sliding from a point it may not drag pans the zoomed board; no tap.
        const zoom = () => page.$eval('.sg-zoom', (g) => g.style.transform);
        const before = await zoom();
        const picked = await page.locator('[data-dest]').count();
        await drag(app, 'Cc', 'Cn');
        assert.notEqual(await zoom(), before, 'the zoomed board pans');
        assert.equal(await page.locator('[data-testid="siguo-board"][data-zoomed]').count(), 1);
        assert.equal(await page.locator('[data-dest]').count(), picked, 'nothing picked up or put down');
      }
      const gap = await spacing(page);
      assert.ok(gap >= 44, `points ${gap.toFixed(1)} px apart`);
      const wider = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(wider <= 0, `zoomed, the page scrolls sideways by ${wider} px`);
      // A move made from the zoomed board.
      await playOne(app, 0, seeded(7));
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}

for (const profile of ['tablet', 'desktop']) {
  test(`${profile}: a piece of the cross board moves by drag too, its destinations shown while it is held`, async () => {
    const app = await open(server.url, profile, { reducedMotion: 'reduce', init: sameRandom(9) });
    const { page } = app;
    try {
      await startSiguo(app, { info: 'dark' });
      assert.equal(await next(page), 'act');
      // A piece of South's with an empty destination, found by taps (a second tap puts it back).
      let from = null;
      let to = null;
      for (const at of await page.$$eval('[data-at][data-seat="0"]', (els) => els.map((e) => e.getAttribute('data-at')))) {
        await tapPoint(app, `[data-at="${at}"]`);
        const dests = await page.$$eval('[data-dest]', (els) => els.map((e) => e.getAttribute('data-point')));
        await tapPoint(app, `[data-at="${at}"]`);
        const empty = [];
        for (const d of dests) if (!(await page.locator(`[data-at="${d}"]`).count())) empty.push(d);
        if (empty.length) {
          [from, to] = [at, empty[0]];
          break;
        }
      }
      assert.ok(from && to, 'a piece with a destination');
      assert.equal(await page.locator('[data-dest]').count(), 0, 'a second tap put the piece down');
      assert.equal(await page.locator('[data-testid="siguo-board"][data-zoomed]').count(), 0);
      // Dropped where it may not go (on another piece of South's), it goes back: no move, and
      // nothing stays picked up.
      const other = (await page.$$eval('[data-at][data-seat="0"]', (els) => els.map((e) => e.getAttribute('data-at')))).find(
        (p) => p !== from,
      );
      await drag(app, from, other, async () => {
        await page.waitForSelector('.sg-piece-slot.dragging');
      });
      assert.equal(await page.locator('.sg-piece-slot.dragging').count(), 0);
      assert.equal(await page.locator('[data-testid="siguo-moves"] li').count(), 0);
      assert.equal(await page.locator(`[data-at="${from}"][data-seat="0"]`).count(), 1);
      assert.equal(await page.locator('[data-dest]').count(), 0, 'nothing picked up');
      await drag(app, from, to, async () => {
        await page.waitForSelector('.sg-piece-slot.dragging');
        assert.ok((await page.locator('[data-dest]').count()) > 0, 'destinations shown while held');
        // The piece follows the pointer, lifted above it so that a finger does not hide it.
        // (The last moves of a finger reach the page on its next frames: wait for them.)
        const over = await centre(page, `[data-point="${to}"]`);
        const lifted = (held) => Math.abs(held.x - over.x) < 4 && held.y < over.y;
        let held = await centre(page, '.sg-piece-slot.dragging');
        for (let tries = 0; !lifted(held) && tries < 40; tries++) {
          await page.waitForTimeout(25);
          held = await centre(page, '.sg-piece-slot.dragging');
        }
        assert.ok(lifted(held), `held at ${JSON.stringify(held)}, over ${JSON.stringify(over)}`);
        await page.screenshot({ path: join(SHOTS, `siguo-drag-${profile}.png`) });
      });
      await page.waitForSelector('[data-testid="siguo-moves"] li[data-ply="1"]');
      assert.match(await page.textContent('[data-testid="siguo-moves"] li[data-ply="1"]'), new RegExp(`${from}-${to}`));
      assert.equal(await page.locator('.sg-piece-slot.dragging').count(), 0);
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}

test('tablet: 旁观 — four computers play and the person watches: paused, a move at a time, at a pace, every piece or one seat\'s view, and on after a reload', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(10) });
  const { page } = app;
  const plies = () => page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
  const still = async () => {
    await page.waitForSelector('[data-testid="siguo-step"]:not([disabled])');
    return plies();
  };
  try {
    await chooseSiguo(app, { info: 'dark', seats: { 0: 'computer' } });
    await page.waitForSelector('[data-testid="siguo-all-computers"]');
    await press(app, '[data-testid="start-game"]');
    // No formation to arrange: the table at once, with the watcher's controls, not a player's.
    await page.waitForSelector('[data-testid="siguo-watch"]');
    assert.equal(await page.locator('[data-testid="siguo-resign"]').count(), 0);
    assert.equal(await page.locator('[data-testid="siguo-hint"]').count(), 0);
    await press(app, '[data-testid="siguo-pace-fast"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="siguo-moves"] li').length >= 6, null, { timeout: 60000 });
    assert.equal(await page.locator('[data-at]:not([data-role])').count(), 0, 'every piece open');
    // Paused, nothing more is played.
    await press(app, '[data-testid="siguo-pause"]');
    await page.waitForSelector('[data-testid="siguo-watch"][data-paused]');
    const n = await still();
    await page.waitForTimeout(1200);
    assert.equal(await plies(), n, 'paused');
    // One move at a time.
    await press(app, '[data-testid="siguo-step"]');
    assert.equal(await (async () => { await page.waitForFunction((k) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > k, n); return still(); })(), n + 1);
    await page.waitForTimeout(600);
    assert.equal(await plies(), n + 1, 'one move only');
    // Through East's eyes: East's pieces named, others' face down; then every piece again.
    await press(app, '[data-testid="siguo-watch-1"]');
    await page.waitForSelector('[data-face="down"]');
    assert.equal(await page.locator('[data-seat="1"][data-face="down"]').count(), 0);
    assert.ok((await page.locator('[data-seat="2"][data-face="down"]').count()) > 0);
    await page.screenshot({ path: join(SHOTS, 'siguo-watch-tablet.png') });
    await press(app, '[data-testid="siguo-watch-all"]');
    await page.waitForFunction(() => !document.querySelector('[data-face="down"]'));
    // Going on, and after a reload the watched game goes on by itself.
    await press(app, '[data-testid="siguo-pause"]');
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > k + 2, n + 1);
    await page.reload();
    await page.waitForSelector('[data-testid="siguo-watch"]');
    const m = await plies();
    await page.waitForFunction((k) => document.querySelectorAll('[data-testid="siguo-moves"] li').length > k, m, { timeout: 60000 });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: with motion on, each move on the cross board travels its route, the person\'s and the computers\', drawn by the 2-player board\'s effects layer', async () => {
  const app = await open(server.url, 'tablet', { init: sameRandom(11) });
  const { page } = app;
  try {
    await startSiguo(app, { info: 'dark' });
    assert.equal(await next(page), 'act');
    // Every animation run on the board (its id) and whether a piece travelled in it.
    const runs = page.evaluate(
      () =>
        new Promise((resolve) => {
          const seen = new Map();
          const look = () => {
            for (const r of document.querySelectorAll('[data-testid="siguo-board"] .fx-run')) {
              const moving = !!r.querySelector('.ghost.mover');
              seen.set(r.getAttribute('data-anim'), moving || seen.get(r.getAttribute('data-anim')) === true);
            }
            if (seen.size >= 4) {
              obs.disconnect();
              resolve([...seen.values()]);
            }
          };
          const obs = new MutationObserver(look);
          obs.observe(document.body, { subtree: true, childList: true });
        }),
    );
    const shot = page
      .waitForSelector('[data-testid="siguo-board"] .fx-run .ghost.mover', { timeout: 20000 })
      .then(() => page.screenshot({ path: join(SHOTS, 'siguo-move-anim-tablet.png') }));
    await playOne(app, 0, seeded(11));
    await shot;
    const moved = await runs;
    assert.equal(moved.length, 4, 'the person\'s move and three computer moves');
    assert.ok(moved.every(Boolean), 'a piece travels in each');
    assert.equal(await next(page), 'act');
    await page.waitForFunction(() => !document.querySelector('[data-testid="siguo-board"] .fx-run'));
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: 全明 — a piece picked up shows over each enemy in reach what the attack would do, as 明棋 does', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(12) });
  const { page } = app;
  const rng = seeded(12);
  try {
    await startSiguo(app, { info: 'open' });
    let found = null;
    for (let round = 0; round < 6 && !found; round++) {
      assert.equal(await next(page), 'act');
      for (const at of await page.$$eval('[data-at][data-seat="0"]', (els) => els.map((e) => e.getAttribute('data-at')))) {
        await tapPoint(app, `[data-at="${at}"]`);
        const badges = await page.$$eval('[data-preview]', (els) =>
          els.map((e) => [e.getAttribute('data-preview-at'), e.getAttribute('data-preview')]),
        );
        if (badges.length) {
          found = { at, badges };
          await page.screenshot({ path: join(SHOTS, 'siguo-preview-tablet.png') });
        }
        await tapPoint(app, `[data-at="${at}"]`);
        if (found) break;
      }
      if (!found) await playOne(app, 0, rng);
    }
    assert.ok(found, 'an enemy came in reach');
    for (const [p, outcome] of found.badges) {
      assert.match(outcome, /^(win|lose|both|bounce)$/);
      const seat = await page.getAttribute(`[data-at="${p}"]`, 'data-seat');
      assert.ok(['1', '3'].includes(seat), `${p} is an enemy's (seat ${seat})`);
    }
    assert.equal(await page.locator('[data-preview]').count(), 0, 'put down, no badge');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: 三国 against two computers — W\'s area empty and closed, three seats, resumed after a reload; 四方混战 offered without 双明', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(8) });
  const { page } = app;
  const rng = seeded(8);
  try {
    await chooseSiguo(app);
    assert.equal(await page.getAttribute('[data-testid="siguo-table-teams"]', 'aria-pressed'), 'true');
    assert.equal(await page.locator('[data-testid="siguo-info-double"]').count(), 1);
    // 四方混战: four seats, each alone, so no 双明.
    await press(app, '[data-testid="siguo-table-each"]');
    assert.match(await page.textContent('[data-testid="siguo-table-explain"]'), /each alone/);
    assert.equal(await page.locator('[data-testid="siguo-info-double"]').count(), 0);
    assert.equal(await page.locator('[data-testid="seat-3-human"]').count(), 1);
    await press(app, '[data-testid="siguo-table-three"]');
    assert.match(await page.textContent('[data-testid="siguo-table-explain"]'), /Three players, each alone/);
    assert.equal(await page.locator('[data-testid="siguo-info-double"]').count(), 0, 'no partners, no 双明');
    assert.equal(await page.locator('[data-testid="seat-3-human"]').count(), 0, 'West does not sit at 三国');
    assert.equal(await page.locator('[data-testid="siguo-first"] option').count(), 3);
    assert.equal(await page.locator('[data-testid="area-empty"][data-seat="3"]').count(), 1, 'the board beside shows it');
    await page.screenshot({ path: join(SHOTS, 'siguo-three-options-tablet.png') });
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    assert.match(await page.textContent('[data-testid="cross-map"]'), /empty/);
    assert.doesNotMatch(await page.textContent('[data-testid="cross-map"]'), /partner/);
    await press(app, '[data-testid="start"]');
    await page.waitForSelector(SCREEN);
    assert.equal(await page.locator('[data-at][data-seat="3"]').count(), 0, 'no West pieces');
    assert.equal(await page.locator('[data-testid="area-empty"][data-seat="3"]').count(), 1);
    assert.equal(await page.locator('[data-testid="seat-badge"][data-seat="3"]').count(), 0);
    assert.equal(await page.locator('[data-testid^="seat-bar-"]').count(), 3);
    assert.equal(await page.locator('[data-testid^="seat-bar-"][data-partner]').count(), 0);
    assert.equal(await page.locator('[data-testid="partner-tag"]').count(), 0, 'no partner at 三国');
    for (let i = 0; i < 3; i++) {
      if ((await next(page)) !== 'act') break;
      await playOne(app, 0, rng);
    }
    await next(page);
    const moves = () => page.$$eval('[data-testid="siguo-moves"] li', (els) => els.map((e) => e.textContent.trim()));
    const before = { pieces: await pieces(page), moves: await moves() };
    assert.ok(before.moves.length >= 6);
    assert.ok(before.moves.every((m) => !/West/.test(m)), 'West never moves');
    await page.screenshot({ path: join(SHOTS, 'siguo-three-play-tablet.png') });
    await page.reload();
    await page.waitForSelector(SCREEN);
    await next(page);
    assert.deepEqual({ pieces: await pieces(page), moves: await moves() }, before);

    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: 四暗 with the notebook on writes what the record proves on hidden pieces, and why in the guess panel', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(11) });
  const { page } = app;
  const rng = seeded(11);
  try {
    await press(app, '[data-testid="open-settings"]');
    await press(app, '[data-testid="notebook"]');
    await press(app, '[data-testid="close-settings"]');
    await startSiguo(app, { info: 'dark' });
    await next(page);
    const startPoints = new Set(await page.$$eval('[data-proven]', (els) => els.map((e) => e.getAttribute('data-at'))));
    assert.ok(startPoints.size > 0, 'no notes at the start');
    for (let i = 0; i < 6; i++) {
      const what = await next(page);
      if (what !== 'act') break;
      await playOne(app, 0, rng);
    }
    await next(page);
    // Notes on the other seats' hidden pieces only, none naming a piece.
    const list = await page.$$eval('[data-proven]', (els) =>
      els.map((e) => ({ at: e.getAttribute('data-at'), seat: e.getAttribute('data-seat'), role: e.getAttribute('data-role'), proven: e.getAttribute('data-proven') })),
    );
    assert.ok(list.length > 0, 'no notes');
    for (const n of list) {
      assert.notEqual(n.seat, '0', `${n.at}: a note on my own piece`);
      assert.equal(n.role, null, `${n.at}: named`);
    }
    assert.equal(list.length, await page.locator('[data-seat]:not([data-seat="0"])[data-face="down"]').count());
    assert.deepEqual(await namedSeats(page), ['0'], 'an identity leaked');
    // A piece that moved (it stands where no hidden piece stood at the start): a tap opens the
    // guess panel with the notebook's reasons first.
    const moved = list.find((n) => !startPoints.has(n.at));
    assert.ok(moved && !/[LF]/.test(moved.proven), JSON.stringify(list));
    await tapPoint(app, `[data-at="${moved.at}"]`);
    await page.waitForSelector(`[data-testid="siguo-guess"] [data-testid="note-card"][data-at="${moved.at}"]`);
    const lines = await page.$$eval('[data-testid="note-lines"] li', (els) => els.map((e) => e.textContent));
    assert.ok(lines.some((l) => /^Moved at ply \d+: not a landmine or the flag\.$/.test(l)), lines.join('\n'));
    await page.screenshot({ path: join(SHOTS, 'siguo-notebook-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: a 四国 per-move timer passes the turn of a person who lets it run out, and the second puts the seat out', async () => {
  // A 2-second move timer and 超时2次 on the cross board, remembered as the last choices.
  const init = () => {
    if (!localStorage.getItem('junqi.siguo.newgame.v1')) {
      localStorage.setItem('junqi.siguo.newgame.v1', '{"move_seconds":2,"rules":{"rules":{"timeout_limit":2}}}');
    }
  };
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init });
  const { page } = app;
  try {
    await press(app, '[data-testid="mode-siguo"]');
    await page.waitForSelector('[data-testid="siguo-options"]');
    assert.equal(await page.locator('[data-testid="siguo-move-timer"]').inputValue(), '2');
    assert.equal(await page.locator('[data-testid="siguo-timeout-limit"]').inputValue(), '2');
    await press(app, '[data-testid="start-game"]');
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await page.waitForSelector('[data-testid="siguo-move-timer"] [data-testid="move-left"]');
    // S never moves: the turn passes to the computers, counted; the second puts S out, and
    // its partner N plays on.
    await page.waitForSelector('[data-testid="seat-timeouts-0"][data-count="1"]', { timeout: 30000 });
    await page.screenshot({ path: join(SHOTS, 'siguo-move-timer-tablet.png') });
    await page.waitForSelector('[data-testid="seat-bar-0"][data-out]', { timeout: 30000 });
    assert.match(await page.locator('[data-testid="seat-timeouts-0"]').textContent(), /2\/2/);
    assert.equal(await page.locator(`${SCREEN}[data-over]`).count(), 0, 'the game goes on');
    const moves = await page.$$eval('[data-testid="siguo-moves"] li', (els) => els.length);
    assert.ok(moves >= 5, `two missed turns and the computers' moves are listed (${moves})`);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: a flag carried on the cross board is marked on its carrier, and the carrying switches are offered', async () => {
  // A 全明 game under carry_flag_home, saved with North's flag carried and South to move
  // (written by the table's native test helpers: tests/e2e/fixtures/siguo-carry-save.json).
  const save = (await readFile(join(ROOT, 'tests/e2e/fixtures/siguo-carry-save.json'), 'utf8')).trim();
  const init = `if (!localStorage.getItem('junqi.siguo.game.carry-e2e')) {
    localStorage.setItem('junqi.siguo.game.carry-e2e', ${JSON.stringify(save)});
    sessionStorage.setItem('junqi.siguo.tab', 'carry-e2e');
  }`;
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init, ready: SCREEN });
  const { page } = app;
  try {
    const carrier = page.locator('[data-carrying="2"]');
    await carrier.waitFor();
    assert.equal(await carrier.count(), 1, 'one piece carries North\'s flag');
    assert.notEqual(await carrier.getAttribute('data-seat'), '2', 'an enemy of North carries it');
    assert.equal(await page.locator('[data-testid="seat-bar-2"][data-out]').count(), 0, 'North plays on');
    await page.screenshot({ path: join(SHOTS, 'siguo-carry-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
