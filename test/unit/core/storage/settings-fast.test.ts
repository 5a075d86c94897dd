/**
 * The zod-free settings read of short-lived processes (electron/core/storage/settings-fast.ts) agrees with the one settings schema: whatever it
 * accepts, the schema accepts and returns unchanged; what it declines goes through the schema. Property test over
 * settings built from valid and invalid values of every field.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { settingsAsIs } from '../../../../electron/core/storage/settings-fast';
import { parseSettings } from '../../../../electron/core/storage/settings-migrations';
import { DEFAULT_SETTINGS } from '../../../../shared/settings';

const anyValue = fc.oneof(
  fc.integer({ min: -5, max: 50_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
  fc.constantFrom(
    '',
    ' default',
    'default ',
    'de',
    'DE',
    'deu',
    'http://127.0.0.1:8080',
    'https://API.example.com/',
    'https://api.example.com',
    'ftp://x',
  ),
);

/** DEFAULT_SETTINGS with some leaves replaced, some removed, maybe an unknown key added. */
const settingsLike = fc
  .tuple(
    fc.dictionary(
      fc.constantFrom(
        'baseUrl',
        'profile',
        'thresholds.monthLow',
        'thresholds.monthCritical',
        'thresholds.minuteCritical',
        'notifications.forecast',
        'monthResetDay',
        'cache.ttlMinutes',
        'cache.maxEntries',
        'autoCheck.enabled',
        'autoCheck.intervalMinutes',
        'launchAtLogin',
        'shortcut',
        'answerLanguage',
        'interfaceLanguage',
        'schemaVersion',
      ),
      anyValue,
    ),
    fc.boolean(),
    fc.option(fc.constantFrom('thresholds', 'cache', 'answerLanguage', 'notifications.restored')),
  )
  .map(([changes, extra, drop]) => {
    const s = structuredClone(DEFAULT_SETTINGS) as unknown as Record<string, Record<string, unknown>>;
    for (const [path, v] of Object.entries(changes)) {
      const [a, b] = path.split('.') as [string, string | undefined];
      if (b === undefined) (s as Record<string, unknown>)[a] = v;
      else s[a]![b] = v;
    }
    if (extra) (s as Record<string, unknown>).colour = 'red';
    if (drop) {
      const [a, b] = drop.split('.') as [string, string | undefined];
      if (b === undefined) delete (s as Record<string, unknown>)[a];
      else delete s[a]![b];
    }
    return s;
  });

it('accepts only what the schema accepts, and returns exactly what the schema returns', () => {
  let accepted = 0;
  fc.assert(
    fc.property(settingsLike, (raw) => {
      const fast = settingsAsIs(structuredClone(raw));
      if (fast === null) return;
      accepted++;
      const full = parseSettings(structuredClone(raw));
      expect(full.ok).toBe(true);
      if (full.ok) expect(fast).toEqual(full.settings);
    }),
    { numRuns: 3000 },
  );
  expect(accepted).toBeGreaterThan(0);
});

it('accepts the defaults and a configured file as they are; declines an older version or a value to normalise', () => {
  expect(settingsAsIs(structuredClone(DEFAULT_SETTINGS))).toEqual(DEFAULT_SETTINGS);
  const configured = { ...structuredClone(DEFAULT_SETTINGS), baseUrl: 'https://api.example.com', answerLanguage: 'de' };
  expect(settingsAsIs(configured)).toEqual(configured);
  expect(settingsAsIs({ ...configured, schemaVersion: 0 })).toBeNull();
  expect(settingsAsIs({ ...configured, answerLanguage: 'DE' })).toBeNull();
  expect(settingsAsIs({ ...configured, profile: ' default' })).toBeNull();
  expect(settingsAsIs({ ...configured, thresholds: { ...configured.thresholds, monthCritical: 30 } })).toBeNull();
});

it('a profile name holding "@" or "#" (the separators of keychain accounts) is never taken as it is', () => {
  for (const profile of ['default@https://x.example', 'default#0123456789abcdef']) {
    expect(settingsAsIs({ ...DEFAULT_SETTINGS, profile })).toBeNull();
    expect(parseSettings({ ...DEFAULT_SETTINGS, profile }).ok).toBe(false);
  }
});
