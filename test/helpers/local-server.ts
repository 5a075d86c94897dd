/** Loopback servers for tests: one listening on a port of its own, and a port nothing listens on. */
import type { Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';

/** Listens on 127.0.0.1 on a free port; resolves with its base URL, `http://127.0.0.1:PORT` (no trailing slash). */
export async function listenOnLoopback(server: HttpServer | Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  const url = await listenOnLoopback(s);
  await new Promise<void>((r) => s.close(() => r()));
  return Number(new URL(url).port);
}
