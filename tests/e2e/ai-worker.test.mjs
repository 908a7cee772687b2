// End-to-end: the computer player's Web Worker in headless Chromium, through the app's test hook.
// Every fixture position (the opening and a middlegame of 明棋, 暗棋 and 翻棋) gets a legal action
// of the default level; formations, errors, cancellation and the "thinking" flag work.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, ask, fixtures, openAiPage } from './ai-page.mjs';

let server;
let app;
let positions;

before(async () => {
  assert.ok(existsSync(join(DIST, 'ai_worker.js')), 'dist/ai_worker.js is missing: run `trunk build --release`');
  assert.ok(existsSync(join(DIST, 'ai_worker_bg.wasm')), 'dist/ai_worker_bg.wasm is missing');
  server = await serve(DIST);
  app = await openAiPage(server.url);
  positions = await fixtures();
});

after(async () => {
  await app?.close();
  await server?.close();
});

test('the worker answers a legal action of the default level in every mode', async () => {
  const modes = new Set();
  for (const { name, mode, request, legal } of positions) {
    const res = await ask(app.page, request);
    assert.equal(res.error ?? null, null, `${name}: ${res.error}`);
    assert.ok(legal.includes(res.action), `${name}: ${res.action} is not legal`);
    modes.add(mode);
    // Same request, same answer (the worker is deterministic), and a hint too.
    assert.equal((await ask(app.page, request)).action, res.action, name);
    const hint = await ask(app.page, { ...request, task: 'hint' });
    assert.ok(legal.includes(hint.action), `${name}: hint ${hint.action}`);
  }
  assert.deepEqual([...modes].sort(), ['dark', 'flip', 'open']);
  assert.deepEqual(app.problems, []);
});

test('formations, and errors instead of answers for bad requests', async () => {
  const a = await ask(app.page, { id: 1, task: 'formation', seed: 42 });
  const b = await ask(app.page, { id: 2, task: 'formation', seed: 42 });
  assert.equal(a.error ?? null, null);
  assert.match(a.formation, /\S/);
  assert.equal(a.formation, b.formation);

  const [{ request }] = positions;
  const bad = await ask(app.page, { ...request, view: 'not a position' });
  assert.match(bad.error, /^bad view/);
  assert.equal(bad.action ?? null, null);
  const noLevel = await ask(app.page, { ...request, level: 9 });
  assert.match(noLevel.error, /level/);
  // A malformed request is refused by the hook without reaching the worker.
  const refused = await app.page.evaluate(() => window.__junqiAi('{').then(() => 'resolved', () => 'rejected'));
  assert.equal(refused, 'rejected');
  // The worker is still there.
  assert.ok(positions[0].legal.includes((await ask(app.page, request)).action));
  assert.deepEqual(app.problems, []);
});

test('cancel drops the answer of a running search and the next request still gets one', async () => {
  // The slowest question there is: 暗棋's strongest level searches twelve worlds (a middlegame
  // of 明棋 may be a won position the search proves at once).
  const slow = positions.find((p) => p.name === 'dark-middlegame');
  const quick = positions.find((p) => p.name === 'open-opening');
  const out = await app.page.evaluate(
    async ([slowJson, quickJson]) => {
      let settled = false;
      window.__junqiAi(slowJson).then(() => (settled = true));
      await new Promise((r) => setTimeout(r, 30));
      const thinkingBefore = window.__junqiAiThinking();
      window.__junqiAiCancel();
      const thinkingAfterCancel = window.__junqiAiThinking();
      const answer = JSON.parse(await window.__junqiAi(quickJson));
      await new Promise((r) => setTimeout(r, 200));
      return { settled, thinkingBefore, thinkingAfterCancel, answer, thinkingAtEnd: window.__junqiAiThinking() };
    },
    [JSON.stringify({ ...slow.request, level: 5 }), JSON.stringify(quick.request)],
  );
  assert.equal(out.thinkingBefore, true);
  assert.equal(out.thinkingAfterCancel, false);
  assert.ok(quick.legal.includes(out.answer.action), JSON.stringify(out.answer));
  assert.equal(out.settled, false, 'a cancelled request must never be answered');
  assert.equal(out.thinkingAtEnd, false);
  assert.deepEqual(app.problems, []);
});
