/**
 * What a screen reader hears when a lookup ends (lookupWords in renderer/src/components/lookup-announcer.tsx): the
 * address with its place and network and where the answer came from, or what went wrong; nothing for the limits,
 * which the countdown and the quota announcer say.
 */
import { describe, expect, it } from 'vitest';
import { lookupWords } from '../../../../renderer/src/components/lookup-announcer';

const BODY = {
  data: {
    ip: '8.8.8.8',
    location: { country: { name: 'United States', alpha2: 'US' }, city: { name: 'Mountain View' } },
    connection: { organization: 'Google LLC' },
  },
};
const ok = { kind: 'ok', ip: '8.8.8.8', body: BODY, source: 'network', fetchedAt: 0, note: null } as const;

describe('lookupWords', () => {
  it('says the address, its place and organisation, and where the answer came from', () => {
    expect(lookupWords(ok)).toBe('8.8.8.8: Mountain View, United States — Google LLC. From the network.');
    expect(lookupWords({ ...ok, source: 'cache' })).toBe(
      '8.8.8.8: Mountain View, United States — Google LLC. From cache.',
    );
    expect(lookupWords({ ...ok, source: 'cache', expired: true })).toBe(
      '8.8.8.8: Mountain View, United States — Google LLC. Kept answer, may be out of date.',
    );
    expect(lookupWords({ ...ok, body: {} })).toBe('8.8.8.8. From the network.');
  });

  it('says an answer too large to show can be saved', () => {
    expect(lookupWords({ ...ok, tooLarge: { bytes: 2e7 } })).toBe(
      '8.8.8.8: the answer is too large to show here; it can be saved as a file.',
    );
  });

  it('says nothing for the limits and what went wrong for the rest', () => {
    expect(lookupWords({ kind: 'rate-limited', scope: 'minute', resetAt: 0, at: 0 })).toBeNull();
    expect(lookupWords({ kind: 'cooldown', scope: 'month', resetAt: 0, at: 0 })).toBeNull();
    // The words come from the outcome's facts (shared/i18n's outcome area): the core sends no sentence.
    expect(lookupWords({ kind: 'invalid-ip', problem: { kind: 'empty' } })).toBe(
      'The service did not accept this address. Enter an IP address.',
    );
    expect(lookupWords({ kind: 'server-error', status: 503 })).toBe(
      'Lookup failed: The service had a problem (503). Retry later.',
    );
  });
});
