/**
 * A service that echoes the key back in a successful answer: the key is redacted from every string of the body
 * before it is cached, stored in state.db or handed to the window.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { systemClock } from '../../../../electron/core/lib/ports';
import { dbQuotaStore } from '../../../../electron/core/service/store/db-quota-store';
import { QuotaService } from '../../../../electron/core/service/quota-service';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { baseConfig } from '../../../helpers/service-harness';

const KEY = 'FAKE-echoed-in-200-key-4242-abcd';

it('a key echoed in a 200 body is redacted before it is cached, stored or shown', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lt-echo-'));
  const echoing: typeof fetch = async () =>
    new Response(
      JSON.stringify({ data: { ip: '8.8.8.8', note: `requested with ${KEY}`, nested: [{ k: KEY }], [KEY]: 1 } }),
      {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'x-ratelimit-limit-quota-month': '100',
          'x-ratelimit-remaining-quota-month': '99',
        },
      },
    );
  const db = StateDb.open({ dir });
  const service = new QuotaService({
    clock: systemClock,
    fetch: echoing,
    profile: 'default',
    getKey: async () => KEY,
    store: dbQuotaStore(db, 'default', ''),
    config: baseConfig('https://api.example.com'),
  });
  try {
    const fresh = await service.lookup('8.8.8.8');
    const cached = await service.lookup('8.8.8.8');
    expect(fresh).toMatchObject({ kind: 'ok', source: 'network' });
    expect(cached).toMatchObject({ kind: 'ok', source: 'cache' });
    expect(JSON.stringify(fresh)).toContain('requested with ••••••');
    service.flush();
    const files = readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('latin1'));
    expect(files.join('\n')).toContain('requested with'); // the answer is stored…
    for (const text of [JSON.stringify([fresh, cached, service.recent(), service.state()]), ...files])
      expect(text).not.toContain(KEY); // …without the key
  } finally {
    service.dispose();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
