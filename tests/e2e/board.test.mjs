// End-to-end: the built app (dist/) in headless Chromium, on a tablet, a desktop and a phone.
// Run through `bash scripts/test.sh` (which builds dist/ first) or `node --test tests/e2e/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ARGS, CHROMIUM, watch, serveDist } from './app.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
const SHOTS = join(ROOT, 'tests/e2e/screenshots');

const PROFILES = {
  tablet: { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
};

const server = serveDist();

/** A fresh browser with one page in the given profile, loaded with the app. Playwright refuses
 * --user-data-dir among the args, so each browser gets a persistent context on a fresh dir. */
async function open(profile) {
  const dir = await mkdtemp(join(tmpdir(), 'junqi-e2e-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    ...PROFILES[profile],
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  const { problems } = watch(page);
  await page.goto(server.url);
  // The first screen of a first visit is the welcome: "play the computer" leads to the setup
  // screen, whose board every profile shows.
  await page.click('[data-testid="welcome-play"]');
  await page.waitForSelector('[data-testid="start"]');
  await page.waitForSelector('svg.board [data-point]');
  await page.evaluate(() => document.fonts.ready);
  const close = async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { page, ctx, problems, close };
}

async function counts(page) {
  return page.evaluate(() => ({
    points: document.querySelectorAll('[data-point]').length,
    edges: document.querySelectorAll('[data-edge]').length,
    rails: document.querySelectorAll('[data-edge][data-kind="rail"]').length,
    roads: document.querySelectorAll('[data-edge][data-kind="road"]').length,
    camps: document.querySelectorAll('[data-point].camp').length,
    headquarters: document.querySelectorAll('[data-point].hq').length,
  }));
}

/** The drawn board (its frame) and the page's scroll extent, in CSS pixels. */
async function fit(page) {
  return page.evaluate(() => {
    const frame = document.querySelector('.board-frame').getBoundingClientRect();
    const svg = document.querySelector('svg.board').getBoundingClientRect();
    const doc = document.scrollingElement;
    return {
      frame: { left: frame.left, top: frame.top, right: frame.right, bottom: frame.bottom, width: frame.width, height: frame.height },
      svg: { left: svg.left, top: svg.top, right: svg.right, bottom: svg.bottom },
      inner: { width: innerWidth, height: innerHeight },
      scroll: { width: doc.scrollWidth, height: doc.scrollHeight },
    };
  });
}

for (const profile of Object.keys(PROFILES)) {
  test(`${profile}: board drawn from the topology, fits the window, CJK from the shipped font`, async () => {
    const { page, problems, close } = await open(profile);
    try {
      assert.deepEqual(await counts(page), {
        points: 60,
        edges: 133,
        rails: 35,
        roads: 98,
        camps: 10,
        headquarters: 4,
      });

      // Names follow the topology: the three crossings of the front, none at b and d.
      for (const e of ['a6-a7', 'c6-c7', 'e6-e7']) {
        assert.equal(await page.locator(`[data-edge="${e}"]`).getAttribute('data-kind'), 'rail', e);
      }
      for (const e of ['b6-b7', 'd6-d7']) assert.equal(await page.locator(`[data-edge="${e}"]`).count(), 0, e);
      assert.equal(await page.locator('.mountain').count(), 2);

      // Row 12 at the top, Red's row 1 at the bottom, column a on the left.
      const centre = (name) =>
        page.locator(`[data-point="${name}"]`).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        });
      const [a1, e1, a12] = [await centre('a1'), await centre('e1'), await centre('a12')];
      assert.ok(a12.y < a1.y && a1.x < e1.x, `orientation: a1 ${JSON.stringify(a1)} a12 ${JSON.stringify(a12)}`);

      // The whole board is visible without scrolling, and uses most of the window.
      const f = await fit(page);
      const slack = 1;
      assert.ok(f.scroll.width <= f.inner.width && f.scroll.height <= f.inner.height, `page scrolls: ${JSON.stringify(f)}`);
      assert.ok(
        f.frame.left >= -slack && f.frame.top >= -slack && f.frame.right <= f.inner.width + slack && f.frame.bottom <= f.inner.height + slack,
        `board outside the window: ${JSON.stringify(f)}`,
      );
      const used = Math.max(f.frame.width / f.inner.width, f.frame.height / f.inner.height);
      assert.ok(used > 0.8, `board too small (${used.toFixed(2)} of the window): ${JSON.stringify(f)}`);

      // Chinese text: the shipped subset font is loaded and is what renders the title.
      const font = await page.evaluate(async () => {
        await document.fonts.load('24px "Junqi Han"', '军棋');
        const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Junqi Han');
        return {
          faces: faces.map((f) => f.status),
          check: document.fonts.check('24px "Junqi Han"', '军棋'),
          title: document.querySelector('.title-zh')?.textContent,
        };
      });
      assert.deepEqual(font, { faces: ['loaded'], check: true, title: '军棋' });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.title-zh' });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      assert.ok(
        fonts.length > 0 && fonts.every((f) => f.isCustomFont && /WenQuanYi/i.test(f.familyName)),
        `title rendered with ${JSON.stringify(fonts)}`,
      );

      await page.screenshot({ path: join(SHOTS, `board-${profile}.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}
