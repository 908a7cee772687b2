// One slow link in front of a local server, shared by every connection the browser opens — the
// page's and the service worker's alike (the DevTools protocol's network throttling slows only
// the page's requests, so a service worker's downloads would not compete with the page's).
//
// Every byte the server sends waits its turn on one queue drained at `downKbps`, and reaches the
// browser no earlier than `latencyMs` after the server sent it; what the browser sends goes at
// `upKbps` on a queue of its own. A TCP proxy, so HTTP, keep-alive and compression pass as sent.
//
//   import { slowLink } from './slow-link.mjs';
//   const link = await slowLink(serverUrl, { latencyMs: 150, downKbps: 1600, upKbps: 750 });
//   … browse link.url …; link.bytes() → { down, up }; await link.close();
import { connect, createServer } from 'node:net';

/** One direction of the link: chunks leave in order, each after the one before it has gone
 * through at `kbps` and at least `latencyMs` after it arrived. */
function lane(kbps, latencyMs) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let free = 0; // when the lane has sent everything queued so far (ms, performance.now())
  let total = 0;
  return {
    send(chunk, deliver) {
      const now = performance.now();
      free = Math.max(free, now) + chunk.length / bytesPerMs;
      total += chunk.length;
      const at = Math.max(free, now + latencyMs);
      setTimeout(() => deliver(chunk), Math.max(0, at - now));
    },
    total: () => total,
  };
}

/** Starts the link on 127.0.0.1 (any free port) in front of `target` (an http URL). */
export function slowLink(target, { latencyMs = 150, downKbps = 1600, upKbps = 750 } = {}) {
  const { hostname, port } = new URL(target);
  const down = lane(downKbps, latencyMs);
  const up = lane(upKbps, 0);
  const sockets = new Set();
  const proxy = createServer((client) => {
    const server = connect(Number(port), hostname);
    sockets.add(client).add(server);
    let open = 2;
    const gone = () => {
      sockets.delete(client);
      sockets.delete(server);
    };
    // A side's end is passed on only after the bytes queued before it.
    const pass = (from, to, l) => {
      let pending = 0;
      let ended = false;
      const finish = () => {
        if (ended && pending === 0) {
          to.end();
          if (--open === 0) gone();
        }
      };
      from.on('data', (chunk) => {
        pending++;
        l.send(chunk, (c) => {
          pending--;
          if (!to.destroyed) to.write(c);
          finish();
        });
      });
      from.on('end', () => {
        ended = true;
        finish();
      });
    };
    pass(server, client, down);
    pass(client, server, up);
    const drop = () => {
      client.destroy();
      server.destroy();
      gone();
    };
    client.on('error', drop);
    server.on('error', drop);
    client.on('close', () => server.destroyed || server.end());
  });
  return new Promise((ok, fail) => {
    proxy.once('error', fail);
    proxy.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${proxy.address().port}/`;
      const close = () =>
        new Promise((r) => {
          for (const s of sockets) s.destroy();
          proxy.close(() => r());
        });
      ok({ url, close, bytes: () => ({ down: down.total(), up: up.total() }) });
    });
  });
}
