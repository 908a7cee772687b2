// End-to-end: builds that meet. The page and the computer player's worker (fixed file names)
// must be of one build, and the service worker must cache a version only as the build made it
// (scripts/pwa-postbuild.mjs writes each file's SHA-256 into sw.js). Each test serves its own
// copy of dist/, changed as a deploy or another tab's update would change it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, idle, isOver, offlineReady, open, playOne, press, seeded, startGame } from './app.mjs';

const BOARD = 'svg.board [data-point]';
const cleanup = [];

after(async () => {
  for (const done of cleanup.reverse()) await done();
});

/** A copy of dist/ served on its own port: { site, url }. */
async function copy() {
  assert.ok(existsSync(join(DIST, 'sw.js')), 'dist/ is missing: run scripts/build.sh first');
  const site = await mkdtemp(join(tmpdir(), 'junqi-builds-site-'));
  await cp(DIST, site, { recursive: true });
  const server = await serve(site);
  cleanup.push(async () => {
    await server.close();
    await rm(site, { recursive: true, force: true });
  });
  return { site, url: server.url };
}

const integrity = (data) => `sha256-${createHash('sha256').update(data).digest('base64')}`;

/** sw.js lists `file` with the hash of its content now, as a complete deploy of it would. */
async function relist(site, file) {
  const sw = join(site, 'sw.js');
  const text = await readFile(sw, 'utf8');
  const entry = new RegExp(`("${file.replace(/[.]/g, '\\.')}": )"sha256-[^"]+"`);
  assert.match(text, entry, `sw.js does not list ${file} with its hash`);
  await writeFile(sw, text.replace(entry, `$1"${integrity(await readFile(join(site, file)))}"`));
}

/** The build ids (`junqi-build-` and 32 hex digits, src/ai/mod.rs) in a binary. */
function buildIds(bytes) {
  return new Set(bytes.toString('latin1').match(/junqi-build-[0-9a-f]{32}/g) ?? []);
}

test('a worker of another build is refused: the computer still plays, and the new version is offered', async () => {
  const { site, url } = await copy();
  // The build id is compiled into both binaries, the same in both.
  const worker = join(site, 'ai_worker_bg.wasm');
  const pageWasm = (await readdir(site)).find((f) => f.startsWith('junqi-web') && f.endsWith('_bg.wasm'));
  assert.ok(pageWasm, 'the page binary');
  const workerBytes = await readFile(worker);
  const pageIds = buildIds(await readFile(join(site, pageWasm)));
  const shared = [...buildIds(workerBytes)].filter((id) => pageIds.has(id));
  assert.equal(shared.length, 1, `one build id shared by page and worker, found ${JSON.stringify(shared)}`);
  const [id] = shared;
  // The worker of another build: same files, another id (another tab accepted an update and
  // the new worker now answers to the old name).
  const other = id.replace(/[0-9a-f]{32}$/, (hex) => [...hex].map((c) => ((parseInt(c, 16) + 1) % 16).toString(16)).join(''));
  assert.notEqual(other, id);
  const changed = Buffer.from(workerBytes.toString('latin1').replaceAll(id, other), 'latin1');
  assert.equal(changed.length, workerBytes.length);
  await writeFile(worker, changed);
  await relist(site, 'ai_worker_bg.wasm');

  const app = await open(url, 'desktop', { reducedMotion: 'reduce' });
  cleanup.push(app.close);
  const { page } = app;
  // The game's own client met the worker at start: it is refused, the banner offers the update.
  const banner = page.locator('.update-banner');
  await banner.waitFor({ state: 'visible', timeout: 20_000 });
  assert.match(await banner.innerText(), /New version ready/);
  // Asked directly, the worker answers nothing: an error says why.
  const res = JSON.parse(
    await page.evaluate(() => window.__junqiAi(JSON.stringify({ id: 1, task: 'formation', seed: 42 }))),
  );
  assert.match(res.error ?? '', /another version/);
  assert.equal(res.formation ?? null, null);
  assert.equal(await page.evaluate(() => window.__junqiAiThinking()), false);

  // A game against the computer goes on: it answers on the page's thread.
  await startGame(app, { mode: 'open', opponent: 'computer', level: '1', seat: '0' });
  await page.waitForSelector('[data-testid="status"]');
  const rng = seeded(11);
  for (let i = 0; i < 4 && !(await isOver(page)); i++) {
    await idle(page);
    await playOne(app, rng);
  }
  await idle(page);
  const plies = await page.locator('[data-testid="move-list"] [data-ply]').count();
  assert.ok(plies >= 8, `${plies} plies: the computer did not answer every move`);
  // No worker of the other build was kept or started again.
  assert.equal(page.workers().length, 0, page.workers().map((w) => w.url()).join(', '));
  assert.deepEqual(app.problems, []);
});

/** Waits until the service worker controls the page. */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
}

/** Looks for a new sw.js; resolves to what became of the new version ('installed', 'redundant'). */
function update(page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const found = new Promise((ok) => reg.addEventListener('updatefound', () => ok(reg.installing), { once: true }));
    await reg.update();
    const sw = await found;
    return new Promise((ok) => {
      const settled = () => ['installed', 'activating', 'activated', 'redundant'].includes(sw.state);
      if (settled()) ok(sw.state);
      sw.addEventListener('statechange', () => settled() && ok(sw.state));
    });
  });
}

test('a deploy with a file unlike its hash is not installed; the version in use keeps working offline', async () => {
  const { site, url } = await copy();
  const app = await open(url, 'desktop', { ready: BOARD });
  cleanup.push(app.close);
  const { page, ctx } = app;
  await offlineReady(page);
  const before = await page.evaluate(() => caches.keys());
  assert.equal(before.length, 1);

  // A new version whose deploy is half done: sw.js is new, one file is not what it lists.
  const swPath = join(site, 'sw.js');
  const sw = await readFile(swPath, 'utf8');
  await writeFile(swPath, sw.replace(/const VERSION = "(\w+)"/, 'const VERSION = "$1-next"'));
  const css = (await readdir(site)).find((f) => f.endsWith('.css'));
  const cssPath = join(site, css);
  const goodCss = await readFile(cssPath, 'utf8');
  await writeFile(cssPath, `${goodCss}\n.half-deployed { color: red }\n`);

  assert.equal(await update(page), 'redundant', 'the new version must not install');
  await page.waitForTimeout(1000);
  assert.equal(await page.locator('.update-banner').count(), 0, 'no update is offered');
  assert.deepEqual(await page.evaluate(() => caches.keys()), before, 'only the version in use is cached');
  assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()).waiting), false);

  // Offline, the version in use still serves the whole game, its own files untouched.
  await ctx.setOffline(true);
  await page.reload();
  await page.waitForSelector(BOARD);
  await controlled(page);
  const served = await page.evaluate(async (name) => (await fetch(name)).text(), css);
  assert.equal(served, goodCss);
  const res = JSON.parse(
    await page.evaluate(() => window.__junqiAi(JSON.stringify({ id: 1, task: 'formation', seed: 42 }))),
  );
  assert.equal(res.error ?? null, null);

  // Once the deploy is complete the same version installs and is offered.
  await ctx.setOffline(false);
  await writeFile(cssPath, goodCss);
  assert.equal(await update(page), 'installed');
  await page.locator('.update-banner').waitFor({ state: 'visible', timeout: 20_000 });
  // Offline, the browser's own look for a newer sw.js fails: that is the one allowed error.
  assert.deepEqual(
    app.problems.filter((p) => !/sw\.js|ERR_INTERNET_DISCONNECTED/.test(p)),
    [],
  );
});
