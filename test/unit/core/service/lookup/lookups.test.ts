/** A huge answer is shown but not cached: memory and state.db stay small, and the next lookup asks again. */
import { expect, it } from 'vitest';
import { systemClock } from '../../../../../electron/core/lib/ports';
import { MAX_CACHED_ANSWER_CHARS } from '../../../../../electron/core/service/lookup/lookups';
import { QuotaService } from '../../../../../electron/core/service/quota-service';
import { memoryQuotaStore } from '../../../../helpers/memory-quota-store';
import { baseConfig } from '../../../../helpers/service-harness';

it('an answer over 1 MiB is returned whole but not cached; a normal one is cached', async () => {
  let sent = 0;
  const fetchBig: typeof fetch = async (input) => {
    sent++;
    const ip = new URL(String(input)).searchParams.get('ip');
    const rows = ip === '8.8.8.8' ? 20_000 : 1;
    const body = JSON.stringify({
      data: { ip, rows: Array.from({ length: rows }, (_, n) => ({ n, note: 'x'.repeat(80) })) },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const store = memoryQuotaStore();
  const s = new QuotaService({
    clock: systemClock,
    fetch: fetchBig,
    profile: 'p',
    getKey: async () => 'FAKE-large-answer-key-0001',
    store,
    config: baseConfig('https://api.example.com'),
  });
  try {
    const big = await s.lookup('8.8.8.8');
    expect(JSON.stringify((big as { body: unknown }).body).length).toBeGreaterThan(MAX_CACHED_ANSWER_CHARS);
    expect(big).toMatchObject({ kind: 'ok', source: 'network' });
    expect(await s.lookup('8.8.8.8')).toMatchObject({ kind: 'ok', source: 'network' });
    expect(sent).toBe(2); // not from the cache
    await s.lookup('1.1.1.1');
    expect(await s.lookup('1.1.1.1')).toMatchObject({ source: 'cache' });
    expect(sent).toBe(3);
    s.flush();
    expect(store.snapshot().cache.map((e) => e.ip)).toEqual(['1.1.1.1']);
  } finally {
    s.dispose();
  }
});
