// Renders the app's icons (pwa/icon.svg, pwa/icon-maskable.svg) to the PNGs the web manifest
// lists (pwa/icons/), in headless Chromium with the shipped Chinese font, so the result does
// not depend on the fonts of the machine. Run it after changing an SVG and commit the PNGs:
//
//   node scripts/make-icons.mjs
//
// Needs /usr/bin/chromium and the npm packages (bash scripts/setup.sh).
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = new URL('../', import.meta.url).pathname;
const OUT = join(ROOT, 'pwa/icons');
const ICONS = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['icon-maskable.svg', 192, 'maskable-192.png'],
  ['icon-maskable.svg', 512, 'maskable-512.png'],
];

const font = (await readFile(join(ROOT, 'assets/fonts/junqi-han.woff2'))).toString('base64');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await mkdir(OUT, { recursive: true });
  for (const [source, size, name] of ICONS) {
    const svg = await readFile(join(ROOT, 'pwa', source), 'utf8');
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(`<!DOCTYPE html><html><head><style>
      @font-face { font-family: "Junqi Han"; src: url(data:font/woff2;base64,${font}) format("woff2"); }
      html, body { margin: 0; background: transparent; }
      svg { display: block; width: ${size}px; height: ${size}px; }
    </style></head><body>${svg}</body></html>`);
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() => document.fonts.check('16px "Junqi Han"', '军'));
    if (!loaded) throw new Error('the shipped font did not load');
    await writeFile(join(OUT, name), await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`pwa/icons/${name}: ${size}×${size} from pwa/${source}`);
  }
} finally {
  await browser.close();
}
