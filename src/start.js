// The first screen's doors to the whole game (src/start.rs). Plain JavaScript because dynamic
// import() and requestIdleCallback have no wasm-bindgen binding of their own.

const here = (file) => new URL(file, document.baseURI).href;

/** The whole game's style sheets (index.html copies them beside the page). */
export const STYLES = ['game.css', 'learn.css', 'siguo-table.css'];

let tries = 0;

/** Adds a style sheet of the game to the page; resolves once it has loaded. */
function style(file) {
  const href = here(file);
  const old = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
  if (old?.sheet) return Promise.resolve();
  old?.remove();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`${file} did not load`));
    };
    document.head.append(link);
  });
}

/** Imports the whole game (junqi-web.js and its wasm, beside the page, as Trunk writes them)
 * with its style sheets and starts it; it replaces the loading screen as it mounts. A retry
 * asks for the script under another query, since a browser may keep a failed import's answer
 * for its URL (the service worker ignores the query). */
export function loadGame() {
  const query = tries++ ? `?try=${tries}` : '';
  return Promise.all([import(here('junqi-web.js') + query), ...STYLES.map(style)]).then(([game]) =>
    game.default({ module_or_path: here('junqi-web_bg.wasm') }),
  );
}

/** Registers the service worker (sw.js, which caches the whole build for offline play) once the
 * first screen is up and the page is idle, so its downloads never delay the first screen. */
export function offlineWhenIdle() {
  if (!('serviceWorker' in navigator)) return;
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 1000));
  const go = () =>
    idle(() => navigator.serviceWorker.register(here('sw.js')).catch((e) => console.warn('junqi: no offline play', e)));
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}
