// End-to-end: stored data this version cannot read (written by a newer version, or damaged) is
// never lost. For saved games, results, players, settings and formations, with room in storage
// and with storage filled up to its quota: the original text survives (where it was, or as a
// copy), the app starts, and the player is told.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { DIST, open, press } from './app.mjs';

let server;

before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run `bash scripts/build.sh` first');
  server = await serve(DIST);
});

after(async () => {
  await server?.close();
});

/** The page says saved data could not be read (the banner of the message, or of saved games). */
async function toldByMessage(app) {
  await app.page.waitForSelector('[data-testid="message"]');
  assert.match(await app.page.textContent('[data-testid="message"]'), /could not be read/);
}

/** The results are shown on the profile page with a note that the stored ones were unreadable. */
async function toldOnProfile(app) {
  const { page } = app;
  if (!(await page.locator('[data-testid="profile"]').count())) await press(app, '[data-testid="new-game"]');
  await press(app, '[data-testid="profile"]');
  await page.waitForSelector('[data-testid="stats-notice"]');
  await press(app, '[data-testid="profile-close"]');
}

const KEYS = [
  {
    name: 'saved games',
    key: 'junqi.saves',
    newer: '{"version":99,"games":[{"id":"x","future":true}]}',
    broken: '{"version":1,"games":[',
    told: async (app) => {
      await app.page.waitForSelector('[data-testid="storage-problem"]');
      assert.match(await app.page.textContent('[data-testid="storage-problem"]'), /could not be read/);
    },
  },
  { name: 'results', key: 'junqi.stats.v1', newer: '{"version":99,"points":12,"future":[1]}', broken: '{"version":1,"points":', told: toldOnProfile },
  { name: 'players', key: 'junqi.learn.profiles.v1', newer: '{"v":99,"list":[{"name":"未来"}]}', broken: '{broken', told: toldByMessage },
  { name: 'settings', key: 'junqi.settings.v2', newer: '{"version":99,"lang":"en","hue":3}', broken: '{"version":2,"volume":', told: toldByMessage },
  { name: 'formations', key: 'junqi.formations.v2', newer: '{"version":99,"formations":[{"x":1}]}', broken: '{"version":2,"formations":[', told: toldByMessage },
];

/** Fills localStorage to its quota with one filler key; returns the filler's length. */
async function fill(page) {
  return page.evaluate(() => {
    let lo = 0;
    let hi = 12 * 1024 * 1024;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      try {
        localStorage.setItem('filler', 'x'.repeat(mid));
        lo = mid;
      } catch {
        hi = mid - 1;
      }
    }
    localStorage.setItem('filler', 'x'.repeat(lo));
    // Not even a short text fits now.
    try {
      localStorage.setItem('filler-probe', 'x'.repeat(64));
      localStorage.removeItem('filler-probe');
      return -1;
    } catch {
      return lo;
    }
  });
}

/** Every stored text that equals `text`, by key. */
async function holding(page, text) {
  return page.evaluate((t) => Object.keys(localStorage).filter((k) => localStorage.getItem(k) === t), text);
}

for (const full of [false, true]) {
  test(`unreadable data of every kind is kept, the app starts and says so${full ? ' (storage full)' : ''}`, async () => {
    const app = await open(server.url, 'tablet', { reducedMotion: 'reduce' });
    const { page } = app;
    try {
      for (const spec of KEYS) {
        for (const kind of ['newer', 'broken']) {
          const text = spec[kind];
          const what = `${spec.name}, ${kind}${full ? ', storage full' : ''}`;
          await page.evaluate(
            ([k, t]) => {
              localStorage.clear();
              localStorage.setItem(k, t);
            },
            [spec.key, text],
          );
          if (full) assert.ok((await fill(page)) > 0, 'storage is full');
          await page.reload();
          await page.waitForSelector('[data-testid="start-game"]');
          await spec.told(app);
          assert.equal(await page.locator('[data-testid="start-game"]').count(), 1, `${what}: the app starts`);
          const where = await holding(page, text);
          if (kind === 'newer' || full) {
            // A newer version's data, and anything that could not be copied, stays where it is.
            assert.ok(where.includes(spec.key), `${what}: left under ${spec.key} (found under ${where})`);
          } else {
            assert.ok(where.length > 0, `${what}: kept (found under ${where})`);
          }
          if (!full && kind === 'broken') {
            // The copy is offered for download on the records screen.
            await press(app, '[data-testid="records"]');
            await page.waitForSelector('[data-testid="records-screen"]');
            const [file] = await Promise.all([page.waitForEvent('download'), press(app, '[data-testid="export-unreadable"]')]);
            assert.ok((await readFile(await file.path(), 'utf8')).includes(text), `${what}: in the download`);
          }
          // A later start of the app still finds it.
          await page.reload();
          await page.waitForSelector('[data-testid="start-game"]');
          assert.ok((await holding(page, text)).length > 0, `${what}: still kept after another start`);
        }
      }
      assert.deepEqual(
        app.problems.filter((p) => !/QuotaExceeded|exceeded the quota/i.test(p)),
        [],
      );
    } finally {
      await app.close();
    }
  });
}
