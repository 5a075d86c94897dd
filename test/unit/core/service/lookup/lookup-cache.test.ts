import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../helpers/manual-clock';
import { LookupCache, summaryLabel, toRecent } from '../../../../../electron/core/service/lookup/lookup-cache';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const entry = (ip: string, profile = 'p', language = '') => ({
  profile,
  ip,
  language,
  body: { data: { ip } },
  fetchedAt: T0,
  note: null,
});

describe('LookupCache', () => {
  it('hits per profile, IP and language only', () => {
    const c = new LookupCache({ clock: new ManualClock(T0) });
    c.set(entry('8.8.8.8'));
    expect(c.get('p', '8.8.8.8', '')?.body).toEqual({ data: { ip: '8.8.8.8' } });
    expect(c.get('other', '8.8.8.8', '')).toBeUndefined();
    expect(c.get('p', '8.8.8.8', 'de')).toBeUndefined();
    expect(c.get('p', '8.8.4.4', '')).toBeUndefined();
  });

  it('expires entries after the TTL on the injected clock', () => {
    const clock = new ManualClock(T0);
    const c = new LookupCache({ clock, ttlMs: 60_000 });
    c.set(entry('8.8.8.8'));
    clock.advance(59_999);
    expect(c.get('p', '8.8.8.8', '')).toBeDefined();
    clock.advance(1);
    expect(c.get('p', '8.8.8.8', '')).toBeUndefined();
    // Kept, marked expired, for showing a recent lookup again until evicted or pruned.
    expect(c.stored('p', '8.8.8.8', '')).toMatchObject({ expired: true, entry: { ip: '8.8.8.8' } });
    expect(c.recent('p')).toEqual([]);
    expect(c.toJSON().entries).toEqual([]);
    expect(c.size).toBe(0);
  });

  it('evicts the least recently used entry beyond maxEntries; a get refreshes an entry', () => {
    const c = new LookupCache({ clock: new ManualClock(T0), maxEntries: 3 });
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) c.set(entry(ip));
    c.get('p', '1.1.1.1', '');
    c.set(entry('4.4.4.4'));
    expect(c.get('p', '2.2.2.2', '')).toBeUndefined();
    expect(c.get('p', '1.1.1.1', '')).toBeDefined();
    expect(c.size).toBe(3);
    c.setLimits({ maxEntries: 1 });
    expect(c.size).toBe(1);
  });

  it('lists recent lookups most recent first, one row per IP, fresh ones only', () => {
    const clock = new ManualClock(T0);
    const c = new LookupCache({ clock, ttlMs: 10 * 60_000 });
    c.set(entry('1.1.1.1'));
    clock.advance(6 * 60_000);
    c.set(entry('2.2.2.2'));
    c.set(entry('2.2.2.2', 'p', 'de'));
    c.set(entry('3.3.3.3', 'q'));
    expect(c.recent('p', 10).map((e) => e.ip)).toEqual(['2.2.2.2', '1.1.1.1']);
    expect(c.recent('p', 1).map((e) => e.ip)).toEqual(['2.2.2.2']);
    clock.advance(5 * 60_000);
    expect(c.recent('p').map((e) => e.ip)).toEqual(['2.2.2.2']);
  });

  it('deletes one entry or a whole profile', () => {
    const c = new LookupCache({ clock: new ManualClock(T0) });
    c.set(entry('1.1.1.1'));
    c.set(entry('2.2.2.2'));
    c.set(entry('1.1.1.1', 'q'));
    expect(c.delete('p', '1.1.1.1', '')).toBe(true);
    c.clearProfile('p');
    expect(c.size).toBe(1);
    expect(c.get('q', '1.1.1.1', '')).toBeDefined();
  });

  it('round-trips through JSON, keeping LRU order, and ignores malformed data', () => {
    const clock = new ManualClock(T0);
    const c = new LookupCache({ clock });
    for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) c.set(entry(ip));
    c.get('p', '1.1.1.1', '');
    const back = new LookupCache({ clock, maxEntries: 2, persisted: JSON.parse(JSON.stringify(c.toJSON())) });
    expect(back.recent('p').map((e) => e.ip)).toEqual(['1.1.1.1', '3.3.3.3']);
    for (const junk of [null, 'x', { version: 1, entries: 'no' }, { version: 1, entries: [{ ip: 1 }, null] }]) {
      expect(new LookupCache({ clock, persisted: junk }).size).toBe(0);
    }
  });

  // Its speed is a bench figure ("2 Cache hit" in npm run bench), not a timed test.
  it('holds 10 000 entries at its bound and answers each of 100 000 gets with the entry for that address', () => {
    const c = new LookupCache({ clock: new ManualClock(T0), maxEntries: 10_000 });
    for (let i = 0; i < 10_000; i++) c.set(entry(`10.0.${i >> 8}.${i & 255}`));
    let found = 0;
    for (let i = 0; i < 100_000; i++) {
      const j = i % 10_000;
      const ip = `10.0.${j >> 8}.${j & 255}`;
      if (c.get('p', ip, '')?.ip === ip) found++;
    }
    expect(found).toBe(100_000);
  });

  it('labels recent rows from the body: city, region, country; the IP otherwise', () => {
    const body = {
      data: {
        location: {
          city: { name: 'Mountain View' },
          region: { name: 'California' },
          country: { name: 'United States' },
        },
      },
    };
    expect(summaryLabel('8.8.8.8', body)).toBe('Mountain View, California, United States');
    expect(summaryLabel('8.8.8.8', '<html>')).toBe('8.8.8.8');
    expect(toRecent({ ...entry('8.8.8.8'), body, storedAt: T0 })).toEqual({
      ip: '8.8.8.8',
      fetchedAt: T0,
      label: 'Mountain View, California, United States',
    });
  });
});

describe('the cache’s bookkeeping stays within its limit', () => {
  it('after 10 000 answers with room for 10, and a cleared profile, it tracks no more uses than entries', () => {
    const clock = { now: () => Date.UTC(2026, 10, 22) };
    const cache = new LookupCache({ clock, maxEntries: 10, ttlMs: 3_600_000 });
    for (let i = 0; i < 10_000; i++)
      cache.set({ profile: 'p', ip: `11.0.${i >> 8}.${i & 255}`, language: '', body: { i }, fetchedAt: 0, note: null });
    expect(cache.size).toBe(10);
    expect(cache.trackedUses).toBe(10);
    cache.clearProfile('p');
    expect(cache.trackedUses).toBe(0);
  });
});
