import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { validatePatch } from '../../../electron/core/storage/settings-migrations';
import {
  parseRequest,
  requestSchemas,
  type MismatchedChannels,
  type RequestSchemas,
} from '../../../shared/ipc-schemas';
import { DEFAULT_SETTINGS, LIMITS, type NumberSettingPath, type SettingsPatch } from '../../../shared/settings';

/** A patch setting one number field, e.g. 'cache.ttlMinutes' -> { cache: { ttlMinutes: v } }. */
function patchAt(path: NumberSettingPath, value: unknown): Record<string, unknown> {
  const [group, field] = path.split('.') as [string, string | undefined];
  return field === undefined ? { [group]: value } : { [group]: { [field]: value } };
}

const ipcAccepts = (patch: unknown) => parseRequest('updateSettings', patch).ok;

describe("updateSettings request schema: the settings patch schema, with the core's ranges", () => {
  it('a threshold of 0 or 100 is refused at the IPC, 1 and 99 pass (the core allows 1..99)', () => {
    expect(ipcAccepts({ thresholds: { monthLow: 0 } })).toBe(false);
    expect(ipcAccepts({ thresholds: { monthLow: 100 } })).toBe(false);
    expect(ipcAccepts({ thresholds: { monthLow: 1 } })).toBe(true);
    expect(ipcAccepts({ thresholds: { monthLow: 99 } })).toBe(true);
    expect(LIMITS['thresholds.monthLow']).toEqual({ min: 1, max: 99 });
  });

  it('for every number setting, the IPC refuses exactly the values the core refuses as out of range', () => {
    for (const path of Object.keys(LIMITS) as NumberSettingPath[]) {
      const { min, max } = LIMITS[path];
      for (const value of [min - 1, min, max, max + 1, min + 0.5, Number.NaN, '5']) {
        const patch = patchAt(path, value);
        const core = validatePatch(structuredClone(DEFAULT_SETTINGS), patch as SettingsPatch);
        // The core's own verdict on this field; "critical must be below low" is a rule on the result, not a range.
        const coreRefuses =
          core.kind === 'invalid' && core.errors.some((e) => e.field === path && !/must be below/.test(e.message));
        expect(ipcAccepts(patch), `${path} = ${String(value)}`).toBe(!coreRefuses);
      }
    }
  });

  it('refuses unknown settings at both levels, and a key', () => {
    expect(ipcAccepts({ apiKey: 'FAKE-KEY-ipc-0000' })).toBe(false);
    expect(ipcAccepts({ thresholds: { key: 1 } })).toBe(false);
    expect(ipcAccepts({ schemaVersion: 2 })).toBe(false);
    expect(ipcAccepts({ notifications: { forecast: false }, autoCheck: { enabled: null } })).toBe(true);
  });
});

describe('request schemas are derived from the contract (compile-time)', () => {
  it('every channel has a schema whose output is exactly its request type', () => {
    expectTypeOf<MismatchedChannels<typeof requestSchemas>>().toEqualTypeOf<never>();
  });

  it('a schema missing an optional field of the contract is caught', () => {
    const _narrower = { ...requestSchemas, saveKey: z.strictObject({ key: z.string() }) };
    expectTypeOf<MismatchedChannels<typeof _narrower>>().toEqualTypeOf<'saveKey'>();
  });

  it('a channel without a schema, or a schema of another type, fails typecheck', () => {
    const { openExternal: _dropped, ...withoutOne } = requestSchemas;
    // @ts-expect-error openExternal has no schema
    const missing: RequestSchemas = withoutOne;
    // @ts-expect-error lookup's schema produces a number where the contract has a string
    const wrong: RequestSchemas = { ...requestSchemas, lookup: z.strictObject({ ip: z.number() }) };
    expect([missing, wrong]).toHaveLength(2);
  });
});

describe('pauseNotifications request schema', () => {
  it('a pause that ends at no instant (1e300, NaN) is refused; the 30-day bound is the core’s, on its clock', () => {
    const ok = (until: unknown) => requestSchemas.pauseNotifications.safeParse({ until }).success;
    expect(ok(1e300)).toBe(false);
    // Demo mode's and the preview's clock may run weeks ahead of the PC's: the core cuts a pause to 30 days of its own
    // (test/unit/core/app/app-core.test.ts, "an absurd pause").
    expect(ok(Date.now() + 31 * 86_400_000)).toBe(true);
    expect(ok(Number.NaN)).toBe(false);
    expect(ok(Date.now() + 3_600_000)).toBe(true);
    expect(ok(null)).toBe(true);
  });
});
