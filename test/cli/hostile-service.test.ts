/**
 * A hostile lookup service and a hostile state.db, against the built command (issue 24): a cooldown no date can
 * hold is printed as a sentence, not as "unexpected error (RangeError)".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, hasKeyring, tempDir, testKey } from './helpers';

const KEY = testKey('hostile');
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

let server: http.Server;
let url: string;
let data: ReturnType<typeof tempDir>;

function reply(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (u.pathname !== '/v2/info') return reply(res, 404, { message: 'not found' });
    if (req.headers.apikey !== KEY) return reply(res, 401, { message: 'no' });
    const ip = u.searchParams.get('ip');
    if (ip === '203.0.113.4') return reply(res, 429, { message: 'slow down' }, { 'retry-after': String(TEN_YEARS_S) });
    reply(res, 200, { data: { ip } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  data = tempDir();
  if (hasKeyring) {
    const set = await cli(data.dir, ['key', 'set', '--stdin', '--no-verify', '--base-url', url], { input: KEY });
    expect(set.code, set.stderr).toBe(0);
  }
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  data.remove();
});

describe('a cooldown no date can hold', () => {
  /** A data folder on the hostile service whose state.db, written by "another process", holds `until`. */
  async function folderWithCooldown(until: number): Promise<ReturnType<typeof tempDir>> {
    const d = tempDir();
    expect((await cli(d.dir, ['config', 'set', 'baseUrl', url])).code).toBe(0);
    expect((await cli(d.dir, ['cache', 'clear'])).code).toBe(0); // creates state.db
    const db = new DatabaseSync(join(d.dir, 'state.db'));
    try {
      db.prepare('INSERT OR REPLACE INTO engine (profile, json, updated_at) VALUES (?, ?, ?)').run(
        'default',
        JSON.stringify({ version: 1 }),
        Date.now(),
      );
      db.prepare('INSERT OR REPLACE INTO cooldown (profile, scope, until, since) VALUES (?, ?, ?, ?)').run(
        'default',
        'month',
        until,
        Date.now(),
      );
    } finally {
      db.close();
    }
    return d;
  }

  it('quota prints a sentence for a recorded end of 1e300 or 9e15 ms, not "unexpected error (RangeError)"', async () => {
    for (const until of [1e300, 9e15]) {
      const d = await folderWithCooldown(until);
      try {
        const q = await cli(d.dir, ['quota']);
        expect(q.stderr).not.toContain('unexpected error');
        expect(q.code).toBe(0);
        expect(q.stdout).toMatch(
          /^Cooldown month limit reached: nothing is sent until an unknown date \(the recorded end is not a valid time\), unless --force$/m,
        );
      } finally {
        d.remove();
      }
    }
  });

  it.runIf(hasKeyring)('lookup held back by it exits 5 with the reason, sending nothing', async () => {
    const d = await folderWithCooldown(1e300);
    try {
      const r = await cli(d.dir, ['lookup', '203.0.113.9']);
      expect(r.stderr).not.toContain('unexpected error');
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('Nothing was sent');
      expect(r.stderr).toContain('(resets at an unknown date)');
    } finally {
      d.remove();
    }
  });

  it.runIf(hasKeyring)(
    'a Retry-After of ten years: exit 5 with the reset date, and quota shows the cooldown',
    async () => {
      const d = tempDir();
      try {
        expect((await cli(d.dir, ['config', 'set', 'baseUrl', url])).code).toBe(0);
        const r = await cli(d.dir, ['lookup', '203.0.113.4']);
        expect(r.stderr).not.toContain('unexpected error');
        expect(r.code).toBe(5);
        const year = new Date().getUTCFullYear() + 10;
        expect(r.stderr).toMatch(new RegExp(`resets at ${year}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ`));
        const q = await cli(d.dir, ['quota']);
        expect(q.stderr).not.toContain('unexpected error');
        expect(q.stdout).toMatch(
          new RegExp(`^Cooldown minute limit reached: nothing is sent for \\d+ d( \\d+ h)? \\(until ${year}-`, 'm'),
        );
      } finally {
        d.remove();
      }
    },
  );
});
