// End-to-end: two people, each on their own browser, play each other over a direct connection
// (a WebRTC data channel) with no server between them. The invitation and the answer travel as
// text, pasted the way a person pastes them; no STUN server is set, and Chromium may connect
// over loopback, so nothing leaves this machine. Whole games of 明棋 and 暗棋 are played to a
// resignation (the 明棋 one through a reload of one tab, which drops the connection, and a
// reconnection, with clocks, and two moves taken back by agreement), both devices check every
// piece at the end, and a device that lies in its openings is caught and named. A friend who
// leaves loses after a clear wait, and a phone's camera (a fake one, shown the host's QR code)
// reads the invitation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { rm, writeFile } from 'node:fs/promises';
import { SHOTS, appState, open, press, idle, playOne, sameRandom, seeded, serveDist } from './app.mjs';

const server = serveDist();

/** Both browsers may connect over loopback; the addresses are not hidden behind mDNS names,
 * which nothing on this machine would answer. */
const LOOPBACK = ['--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'];

/** A browser with no STUN server set (one network: none is needed); `args`: more of Chromium's. */
async function device(profile, init, args = []) {
  const app = await open(server.url, profile, { reducedMotion: 'reduce', args: [...LOOPBACK, ...args], init });
  await app.page.evaluate(() => {
    const raw = localStorage.getItem('junqi.settings');
    const s = raw ? JSON.parse(raw) : { version: 2 };
    s.stun = [];
    localStorage.setItem('junqi.settings', JSON.stringify(s));
  });
  await app.page.reload();
  await app.page.waitForSelector('[data-testid="start-game"]');
  return app;
}

async function value(page, testid) {
  const sel = `[data-testid="${testid}"]`;
  await page.waitForFunction((s) => document.querySelector(s)?.value?.length > 0, sel, { timeout: 20_000 });
  return page.$eval(sel, (e) => e.value);
}

/** The host invites with the new-game screen's choices; the guest pastes the invitation, the host
 * pastes the answer; the guest accepts the game; both arrange and start. */
async function connect(host, guest, mode, { shots = false, byLink = false, clock = 0 } = {}) {
  await press(host, `[data-testid="mode-${mode}"]`);
  await press(host, '[data-testid="opponent-remote"]');
  await press(host, '[data-testid="seat-0"]');
  await host.page.selectOption('[data-testid="clock"]', String(clock));
  await press(host, '[data-testid="start-game"]');
  const offer = await value(host.page, 'offer-text');
  assert.ok(offer.length < 200, `an invitation of ${offer.length} characters`);
  const link = await value(host.page, 'offer-text-link');
  assert.ok(link.endsWith(`#join=${offer}`), link);
  assert.ok(await host.page.locator('.connect-qr svg').count(), 'the invitation as a QR code');
  if (shots) await host.page.screenshot({ path: join(SHOTS, 'connect-invite-desktop.png') });

  if (byLink) {
    // The link opened in the guest's browser (as a phone's camera opens the code) fills in the
    // invitation.
    await guest.page.goto(link);
    assert.equal(await value(guest.page, 'offer-input'), offer);
    assert.equal(await guest.page.evaluate(() => location.hash), '', 'the link is used once');
  } else {
    await press(guest, '[data-testid="opponent-remote"]');
    await press(guest, '[data-testid="open-join"]');
    await guest.page.fill('[data-testid="offer-input"]', offer);
  }
  await press(guest, '[data-testid="join"]');
  const answer = await value(guest.page, 'answer-text');
  assert.ok(answer.length < 200, `an answer of ${answer.length} characters`);
  if (shots) await guest.page.screenshot({ path: join(SHOTS, 'connect-answer-phone.png') });

  await host.page.fill('[data-testid="answer-input"]', answer);
  await press(host, '[data-testid="take-answer"]');
  await host.page.waitForSelector('[data-testid="connected"]', { timeout: 20_000 });
  await guest.page.waitForSelector('[data-testid="accept-proposal"]', { timeout: 20_000 });
  assert.match(await guest.page.textContent('[data-testid="connect-colour"]'), /Black/);
  const clockSaid = await guest.page.textContent('[data-testid="connect-clock"]');
  if (clock) assert.match(clockSaid, new RegExp(`${clock} min`), clockSaid);
  else assert.match(clockSaid, /No clock/, clockSaid);
  if (shots) await guest.page.screenshot({ path: join(SHOTS, 'connect-proposal-phone.png') });
  await press(guest, '[data-testid="accept-proposal"]');
  for (const app of [host, guest]) {
    await app.page.waitForSelector('[data-testid="start"]');
    await press(app, '[data-testid="start"]');
  }
}

/** Which of the two may move now (its board still, a movable piece), waiting for it. A game
 * that ended, or a connection that dropped, fails at once with what the pages show. */
async function toMove(apps) {
  const end = Date.now() + 20_000;
  for (;;) {
    const stopped = await Promise.all(
      apps.map((app) => app.page.locator('[data-testid="result"], [data-testid="reconnect"]').count()),
    );
    if (stopped.some((n) => n > 0)) {
      const states = await Promise.all(apps.map((app) => appState(app.page)));
      assert.fail(`the game stopped before a device could move: ${JSON.stringify(states)}`);
    }
    for (const app of apps) {
      const still = !(await app.page.locator('.app[data-busy]').count());
      if (still && (await app.page.locator('[data-movable]').count())) return app;
    }
    if (Date.now() >= end) {
      const states = await Promise.all(apps.map((app) => appState(app.page)));
      const problems = apps.map((app) => app.problems);
      assert.fail(`neither device may move: ${JSON.stringify({ states, problems })}`);
    }
    await apps[0].page.waitForTimeout(50);
  }
}

/** The host's tab is reloaded in the middle of the game (the connection drops with it): it
 * continues the game from its records and invites again; the guest, told the connection
 * dropped, joins the new invitation; both go on where they were. */
async function reconnect(host, guest) {
  await host.page.reload();
  await guest.page.waitForSelector('[data-testid="reconnect"]', { timeout: 20_000 });
  await guest.page.screenshot({ path: join(SHOTS, 'remote-reconnect-phone.png') });
  await host.page.waitForSelector('[data-testid="records"]');
  await press(host, '[data-testid="records"]');
  await host.page.waitForSelector('[data-testid="remote-resume"]');
  await press(host, '[data-testid="remote-resume"]');
  await host.page.waitForSelector('[data-testid="reconnect"]');
  await press(host, '[data-testid="reconnect-invite"]');
  const offer = await value(host.page, 'offer-text');
  await press(guest, '[data-testid="reconnect-join"]');
  await guest.page.fill('[data-testid="offer-input"]', offer);
  await press(guest, '[data-testid="join"]');
  const answer = await value(guest.page, 'answer-text');
  await host.page.fill('[data-testid="answer-input"]', answer);
  await press(host, '[data-testid="take-answer"]');
  for (const app of [host, guest]) {
    await app.page.waitForSelector('.app[data-phase="play"]', { timeout: 20_000 });
    await app.page.waitForSelector('[data-testid="reconnect"]', { state: 'detached' });
  }
}

/** Plays random moves on whichever device is to move until resigning is allowed, then that
 * device resigns; returns the number of moves played. `midway`: called once after 8 moves. */
async function playToResignation(apps, rng, midway) {
  for (let plies = 0; ; plies++) {
    if (plies === 8 && midway) await midway();
    const app = await toMove(apps);
    await idle(app.page);
    if (await app.page.locator('[data-testid="resign"]:not([disabled])').count()) {
      await press(app, '[data-testid="resign"]');
      await press(app, '[data-testid="confirm-resign"]');
      return plies;
    }
    assert.ok(plies < 60, 'resigning is allowed after 20 plies');
    await playOne(app, rng);
  }
}

function history(page) {
  return page.$$eval('[data-testid="move-list"] > [data-ply]', (els) => els.map((e) => e.textContent.trim()));
}

async function plies(page, n) {
  await page.waitForFunction(
    (k) => document.querySelectorAll('[data-testid="move-list"] > [data-ply]').length === k,
    n,
    { timeout: 20_000 },
  );
}

/** The device to move asks to take back its last move (and the reply to it); the other device
 * refuses. Not asked again at that ply, the asker plays on, the other replies, and the asker
 * asks again: allowed. Returns how many plies the record gained (2 played, 2 taken back). */
async function takeBack(apps, rng) {
  const asker = await toMove(apps);
  const other = apps.find((a) => a !== asker);
  await idle(asker.page);
  let before = await history(asker.page);
  await press(asker, '[data-testid="ask-undo"]');
  await other.page.waitForSelector('[data-testid="decline-undo"]', { timeout: 20_000 });
  await press(other, '[data-testid="decline-undo"]');
  await asker.page.waitForFunction(
    () => /said no/.test(document.querySelector('[data-testid="status"]')?.textContent ?? '')
      || /said no/.test(document.body.textContent),
    null,
    { timeout: 20_000 },
  );
  assert.deepEqual(await history(asker.page), before, 'refused: the moves stand');
  assert.ok(await asker.page.locator('[data-testid="ask-undo"][disabled]').count(), 'asked once a ply');
  for (const app of [asker, other]) {
    assert.equal(await toMove(apps), app);
    await idle(app.page);
    await playOne(app, rng);
  }
  for (const app of apps) await plies(app.page, before.length + 2);
  await idle(asker.page);
  before = await history(asker.page);
  await press(asker, '[data-testid="ask-undo"]');
  await other.page.waitForSelector('[data-testid="accept-undo"]', { timeout: 20_000 });
  await other.page.screenshot({ path: join(SHOTS, 'remote-undo-asked.png') });
  await press(other, '[data-testid="accept-undo"]');
  for (const app of apps) await plies(app.page, before.length - 2);
  assert.deepEqual(await history(other.page), before.slice(0, -2));
  return 0;
}

async function status(page) {
  return (await page.textContent('[data-testid="status"]')).trim();
}

/** Waits until both devices say the game was checked (`want`: that text). */
async function bothSay(apps, want) {
  for (const app of apps) {
    await app.page.waitForFunction(
      (w) => document.querySelector('[data-testid="status"]')?.textContent.includes(w),
      want,
      { timeout: 20_000 },
    );
  }
}

for (const [mode, seed] of [
  ['open', 5],
  ['dark', 6],
]) {
  test(`two browsers play ${mode} to the end over a direct connection, and both check it`, async () => {
    // Each device's formation drawn from its own seed, so that the game is the same on every
    // run (the moves are drawn from `seed` too).
    const host = await device('desktop', sameRandom(seed));
    const guest = await device('phone', sameRandom(seed + 100));
    try {
      const clock = mode === 'open' ? 10 : 0;
      await connect(host, guest, mode, { shots: mode === 'dark', byLink: mode === 'dark', clock });
      // Both devices run the agreed clocks.
      for (const app of [host, guest]) {
        assert.equal(await app.page.locator('[data-testid="clock-0"]').count(), clock ? 1 : 0);
      }
      // 暗棋: each device names only its own pieces.
      if (mode === 'dark') {
        await host.page.waitForSelector('[data-at]');
        const colours = async (p) =>
          p.$$eval('[data-role]', (els) => [...new Set(els.map((e) => e.getAttribute('data-color')))].sort());
        assert.deepEqual(await colours(host.page), ['r']);
        await guest.page.waitForSelector('[data-at]');
        assert.deepEqual(await colours(guest.page), ['b']);
      }
      let before = null;
      let gained = 0;
      const rng = seeded(seed);
      const plies = await playToResignation([host, guest], rng, async () => {
        if (mode !== 'open') return;
        before = await history(host.page);
        const guestBefore = await history(guest.page);
        await reconnect(host, guest);
        // Both boards go on from where they were.
        assert.deepEqual(await history(host.page), before);
        assert.deepEqual(await history(guest.page), guestBefore);
        gained = await takeBack([host, guest], rng);
      });
      if (mode === 'open') assert.equal(before?.length, 8, 'reconnected after 8 moves');
      assert.ok(plies >= 20, `${plies} plies`);
      await bothSay([host, guest], 'no cheating');
      // Each device keeps the checked game in its records, with both formations.
      for (const app of [host, guest]) {
        const kept = await app.page.evaluate(() => JSON.parse(localStorage.getItem('junqi.saves')).games[0]);
        assert.equal(kept.setup.kind, 'deployments');
        assert.ok(kept.result, 'finished');
        assert.match(kept.config, /opponent=remote/);
        assert.equal(kept.actions.split(' ').length, plies + gained);
      }
      if (mode === 'dark') await guest.page.screenshot({ path: join(SHOTS, 'remote-verified-phone.png') });
      assert.deepEqual([...host.problems, ...guest.problems], []);
    } finally {
      await host.close();
      await guest.close();
    }
  });
}

test('a device that lies about a piece when it opens them at the end is caught and named', async () => {
  // The guest's browser changes the role of the first piece it opens at the end.
  const liar = () => {
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (text) {
      if (typeof text === 'string' && text.startsWith('game ') && text.includes('"t":"final"')) {
        text = text.replace(/"role":"(\w+)"/, (m, r) => `"role":"${r === 'General' ? 'Colonel' : 'General'}"`);
      }
      return send.call(this, text);
    };
  };
  const host = await device('desktop');
  const guest = await device('tablet', liar);
  try {
    await connect(host, guest, 'dark');
    await playToResignation([host, guest], seeded(7));
    await host.page.waitForFunction(
      () => /Cheating caught/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''),
      null,
      { timeout: 20_000 },
    );
    const said = await status(host.page);
    assert.match(said, /black/i, said);
    // The honest device keeps no record of a game that did not check out.
    const kept = await host.page.evaluate(() => JSON.parse(localStorage.getItem('junqi.saves') ?? '{"games":[]}').games);
    assert.equal(kept.length, 0);
  } finally {
    await host.close();
    await guest.close();
  }
});

test('a friend who leaves in the middle of a game loses, after a clear wait', async () => {
  const host = await device('desktop');
  const guest = await device('phone');
  try {
    await connect(host, guest, 'open');
    const rng = seeded(8);
    for (let i = 0; i < 2; i++) {
      const app = await toMove([host, guest]);
      await idle(app.page);
      await playOne(app, rng);
    }
    await plies(host.page, 2);
    // The friend leaves the page: the host is told how long the rule waits.
    await guest.page.goto('about:blank');
    await host.page.waitForSelector('[data-testid="left-in"]', { timeout: 30_000 });
    assert.match(await host.page.textContent('[data-testid="left-in"]'), /within (10:00|9:\d\d)/);
    assert.equal(await host.page.locator('[data-testid="friend-left"]').count(), 0, 'not before the wait');
    await host.page.clock.install();
    await host.page.clock.fastForward('10:01');
    await host.page.waitForSelector('[data-testid="friend-left"]', { timeout: 10_000 });
    await host.page.screenshot({ path: join(SHOTS, 'remote-friend-left.png') });
    await press(host, '[data-testid="friend-left"]');
    await host.page.waitForSelector('[data-testid="start-game"]');
    // It counts as the host's win (Red) among the games between friends, and the game, which
    // can never be checked now, is no longer among the unfinished ones (a copy is backed up).
    const kept = await host.page.evaluate(() => {
      const stats = JSON.parse(localStorage.getItem('junqi.stats.v1'));
      const unfinished = Object.keys(localStorage).filter((k) => /^junqi\.remote\.[0-9a-f]+$/.test(k));
      return { friend: stats.friend, unfinished };
    });
    assert.equal(kept.friend[0].red, 1, JSON.stringify(kept.friend));
    assert.deepEqual(kept.unfinished, []);
    assert.deepEqual(host.problems, []);
  } finally {
    await host.close();
    await guest.close();
  }
});

/** The QR code shown on `page` (`.connect-qr svg`) as a fake camera's video file (Y4M, grey),
 * the code in the middle of the picture as a camera held in front of the screen would see it. */
async function cameraFile(page, path) {
  const { w, h, grey } = await page.evaluate(async () => {
    const svg = document.querySelector('.connect-qr svg');
    const img = new Image();
    img.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const [W, H, side] = [640, 480, 360];
    const c = document.createElement('canvas');
    c.width = W;
    c.height = H;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#c8c4bc';
    ctx.fillRect(0, 0, W, H);
    ctx.drawImage(img, (W - side) / 2, (H - side) / 2, side, side);
    const d = ctx.getImageData(0, 0, W, H).data;
    const g = [];
    for (let i = 0; i < W * H; i++) g.push(Math.round(0.299 * d[4 * i] + 0.587 * d[4 * i + 1] + 0.114 * d[4 * i + 2]));
    return { w: W, h: H, grey: g };
  });
  const frame = Buffer.concat([
    Buffer.from('FRAME\n'),
    Buffer.from(grey),
    Buffer.alloc((w / 2) * (h / 2) * 2, 128),
  ]);
  await writeFile(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F5:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

test('the invited device reads the invitation with its camera', async () => {
  const host = await device('desktop');
  const file = join(tmpdir(), `junqi-invitation-${process.pid}.y4m`);
  let guest = null;
  try {
    await press(host, '[data-testid="mode-open"]');
    await press(host, '[data-testid="opponent-remote"]');
    await press(host, '[data-testid="start-game"]');
    const offer = await value(host.page, 'offer-text');
    await cameraFile(host.page, file);
    // The friend's phone, its camera pointed at the host's screen.
    guest = await device('phone', undefined, [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ]);
    await press(guest, '[data-testid="opponent-remote"]');
    await press(guest, '[data-testid="open-join"]');
    await press(guest, '[data-testid="scan"]');
    await guest.page.waitForSelector('[data-testid="scanner"] video');
    await guest.page
      .waitForFunction(() => document.querySelector('[data-testid="scanner"] video')?.videoWidth > 0, null, {
        timeout: 5_000,
      })
      .then(() => guest.page.screenshot({ path: join(SHOTS, 'connect-scan-phone.png') }))
      .catch(() => {}); // read (and gone) before its picture could be shown
    // Read: the invitation is taken as if pasted, and the answer is made.
    const answer = await value(guest.page, 'answer-text');
    assert.equal(await guest.page.locator('[data-testid="scanner"]').count(), 0, 'the camera stops');
    await host.page.fill('[data-testid="answer-input"]', answer);
    await press(host, '[data-testid="take-answer"]');
    await host.page.waitForSelector('[data-testid="connected"]', { timeout: 20_000 });
    await guest.page.waitForSelector('[data-testid="accept-proposal"]', { timeout: 20_000 });
    assert.ok(offer.length > 0);
    assert.deepEqual([...host.problems, ...guest.problems], []);
  } finally {
    await host.close();
    await guest?.close();
    await rm(file, { force: true });
  }
});
