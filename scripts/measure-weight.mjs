// What a first visit downloads: the size of every file the first screen needs (the page, its
// CSS, its JS, its WebAssembly, the preloaded font), raw and gzip-compressed as scripts/serve.mjs
// sends them (gzip level 9; brotli for reference), the computer player's worker apart, and where
// the page's WebAssembly bytes go, by crate.
//
//   node scripts/measure-weight.mjs [dist] [--breakdown[=file.wasm]] [--no-opt] [--top=N] [--json]
//                                   [--budget=BYTES]
//
// The first screen's files are read from dist/index.html itself: its stylesheets, its preloads
// (the font, Trunk's JS and wasm of the first module, src/start.rs). The whole game (junqi-web.js,
// its wasm and its style sheets, loaded when the first screen asks) and the worker (every dist/ai_worker* file)
// are listed apart.
//
// --budget=BYTES: the size budget of the test command (scripts/test.sh). Exits 1, printing the
// figure, when the first screen's gzip-compressed bytes are over BYTES.
//
// --breakdown attributes the page wasm's code section to crates by the function names of its
// name section. dist/ has no names (wasm-opt drops them), so it reads wasm-bindgen's output
// (target/wasm-bindgen/release/junqi-web_bg.wasm, the file Trunk hands to wasm-opt) and, when
// node_modules/.bin/wasm-opt exists, first runs `wasm-opt -Oz -g` on it (the page's flags plus
// "keep names") so the figures are those of the shipped code. Each group's gzip figure is its
// functions' bodies compressed together: an estimate (code compresses better in one piece).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
// The whole game's style sheets, which src/start.js loads with it.
import { STYLES } from '../src/start.js';

const ROOT = new URL('../', import.meta.url).pathname;
const args = process.argv.slice(2);
const json = args.includes('--json');
const breakdownArg = args.find((a) => a.startsWith('--breakdown'));
const top = Number(args.find((a) => a.startsWith('--top='))?.split('=')[1] ?? 0);
const noOpt = args.includes('--no-opt');
const budgetArg = args.find((a) => a.startsWith('--budget='));
const budget = budgetArg ? Number(budgetArg.split('=')[1]) : null;
if (budgetArg && !(budget > 0)) {
  console.error(`measure-weight: ${budgetArg} is not a number of bytes`);
  process.exit(2);
}
const DIST = resolve(args.find((a) => !a.startsWith('--')) ?? join(ROOT, 'dist'));

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const br = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => (n / 1000).toFixed(1);

function sizes(file) {
  const buf = readFileSync(join(DIST, file));
  return { file, raw: buf.length, gzip: gz(buf), brotli: br(buf) };
}

// --- the files of the first screen, as index.html asks for them -------------------------------
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const hrefs = [];
for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
  const rel = /\brel="([^"]*)"/i.exec(tag)?.[1] ?? '';
  const href = /\bhref="([^"]*)"/i.exec(tag)?.[1] ?? '';
  if (/^(stylesheet|preload|modulepreload)$/i.test(rel) && href && !href.startsWith('data:')) {
    hrefs.push(href.replace(/^\//, ''));
  }
}
for (const [, src] of html.matchAll(/\bfrom\s+'([^']+\.js)'/g)) hrefs.push(src.replace(/^\//, ''));
const first = ['index.html', ...new Set(hrefs)].map(sizes);
const scanner = readdirSync(DIST)
  .filter((f) => f.startsWith('scan_worker'))
  .sort()
  .map(sizes);
const worker = readdirSync(DIST)
  .filter((f) => f.startsWith('ai_worker'))
  .sort()
  .map(sizes);
const pageWasm = first.find((f) => f.file.endsWith('.wasm'));
const game = readdirSync(DIST)
  .filter((f) => (/^junqi-web[-_.]/.test(f) && /\.(js|wasm)$/.test(f)) || STYLES.includes(f))
  .sort()
  .map(sizes);

const sum = (list, key) => list.reduce((s, f) => s + f[key], 0);
const report = {
  first: first,
  firstTotal: { raw: sum(first, 'raw'), gzip: sum(first, 'gzip'), brotli: sum(first, 'brotli') },
  game,
  gameTotal: { raw: sum(game, 'raw'), gzip: sum(game, 'gzip'), brotli: sum(game, 'brotli') },
  worker,
  workerTotal: { raw: sum(worker, 'raw'), gzip: sum(worker, 'gzip'), brotli: sum(worker, 'brotli') },
  scanner,
  scannerTotal: { raw: sum(scanner, 'raw'), gzip: sum(scanner, 'gzip'), brotli: sum(scanner, 'brotli') },
};

// --- the page wasm by crate --------------------------------------------------------------------
function sections(buf) {
  let p = 8;
  const leb = () => {
    let r = 0;
    let s = 0;
    let x;
    do {
      x = buf[p++];
      r += (x & 127) * 2 ** s;
      s += 7;
    } while (x & 128);
    return r;
  };
  const out = { imports: 0, bodies: [], names: new Map(), sections: [] };
  while (p < buf.length) {
    const id = buf[p++];
    const len = leb();
    const start = p;
    let name = '';
    if (id === 0) {
      const l = leb();
      name = buf.subarray(p, p + l).toString();
      p += l;
      if (name === 'name') {
        while (p < start + len) {
          const sid = buf[p++];
          const sl = leb();
          const ss = p;
          if (sid === 1) {
            const count = leb();
            for (let i = 0; i < count; i++) {
              const idx = leb();
              const l2 = leb();
              out.names.set(idx, buf.subarray(p, p + l2).toString());
              p += l2;
            }
          }
          p = ss + sl;
        }
      }
    } else if (id === 2) {
      const count = leb();
      for (let i = 0; i < count; i++) {
        for (let k = 0; k < 2; k++) {
          const l = leb(); // module, then field
          p += l;
        }
        const kind = buf[p++];
        if (kind === 0) {
          leb();
          out.imports++;
        } else if (kind === 1) {
          p++;
          const f = buf[p++];
          leb();
          if (f & 1) leb();
        } else if (kind === 2) {
          const f = buf[p++];
          leb();
          if (f & 1) leb();
        } else if (kind === 3) {
          p += 2;
        } else if (kind === 4) {
          p++;
          leb();
        }
      }
    } else if (id === 10) {
      const count = leb();
      for (let i = 0; i < count; i++) {
        const l = leb();
        out.bodies.push(buf.subarray(p, p + l));
        p += l;
      }
    }
    out.sections.push({ id, name, len });
    p = start + len;
  }
  return out;
}

// Which crate a demangled Rust name belongs to: drop glue counts for the dropped type, an
// `<X as Trait>` impl for X when X is a path, for the trait otherwise (a blanket impl).
function crateOf(name) {
  let n = name.replace(/\[[0-9a-f]+\]/g, '');
  const drop = /^core::ptr::drop_in_place<(.*)>::h[0-9a-f]+$/.exec(n);
  if (drop) n = drop[1].replace(/^&(mut )?/, '').replace(/^\(/, '');
  if (n.startsWith('<')) {
    let depth = 0;
    let i = 1;
    for (; i < n.length; i++) {
      if (n[i] === '<') depth++;
      else if (n[i] === '>') depth--;
      else if (depth === 0 && n.startsWith(' as ', i)) break;
    }
    const self = n.slice(1, i).replace(/^&(mut )?/, '').replace(/^(dyn |\[|\()/, '');
    const m = /^([a-z_][a-z0-9_]*)::/.exec(self);
    const t = /^ as ([a-z_][a-z0-9_]*)::/.exec(n.slice(i));
    // A std type (PhantomData, Vec, Option…) implementing another crate's trait: that crate's.
    if (m && !(/^(core|alloc|std)$/.test(m[1]) && t && !/^(core|alloc|std)$/.test(t[1]))) return m[1];
    return t ? t[1] : m ? m[1] : 'other';
  }
  const m = /^([a-z_][a-z0-9_]*)::/.exec(n);
  return m ? m[1] : /^(__|wasm|_)/.test(n) ? 'wasm-bindgen glue' : 'other';
}

const GROUPS = [
  ['leptos/tachys/reactive_graph', /^(leptos\w*|tachys|reactive_graph|either_of|any_spawner|oco_ref|throw_error|or_poisoned|send_wrapper|slotmap|guardian|futures\w*|next_tuple|hydration_context|server_fn|pin_project\w*|rustc_hash|indexmap|hashbrown|async_lock|event_listener\w*|concurrent_queue|parking_lot\w*|lock_api)$/],
  ['serde/serde_json', /^(serde|serde_json|serde_core|ryu|itoa|memchr)$/],
  ['junqi-core (rules)', /^junqi_core$/],
  ['junqi-ai (search)', /^junqi_ai$/],
  ['junqi-learn', /^junqi_learn$/],
  ['app (junqi crate)', /^(junqi|junqi_web)$/],
  ['wasm-bindgen/js-sys/web-sys', /^(wasm_bindgen\w*|js_sys|web_sys|console_error_panic_hook|wasm bindgen glue|wasm-bindgen glue)$/],
  ['std: fmt/panic', /^$/],
  ['std: alloc/collections/other', /^(core|alloc|std|dlmalloc|compiler_builtins)$/],
  ['sha2/digest', /^(sha2|digest|block_buffer|generic_array|cpufeatures)$/],
];

function groupOf(name) {
  const crate = crateOf(name);
  if (/^(core|alloc|std)$/.test(crate) && /(::fmt::|fmt::Formatter|core::panicking|::panic|panic_fmt|rust_begin_unwind|Debug>::fmt|Display>::fmt|::fmt::h)/.test(name)) {
    return 'std: fmt/panic';
  }
  for (const [group, re] of GROUPS) if (re.test(crate)) return group;
  return `other (${crate})`;
}

function breakdown(wasmFile) {
  let file = wasmFile;
  let tmp;
  const opt = join(ROOT, 'node_modules/.bin/wasm-opt');
  if (existsSync(opt) && !noOpt) {
    tmp = mkdtempSync(join(tmpdir(), 'junqi-weight-'));
    const out = join(tmp, 'opt.wasm');
    execFileSync(opt, ['-Oz', '-g', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue', file, '-o', out]);
    file = out;
  }
  const buf = readFileSync(file);
  const w = sections(buf);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  const groups = new Map();
  const all = [];
  let code = 0;
  const unnamed = [];
  w.bodies.forEach((body, i) => {
    const name = w.names.get(i + w.imports) ?? '';
    const g = name ? groupOf(name) : 'unnamed';
    if (!groups.has(g)) groups.set(g, { raw: 0, parts: [], count: 0 });
    const e = groups.get(g);
    e.raw += body.length;
    e.parts.push(body);
    e.count++;
    code += body.length;
    if (!name) unnamed.push(i);
    all.push({ name, group: g, raw: body.length });
  });
  const rows = [...groups]
    .map(([group, e]) => ({ group, functions: e.count, raw: e.raw, gzip: gz(Buffer.concat(e.parts)) }))
    .sort((a, b) => b.raw - a.raw);
  const data = w.sections.filter((s) => s.id === 11).reduce((s, x) => s + x.len, 0);
  const biggest = all.sort((a, b) => b.raw - a.raw).slice(0, top);
  return { source: wasmFile, optimised: Boolean(tmp), code, data, total: buf.length, rows, biggest };
}

if (breakdownArg) {
  const given = breakdownArg.includes('=') ? breakdownArg.split('=')[1] : null;
  const file = given ?? join(ROOT, 'target/wasm-bindgen/release/junqi-web_bg.wasm');
  report.breakdown = breakdown(resolve(file));
}

if (json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const line = (f) => `| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`;
  console.log(`First screen (${DIST}), KB = 1000 bytes\n`);
  console.log('| file | raw KB | gzip KB | brotli KB |\n|---|---|---|---|');
  first.forEach((f) => console.log(line(f)));
  console.log(line({ file: '**first screen**', ...report.firstTotal }));
  console.log('\nThe whole game (loaded when the first screen asks, or at once for a returning player)\n');
  console.log('| file | raw KB | gzip KB | brotli KB |\n|---|---|---|---|');
  game.forEach((f) => console.log(line(f)));
  console.log(line({ file: '**whole game**', ...report.gameTotal }));
  console.log('\nComputer player (Web Worker, started after the page)\n');
  console.log('| file | raw KB | gzip KB | brotli KB |\n|---|---|---|---|');
  worker.forEach((f) => console.log(line(f)));
  console.log(line({ file: '**worker**', ...report.workerTotal }));
  if (scanner.length) {
    console.log('\nCamera scanner (Web Worker, loaded when a player scans a code)\n');
    console.log('| file | raw KB | gzip KB | brotli KB |\n|---|---|---|---|');
    scanner.forEach((f) => console.log(line(f)));
    console.log(line({ file: '**scanner**', ...report.scannerTotal }));
  }
  if (pageWasm) console.log(`\nPage wasm: ${pageWasm.file} ${kb(pageWasm.raw)} KB raw, ${kb(pageWasm.gzip)} KB gzip`);
  if (report.breakdown) {
    const b = report.breakdown;
    console.log(`\nPage wasm by crate (${b.optimised ? 'wasm-opt -Oz -g of ' : ''}${b.source}): code ${kb(b.code)} KB, data ${kb(b.data)} KB, file ${kb(b.total)} KB\n`);
    console.log('| group | functions | code KB | share | gzip KB (alone) |\n|---|---|---|---|---|');
    for (const r of b.rows) {
      console.log(`| ${r.group} | ${r.functions} | ${kb(r.raw)} | ${((100 * r.raw) / b.code).toFixed(1)} % | ${kb(r.gzip)} |`);
    }
    if (b.biggest.length) console.log(`\nThe ${b.biggest.length} biggest functions:\n`);
    for (const f of b.biggest) console.log(`${String(f.raw).padStart(7)}  ${f.group.padEnd(30)} ${f.name.slice(0, 160)}`);
  }
}

if (budget != null) {
  const bytes = report.firstTotal.gzip;
  const verdict = bytes <= budget ? 'within' : 'OVER';
  const text = `size budget: the first screen is ${bytes} bytes gzipped, ${verdict} the budget of ${budget}`;
  if (bytes > budget) {
    console.error(`${text}: a change made the first visit heavier (see BENCHMARKS.md, "First visit")`);
    process.exit(1);
  }
  console.log(text);
}
