// The first screen's doors to the whole game (src/start.rs). Plain JavaScript because dynamic
// import() and requestIdleCallback have no wasm-bindgen binding of their own.

const here = (file) => new URL(file, document.baseURI).href;

/** The whole game's style sheet (joined from style/game/ beside the page by the build). */
export const STYLES = ['game.css'];

let tries = 0;
/** The player pressed a door: the game, once its computer player is up, asks the service
 * worker for the rest of the build itself (src/pwa.rs). */
let pressed = false;

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

/** The whole game fetched ahead of a press: the promise of its compiled wasm, and of every
 * part having arrived (or failed). */
let early = null;

/** Starts fetching the whole game at low priority — its wasm compiled as it arrives, its
 * script and style sheets into the browser's cache — so that a press a second or two later
 * finds it on its way or there. Once; returns the promise that every part has settled. */
function fetchEarly() {
  if (!early) {
    const low = { priority: 'low' };
    const wasm = WebAssembly.compileStreaming(fetch(here('junqi-web_bg.wasm'), low));
    const rest = ['junqi-web.js', ...STYLES].map((f) => fetch(here(f), low).then((r) => r.arrayBuffer()));
    early = { wasm, settled: Promise.allSettled([wasm, ...rest]) };
  }
  return early.settled;
}

/** Imports the whole game (junqi-web.js and its wasm, beside the page, as Trunk writes them)
 * with its style sheets and starts it; it replaces the loading screen as it mounts. The wasm
 * fetched ahead is used when it came (else it is fetched now). A retry asks for the script
 * under another query, since a browser may keep a failed import's answer for its URL (the
 * service worker ignores the query). */
export function loadGame() {
  pressed = true;
  const query = tries++ ? `?try=${tries}` : '';
  const path = here('junqi-web_bg.wasm');
  const wasm = early && !query ? early.wasm.catch(() => path) : path;
  return Promise.all([import(here('junqi-web.js') + query), ...STYLES.map(style)]).then(([game]) =>
    game.default({ module_or_path: wasm }),
  );
}

/** Asks the active service worker to fetch what it has not kept yet (sw.js, 'fill') — unless
 * the game is loading, whose files and its computer player's would race the fill for the link. */
function fillOffline() {
  if (pressed) return;
  // Asked again once the worker is ready: a press meanwhile leaves the fill to the game.
  navigator.serviceWorker?.ready
    .then((reg) => pressed || reg.active?.postMessage('fill'))
    .catch(() => {});
}

/** The welcome is up: fetches the whole game ahead of a press, then — the link idle — registers
 * the service worker (sw.js, which keeps the whole build for offline play), so that neither
 * delays the first screen or the game, and no file is downloaded twice. */
export function offlineWhenIdle() {
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 1000));
  const go = () =>
    fetchEarly().then(() =>
      idle(() => {
        if (!('serviceWorker' in navigator)) return;
        navigator.serviceWorker
          .register(here('sw.js'))
          .then(fillOffline)
          .catch((e) => console.warn('junqi: no offline play', e));
      }),
    );
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}
