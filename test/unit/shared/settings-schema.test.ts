import { describe, expect, it } from 'vitest';
import { validatePatch } from '../../../electron/core/storage/settings-migrations';
import { DEFAULT_SETTINGS, LIMITS, type NumberSettingPath, type SettingsPatch } from '../../../shared/settings';
import { settingsPatchSchema, settingsSchema } from '../../../shared/settings-schema';

/** A patch setting one number field, e.g. 'cache.ttlMinutes' -> { cache: { ttlMinutes: v } }. */
function patchAt(path: NumberSettingPath, value: unknown): Record<string, unknown> {
  const [group, field] = path.split('.') as [string, string | undefined];
  return field === undefined ? { [group]: value } : { [group]: { [field]: value } };
}

/** Whether the core's patch check reports a range/type error on `path` (not a cross-field rule). */
function coreRefusesValue(path: NumberSettingPath, value: unknown): boolean {
  const outcome = validatePatch(structuredClone(DEFAULT_SETTINGS), patchAt(path, value) as SettingsPatch);
  return outcome.kind === 'invalid' && outcome.errors.some((e) => e.field === path && /whole number/.test(e.message));
}

describe('the one settings schema (shared/settings-schema.ts)', () => {
  it('the defaults are valid settings, unchanged by the schema', () => {
    expect(settingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
  });

  it('every number setting has its LIMITS range, enforced at both edges with the same message', () => {
    expect(Object.keys(LIMITS).sort()).toEqual(
      [
        'autoCheck.intervalMinutes',
        'cache.maxEntries',
        'cache.ttlMinutes',
        'monthResetDay',
        'reports.threatThreshold',
        'thresholds.minuteCritical',
        'thresholds.minuteLow',
        'thresholds.monthCritical',
        'thresholds.monthLow',
      ].sort(),
    );
    for (const path of Object.keys(LIMITS) as NumberSettingPath[]) {
      const { min, max } = LIMITS[path];
      expect(
        [min - 1, min, max, max + 1, min + 0.5].map((v) => coreRefusesValue(path, v)),
        path,
      ).toEqual([true, false, false, true, true]);
    }
  });

  it('a patch is the deep partial of the settings: any subset is accepted, unknown keys are refused', () => {
    expect(settingsPatchSchema.safeParse({}).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ thresholds: { monthLow: 30 }, notifications: {} }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ schemaVersion: 1 }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ cache: { ttlMinutes: 5, size: 1 } }).success).toBe(false);
  });
});

describe('Settings → Network (the proxy)', () => {
  const current = settingsSchema.parse(DEFAULT_SETTINGS);
  it('defaults to the system proxy; a proxy of its own needs an address, kept as its origin', () => {
    expect(current.network).toEqual({ proxy: 'system', proxyUrl: '' });
    expect(validatePatch(current, { network: { proxy: 'url' } })).toEqual({
      kind: 'invalid',
      errors: [{ field: 'network.proxyUrl', message: 'Give the proxy’s address, e.g. http://proxy.example:3128.' }],
    });
    const saved = validatePatch(current, { network: { proxy: 'url', proxyUrl: ' http://Proxy.Example:3128/ ' } });
    expect(saved).toMatchObject({
      kind: 'saved',
      settings: { network: { proxy: 'url', proxyUrl: 'http://proxy.example:3128' } },
    });
  });

  it('an address with a user name or password is refused (settings are a plain file), and one that is not a URL', () => {
    const withCreds = validatePatch(current, {
      network: { proxy: 'url', proxyUrl: 'http://me:secret@proxy.example:3128' },
    });
    expect(withCreds.kind).toBe('invalid');
    expect(JSON.stringify(withCreds)).not.toContain('secret');
    expect(withCreds).toMatchObject({
      errors: [{ field: 'network.proxyUrl', message: expect.stringContaining('Leave the user name and password out') }],
    });
    expect(validatePatch(current, { network: { proxyUrl: 'proxy.example:3128/path' } })).toMatchObject({
      kind: 'invalid',
    });
    expect(validatePatch(current, { network: { proxyUrl: 'ftp://proxy.example' } })).toMatchObject({ kind: 'invalid' });
  });
});
