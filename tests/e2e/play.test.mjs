// README's play command, run as a player runs it: `bash scripts/play.sh` in the background, the
// game answering at http://127.0.0.1:8080/ (page, WebAssembly, service worker, compressed), the
// board drawn in headless Chromium, then Ctrl-C (SIGINT to its process group, as a terminal
// sends it): it exits cleanly and leaves no process and no open port behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ARGS, CHROMIUM, ROOT, SHOTS, watch } from './app.mjs';

const PORT = 8080;
const URL_ = `http://127.0.0.1:${PORT}/`;
const ANNOUNCED = `the game is served at ${URL_}`;

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port) {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** Whether any process of the process group `pgid` is still alive. */
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    if (e.code === 'ESRCH') return false;
    throw e;
  }
}

async function until(what, check, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('scripts/play.sh serves the game on 127.0.0.1:8080, the board is drawn, Ctrl-C stops it cleanly', async () => {
  assert.equal(await listening(PORT), false, `port ${PORT} is already taken: stop whatever serves it first`);
  // Its own process group, like a command in a terminal.
  const play = spawn('bash', ['scripts/play.sh'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pgid = play.pid;
  let out = '';
  let err = '';
  play.stdout.on('data', (d) => (out += d));
  play.stderr.on('data', (d) => (err += d));
  const exited = new Promise((done) => play.once('exit', (code, signal) => done({ code, signal })));
  let ended = null;
  exited.then((e) => (ended = e));
  const dir = await mkdtemp(join(tmpdir(), 'junqi-play-'));
  let browser;
  try {
    // The set-up and the build are already done by the test command's earlier steps (the build
    // stamp matches), so this is the "later run" of README: seconds. A fresh machine gets longer.
    await until(
      'the address to be printed',
      () => {
        if (ended) throw new Error(`play.sh exited early ${JSON.stringify(ended)}\n${out}\n${err}`);
        return out.includes(ANNOUNCED);
      },
      20 * 60_000,
    );
    // Printed only once the site answers: it answers now.
    const page = await fetch(URL_);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type'), /text\/html/);
    assert.match(page.headers.get('content-encoding') ?? '', /^(br|gzip)$/, 'the page is sent compressed');
    const html = await page.text();
    const wasm = html.match(/junqi-start-[0-9a-f]+_bg\.wasm/)?.[0];
    assert.ok(wasm, 'index.html names the first screen’s WebAssembly');
    // The first screen's module, and the whole game's that it loads (src/start.rs).
    for (const file of [wasm, 'junqi-web_bg.wasm']) {
      const module = await fetch(URL_ + file);
      assert.equal(module.status, 200, file);
      assert.equal(module.headers.get('content-type'), 'application/wasm');
      assert.match(module.headers.get('content-encoding') ?? '', /^(br|gzip)$/, `${file} is sent compressed`);
      assert.ok(WebAssembly.validate(new Uint8Array(await module.arrayBuffer())), `${file}: a valid WebAssembly module`);
    }
    const sw = await fetch(URL_ + 'sw.js');
    assert.equal(sw.status, 200);
    assert.match(sw.headers.get('content-type'), /javascript/);
    assert.match(await sw.text(), /addEventListener\(['"]install/);
    const missing = await fetch(URL_ + 'no-such-file.js');
    assert.equal(missing.status, 404);

    // The board drawn in a browser: the welcome of a first visit, then a game's setup board.
    browser = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, args: ARGS, headless: true, viewport: { width: 1024, height: 768 } });
    const tab = browser.pages()[0] ?? (await browser.newPage());
    const { problems } = watch(tab);
    await tab.goto(URL_);
    await tab.click('[data-testid="welcome-play"]');
    await tab.waitForSelector('svg.board [data-point]');
    assert.equal(await tab.locator('svg.board [data-point]').count(), 60, 'the 60 points of the board');
    assert.ok((await tab.locator('svg.board [data-at]').count()) >= 25, 'an army on the board');
    await tab.evaluate(() => document.fonts.ready);
    await tab.screenshot({ path: join(SHOTS, 'play-command-tablet.png') });
    assert.deepEqual(problems, []);
    await browser.close();
    browser = null;

    // Ctrl-C.
    process.kill(-pgid, 'SIGINT');
    const end = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 10_000))]);
    assert.deepEqual(end, { code: 0, signal: null }, `play.sh ends with status 0 on Ctrl-C\n${out}\n${err}`);
    await until('every process of play.sh to end', () => !groupAlive(pgid), 5_000);
    assert.equal(await listening(PORT), false, 'nothing listens on the port any more');
    assert.match(out, /stopped \(SIGINT\)/);
  } finally {
    await browser?.close().catch(() => {});
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
});
