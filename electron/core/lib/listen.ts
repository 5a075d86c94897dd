import type { Server } from 'node:http';

/** Starts `server` on 127.0.0.1 (port 0 = a free one) and resolves with the port it got; rejects if it cannot listen. */
export async function listenOnLoopback(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
