// Measurement: how long the computer player of the default level (3) takes to answer in the
// browser on a slow device, and that the page stays responsive meanwhile.
//
// CDP `Emulation.setCPUThrottlingRate({ rate: 4 })` slows the page's main thread 4×. Chromium
// refuses it on worker targets ("only supported for pages") and the worker thread is slowed far
// less, so each answer is also checked against 4× its unthrottled time — what a device 4× slower
// everywhere would take. Every fixture position (opening and middlegame of 明棋, 暗棋, 翻棋) is
// asked with several seeds (and once at level 5, for reference), and so is every 四国 fixture (a
// seat's own view, opening and middlegame, in 四暗, 双明 and 全明). A setInterval(…, 10) probe and a long-task observer watch the main
// thread the whole time. Results: stdout and target/ai-timing.md (see BENCHMARKS.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, ROOT, fixtures, openAiPage, siguoFixtures } from './ai-page.mjs';

const SEEDS = [1, 2, 3, 4, 5];
const LIMIT_MS = 1000; // an answer of the default level
const GAP_MS = 50; // a main-thread tick later than this is a stall
// Stalls (or long tasks) tolerated in one run while the computer thinks: a busy 2-core machine
// stalls an idle page at 4× now and then (51–84 ms seen, a few times a run), while a search on
// the main thread would stall it once for every answer asked (dozens a run).
const STALLS_ALLOWED = 3;

let server;
let app;
let cdp;
let positions;

before(async () => {
  server = await serve(DIST);
  app = await openAiPage(server.url);
  cdp = await app.ctx.newCDPSession(app.page);
  positions = [...(await fixtures()), ...(await siguoFixtures())];
});

after(async () => {
  await app?.close();
  await server?.close();
});

/** Starts the main-thread probes in the page. */
async function startProbe(page) {
  await page.evaluate((gapMs) => {
    const probe = { maxGap: 0, ticks: 0, stalls: [], longTasks: [] };
    let last = performance.now();
    probe.timer = setInterval(() => {
      const now = performance.now();
      probe.maxGap = Math.max(probe.maxGap, now - last);
      if (now - last >= gapMs) probe.stalls.push(Math.round(now - last));
      probe.ticks += 1;
      last = now;
    }, 10);
    probe.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push(Math.round(e.duration));
    });
    probe.observer.observe({ type: 'longtask' });
    window.__probe = probe;
  }, GAP_MS);
}

async function stopProbe(page) {
  return page.evaluate(() => {
    const p = window.__probe;
    clearInterval(p.timer);
    p.observer.disconnect();
    return { maxGap: p.maxGap, ticks: p.ticks, stalls: p.stalls, longTasks: p.longTasks };
  });
}

/** Asks each request in turn inside the page; resolves to [{ ms, response }]. */
async function timed(page, requests) {
  return page.evaluate(async (jsons) => {
    const out = [];
    for (const json of jsons) {
      const t0 = performance.now();
      const text = await window.__junqiAi(json);
      out.push({ ms: performance.now() - t0, response: JSON.parse(text) });
      // Let the probe tick between answers, as between moves of a game.
      await new Promise((r) => setTimeout(r, 20));
    }
    return out;
  }, requests.map((r) => JSON.stringify(r)));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => `${ms.toFixed(0)} ms`;

test('the default level answers within 1 s on a 4× slower CPU and the page never stalls', async () => {
  const { page } = app;
  const requests = [];
  for (const p of positions) for (const seed of SEEDS) requests.push({ p, request: { ...p.request, seed } });

  // Cold: the first request starts the worker (fetch, compile, first search), page throttled.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await startProbe(page);
  const [cold] = await timed(page, [positions[0].request]);
  const coldProbe = await stopProbe(page);

  // Unthrottled, warm.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const fast = await timed(page, requests.map((r) => r.request));

  // Throttled 4×, warm, with the probes running. The strongest level thinks longest: the probe
  // must not see it either (its times are reported, not limited). The machine running the tests
  // may be busy with other work on its 2 cores: a stall that does not come back on another run is
  // the machine's, not the page's, so up to 5 runs are made and the first clean one is kept; if
  // none is clean, the one with the fewest stalls may have no more than STALLS_ALLOWED (a search
  // on the main thread would stall every run once for every answer).
  const stalled = (p) => p.stalls.length > 0 || p.longTasks.length > 0;
  const earlier = [];
  const kept = [];
  let slow;
  let strong;
  let probe;
  for (let run = 1; run <= 5; run++) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await startProbe(page);
    slow = await timed(page, requests.map((r) => r.request));
    strong = await timed(page, positions.map((p) => ({ ...p.request, level: 5 })));
    probe = await stopProbe(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    if (!stalled(probe)) break;
    kept.push(probe);
    earlier.push(`run ${run}: stalls [${probe.stalls.join(', ')}], long tasks [${probe.longTasks.join(', ')}]`);
  }

  // Each answer's work is fixed (the level's node budget, the seed), so an answer that passes the
  // limit once and not when asked again met a busy machine, not a slow player: such an answer is
  // asked up to 3 more times at the same throttling and its fastest time is kept. Every time
  // discarded this way is reported; a player that is slow every time still fails.
  const reasked = [];
  const settle = async (results, rate, scale, label) => {
    for (const [i, r] of results.entries()) {
      if (scale * r.ms < LIMIT_MS) continue;
      const first = r.ms;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      for (let again = 0; again < 3 && scale * r.ms >= LIMIT_MS; again++) {
        const [x] = await timed(page, [requests[i].request]);
        assert.equal(x.response.action, r.response.action, `${requests[i].p.name}: the same request answered twice`);
        r.ms = Math.min(r.ms, x.ms);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      reasked.push(`${requests[i].p.name} seed ${requests[i].request.seed} ${label}: ${fmt(first)} → ${fmt(r.ms)}`);
    }
  };
  await settle(fast, 1, 4, 'unthrottled');
  await settle(slow, 4, 1, 'at 4×');

  const rows = [];
  const byMode = new Map();
  requests.forEach(({ p }, i) => {
    for (const { response } of [fast[i], slow[i]]) {
      assert.equal(response.error ?? null, null, `${p.name}: ${response.error}`);
      assert.ok(p.legal.includes(response.action), `${p.name}: ${response.action} is not legal`);
    }
    const m = byMode.get(p.mode) ?? { throttled: [], scaled: [], positions: new Set() };
    m.throttled.push(slow[i].ms);
    m.scaled.push(4 * fast[i].ms);
    m.positions.add(p.name);
    byMode.set(p.mode, m);
  });
  strong.forEach(({ response }, i) => {
    assert.ok(positions[i].legal.includes(response.action), `${positions[i].name} level 5: ${response.action}`);
  });
  const strongMs = strong.map((x) => x.ms);
  for (const [mode, m] of byMode) {
    rows.push(
      `| ${mode} | ${m.throttled.length} | ${fmt(median(m.throttled))} | ${fmt(Math.max(...m.throttled))} | ` +
        `${fmt(median(m.scaled))} | ${fmt(Math.max(...m.scaled))} |`,
    );
  }
  const report = [
    `Computer player, level 3, ${requests.length} answers (${positions.length} positions × ${SEEDS.length} seeds), ` +
      `round trip page → worker → page:`,
    '',
    '| mode | answers | median, page at 4× | max, page at 4× | median, 4 × unthrottled | max, 4 × unthrottled |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `First answer (worker start + wasm compile + search, page at 4×): ${fmt(cold.ms)}; ` +
      `longest main-thread gap ${fmt(coldProbe.maxGap)}.`,
    `Level 5 for reference (${strong.length} answers, page at 4×): median ${fmt(median(strongMs))}, ` +
      `max ${fmt(Math.max(...strongMs))}.`,
    `While thinking at 4× (levels 3 and 5): longest setInterval(10 ms) gap ${fmt(probe.maxGap)} over ${probe.ticks} ticks; ` +
      `long tasks: ${probe.longTasks.length ? probe.longTasks.join(', ') + ' ms' : 'none'}.` +
      (earlier.length ? ` Runs discarded as stalled: ${earlier.join('; ')}.` : '') +
      (reasked.length ? `\nAsked again after passing the limit once (fastest kept): ${reasked.join('; ')}.` : ''),
  ].join('\n');
  console.log(report);
  await mkdir(join(ROOT, 'target'), { recursive: true });
  await writeFile(join(ROOT, 'target/ai-timing.md'), report + '\n');

  assert.equal(cold.response.error ?? null, null);
  assert.ok(cold.ms < LIMIT_MS, `first answer took ${fmt(cold.ms)}`);
  for (const [mode, m] of byMode) {
    assert.ok(Math.max(...m.throttled) < LIMIT_MS, `${mode}: ${fmt(Math.max(...m.throttled))} at 4×`);
    assert.ok(Math.max(...m.scaled) < LIMIT_MS, `${mode}: 4 × ${fmt(Math.max(...m.scaled) / 4)}`);
  }
  // The cleanest of the runs decides: a few stalls are the machine's, a stall for every answer
  // the page's.
  const count = (p) => p.stalls.length + p.longTasks.length;
  const best = [probe, ...kept].sort((a, b) => count(a) - count(b))[0];
  assert.ok(
    best.stalls.length <= STALLS_ALLOWED,
    `main thread stalled ${best.stalls.length} times (${best.stalls.join(', ')} ms) while the computer thought`,
  );
  assert.ok(
    best.longTasks.length <= STALLS_ALLOWED,
    `long tasks on the main thread while the computer thought: ${best.longTasks.join(', ')} ms`,
  );
  assert.deepEqual(app.problems, []);
});
