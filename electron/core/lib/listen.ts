import type { Server } from 'node:http';

import { randomInt } from 'node:crypto';

/**
 * Starts `server` on a loopback address (default 127.0.0.1; port 0 = a free one) and resolves with the port it got;
 * rejects if it cannot listen.
 */
export async function listenOnLoopback(server: Server, port = 0, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A random loopback address other than 127.0.0.1 (127.x.y.z; every one of them is this machine on Linux and Windows). */
export function randomLoopbackHost(): string {
  return `127.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
}

/**
 * Starts `server` on a loopback address of its own (a random 127.x.y.z), so that a browser's cookies for it — which
 * ignore ports — go to no other local server; where the system answers only 127.0.0.1 (macOS has no other loopback
 * address unless one is added), on 127.0.0.1. Resolves with the host and port it got.
 */
export async function listenOnOwnLoopback(server: Server, port = 0): Promise<{ host: string; port: number }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const host = randomLoopbackHost();
    try {
      return { host, port: await listenOnLoopback(server, port, host) };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRNOTAVAIL') break; // this system has 127.0.0.1 only
      if (code !== 'EADDRINUSE') throw err;
    }
  }
  return { host: '127.0.0.1', port: await listenOnLoopback(server, port) };
}
