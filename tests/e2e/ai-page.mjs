// Helpers for the computer player's end-to-end tests: a headless Chromium page on the built app
// (dist/) whose test hook `window.__junqiAi(requestJson) → Promise<responseJson>` (src/ai/mod.rs)
// reaches the Web Worker, and the fixture positions (tests/e2e/fixtures/ai-positions.json,
// written by tests/ai_fixtures.rs).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ARGS, CHROMIUM, pastWelcome, watch } from './app.mjs';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const DIST = join(ROOT, 'dist');

/** The fixture positions: [{ name, mode, request, legal }]. */
export async function fixtures() {
  const text = await readFile(join(ROOT, 'tests/e2e/fixtures/ai-positions.json'), 'utf8');
  return JSON.parse(text).positions;
}

/** The 四国 fixture positions (tests/e2e/fixtures/siguo-positions.json), same shape. */
export async function siguoFixtures() {
  const text = await readFile(join(ROOT, 'tests/e2e/fixtures/siguo-positions.json'), 'utf8');
  return JSON.parse(text).positions;
}

/** A fresh browser with the app loaded at `url` and its AI test hook in place. */
export async function openAiPage(url) {
  const dir = await mkdtemp(join(tmpdir(), 'junqi-ai-e2e-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1024, height: 768 },
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  const { problems } = watch(page);
  await page.goto(url);
  // A fresh profile meets the welcome (src/start.rs); the hook comes with the whole game.
  await pastWelcome({ page, touch: false });
  await page.waitForFunction(() => typeof window.__junqiAi === 'function');
  const close = async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { page, ctx, problems, close };
}

/** Asks the worker through the hook; resolves to the parsed response. */
export async function ask(page, request) {
  const text = await page.evaluate((json) => window.__junqiAi(json), JSON.stringify(request));
  return JSON.parse(text);
}
