// The game's style sheet from its parts: every .css file of style/game/, in name order (a part's
// number is its place in the cascade), joined into one game.css, so that the game loads one
// sheet (src/start.js) while its source stays split by screen and concern. Called by the Trunk
// post_build hook (scripts/pwa-postbuild.mjs) before it lists the build's files.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const PARTS = 'style/game';
export const SHEET = 'game.css';

/** The parts' names in cascade order. */
export async function parts(root = '.') {
  const names = (await readdir(join(root, PARTS))).filter((n) => n.endsWith('.css'));
  return names.sort();
}

/** The joined sheet: the parts one after the other, a blank line between. */
export async function joined(root = '.') {
  const texts = [];
  for (const name of await parts(root)) texts.push(await readFile(join(root, PARTS, name), 'utf8'));
  return texts.join('\n');
}

/** Writes the joined sheet into `dir` (the build's staging folder). */
export async function joinStyles(dir, root = '.') {
  await writeFile(join(dir, SHEET), await joined(root));
}
