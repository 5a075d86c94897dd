import { describe, expect, it } from 'vitest';
import { restoreEngine } from '../../../../electron/core/quota/persisted-engine';

describe("the engine's persisted last error", () => {
  it('comes back when it is a kind of failure this build knows, and is dropped otherwise', () => {
    const back = (lastError: unknown) => restoreEngine({ version: 1, lastError })?.lastError;
    expect(back('network-error')).toBe('network-error');
    expect(back('rate-limited')).toBe('rate-limited');
    expect(back('forbidden')).toBe('forbidden');
    expect(back(null)).toBeNull();
    // Not a failure of a request the service saw, a kind a newer build knows, or not a kind at all.
    for (const odd of ['ok', 'no-key', 'cooldown', 'a-kind-of-a-newer-build', 'x'.repeat(5000), 42, {}])
      expect(back(odd), String(odd).slice(0, 40)).toBeNull();
  });
});
