// Times junqi-core's perft compiled to WebAssembly, under node: the 2-player engine, then the
// general engine (the one 四国 plays on) on the 2-player board, from the classic start.
// Build first: cargo build --release --target wasm32-unknown-unknown -p junqi-wasm-bench
import { readFile } from 'node:fs/promises';

const path = new URL('../target/wasm32-unknown-unknown/release/junqi_wasm_bench.wasm', import.meta.url);
const { instance } = await WebAssembly.instantiate(await readFile(path), {});
const expected = { 3: 36564n, 4: 1151628n, 5: 34877798n };
const engines = [
  ['wasm perft', instance.exports.perft_classic],
  ['wasm general-engine perft', instance.exports.perft_general_classic],
];
for (const [name, perft] of engines) {
  if (!perft) continue; // a build from before the general engine's export
  for (const depth of [3, 4, 5]) {
    perft(depth); // warm up
    const runs = depth === 5 ? 3 : 10;
    let best = Infinity;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const n = perft(depth);
      const ms = performance.now() - t0;
      if (n !== expected[depth]) throw new Error(`${name} ${depth} = ${n}, expected ${expected[depth]}`);
      best = Math.min(best, ms);
    }
    const rate = Number(expected[depth]) / (best / 1000) / 1e6;
    console.log(`${name} ${depth}: ${expected[depth]} leaves, best ${best.toFixed(1)} ms, ${rate.toFixed(1)} M leaves/s`);
  }
}
