// End-to-end: the installable, offline app (pwa/, scripts/pwa-postbuild.mjs, src/pwa.rs) on the
// built site, in headless Chromium with a persistent profile (a fresh incognito-like context is
// never installable). Every test fails on any request that leaves 127.0.0.1, on any
// Content-Security-Policy violation (page, workers, service worker) and on page errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { ARGS, CHROMIUM, offlineReady, pastWelcome } from './app.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
const BOARD = 'svg.board [data-point]';

let server;
let site; // a copy of dist/ that the update test may change

before(async () => {
  assert.ok(existsSync(join(DIST, 'sw.js')), 'dist/sw.js is missing: run `trunk build --release` first');
  site = await mkdtemp(join(tmpdir(), 'junqi-pwa-site-'));
  await cp(DIST, site, { recursive: true });
  server = await serve(site);
});

after(async () => {
  await server?.close();
  if (site) await rm(site, { recursive: true, force: true });
});

/** Every file of the built site, relative to its root. */
async function siteFiles(dir = site) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await siteFiles(path)));
    else out.push(relative(site, path).split(sep).join('/'));
  }
  return out.sort();
}

/** Is `url` on this machine's test server (or a local data:/blob: URL of its pages)? */
function local(url) {
  if (url.startsWith('data:')) return true;
  const u = new URL(url.startsWith('blob:') ? url.slice('blob:'.length) : url);
  return u.hostname === '127.0.0.1' && u.origin === new URL(server.url).origin;
}

/**
 * A browser with a persistent profile and one page, watched: every request URL (context
 * routes see the service worker's own fetches too), CSP violations, page errors.
 *
 * CSP violations are caught three ways: the page's `securitypolicyviolation` event, console
 * messages, and DevTools issues (`Audits.issueAdded`) of the page and of every worker and
 * service worker it starts. Playwright shows no worker's CSP messages, so the page's DevTools
 * session attaches to each worker as it starts (paused until its issues are watched).
 */
async function launch() {
  const dir = await mkdtemp(join(tmpdir(), 'junqi-pwa-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1024, height: 768 },
  });
  const w = { ctx, requests: [], foreign: [], violations: [], problems: [] };
  const seen = (url) => {
    w.requests.push(url);
    if (!local(url)) w.foreign.push(url);
  };
  ctx.on('request', (r) => seen(r.url()));
  await ctx.route('**/*', (route) => {
    const url = route.request().url();
    seen(url);
    return local(url) ? route.fallback() : route.abort('blockedbyclient');
  });
  await ctx.exposeBinding('__junqiCspViolation', (_source, v) => w.violations.push(v));
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__junqiCspViolation?.(`${e.violatedDirective} blocked ${e.blockedURI || e.sample}`),
    );
  });
  const consoleOf = (where) => (m) => {
    const text = m.text();
    if (/Content.Security.Policy/i.test(text)) w.violations.push(`${where}: ${text}`);
    else if (m.type() === 'error') w.problems.push(`${where} console: ${text}`);
  };
  ctx.on('serviceworker', (sw) => sw.on('console', consoleOf('service worker')));
  w.page = ctx.pages()[0] ?? (await ctx.newPage());
  w.page.on('console', consoleOf('page'));
  w.page.on('worker', (worker) => worker.on('console', consoleOf(`worker ${worker.url()}`)));
  w.page.on('pageerror', (e) => w.problems.push(`pageerror: ${e.message}`));

  const cdp = await ctx.newCDPSession(w.page);
  w.watched = [];
  const issue = (where, { code, details }) => {
    if (code === 'ContentSecurityPolicyIssue') {
      w.violations.push(`${where}: ${JSON.stringify(details.contentSecurityPolicyIssueDetails)}`);
    }
  };
  const targets = new Map();
  cdp.on('Audits.issueAdded', (e) => issue('page', e.issue));
  cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
    targets.set(sessionId, `${targetInfo.type} ${targetInfo.url}`);
    const send = (id, method) =>
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        .catch((e) => w.problems.push(`cannot watch ${targetInfo.url}: ${e.message}`));
    send(1, 'Audits.enable');
    send(2, 'Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const m = JSON.parse(message);
    if (m.id === 1 && m.result) w.watched.push(targets.get(sessionId));
    if (m.method === 'Audits.issueAdded') issue(targets.get(sessionId), m.params.issue);
  });
  await cdp.send('Audits.enable');
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });

  w.close = async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  };
  /** The checks every test ends with. */
  w.clean = () => {
    assert.deepEqual(w.foreign, [], 'requests that left 127.0.0.1');
    assert.deepEqual(w.violations, [], 'Content-Security-Policy violations');
    assert.ok(w.requests.length > 0, 'no request was recorded at all');
  };
  return w;
}

/** Opens the app and waits until the service worker controls the page and keeps the build. */
async function visit(page) {
  await page.goto(server.url);
  await pastWelcome({ page, touch: false }, BOARD);
  await offlineReady(page);
}

test('installable: manifest, icons and service worker leave no installability error', async () => {
  const w = await launch();
  try {
    await visit(w.page);
    const cdp = await w.ctx.newCDPSession(w.page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    assert.equal(url, new URL('manifest.webmanifest', server.url).href);
    assert.deepEqual(errors, []);

    const manifest = JSON.parse(data);
    assert.match(manifest.name, /军棋/);
    assert.match(manifest.name, /Junqi/);
    assert.ok(manifest.short_name);
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, './');
    assert.equal(manifest.scope, './');
    // The colours of the page (style/main.css --page, the theme-color meta).
    const css = await readFile(join(ROOT, 'style/main.css'), 'utf8');
    assert.match(css, new RegExp(`--page: ${manifest.theme_color};`));
    assert.equal(manifest.background_color, manifest.theme_color);
    const meta = await w.page.locator('meta[name="theme-color"]').getAttribute('content');
    assert.equal(meta, manifest.theme_color);

    // Each icon is a PNG of the size it claims; 192, 512 and a maskable one are there.
    for (const icon of manifest.icons) {
      const png = await readFile(join(site, icon.src));
      assert.equal(png.subarray(1, 4).toString(), 'PNG', icon.src);
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      assert.equal(`${width}x${height}`, icon.sizes, icon.src);
    }
    const has = (sizes, purpose) => manifest.icons.some((i) => i.sizes === sizes && i.purpose === purpose);
    assert.ok(has('192x192', 'any') && has('512x512', 'any') && has('512x512', 'maskable'));

    // The worker sits at the site's root and answers for all of it.
    const reg = await w.page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r.scope, script: r.active.scriptURL };
    });
    assert.deepEqual(reg, { scope: server.url, script: new URL('sw.js', server.url).href });
    w.clean();
    assert.deepEqual(w.problems, []);
  } finally {
    await w.close();
  }
});

test('offline: after one visit every built file is cached; the board and the computer player work offline', async () => {
  const w = await launch();
  try {
    await visit(w.page);
    // Every file of the build the app loads is in the one cache, under the version sw.js was
    // built with: not the font's licence texts, which are only served.
    const all = await siteFiles();
    const files = all.filter((f) => f !== 'sw.js' && !/(^|\/)(LICENSE[^/]*|README\.md|[^/]*\.txt)$/.test(f));
    assert.ok(all.includes('assets/fonts/LICENSE-Apache-2.0.txt'), 'the font licence ships');
    assert.ok(!files.includes('assets/fonts/LICENSE-Apache-2.0.txt'), 'and is not precached');
    for (const must of ['index.html', 'manifest.webmanifest', 'ai_worker.js', 'ai_worker_bg.wasm']) {
      assert.ok(files.includes(must), must);
    }
    assert.ok(files.filter((f) => f.endsWith('.wasm')).length >= 3, 'the first screen, the whole game, the worker');
    assert.ok(files.includes('junqi-web_bg.wasm') && files.includes('junqi-web.js'), 'the whole game, loaded lazily');
    assert.ok(files.some((f) => f.endsWith('.css')) && files.some((f) => f.endsWith('.woff2')));
    assert.ok(files.some((f) => f.startsWith('icons/')));
    const version = (await readFile(join(site, 'sw.js'), 'utf8')).match(/const VERSION = "(\w+)"/)[1];
    const cached = await w.page.evaluate(async () => {
      const keys = await caches.keys();
      const entries = await Promise.all(keys.map(async (k) => [k, (await (await caches.open(k)).keys()).map((r) => r.url)]));
      return Object.fromEntries(entries);
    });
    assert.deepEqual(Object.keys(cached), [`junqi-${version}`]);
    assert.deepEqual(
      cached[`junqi-${version}`].map((u) => u.slice(server.url.length)).sort(),
      files,
    );

    // Offline, a reload still draws the board, in the shipped font, from the service worker.
    const online = w.requests.length;
    await w.ctx.setOffline(true);
    const fromNetwork = [];
    w.page.on('response', (r) => {
      if (!r.fromServiceWorker() && !r.url().startsWith('data:')) fromNetwork.push(r.url());
    });
    await w.page.reload();
    await w.page.waitForSelector(BOARD);
    assert.ok((await w.page.locator(BOARD).count()) === 60);
    await w.page.evaluate(() => document.fonts.ready);
    assert.ok(await w.page.evaluate(() => document.fonts.check('16px "Junqi Han"', '军棋')));
    assert.deepEqual(fromNetwork, [], 'responses that did not come from the service worker');
    assert.ok(w.requests.length > online, 'the offline reload made requests');

    // The computer player (its worker's script and wasm come from the cache too) still answers.
    if ((await w.page.evaluate(() => typeof window.__junqiAi)) === 'function') {
      const text = await w.page.evaluate(() =>
        window.__junqiAi(JSON.stringify({ id: 1, task: 'formation', seed: 42 })),
      );
      const res = JSON.parse(text);
      assert.equal(res.error ?? null, null);
      assert.match(res.formation, /\S/);
      assert.ok(w.watched.some((t) => t.startsWith('worker ')), `workers watched: ${w.watched}`);
    } else {
      console.log('# no window.__junqiAi in this build: the offline AI check is skipped');
    }
    w.clean();
    // Offline, the browser's own look for a newer sw.js fails: that is the one allowed error.
    assert.deepEqual(
      w.problems.filter((p) => !/sw\.js|ERR_INTERNET_DISCONNECTED/.test(p)),
      [],
    );
  } finally {
    await w.close();
  }
});

test('update: a new build waits for the player; the page never reloads by itself', async () => {
  const w = await launch();
  const swPath = join(site, 'sw.js');
  const original = await readFile(swPath, 'utf8');
  try {
    await visit(w.page);
    const before = await w.page.evaluate(() => caches.keys());
    assert.equal(before.length, 1);
    await w.page.evaluate(() => {
      window.__junqiSamePage = true;
    });
    assert.equal(await w.page.locator('.update-banner').count(), 0);

    // A new build: same files, another version.
    await writeFile(swPath, original.replace(/const VERSION = "(\w+)"/, 'const VERSION = "$1-next"'));
    await w.page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const banner = w.page.locator('.update-banner');
    await banner.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await banner.innerText(), /新版本已就绪/);
    assert.match(await banner.innerText(), /New version ready/);
    // It waits: the old version still controls the page, which is not reloaded.
    await w.page.waitForTimeout(1500);
    assert.equal(await w.page.evaluate(() => window.__junqiSamePage), true);
    assert.deepEqual(
      await w.page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return [!!r.waiting, r.active === null ? null : r.active.state];
      }),
      [true, 'activated'],
    );

    // The player presses reload: the new version takes over, the page reloads once.
    await Promise.all([w.page.waitForEvent('load'), banner.locator('button').click()]);
    await w.page.waitForSelector(BOARD);
    assert.equal(await w.page.evaluate(() => window.__junqiSamePage), undefined);
    assert.equal(await w.page.locator('.update-banner').count(), 0);
    const after = await w.page.evaluate(() => caches.keys());
    assert.deepEqual(after, [`${before[0]}-next`], 'the old cache is gone');
    w.clean();
    assert.deepEqual(w.problems, []);
  } finally {
    await writeFile(swPath, original);
    await w.close();
  }
});

test('CSP: strict policy in force, inline script only by hash, no violation on the way', async () => {
  const w = await launch();
  try {
    await visit(w.page);
    const csp = await w.page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    const policy = Object.fromEntries(
      csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]),
    );
    assert.deepEqual(policy['default-src'], ["'self'"]);
    const sources = Object.values(policy).flat();
    for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'http:', 'https:']) {
      assert.ok(!sources.includes(bad), `${bad} in ${csp}`);
    }
    assert.ok(!sources.some((s) => /^(https?:\/\/|wss?:\/\/)/.test(s)), `a remote origin in ${csp}`);
    assert.ok(policy['script-src'].includes("'wasm-unsafe-eval'"));
    assert.ok(policy['script-src'].some((s) => s.startsWith("'sha256-")), 'the loader is allowed by hash');
    assert.ok(!csp.includes('{{'), 'the build left a placeholder');

    // Play a little so the board, its drawing and the computer player all run under the policy.
    if ((await w.page.evaluate(() => typeof window.__junqiAi)) === 'function') {
      const res = JSON.parse(
        await w.page.evaluate(() => window.__junqiAi(JSON.stringify({ id: 1, task: 'formation', seed: 7 }))),
      );
      assert.equal(res.error ?? null, null);
    }
    w.clean();
    assert.deepEqual(w.problems, []);

    // The policy is enforced and violations are seen: an injected inline script is refused.
    await w.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__junqiInjected = true';
      document.head.append(s);
    });
    await expectSoon(() => w.violations.length > 0);
    assert.equal(await w.page.evaluate(() => window.__junqiInjected), undefined);
    assert.ok(w.violations.some((v) => /script-src/.test(v)), w.violations.join('\n'));

    // Workers get the page's policy, and their violations are seen too: eval in a worker.
    const found = w.violations.length;
    const evaluated = await w.page.evaluate(
      () =>
        new Promise((answer) => {
          const code = "let r = 'ran'; try { eval('1') } catch (e) { r = 'refused' } postMessage(r)";
          const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
          new Worker(url).onmessage = (m) => answer(m.data);
        }),
    );
    assert.equal(evaluated, 'refused');
    await expectSoon(() => w.violations.slice(found).some((v) => /^worker .*kEvalViolation/.test(v)));
  } finally {
    await w.close();
  }
});

async function expectSoon(ok, ms = 5000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
