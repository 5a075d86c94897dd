/**
 * A web-server access log as production writes it (combined format: client address, time, request, status, size,
 * referrer and a Chrome User-Agent on every line), generated from a seed: the same seed gives the same bytes. The
 * clients are `unique` public addresses (one in 25 IPv6), drawn with a skew so some hit often. Used by the log bench
 * (bench/log-bench.ts) and the cli test of a streamed read; never stored in the repository.
 */
import { publicV4 } from '../electron/core/bulk/extract';

/** mulberry32: a small seeded generator (uniform in [0, 1)). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct public addresses, one in 25 IPv6 (2a01:4f8::/32, Hetzner's), in a seeded order. */
export function clientPool(n: number, rand: () => number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < n) {
    let ip: string;
    if (out.length % 25 === 24) {
      const h = () => Math.floor(rand() * 0xffff).toString(16);
      ip = `2a01:4f8:${h()}:${h()}::${h()}`;
    } else {
      const o = () => Math.floor(rand() * 256);
      const v4 = `${1 + Math.floor(rand() * 222)}.${o()}.${o()}.${o()}`;
      if (publicV4(v4) === null) continue;
      ip = v4;
    }
    if (seen.has(ip)) continue;
    seen.add(ip);
    out.push(ip);
  }
  return out;
}

const PATHS = ['/', '/index.html', '/api/v1/items', '/login', '/static/app.js', '/static/app.css', '/favicon.ico'];
const STATUS = [200, 200, 200, 200, 304, 301, 404, 500];
const CHROME = ['120.0.6099.109', '119.0.6045.199', '121.0.6167.85', '118.0.5993.117'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface LogOptions {
  /** How many distinct client addresses. */
  unique: number;
  /** Stop after about this many bytes (whole lines). */
  bytes: number;
  seed: number;
  /** Bytes per chunk yielded (default 1 MiB). */
  chunk?: number;
}

/**
 * The log in chunks of whole lines. Every address of the pool appears (the first `unique` lines take them in turn,
 * when `bytes` holds that many lines), then clients are drawn with a skew towards the start of the pool.
 */
export function* accessLog(o: LogOptions): Generator<Buffer> {
  const rand = seeded(o.seed);
  const pool = clientPool(o.unique, rand);
  const chunk = o.chunk ?? 1 << 20;
  let t = Date.UTC(2026, 0, 5, 0, 0, 0) / 1000;
  let written = 0;
  let lineNo = 0;
  let parts: string[] = [];
  let size = 0;
  while (written + size < o.bytes) {
    const ip = lineNo < pool.length ? pool[lineNo]! : pool[Math.floor(rand() ** 2 * pool.length)]!;
    t += Math.floor(rand() * 3);
    const d = new Date(t * 1000);
    const p2 = (n: number) => String(n).padStart(2, '0');
    const when = `${p2(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
    const path = PATHS[Math.floor(rand() * PATHS.length)]!;
    const status = STATUS[Math.floor(rand() * STATUS.length)]!;
    const chrome = CHROME[Math.floor(rand() * CHROME.length)]!;
    const line =
      `${ip} - - [${when}] "GET ${path}?id=${Math.floor(rand() * 100000)} HTTP/1.1" ${status} ${Math.floor(rand() * 50000)} ` +
      `"https://www.example.com/" "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${chrome} Safari/537.36"\n`;
    parts.push(line);
    size += line.length;
    lineNo++;
    if (size >= chunk) {
      yield Buffer.from(parts.join(''), 'latin1');
      written += size;
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.from(parts.join(''), 'latin1');
}
