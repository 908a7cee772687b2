// End-to-end: a game is never lost. Every action is saved (localStorage), a reload resumes the
// game exactly and it goes on as it would have; pass and play too. Unreadable saved data gives a
// clear message, is kept aside for download, and the app still starts. The records screen lists
// games; export → import round-trips a record; a malformed file is refused and changes nothing.
// Settings persist. 暗棋: the computer's formation is never written to storage.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHOTS, open, press, newGame, idle, isOver, playOne, seeded, sameRandom, serveDist } from './app.mjs';

/** A finished 四国 record, as `junqi match --seats … --records` writes one. */
const siguo = await readFile(new URL('./fixtures/siguo-record.json', import.meta.url), 'utf8');

const server = serveDist();

const SAME_RANDOM = sameRandom();

const APP = '.app[data-phase]';

/** What the page shows of the game: phase, pieces, trays, move list, status, orientation. */
async function shown(page) {
  return page.evaluate(() => ({
    phase: document.querySelector('.app')?.getAttribute('data-phase'),
    pieces: [...document.querySelectorAll('[data-at]')]
      .map((e) => ['data-at', 'data-color', 'data-role', 'data-face'].map((a) => e.getAttribute(a)).join(':'))
      .sort(),
    trays: [...document.querySelectorAll('[data-tray-color]')]
      .map((e) => `${e.getAttribute('data-tray-color')}${e.getAttribute('data-tray-role') ?? '?'}`)
      .sort(),
    moves: [...document.querySelectorAll('[data-testid="move-list"] > [data-ply]')].map((e) => e.textContent.trim()),
    status: document.querySelector('[data-testid="status"]')?.textContent.trim(),
    orientation: document.querySelector('svg.board')?.getAttribute('data-orientation'),
  }));
}

async function storage(page) {
  return page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`));
}

/** Plays `n` of the player's actions (the computer replies in between). */
async function play(app, rng, n, after) {
  for (let i = 0; i < n; i++) {
    await idle(app.page);
    if (await isOver(app.page)) break;
    await playOne(app, rng);
    if (after) await after();
  }
  await idle(app.page);
}

async function start(app, mode, opponent = 'computer') {
  await newGame(app, { mode, opponent, level: '1' });
  if (mode !== 'flip') {
    await app.page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
  }
}

async function reload(page) {
  await page.reload();
  await page.waitForSelector(APP);
}

/** Downloads what `selector` offers; returns the file's text. */
async function download(app, selector) {
  const [file] = await Promise.all([app.page.waitForEvent('download'), press(app, selector)]);
  return readFile(await file.path(), 'utf8');
}

/** The copies kept of unreadable saved games (`junqi.backup.junqi.saves.<n>`), oldest first. */
async function backups(page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .map((k) => [k, Number(k.match(/^junqi\.backup\.junqi\.saves\.(\d+)$/)?.[1])])
      .filter(([, n]) => n > 0)
      .sort((a, b) => a[1] - b[1])
      .map(([k]) => localStorage.getItem(k)),
  );
}

async function records(app) {
  const { page } = app;
  if (!(await page.locator('[data-testid="records"]').count())) await press(app, '[data-testid="new-game"]');
  await press(app, '[data-testid="records"]');
  await page.waitForSelector('[data-testid="records-screen"]');
}

/** One game against the computer, the same each time; reloaded after `n` actions if asked. */
async function run(mode, { n, m, reloading }) {
  const app = await open(server.url, 'tablet', { reducedMotion: 'reduce', init: SAME_RANDOM });
  const { page } = app;
  const stored = [];
  try {
    await start(app, mode);
    await page.waitForSelector('[data-testid="status"]');
    const rng = seeded(mode.length * 7);
    const keep = async () => stored.push(...(await storage(page)));
    await play(app, rng, n, keep);
    const before = await shown(page);
    let after = before;
    if (reloading) {
      await reload(page);
      await idle(page);
      after = await shown(page);
    }
    await play(app, rng, m, keep);
    const end = await shown(page);
    return { app, before, after, end, stored };
  } catch (e) {
    await app.close();
    throw e;
  }
}

for (const mode of ['open', 'dark', 'flip']) {
  test(`tablet: a ${mode} game against the computer survives a reload and goes on identically`, async () => {
    const straight = await run(mode, { n: 8, m: 4, reloading: false });
    await straight.app.close();
    const reloaded = await run(mode, { n: 8, m: 4, reloading: true });
    const { app, before, after, end, stored } = reloaded;
    const { page } = app;
    try {
      assert.ok(before.moves.length >= 16, `${before.moves.length} plies before the reload`);
      assert.equal(before.phase, 'play');
      assert.deepEqual(after, before, 'the same position, trays, move list, turn and side after the reload');
      assert.deepEqual(end, straight.end, 'the game goes on as it would have without the reload');
      assert.deepEqual(app.problems, []);
      if (mode !== 'dark') return;

      // 暗棋: once over, the record shows the computer's formation; it was never stored before.
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
      await page.waitForSelector('[data-testid="result"]');
      await records(app);
      const item = page.locator('[data-testid="record"]');
      assert.equal(await item.count(), 1);
      assert.equal(await item.first().getAttribute('data-finished'), 'true');
      const exported = await download(app, '[data-testid="record"] [data-testid="export"]');
      const record = JSON.parse(exported);
      assert.equal(record.mode, 'dark');
      assert.equal(record.actions.length, end.moves.length);
      const computer = record.setup.black;
      assert.match(computer, /^[A-Z]{5}\/[A-Z]{3}\/[A-Z]{4}\/[A-Z]{3}\/[A-Z]{5}\/[A-Z]{5}$/);
      assert.ok(stored.length > 0);
      const leaks = stored.filter((s) => s.includes(computer) || s.includes(computer.replaceAll('/', '')));
      assert.deepEqual(leaks, [], "the computer's formation is never in storage during the game");

      // Importing a game that is already in the records says so and adds nothing: the one
      // there keeps who played it.
      const dir = await mkdtemp(join(tmpdir(), 'junqi-record-'));
      const path = join(dir, 'game.json');
      await writeFile(path, exported);
      await page.setInputFiles('[data-testid="import"]', path);
      await page.waitForSelector('[data-testid="records-note"]:not(.error)');
      assert.match(await page.textContent('[data-testid="records-note"]'), /already in the records.*game\.json/);
      assert.equal(await item.count(), 1);
      assert.match(await item.first().textContent(), /Computer, level 1/);
      // Deleted, the game comes back from its file: export → import round-trips the record.
      const result = await item.first().locator('[data-testid="record-result"]').textContent();
      await press(app, '[data-testid="record"] [data-testid="delete"]');
      await page.waitForSelector('[data-testid="deleted-note"]');
      assert.equal(await item.count(), 0);
      await page.setInputFiles('[data-testid="import"]', path);
      await page.waitForFunction(() =>
        /^Imported: game\.json/.test(document.querySelector('[data-testid="records-note"]')?.textContent ?? ''),
      );
      assert.equal(await item.count(), 1);
      const imported = page.locator('[data-testid="record"][data-record^="imported-"]');
      assert.equal(await imported.locator('[data-testid="record-result"]').textContent(), result);
      const again = await download(app, '[data-testid="record"][data-record^="imported-"] [data-testid="export"]');
      assert.deepEqual(JSON.parse(again), record);
      await page.screenshot({ path: join(SHOTS, 'records-tablet.png') });
      // A finished game opens in the replay, at its start, with all its plies.
      await press(app, '[data-testid="record"][data-record^="imported-"] [data-testid="record-replay"]');
      await page.waitForSelector('[data-testid="replay-ply"]');
      assert.equal(
        (await page.textContent('[data-testid="replay-ply"]')).trim(),
        `0 / ${record.actions.length}`,
      );
      assert.deepEqual(app.problems, []);
    } finally {
      await app.close();
    }
  });
}

/** "4:58" → seconds. */
const seconds = (text) => {
  const [m, s] = text.trim().split(' ').pop().split(':').map(Number);
  return m * 60 + s;
};

test('tablet: closing the browser mid-game loses nothing; the clocks stop while it is closed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'junqi-profile-'));
  let app = await open(server.url, 'tablet', { reducedMotion: 'reduce', dir });
  try {
    await app.page.selectOption('[data-testid="clock"]', '5');
    await start(app, 'open');
    await play(app, seeded(4), 3);
    await app.page.waitForTimeout(2500);
    const before = await shown(app.page);
    const mine = seconds(await app.page.textContent('[data-testid="clock-0"]'));
    const theirs = seconds(await app.page.textContent('[data-testid="clock-1"]'));
    assert.ok(mine < 300 && mine > 240, `my clock ${mine}`);
    const read = Date.now();
    await app.close();
    await new Promise((r) => setTimeout(r, 8000));
    app = await open(server.url, 'tablet', { reducedMotion: 'reduce', dir, ready: APP });
    await idle(app.page);
    assert.deepEqual(await shown(app.page), before);
    const again = seconds(await app.page.textContent('[data-testid="clock-0"]'));
    // The clock runs while the page is open: between the first reading and the close, and from
    // the game's resumption on reopening to the second reading (however slow the machine). The
    // 8 s the browser was closed must not count: they would put the clock 8 s below the bound.
    const openMs = Date.now() - read - 8000;
    const ran = Math.ceil(openMs / 1000);
    // Saved at each action and every 5 s: at most that much is given back, nothing taken.
    assert.ok(again >= mine - 1 - ran && again <= mine + 6, `my clock ${mine} s before, ${again} s after (open ${openMs} ms)`);
    assert.equal(seconds(await app.page.textContent('[data-testid="clock-1"]')), theirs);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
});

/** The next player takes the device (pass and play). */
async function ready(app) {
  await app.page.waitForSelector('[data-testid="handover-ready"]:not([disabled])');
  await press(app, '[data-testid="handover-ready"]');
  await app.page.waitForSelector('[data-testid="handover"]', { state: 'detached' });
  await app.page.waitForSelector('[data-at]');
}

test('phone: a pass-and-play 暗棋 game survives a reload, hand-over screen first', async () => {
  const app = await open(server.url, 'phone', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await start(app, 'dark', 'friend');
    await ready(app);
    await page.waitForSelector('[data-testid="start"]:not([disabled])');
    await press(app, '[data-testid="start"]');
    await ready(app);
    const rng = seeded(5);
    for (let i = 0; i < 6; i++) {
      await idle(page);
      await playOne(app, rng);
      await ready(app);
    }
    await idle(page);
    const before = await shown(page);
    await reload(page);
    // The board stays hidden until the player to move says they are ready.
    await page.waitForSelector('[data-testid="handover"]');
    assert.equal(await page.locator('[data-at]').count(), 0);
    assert.match(await page.textContent('[data-testid="handover"]'), /Red/);
    await ready(app);
    await idle(page);
    assert.deepEqual(await shown(page), before);
    await playOne(app, rng);
    await ready(app);
    await idle(page);
    assert.equal((await shown(page)).moves.length, 7);
    await records(app);
    assert.match(await page.textContent('[data-testid="record"]'), /Hidden.*A friend.*Unfinished.*7 plies/s);
    await page.screenshot({ path: join(SHOTS, 'records-phone.png') });
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: unreadable saved data gives a clear message, is kept aside for download, and the app starts', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  try {
    await page.evaluate(() => localStorage.setItem('junqi.saves', 'garbage{'));
    await reload(page);
    await page.waitForSelector('[data-testid="storage-problem"]');
    assert.match(await page.textContent('[data-testid="storage-problem"]'), /could not be read.*kept aside/s);
    assert.match(await page.textContent('[data-testid="storage-problem-why"]'), /not JSON/);
    assert.equal(await page.locator('[data-testid="start-game"]').count(), 1, 'the app starts');
    assert.deepEqual(await backups(page), ['garbage{']);
    assert.equal(await download(app, '[data-testid="download-unreadable"]'), '=== junqi.backup.junqi.saves.1\ngarbage{\n');
    await page.screenshot({ path: join(SHOTS, 'unreadable-tablet.png') });

    // A version this app does not know (written by a newer one): the same, in Chinese too.
    await page.evaluate(() => {
      localStorage.setItem('junqi.saves', '{"version":99,"games":[]}');
    });
    await reload(page);
    await press(app, '[data-testid="toggle-lang"]');
    await page.waitForSelector('[data-testid="storage-problem"]');
    assert.match(await page.textContent('[data-testid="storage-problem"]'), /保存的棋局无法读取/);
    assert.match(await page.textContent('[data-testid="storage-problem-why"]'), /version 99/);
    await page.screenshot({ path: join(SHOTS, 'unreadable-zh-tablet.png') });
    await press(app, '[data-testid="dismiss-unreadable"]');
    assert.equal(await page.locator('[data-testid="storage-problem"]').count(), 0);
    // Both texts are kept, each under a backup key of its own, and still offered from the
    // records screen in one file.
    await records(app);
    assert.deepEqual(await backups(page), ['garbage{', '{"version":99,"games":[]}']);
    assert.equal(
      await download(app, '[data-testid="export-unreadable"]'),
      '=== junqi.backup.junqi.saves.1\ngarbage{\n=== junqi.backup.junqi.saves.2\n{"version":99,"games":[]}\n',
    );
    // A saved game that no longer replays is not resumed: it is set aside with the reason.
    await page.evaluate(() => {
      const game = {
        id: 'g1',
        started: 1,
        saved: 2,
        config: 'mode=open;opponent=friend',
        seed: 1,
        setup: { kind: 'deployments', red: 'DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL', black: 'PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL' },
        actions: 'c6-d5 a1-a2',
      };
      localStorage.setItem('junqi.saves', JSON.stringify({ version: 1, current: 'g1', games: [game] }));
    });
    await reload(page);
    await page.waitForSelector('[data-testid="storage-problem"]');
    assert.match(await page.textContent('[data-testid="storage-problem-why"]'), /ply 2/);
    assert.equal(await page.locator('[data-testid="start-game"]').count(), 1);
    assert.match((await backups(page)).at(-1), /"id":"g1"/);
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('junqi.saves')).games.length), 0);
    // It is also kept as a record file (RULES.md §9), importable wherever it replays.
    const record = JSON.parse(await download(app, '[data-testid="download-record"]'));
    assert.equal(record.mode, 'open');
    assert.deepEqual(record.actions.map((a) => a.action), ['c6-d5', 'a1-a2']);
    assert.deepEqual(record.setup, {
      kind: 'deployments',
      red: 'DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL',
      black: 'PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL',
    });
    await press(app, '[data-testid="dismiss-unreadable"]');

    // The app works: a game starts and is saved.
    await start(app, 'flip');
    await idle(page);
    await playOne(app, seeded(3));
    await idle(page);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('junqi.saves')));
    assert.equal(saved.version, 1);
    assert.equal(saved.games.length, 1);
  } finally {
    await app.close();
  }
});

test('desktop: a malformed record file is refused with the reason and the records stay; resume from the list', async () => {
  const app = await open(server.url, 'desktop', { reducedMotion: 'reduce' });
  const { page } = app;
  try {
    await start(app, 'open');
    await play(app, seeded(9), 2);
    const before = await shown(page);
    await records(app);
    const item = page.locator('[data-testid="record"]');
    assert.equal(await item.count(), 1);
    assert.match(await item.first().textContent(), /Open.*Computer, level 1.*Unfinished.*4 plies/s);

    const dir = await mkdtemp(join(tmpdir(), 'junqi-bad-'));
    const bad = [
      ['notes.json', 'this is not a record', /not a game record/],
      [
        'wrong-setup.json',
        '{"version":1,"mode":"open","setup":{"kind":"shuffle","seed":1},"actions":[]}',
        /bad setup/,
      ],
      ['future.json', '{"version":9,"mode":"flip","setup":{"kind":"shuffle","seed":1},"actions":[]}', /version 9/],
      // A damaged key is named, not read past.
      [
        'damaged-key.json',
        '{"version":1,"mode":"flip","setup":{"kind":"shuffle","seed":1},"actions":[{"action":"a1","resu7t":"flip"}]}',
        /unknown entry 'resu7t'/,
      ],
      // A damaged 4-player record is refused by the 4-player reader, for what is wrong in it.
      [
        'siguo-damaged.json',
        siguo.replace('"four-dark"', '"four-dusk"'),
        /'four-dusk' is not a known value/,
      ],
      [
        'illegal.json',
        '{"version":1,"mode":"flip","setup":{"kind":"shuffle","seed":1},"actions":[{"action":"a1-a2"}]}',
        /ply 1/,
      ],
    ];
    const saved = await page.evaluate(() => localStorage.getItem('junqi.saves'));
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    for (const [name, text, why] of bad) {
      const path = join(dir, name);
      await writeFile(path, text);
      await page.setInputFiles('[data-testid="import"]', path);
      await page.waitForFunction(
        (name) => document.querySelector('[data-testid="records-note"].error')?.textContent.includes(name),
        name,
      );
      const note = await page.textContent('[data-testid="records-note"]');
      assert.match(note, /Not imported/);
      assert.match(note, new RegExp(name.replace('.', '\\.')));
      assert.match(note, why);
      assert.equal(await item.count(), 1, 'the records are kept');
      assert.equal(await page.evaluate(() => localStorage.getItem('junqi.saves')), saved, 'nothing changed');
      assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).sort()), keys, 'nothing added');
      assert.doesNotMatch(note, /expected one of/);
    }
    await page.screenshot({ path: join(SHOTS, 'records-import-error-desktop.png') });

    // A good 四国 record is imported as a 四国 game; with it listed, the records never say
    // "No games yet", even with no 2-player game left.
    const good = join(dir, 'siguo.json');
    await writeFile(good, siguo);
    await page.setInputFiles('[data-testid="import"]', good);
    await page.waitForFunction(() =>
      /^Imported: siguo\.json/.test(document.querySelector('[data-testid="records-note"]')?.textContent ?? ''),
    );
    assert.equal(await page.locator('[data-testid="siguo-record-list"] [data-testid="siguo-record"]').count(), 1);
    await page.setInputFiles('[data-testid="import"]', good);
    await page.waitForFunction(() =>
      /already in the records/.test(document.querySelector('[data-testid="records-note"]')?.textContent ?? ''),
    );
    assert.equal(await page.locator('[data-testid="siguo-record-list"] [data-testid="siguo-record"]').count(), 1);
    await press(app, '[data-testid="record"] [data-testid="delete"]');
    await page.waitForSelector('[data-testid="deleted-note"]');
    assert.equal(await item.count(), 0);
    assert.equal(await page.locator('[data-testid="no-records"]').count(), 0);
    await page.screenshot({ path: join(SHOTS, 'records-siguo-only-desktop.png') });
    await press(app, '[data-testid="undo-delete"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="record"]').length === 1);

    // An unfinished 暗棋 or 翻棋 game is not exported (the file would show hidden pieces).
    await press(app, '[data-testid="resume"]');
    await page.waitForSelector('.app[data-phase="play"]');
    await idle(page);
    assert.deepEqual(await shown(page), before);
    // The undo history came back with it: undo takes back the move and the reply.
    await press(app, '[data-testid="undo"]');
    await idle(page);
    assert.equal((await shown(page)).moves.length, before.moves.length - 2);
    await press(app, '[data-testid="new-game"]');
    await start(app, 'dark');
    await play(app, seeded(2), 1);
    // 暗棋 guess marks survive a reload too.
    const at = await page.getAttribute('[data-color="b"][data-at]', 'data-at');
    const box = await page.locator(`[data-at="${at}"]`).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
    await page.waitForSelector('[data-testid="guess-picker"]');
    await press(app, '[data-guess-choice="G"]');
    assert.equal(await page.locator(`[data-at="${at}"] [data-guess="G"]`).count(), 1);
    await reload(page);
    await idle(page);
    assert.equal(await page.locator(`[data-at="${at}"] [data-guess="G"]`).count(), 1, 'the mark is back');
    // No Black piece is named: but Black's flag, shown to both once Black's Field Marshal is
    // gone (a contact of the first plies may remove it).
    assert.equal(await page.locator('[data-color="b"][data-role]:not([data-role="F"])').count(), 0);
    await records(app);
    assert.equal(await item.count(), 2);
    assert.equal(await item.first().locator('[data-testid="export"]').isDisabled(), true);
    assert.equal(await item.nth(1).locator('[data-testid="export"]').isDisabled(), false);
    await press(app, '[data-testid="record"]:nth-child(1) [data-testid="delete"]');
    assert.equal(await item.count(), 1);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});

test('tablet: settings persist across a reload', async () => {
  const app = await open(server.url, 'tablet');
  const { page } = app;
  const pressed = (id) => page.getAttribute(`[data-testid="${id}"]`, 'aria-pressed');
  const checked = (id) => page.isChecked(`[data-testid="${id}"]`);
  try {
    await press(app, '[data-testid="open-settings"]');
    await press(app, '[data-testid="lang-zh"]');
    await press(app, '[data-testid="labels-rank"]');
    await press(app, '[data-testid="speed-fast"]');
    // Undo is a grown-up setting now (learn.test.mjs checks that it persists).
    const toggles = ['large-labels', 'show-dests', 'face-to-face', 'sound'];
    const was = {};
    for (const t of toggles) {
      was[t] = await checked(t);
      await page.click(`[data-testid="${t}"]`);
    }
    await page.locator('[data-testid="volume"]').fill('30');
    await press(app, '[data-testid="close-settings"]');
    await reload(page);
    await press(app, '[data-testid="open-settings"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
    assert.equal(await pressed('lang-zh'), 'true');
    assert.equal(await pressed('labels-rank'), 'true');
    assert.equal(await pressed('speed-fast'), 'true');
    for (const t of toggles) assert.equal(await checked(t), !was[t], t);
    assert.equal(Number(await page.inputValue('[data-testid="volume"]')), 30);
    assert.deepEqual(app.problems, []);
  } finally {
    await app.close();
  }
});
