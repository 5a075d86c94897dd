/**
 * Hostile answer shapes through the real HTTP path: a small server in front of the simulator answers one
 * address with a 40 KB body nested 20 000 levels deep, another with a 63 MiB object holding millions of `{}`. A
 * single lookup of either is a bad response; a bulk job with three requests in flight records the deep one as a
 * failed row (a bad response), finishes with every address counted, and its results page as usual.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsFor } from '../../../../shared/i18n';
import { listenOnLoopback } from '../../../helpers/local-server';
import { startBulk, type BulkHarness } from '../../../helpers/bulk-harness';
import { withWords } from '../../../helpers/outcome-words';

const DEEP_IP = '11.0.0.2';
const BIG_IP = '11.0.0.5';
const LEVELS = 20_000;
const DEEP = `{"data":${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}}`;
/** 63 MiB: under the earlier 64 MiB cap, ~16 million empty objects. */
const BIG = Buffer.from(`{"data":{"rows":[${'{},'.repeat(Math.floor((63 * 1024 * 1024) / 3))}{}]}}`);

let h: BulkHarness | null = null;
let proxy: http.Server | null = null;
afterEach(async () => {
  await h?.closeAll();
  h = null;
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r) ?? r(null));
  proxy = null;
});

/** The simulator's answers (status, quota headers, Date), with the two hostile bodies in place of its own. */
async function hostileProxy(target: () => string): Promise<string> {
  proxy = http.createServer((req, res) => {
    void (async () => {
      const r = await fetch(`${target()}${req.url ?? '/'}`, { headers: { apikey: String(req.headers.apikey ?? '') } });
      const ip = new URL(req.url ?? '/', 'http://x').searchParams.get('ip');
      const body = ip === DEEP_IP ? Buffer.from(DEEP) : ip === BIG_IP ? BIG : Buffer.from(await r.arrayBuffer());
      const headers: Record<string, string> = {};
      r.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection') headers[k] = v;
      });
      res.writeHead(r.status, headers);
      res.on('error', () => {});
      res.end(body);
    })().catch(() => res.destroy());
  });
  return listenOnLoopback(proxy);
}

async function start(maxInFlight: number): Promise<BulkHarness> {
  let simUrl = '';
  const url = await hostileProxy(() => simUrl);
  const b = await startBulk({
    plan: { monthLimit: 1000, minuteLimit: null },
    run: { maxInFlight },
    config: { baseUrl: url },
  });
  simUrl = b.sim.url;
  return b;
}

describe('hostile answer shapes through the real HTTP path', () => {
  it('a single lookup of an answer nested 20 000 levels deep is a bad response, shown as received', async () => {
    h = await start(1);
    const o = await h.service.lookup(DEEP_IP);
    expect(withWords(o)).toMatchObject({
      kind: 'bad-response',
      status: 200,
      ip: DEEP_IP,
      message:
        'The service answered 200 but the body was nested more than 64 levels deep; it was not read as JSON. It is shown as received.',
    });
    if (o.kind === 'bad-response') expect(o.raw).toBe(DEEP);
    expect(() => structuredClone(o)).not.toThrow(); // what IPC does to it
    expect(h.service.state().month).toMatchObject({ remaining: 999 }); // the answer's quota headers counted
  });

  it('a bulk job with 3 requests in flight records the deep answer as a failed row and loses no address', async () => {
    h = await start(3);
    const ips = ['11.0.0.1', DEEP_IP, '11.0.0.3', '11.0.0.4'];
    const job = h.bulk.create({ addresses: ips })!;
    const end = await h.drive(job.id);
    expect(end).toMatchObject({ state: 'finished', reason: null });
    expect(end.message).toBe('Finished: 3 answered (0 from the cache), 1 failed.');
    expect(h.bulk.get(job.id)).toMatchObject({ state: 'finished', total: 4, done: 3, failed: 1, left: 0 });
    const page = h.bulk.results(job.id, 0, 10);
    expect(page.rows.map((r) => [r.ip, r.status])).toEqual([
      ['11.0.0.1', 'done'],
      [DEEP_IP, 'failed'],
      ['11.0.0.3', 'done'],
      ['11.0.0.4', 'done'],
    ]);
    expect(page.rows[1]!.error).toMatch(/nested more than 64 levels deep/);
    expect(() => structuredClone(page)).not.toThrow();
  });

  it('a 63 MiB answer of tiny objects is refused as a bad response: read up to 8 MiB, never parsed', async () => {
    h = await start(1);
    const o = await h.service.lookup(BIG_IP);
    expect(o).toMatchObject({ kind: 'bad-response', status: 200, ip: BIG_IP });
    expect(o.kind === 'bad-response' ? wordsFor('en').w.outcome.message(o) : '').toMatch(
      /was larger than 8 MiB; it was not read to the end/,
    );
    expect(o).not.toHaveProperty('body');
    expect(o.kind === 'bad-response' ? o.raw.length : 0).toBeLessThan(70_000); // its beginning, cut at 64 KB
  });
});
