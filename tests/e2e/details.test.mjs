// End-to-end: the details of play — the last move marked, the removed-pieces trays, contact
// effects and the real path of a move, 翻棋's card turn, a draw offered to the computer, the
// no-capture counter, the settings (destinations, speed, volume and mute, undo), small screens,
// `prefers-reduced-motion` changing while the page is open, and 暗棋 guess marks kept per player.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, open, press, newGame, idle, isOver, playOne, seeded, smallTargets, openGrownUp, startGame, serveDist, sameRandom } from './app.mjs';

const server = serveDist();

// ----- helpers ---------------------------------------------------------------------------------

/** Starts a game against the computer; 明棋 and 暗棋 start from the offered formation. */
async function startComputer(app, mode) {
  await newGame(app, { mode, level: '1' });
  if (mode !== 'flip') {
    await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
  }
  await app.page.waitForSelector('[data-testid="status"]');
  await idle(app.page);
}

/** The next player takes the device (pass and play). */
async function ready(app) {
  await app.page.waitForSelector('[data-testid="handover-ready"]:not([disabled])');
  await press(app, '[data-testid="handover-ready"]');
  await app.page.waitForSelector('[data-testid="handover"]', { state: 'detached' });
  await app.page.waitForSelector('[data-at]');
}

/** Starts a pass-and-play game: both formations as offered, each after its hand-over. */
async function startFriend(app, mode) {
  await startGame(app, { mode, opponent: 'friend' });
  await ready(app);
  await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
  await press(app, '[data-testid="start"]');
  if (mode === 'dark') await ready(app);
  await app.page.waitForSelector('[data-testid="status"]');
  await idle(app.page);
}

async function setting(app, testid) {
  await press(app, '[data-testid="open-settings"]');
  await press(app, `[data-testid="${testid}"]`);
  await press(app, '[data-testid="close-settings"]');
}

/** Every piece on the board: point, colour, role (when shown), face down. */
async function pieces(page) {
  return page.$$eval('[data-at]', (els) =>
    els.map((e) => ({
      at: e.getAttribute('data-at'),
      color: e.getAttribute('data-color'),
      role: e.getAttribute('data-role'),
      down: e.getAttribute('data-face') === 'down',
    })),
  );
}

/** The move list's texts, in order. */
async function moveTexts(page) {
  return page.$$eval('[data-testid="move-list"] > [data-ply]', (els) =>
    els.map((e) => e.querySelector('.mv').textContent.trim()),
  );
}

/** `Captain a6-a7` or `? a6×a7 wins` (the mover's name first) → { from, to, word }. */
function parseMove(text) {
  const m = /(?:^|\s)([a-e]\d+)([-×])([a-e]\d+)\s*(\S*)/.exec(text);
  assert.ok(m, `a move: ${text}`);
  return { from: m[1], to: m[3], contact: m[2] === '×', word: m[4] };
}

/** Board points' centres in the SVG's coordinates, by name. */
async function centres(page) {
  return page.$$eval('[data-point]', (els) =>
    Object.fromEntries(
      els.map((e) => {
        const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(e.getAttribute('transform'));
        return [e.getAttribute('data-point'), { x: Number(m[1]), y: Number(m[2]) }];
      }),
    ),
  );
}

/** The points marked as the last move, and the centres of the drawn last-move marks. */
async function lastMarks(page) {
  const points = await page.$$eval('[data-point][data-mark*="last"]', (els) =>
    els.map((e) => e.getAttribute('data-point')).sort(),
  );
  const rects = await page.$$eval('.last-move .last-mark', (els) =>
    els.map((r) => {
      const s = getComputedStyle(r);
      return {
        x: Number(r.getAttribute('x')) + Number(r.getAttribute('width')) / 2,
        y: Number(r.getAttribute('y')) + Number(r.getAttribute('height')) / 2,
        visible: s.display !== 'none' && s.visibility !== 'hidden' && Number(s.opacity) > 0 && r.getBBox().width > 0,
      };
    }),
  );
  return { points, rects };
}

async function assertLastMove(page, from, to, where) {
  const c = await centres(page);
  const { points, rects } = await lastMarks(page);
  assert.deepEqual(points, [from, to].sort(), `${where}: points marked`);
  const at = (r) => Object.keys(c).find((n) => Math.abs(c[n].x - r.x) < 0.5 && Math.abs(c[n].y - r.y) < 0.5);
  assert.deepEqual(rects.map(at).sort(), [from, to].sort(), `${where}: marks drawn on the points`);
  assert.ok(rects.every((r) => r.visible), `${where}: marks visible`);
}

/** A move of the side to move that attacks nothing, avoiding pieces on `avoid`; prefers moving
 * `prefer.from` to `prefer.to` when legal. Returns the move. */
async function quietMove(app, { avoid = [], prefer } = {}) {
  const { page } = app;
  const emptyDests = () =>
    page.$$eval('[data-dest]', (els) =>
      els.map((e) => e.getAttribute('data-point')).filter((p) => !document.querySelector(`[data-at="${p}"]`)),
    );
  if (prefer) {
    await press(app, `[data-at="${prefer.from}"]`);
    if ((await emptyDests()).includes(prefer.to)) {
      await press(app, `[data-point="${prefer.to}"]`);
      return prefer;
    }
    await press(app, `[data-at="${prefer.from}"]`); // put it down again
  }
  const movable = await page.$$eval('[data-movable]:not([data-face="down"])', (els) =>
    els.map((e) => e.getAttribute('data-at')),
  );
  for (const from of movable.filter((p) => !avoid.includes(p)).sort()) {
    await press(app, `[data-at="${from}"]`);
    const dests = (await emptyDests()).filter((p) => !avoid.includes(p)).sort();
    if (dests.length) {
      await press(app, `[data-point="${dests[0]}"]`);
      return { from, to: dests[0] };
    }
    await press(app, `[data-at="${from}"]`);
  }
  throw new Error('no quiet move');
}

/** Counts by colour and role: `r:M` → n. */
function tally(list) {
  const t = {};
  for (const { color, role } of list) t[`${color}:${role}`] = (t[`${color}:${role}`] ?? 0) + 1;
  return t;
}

/** The removed pieces shown, one entry per piece (the trays group them by rank with a count). */
async function trays(page) {
  return page.$$eval('[data-testid^="tray-"] [data-tray-color]', (els) =>
    els.flatMap((e) =>
      Array.from({ length: Number(e.getAttribute('data-count') ?? 1) }, () => ({
        tray: e.closest('[data-testid^="tray-"]').getAttribute('data-testid').slice(5),
        color: e.getAttribute('data-tray-color'),
        role: e.getAttribute('data-tray-role'),
      })),
    ),
  );
}

/** Records every effect run: its contact, the board just before it (as the page drew it), the
 * move it shows, the mover's keyframes and timing, and samples of the moving piece's place. */
async function recordEffects(page) {
  await page.evaluate(() => {
    window.__fx = [];
    window.__board = {};
    const seen = new Set();
    const snap = () => {
      const b = {};
      for (const e of document.querySelectorAll('[data-at]')) {
        b[e.getAttribute('data-at')] = { color: e.getAttribute('data-color'), role: e.getAttribute('data-role') };
      }
      return b;
    };
    // The mover's path goes through the Web Animations API: note its keyframes and timing as the
    // app asks for them, then sample where the piece is drawn on each frame.
    window.__movers = {};
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
      const anim = animate.call(this, keyframes, options);
      if (this.classList?.contains('mover') && Array.isArray(keyframes) && keyframes.some((k) => k.transform)) {
        const el = this;
        const m = { frames: keyframes.map((k) => k.transform), duration: options?.duration, samples: [] };
        window.__movers[el.closest('.fx-run')?.getAttribute('data-anim')] = m;
        // Where the browser draws the mover at 17 moments of the animation's own time, then back
        // to its start: the same places however busy the machine (frames below may be dropped).
        if (el.isConnected && typeof options?.duration === 'number') {
          for (let k = 1; k < 18; k++) {
            anim.currentTime = (k / 18) * options.duration;
            const t = new DOMMatrix(getComputedStyle(el).transform);
            m.samples.push({ x: t.e, y: t.f });
          }
          anim.currentTime = 0;
        }
        const sample = () => {
          if (!el.isConnected || m.samples.length > 17 + 40) return;
          const t = new DOMMatrix(getComputedStyle(el).transform);
          m.samples.push({ x: t.e, y: t.f });
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      }
      return anim;
    };
    new MutationObserver(() => {
      const runs = document.querySelectorAll('.fx-run');
      if (!runs.length) {
        window.__board = snap();
        return;
      }
      for (const el of runs) {
        const id = el.getAttribute('data-anim');
        if (seen.has(id)) continue;
        seen.add(id);
        const last = [...document.querySelectorAll('[data-testid="move-list"] > [data-ply] .mv')].pop();
        const rec = {
          id,
          contact: el.getAttribute('data-contact'),
          burst: [...el.querySelectorAll('.contact')].map((c) => c.getAttribute('class')),
          shapes: [...el.querySelectorAll('.contact *')].map((c) => c.getAttribute('class')).filter(Boolean),
          flipOut: [...el.querySelectorAll('.ghost.flip-out')].map((g) => getComputedStyle(g).animationName),
          flipIn: [...el.querySelectorAll('.ghost.flip-in')].map((g) => getComputedStyle(g).animationName),
          move: last?.textContent.trim(),
          board: window.__board,
          start: performance.now(),
          end: null,
        };
        window.__fx.push(rec);
        const gone = new MutationObserver(() => {
          if (!el.isConnected) {
            rec.end = performance.now();
            gone.disconnect();
          }
        });
        gone.observe(document.body, { subtree: true, childList: true });
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-at'] });
  });
}

/** The effects recorded so far, each with its mover's keyframes, duration and samples. */
async function effects(page) {
  return page.evaluate(() =>
    window.__fx.map((f) => ({ frames: null, duration: null, samples: [], ...f, ...(window.__movers[f.id] ?? {}) })),
  );
}

function xyOf(transform) {
  const m = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec(transform);
  assert.ok(m, transform);
  return { x: Number(m[1]), y: Number(m[2]) };
}

/** The contact an effect must show for a move, from the roles the page showed before it. */
function expectedContact(board, { from, to, word }) {
  const att = board[from]?.role;
  const def = board[to]?.role;
  if (word === 'flag') return 'flag';
  if (att === 'Z' || def === 'Z') return 'bomb';
  if (def === 'L') return 'mine';
  return { wins: 'win', loses: 'lose', both: 'both' }[word];
}

async function edges(page) {
  return page.$$eval('[data-edge]', (els) =>
    Object.fromEntries(els.map((e) => [e.getAttribute('data-edge'), e.getAttribute('data-kind')])),
  );
}

/** What an attack of `att` on `def` will show in 明棋, for the kinds a test seeks. */
const SEEK = {
  both: (att, def) => att === def && !['Z', 'L', 'F'].includes(att),
  bomb: (att, def) => att === 'Z' || def === 'Z',
  mine: (att, def) => def === 'L' && att !== 'Z',
  flag: (att, def) => def === 'F' && att !== 'Z',
};

/** 明棋: makes an attack that shows one of the `wanted` contacts, if the player has one. */
async function seekAttack(app, wanted) {
  const { page } = app;
  if (!wanted.length) return false;
  const mine = await page.$$eval('[data-movable]:not([data-face="down"])', (els) =>
    els.map((e) => ({ at: e.getAttribute('data-at'), role: e.getAttribute('data-role') })),
  );
  let selected = null;
  for (const { at, role } of mine.filter((m) => m.role)) {
    await press(app, `[data-at="${at}"]`);
    selected = at;
    const targets = await page.$$eval('[data-dest]', (els) =>
      els
        .map((e) => e.getAttribute('data-point'))
        .map((p) => ({ p, role: document.querySelector(`[data-at="${p}"]`)?.getAttribute('data-role') }))
        .filter((t) => t.role),
    );
    const hit = targets.find((t) => wanted.some((k) => SEEK[k](role, t.role)));
    if (hit) {
      await press(app, `[data-point="${hit.p}"]`);
      return true;
    }
  }
  if (selected) await press(app, `[data-at="${selected}"]`); // put it down again
  return false;
}

// ----- 1. the last move -------------------------------------------------------------------------

test('tablet: the last move is marked at its start and end and follows every ply', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await startFriend(app, 'open');
    assert.deepEqual((await lastMarks(page)).points, [], 'nothing marked before the first move');
    const rng = seeded(21);
    for (let ply = 1; ply <= 5; ply++) {
      const played = await playOne(app, rng);
      await idle(page);
      const [from, to] = played.split('-');
      await assertLastMove(page, from, to, `ply ${ply} ${played}`);
      const list = await moveTexts(page);
      assert.equal(list.length, ply);
      const last = parseMove(list[ply - 1]);
      assert.deepEqual([last.from, last.to], [from, to]);
    }
    await page.screenshot({ path: join(SHOTS, 'last-move-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 2. trays ---------------------------------------------------------------------------------

test('tablet: 明棋 trays hold exactly the removed pieces by identity; the computer\'s move is marked', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(2) });
  const { page } = app;
  try {
    await startComputer(app, 'open');
    const start = tally(await pieces(page));
    assert.equal(Object.values(start).reduce((a, b) => a + b, 0), 50);
    assert.deepEqual(await trays(page), []);
    const rng = seeded(8);
    let removed = 0;
    for (let i = 0; i < 40 && !(await isOver(page)); i++) {
      await playOne(app, rng);
      await idle(page);
      const board = await pieces(page);
      const tray = await trays(page);
      // Each tray holds its own colour's pieces, named.
      for (const t of tray) {
        assert.equal(t.tray, t.color, `a ${t.color} piece in the ${t.tray} tray`);
        assert.ok(t.role, 'named in 明棋');
      }
      // On the board or in the tray: every piece is somewhere, once.
      const onBoard = tally(board);
      const inTray = tally(tray);
      for (const k of new Set([...Object.keys(start), ...Object.keys(inTray)])) {
        assert.equal((onBoard[k] ?? 0) + (inTray[k] ?? 0), start[k] ?? 0, `${k} after ${i + 1} moves`);
      }
      removed = tray.length;
      // The computer's reply is the last move, and it is marked.
      if (!(await isOver(page))) {
        const list = await moveTexts(page);
        const last = parseMove(list[list.length - 1]);
        assert.equal(list.length % 2, 0, 'the computer replied');
        const { points } = await lastMarks(page);
        assert.deepEqual(points, [last.from, last.to].sort());
      }
      if (removed >= 6 && tray.some((t) => t.color === 'r') && tray.some((t) => t.color === 'b')) break;
    }
    assert.ok(removed >= 2, `pieces removed: ${removed}`);
    // Each side's tray a block of its own: a gap between them, the name at the block's top
    // in a readable size, pieces big enough to read their numbers.
    const look = await page.evaluate(() => {
      const [r, b] = ['r', 'b'].map((c) => document.querySelector(`[data-testid="tray-${c}"]`));
      const name = r.querySelector('.tray-name');
      const chip = document.querySelector('.tray-group .tray-piece');
      return {
        gap: b.getBoundingClientRect().top - r.getBoundingClientRect().bottom,
        nameTop: name.getBoundingClientRect().top - r.getBoundingClientRect().top,
        nameSize: parseFloat(getComputedStyle(name).fontSize),
        chip: chip && [chip.getBoundingClientRect().width, chip.getBoundingClientRect().height],
      };
    });
    assert.ok(look.gap >= 6, `the trays ${look.gap} px apart`);
    assert.ok(look.nameTop <= 6, `the tray's name ${look.nameTop} px below its top`);
    assert.ok(look.nameSize >= 14, `the tray's name at ${look.nameSize} px`);
    assert.ok(look.chip && look.chip[0] >= 44 && look.chip[1] >= 24, `tray pieces ${look.chip}`);
    // However long the trays, the move list keeps a few lines; scrolled to the panel's end, it
    // stands wholly above the buttons (which stay at the panel's foot).
    await page.$eval('.play-panel', (p) => p.scrollTo(0, p.scrollHeight));
    const list = await page.evaluate(() => {
      const l = document.querySelector('[data-testid="move-list"]').getBoundingClientRect();
      const c = document.querySelector('.play-panel .controls').getBoundingClientRect();
      return { height: l.height, over: l.bottom - c.top };
    });
    assert.ok(list.height >= 60, `the move list ${list.height} px tall`);
    assert.ok(list.over <= 0.5, `the move list runs ${list.over} px under the buttons`);
    await page.screenshot({ path: join(SHOTS, 'trays-open-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('desktop: 暗棋 trays name my lost pieces but not the enemy\'s, until the game is over', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce', init: sameRandom(3) });
  const { page } = app;
  try {
    await startComputer(app, 'dark');
    const start = tally((await pieces(page)).filter((p) => p.color === 'r'));
    const rng = seeded(4);
    let enemyLost = 0;
    for (let i = 0; i < 40 && !(await isOver(page)); i++) {
      await playOne(app, rng);
      await idle(page);
      if (await isOver(page)) break;
      const board = await pieces(page);
      const tray = await trays(page);
      assert.ok(tray.every((t) => t.tray === t.color));
      const mine = tray.filter((t) => t.color === 'r');
      const theirs = tray.filter((t) => t.color === 'b');
      assert.ok(mine.every((t) => t.role), 'my lost pieces are named');
      // A contact tells nobody what the enemy piece was (RULES.md §7).
      assert.deepEqual(theirs.filter((t) => t.role), [], 'no enemy identity in the tray');
      assert.equal(theirs.length, 25 - board.filter((p) => p.color === 'b').length, 'one per enemy piece gone');
      const onBoard = tally(board.filter((p) => p.color === 'r'));
      const inTray = tally(mine);
      for (const k of Object.keys(start)) {
        assert.equal((onBoard[k] ?? 0) + (inTray[k] ?? 0), start[k], `${k} after ${i + 1} moves`);
      }
      enemyLost = theirs.length;
      if (enemyLost >= 2 && mine.length >= 2 && i >= 20) break;
    }
    assert.ok(enemyLost >= 1, `enemy pieces removed: ${enemyLost}`);
    await page.screenshot({ path: join(SHOTS, 'trays-dark-desktop.png') });
    if (!(await isOver(page))) {
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
    }
    await page.waitForSelector('[data-testid="result"]');
    // Game over: every identity is public, the enemy's removed pieces too.
    const tray = await trays(page);
    assert.ok(tray.filter((t) => t.color === 'b').length >= enemyLost);
    assert.deepEqual(tray.filter((t) => !t.role), [], 'all named after the end');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 3. contact effects and the path ------------------------------------------------------------

test('desktop: contacts animate distinctly, and a piece travels its real path', async () => {
  // The page's random is fixed: the same games, with every kind of contact, come every run.
  const app = await open(server.url, 'desktop', { init: sameRandom(4) });
  const { page } = app;
  try {
    await recordEffects(page);
    await startComputer(app, 'open');
    const c = await centres(page);
    const e = await edges(page);
    const pointAt = (xy) => Object.keys(c).find((n) => Math.abs(c[n].x - xy.x) < 0.5 && Math.abs(c[n].y - xy.y) < 0.5);
    const rng = seeded(12);
    const kinds = new Set();
    let longest = null;
    let shot = false;
    const required = () => ['win', 'lose', 'both'].every((k) => kinds.has(k)) && longest;
    for (let i = 0, games = 1; i < 150; i++) {
      if (await isOver(page)) {
        // A game may end before every contact was seen: another one, bounded.
        if (required() || games === 3) break;
        await startComputer(app, 'open');
        games++;
      }
      // Seek the contacts not seen yet when an attack shows one; else play on.
      // The flag last: taking it ends the game.
      let wanted = ['both', 'bomb', 'mine'].filter((k) => !kinds.has(k));
      if (!wanted.length && kinds.has('win') && kinds.has('lose') && longest) wanted = ['flag'];
      if (!(await seekAttack(app, wanted))) await playOne(app, rng);
      if (!shot && (await page.waitForSelector('.fx-run .contact', { timeout: 400 }).catch(() => null))) {
        await page.screenshot({ path: join(SHOTS, 'contact-desktop.png') });
        shot = true;
      }
      await idle(page);
      const fx = await effects(page);
      for (const f of fx) {
        if (f.contact !== 'none') kinds.add(f.contact);
        if (f.frames && f.frames.length > 2 && (!longest || f.frames.length > longest.frames.length)) longest = f;
      }
      if (required() && (kinds.has('flag') || i >= 60)) break;
    }
    const fx = await effects(page);
    assert.ok(fx.length >= 4, `effects seen: ${fx.length}`);
    for (const f of fx) {
      const mv = parseMove(f.move);
      // The effect matches the move it shows.
      const want = mv.contact ? expectedContact(f.board, mv) : 'none';
      assert.equal(f.contact, want, `${f.move} with ${f.board[mv.from]?.role} against ${f.board[mv.to]?.role}`);
      assert.deepEqual(f.burst, want === 'none' ? [] : [`contact contact-${want}`]);
      const shape = { win: 'burst-rays', lose: 'puff', both: 'cross', bomb: 'blast', mine: 'spikes', flag: 'banner' }[want];
      if (shape) assert.ok(f.shapes.includes(shape), `${f.move}: ${want} drawn as ${shape}: ${f.shapes}`);
      // The moving piece runs from its point to the target through points joined by roads or rails.
      assert.ok(f.frames, `the mover of ${f.move} is animated`);
      const route = f.frames.map((t) => pointAt(xyOf(t)));
      assert.ok(route.every(Boolean), `every keyframe on a point: ${f.frames}`);
      assert.equal(route[0], mv.from);
      assert.equal(route[route.length - 1], mv.to);
      for (let k = 1; k < route.length; k++) {
        const kind = e[`${route[k - 1]}-${route[k]}`] ?? e[`${route[k]}-${route[k - 1]}`];
        assert.ok(kind, `${route[k - 1]}-${route[k]} is an edge (${f.move})`);
        if (route.length > 2) assert.equal(kind, 'rail', `a run of ${route.join(' ')} stays on the railway`);
      }
      // Normal speed: 130 ms per step.
      assert.equal(f.duration, 130 * (route.length - 1), `${f.move} timing`);
      assert.ok(f.end && f.end > f.start, `${f.move}: the effect ran and ended`);
    }
    // Wins, losses and both removed always; bombs, mines and the flag when the game let us reach them.
    assert.ok(kinds.has('win') && kinds.has('lose') && kinds.has('both'), `contacts seen: ${[...kinds]}`);
    const shapes = { win: 'burst-rays', lose: 'puff', both: 'cross', bomb: 'blast', mine: 'spikes', flag: 'banner' };
    for (const k of kinds) assert.ok(shapes[k], `a known contact ${k}`);
    // A run over several points passes through each of them: sampled places lie on its route.
    assert.ok(longest, 'a move over more than one step');
    const path = longest.frames.map(xyOf);
    const onRoute = (p) =>
      path.slice(1).some((b, k) => {
        const a = path[k];
        const [dx, dy] = [b.x - a.x, b.y - a.y];
        const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
        return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y) < 1.5;
      });
    assert.ok(longest.samples.length >= 3, `samples of ${longest.move}: ${longest.samples.length}`);
    assert.ok(longest.samples.every(onRoute), `${longest.move}: ${JSON.stringify(longest.samples)} on ${JSON.stringify(path)}`);
    const inner = path.slice(1, -1);
    const near = (q) => longest.samples.some((s) => Math.hypot(s.x - q.x, s.y - q.y) < 25);
    assert.ok(inner.some(near), `${longest.move}: seen passing an intermediate point`);
    console.log(`contacts seen: ${[...kinds].join(' ')}; longest run ${longest.move} over ${path.length} points`);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 4. 翻棋 flips ------------------------------------------------------------------------------

test('tablet: a 翻棋 flip turns like a card and shows the piece', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  try {
    await recordEffects(page);
    await startComputer(app, 'flip');
    const down = await page.$$eval('[data-movable][data-face="down"]', (els) => els.map((e) => e.getAttribute('data-at')));
    assert.equal(down.length, 50, 'every piece face down at the start');
    const at = down[17];
    await press(app, `[data-at="${at}"]`);
    // The turn lasts about half a second: pictured when caught (a busy machine may miss it);
    // the recorded effect below checks it either way.
    if (await page.waitForSelector('.fx-run .ghost.flip-in', { timeout: 2000 }).catch(() => null)) {
      await page.screenshot({ path: join(SHOTS, 'flip-turning-tablet.png') });
    }
    await idle(page);
    const fx = await effects(page);
    const mine = fx.find((f) => f.move?.startsWith(`${at} `));
    assert.ok(mine, JSON.stringify(fx.map((f) => f.move)));
    assert.deepEqual(mine.flipOut, ['fx-flip-out']);
    assert.deepEqual(mine.flipIn, ['fx-flip-in']);
    assert.equal(mine.contact, 'none');
    assert.equal(mine.frames, null, 'a flip does not travel');
    // Face up now, its identity shown to both.
    const piece = page.locator(`[data-at="${at}"]`);
    assert.equal(await piece.getAttribute('data-face'), null);
    assert.match((await piece.getAttribute('data-role')) ?? '', /^[MGDBRNCPEZLF]$/);
    assert.match((await piece.getAttribute('data-color')) ?? '', /^[rb]$/);
    // The row names the piece turned up.
    assert.match((await moveTexts(page))[0], new RegExp(`^${at} flip \\S`));
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 5. a draw offered to the computer -------------------------------------------------------

test('tablet: the computer declines a draw in a lively game and accepts one after 30 quiet plies', async () => {
  // 翻棋: flips remove nothing, so a game of flips can stay quiet long enough to reach the
  // computer's threshold (store.rs: it accepts once 30 plies have passed without a removal). The
  // player flips the piece farthest from any face-up one; should the computer keep attacking,
  // a new game is tried (bounded). The page's random is fixed, so the same games come every run.
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: sameRandom(1) });
  const { page } = app;
  try {
    const quiet = async () => {
      const list = await moveTexts(page);
      const last = list.map((t) => t.includes('×')).lastIndexOf(true);
      return list.length - 1 - last;
    };
    let declined = 0;
    let accepted = false;
    for (let game = 0; game < 8 && !accepted; game++) {
      await startComputer(app, 'flip');
      for (let i = 0; i < 40 && !(await isOver(page)); i++) {
        const q = await quiet();
        if (q >= 30 || (q < 30 && declined < 2)) {
          await press(app, '[data-testid="offer-draw"]');
          if (q >= 30) {
            await page.waitForSelector('[data-testid="result"]');
            assert.equal((await page.textContent('[data-testid="result"]')).trim(), 'Draw: agreed.');
            accepted = true;
            break;
          }
          await page.waitForSelector('.notice span');
          assert.equal((await page.textContent('.notice')).trim(), 'The computer declines the draw.');
          assert.equal(await isOver(page), false, 'the game goes on');
          assert.match(await page.textContent('[data-testid="status"]'), /Your move|Flip a piece/);
          declined++;
          await page.waitForSelector('.notice span', { state: 'detached' });
        }
        const c = await centres(page);
        const board = await pieces(page);
        const up = board.filter((p) => !p.down).map((p) => c[p.at]);
        const far = (at) => Math.min(Infinity, ...up.map((u) => Math.hypot(u.x - c[at].x, u.y - c[at].y)));
        const down = (await page.$$eval('[data-movable][data-face="down"]', (els) => els.map((e) => e.getAttribute('data-at'))))
          .sort()
          .sort((a, b) => far(b) - far(a));
        if (down.length) await press(app, `[data-at="${down[0]}"]`);
        else await quietMove(app);
        await idle(page);
      }
      if (process.env.DEBUG_DRAW) console.log(`game ${game}: ${(await moveTexts(page)).join(' ')}`);
    }
    assert.equal(declined, 2, 'declined while the game was lively');
    assert.ok(accepted, 'accepted after 30 quiet plies');
    // The game ended there: nothing moves any more.
    assert.equal(await page.locator('[data-movable]').count(), 0);
    await page.screenshot({ path: join(SHOTS, 'draw-agreed-tablet.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 6. the no-capture counter --------------------------------------------------------------

test('tablet: the no-capture counter shows from ply 50 and the game is drawn at 70', async () => {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await startFriend(app, 'open');
    // Both sides step one piece back and forth: nothing is ever removed.
    const last = { r: null, b: null };
    for (let ply = 1; ply <= 70; ply++) {
      const side = ply % 2 === 1 ? 'r' : 'b';
      const prefer = last[side] && { from: last[side].to, to: last[side].from };
      last[side] = await quietMove(app, { prefer });
      await idle(page);
      const counter = page.locator('[data-testid="quiet-counter"]');
      if (ply < 50) {
        assert.equal(await counter.count(), 0, `no counter after ${ply} quiet plies`);
      } else if (ply < 70) {
        assert.equal((await counter.textContent()).trim(), `Plies without a capture: ${ply} / 70`);
        assert.ok(await counter.isVisible());
        if (ply === 60) await page.screenshot({ path: join(SHOTS, 'quiet-counter-tablet.png') });
      }
    }
    await page.waitForSelector('[data-testid="result"]');
    assert.equal((await page.textContent('[data-testid="result"]')).trim(), 'Draw: 70 plies without a capture.');
    assert.equal((await moveTexts(page)).length, 70);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 7. settings ----------------------------------------------------------------------------

/** Records the peak gain of every voice (Web Audio) and counts sources started. */
async function instrumentAudio(ctx) {
  await ctx.addInitScript(() => {
    window.__sounds = 0;
    window.__peaks = [];
    for (const name of ['createOscillator', 'createBufferSource']) {
      const original = AudioContext.prototype[name];
      AudioContext.prototype[name] = function (...args) {
        window.__sounds++;
        return original.apply(this, args);
      };
    }
    const ramp = AudioParam.prototype.exponentialRampToValueAtTime;
    AudioParam.prototype.exponentialRampToValueAtTime = function (v, t) {
      if (v > 0.001 && v <= 1) window.__peaks.push(v);
      return ramp.call(this, v, t);
    };
  });
}

/** Opens the grown-up gate (the sum it asks, answered) and sets the undo policy. */
async function grownUp(app, undo) {
  const { page } = app;
  await openGrownUp(app);
  await press(app, `[data-testid="undo-${undo}"]`);
  assert.equal(await page.getAttribute(`[data-testid="undo-${undo}"]`, 'aria-pressed'), 'true');
  await press(app, '[data-testid="grown-up-close"]');
}

test('desktop: destinations on and off, animation speed, volume and mute kept, undo hidden when off', async () => {
  const app = await open(server.url, 'desktop');
  const { page, ctx } = app;
  try {
    await instrumentAudio(ctx);
    await page.reload();
    await page.waitForSelector('[data-testid="start-game"]');
    await recordEffects(page);
    await startComputer(app, 'open');

    // Destinations: drawn marks follow the setting; the data-dest hooks stay either way.
    const piece = (await page.$$eval('[data-movable]', (els) => els.map((e) => e.getAttribute('data-at')))).sort()[0];
    await press(app, `[data-at="${piece}"]`);
    const dests = await page.locator('[data-dest]').count();
    assert.ok(dests > 0);
    assert.equal(await page.locator('.dest-marks > *').count(), dests, 'one mark per destination');
    assert.ok(await page.locator('.dest-marks > *').first().isVisible());
    await page.screenshot({ path: join(SHOTS, 'dests-on-desktop.png') });
    await setting(app, 'show-dests');
    if (!(await page.locator('[data-dest]').count())) await press(app, `[data-at="${piece}"]`);
    assert.equal(await page.locator('.dest-marks > *').count(), 0, 'no marks drawn');
    assert.equal(await page.locator('[data-dest]').count(), dests, 'the test hooks remain');
    await page.screenshot({ path: join(SHOTS, 'dests-off-desktop.png') });
    await press(app, `[data-at="${piece}"]`);
    assert.equal(await page.locator('[data-dest]').count(), 0, 'put down again');
    await setting(app, 'show-dests');

    // Speed: each step of a move takes 65 ms fast, 230 ms slow.
    const stepOf = async (speed, seed) => {
      await setting(app, `speed-${speed}`);
      const before = (await effects(page)).length;
      await playOne(app, seeded(seed));
      await idle(page);
      const f = (await effects(page))[before];
      assert.ok(f?.frames, `the ${speed} move animated`);
      // On screen: the travel, then the contact effect (four steps) if there is one.
      const units = f.frames.length - 1 + (f.contact === 'none' ? 0 : 4);
      return { step: f.duration / (f.frames.length - 1), perUnit: (f.end - f.start) / units };
    };
    let fast = await stepOf('fast', 1);
    const slow = await stepOf('slow', 2);
    // A busy machine can only lengthen what is on screen: a fast move that came out no quicker
    // than the slow one is measured again, twice at most, and the quickest kept.
    for (const seed of [5, 6]) {
      if (fast.perUnit < slow.perUnit) break;
      const again = await stepOf('fast', seed);
      assert.equal(again.step, 65);
      if (again.perUnit < fast.perUnit) fast = again;
    }
    assert.equal(fast.step, 65);
    assert.equal(slow.step, 230);
    // The span on screen is stamped when the page's observer first sees the effect, which a
    // busy machine can delay by a frame or two after the app started its timer: so it may come
    // out a little under the plan's (62.98 ms a step was seen for 65), never far under.
    assert.ok(fast.perUnit >= 0.9 * 65 && slow.perUnit >= 0.9 * 230, `${fast.perUnit} ${slow.perUnit}`);
    assert.ok(fast.perUnit < slow.perUnit, `fast ${fast.perUnit} ms, slow ${slow.perUnit} ms on screen per step`);
    await setting(app, 'speed-normal');

    // Volume: the voices' peaks scale with it.
    await press(app, '[data-testid="open-settings"]');
    await page.locator('[data-testid="volume"]').fill('100');
    await press(app, '[data-testid="close-settings"]');
    await page.evaluate(() => (window.__peaks = []));
    await playOne(app, seeded(3));
    await idle(page);
    const loud = await page.evaluate(() => window.__peaks);
    await press(app, '[data-testid="open-settings"]');
    await page.locator('[data-testid="volume"]').fill('30');
    await press(app, '[data-testid="close-settings"]');
    await page.evaluate(() => (window.__peaks = []));
    await playOne(app, seeded(4));
    await idle(page);
    const soft = await page.evaluate(() => window.__peaks);
    // Every voice peaks at its tone's gain times the volume (src/audio.rs).
    const GAINS = [0.5, 0.45, 0.7, 0.25, 0.9, 0.22, 0.24, 0.18];
    const scaled = (v, vol) => GAINS.some((g) => Math.abs(g * vol - v) < 1e-3);
    assert.ok(loud.length && loud.every((v) => scaled(v, 1)), `volume 100: ${loud}`);
    assert.ok(soft.length && soft.every((v) => scaled(v, 0.3)), `volume 30: ${soft}`);
    assert.ok(Math.max(...soft) <= 0.9 * 0.3 + 1e-3, `volume 30 never louder than the loudest tone at 30: ${soft}`);
    // Mute: no voice at all.
    await setting(app, 'sound');
    const sounds = await page.evaluate(() => window.__sounds);
    await playOne(app, seeded(5));
    await idle(page);
    assert.equal(await page.evaluate(() => window.__sounds), sounds, 'muted');
    // Undo off (a grown-up setting, behind the gate of the new-game screen): no
    // undo button in the next game.
    assert.equal(await page.locator('[data-testid="undo"]').count(), 1);
    await press(app, '[data-testid="new-game"]');
    await grownUp(app, 'never');
    await startComputer(app, 'open');
    assert.equal(await page.locator('[data-testid="undo"]').count(), 0, 'no undo when the setting is off');

    // Everything is kept for the next visit.
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('junqi.settings.v2')));
    assert.equal(saved.sound, false);
    assert.equal(saved.volume, 30);
    assert.equal(saved.undo, false);
    assert.equal(saved.dests, true);
    await page.reload();
    // The unfinished game may come back (autosave): either screen will do.
    await page.waitForSelector('[data-testid="start-game"], [data-testid="status"]');
    await press(app, '[data-testid="open-settings"]');
    assert.equal(await page.locator('[data-testid="volume"]').inputValue(), '30');
    assert.equal(await page.locator('[data-testid="sound"]').isChecked(), false);
    assert.equal(await page.getAttribute('[data-testid="speed-normal"]', 'aria-pressed'), 'true');
    await press(app, '[data-testid="close-settings"]');
    if (await page.locator('[data-testid="start-game"]').count()) await startComputer(app, 'open');
    else await idle(page);
    assert.equal(await page.locator('[data-testid="undo"]').count(), 0, 'still no undo after a reload');
    const quietBefore = await page.evaluate(() => window.__sounds);
    await playOne(app, seeded(6));
    await idle(page);
    assert.equal(await page.evaluate(() => window.__sounds), quietBefore, 'still muted after a reload');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 8. small screens -------------------------------------------------------------------------

for (const [name, profile, viewport] of [
  ['phone 360×640', 'phone', { width: 360, height: 640 }],
  ['tablet portrait 768×1024', 'tablet', { width: 768, height: 1024 }],
]) {
  test(`${name}: no sideways scroll, the whole board in view, big enough targets`, async () => {
    const app = await open(server.url, profile, { reducedMotion: 'reduce' });
    const { page } = app;
    const tag = `${viewport.width}x${viewport.height}`;
    try {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.waitForSelector('[data-testid="start-game"]');
      const fits = async (where, board = true, controls = []) => {
        const m = await page.evaluate((controls) => {
          const b = document.querySelector('svg.board')?.getBoundingClientRect();
          return {
            scrollW: document.documentElement.scrollWidth,
            bodyW: document.body.scrollWidth,
            w: innerWidth,
            h: innerHeight,
            board: b && b.width > 0 && { left: b.left, top: b.top, right: b.right, bottom: b.bottom },
            // Controls that must be in sight without scrolling anything.
            hidden: controls.filter((t) => {
              const r = document.querySelector(`[data-testid="${t}"]`)?.getBoundingClientRect();
              if (!r || !r.width) return true;
              const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
              const y = r.top + r.height / 2;
              const hit = document.elementFromPoint(x, y);
              return r.top < 0 || r.bottom > innerHeight || r.right > innerWidth || !hit?.closest(`[data-testid="${t}"]`);
            }),
          };
        }, controls);
        assert.deepEqual(m.hidden, [], `${where}: controls out of sight`);
        assert.ok(m.scrollW <= m.w && m.bodyW <= m.w, `${where}: no sideways scroll ${JSON.stringify(m)}`);
        assert.equal(Boolean(m.board), board, `${where}: a board or not`);
        if (board) {
          const b = m.board;
          assert.ok(b.left >= -0.5 && b.top >= -0.5 && b.right <= m.w + 0.5 && b.bottom <= m.h + 0.5, `${where}: board in view ${JSON.stringify(m)}`);
          assert.ok(b.right - b.left > m.w * 0.6 || b.bottom - b.top > m.h * 0.6, `${where}: board big ${JSON.stringify(b)}`);
        }
        assert.deepEqual(await smallTargets(page), [], `${where}: targets under 44 px`);
      };
      await fits('new game', false, ['start-game']);
      await page.screenshot({ path: join(SHOTS, `small-newgame-${tag}.png`) });
      await newGame(app, { mode: 'open', level: '1' });
      await page.waitForSelector('[data-testid="start"]:not([disabled])');
      await fits('setup', true, ['start', 'random-setup']);
      await page.screenshot({ path: join(SHOTS, `small-setup-${tag}.png`) });
      await press(app, '[data-testid="start"]');
      await idle(page);
      const rng = seeded(7);
      for (let i = 0; i < 3; i++) {
        await playOne(app, rng);
        await idle(page);
      }
      await fits('play', true, ['status', 'resign', 'offer-draw', 'undo', 'new-game']);
      await page.screenshot({ path: join(SHOTS, `small-play-${tag}.png`) });
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}

// ----- 9. prefers-reduced-motion while the page is open ---------------------------------------

test('desktop: turning reduced motion on and off while the page is open is honoured at once', async () => {
  const app = await open(server.url, 'desktop');
  const { page } = app;
  try {
    await recordEffects(page);
    await startComputer(app, 'open');
    const rng = seeded(9);
    const fxAfter = async () => {
      const before = (await effects(page)).length;
      await playOne(app, rng);
      await idle(page);
      return (await effects(page)).length - before;
    };
    assert.equal(await fxAfter(), 2, 'my move and the reply animate');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The media change reaches the page as an event: wait until the app has taken it in.
    await page.waitForSelector('.app[data-reduced-motion]');
    assert.equal(await fxAfter(), 0, 'no animation once reduced motion is asked for');
    assert.equal(await fxAfter(), 0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.waitForSelector('.app:not([data-reduced-motion])');
    assert.equal(await fxAfter(), 2, 'animation back when the wish is gone');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

// ----- 10. 暗棋 guess marks in pass and play ----------------------------------------------------

async function guess(app, at, role) {
  const { page } = app;
  const box = await page.locator(`[data-at="${at}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
  await page.waitForSelector('[data-testid="guess-picker"]');
  await press(app, `[data-guess-choice="${role}"]`);
  await page.waitForSelector('[data-testid="guess-picker"]', { state: 'detached' });
}

async function guessMarks(page) {
  return page.$$eval('[data-guess]', (els) =>
    els.map((g) => `${g.closest('[data-at]')?.getAttribute('data-at')}=${g.getAttribute('data-guess')}`).sort(),
  );
}

test('desktop: 暗棋 pass and play keeps each player\'s guess marks across hand-overs, unseen by the other', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await startFriend(app, 'dark');
    // Red marks two black pieces in Black's back rows (out of reach of this game's few moves).
    assert.equal(await page.getAttribute('[data-at="a12"]', 'data-color'), 'b');
    await guess(app, 'a12', 'M');
    await guess(app, 'e12', 'Z');
    const red = ['a12=M', 'e12=Z'];
    assert.deepEqual(await guessMarks(page), red);
    const avoid = ['a12', 'e12', 'a1', 'e1'];
    await quietMove(app, { avoid });
    assert.equal(await page.locator('[data-guess]').count(), 0, 'the hand-over screen shows no mark');
    await ready(app);
    // Black sees none of Red's marks and makes its own.
    assert.deepEqual(await guessMarks(page), []);
    assert.equal(await page.getAttribute('[data-at="a1"]', 'data-color'), 'r');
    await guess(app, 'a1', 'F');
    assert.deepEqual(await guessMarks(page), ['a1=F']);
    await page.screenshot({ path: join(SHOTS, 'guess-black-desktop.png') });
    await quietMove(app, { avoid });
    await ready(app);
    // Red's marks are back, Black's are not shown.
    assert.deepEqual(await guessMarks(page), red, 'Red keeps its marks');
    await page.screenshot({ path: join(SHOTS, 'guess-red-kept-desktop.png') });
    await guess(app, 'e12', 'L');
    await quietMove(app, { avoid });
    await ready(app);
    assert.deepEqual(await guessMarks(page), ['a1=F'], 'Black keeps its own mark only');
    await quietMove(app, { avoid });
    await ready(app);
    assert.deepEqual(await guessMarks(page), ['a12=M', 'e12=L'], 'Red sees its changed mark');
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
