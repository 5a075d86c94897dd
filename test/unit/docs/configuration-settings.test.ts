/**
 * docs/configuration.md names every setting by its key in settings.json, read from the one list of settings
 * (shared/settings.ts's DEFAULT_SETTINGS): a setting added there fails here until the docs name it ("Add a setting",
 * docs/how-to.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings';

const doc = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
/** The file's own bookkeeping, not a setting a user sets. */
const NOT_SETTINGS = new Set(['schemaVersion']);

describe("docs/configuration.md's settings", () => {
  const keys = Object.keys(DEFAULT_SETTINGS).filter((k) => !NOT_SETTINGS.has(k));
  it.each(keys)('names `%s`', (key) => {
    expect(doc.includes(`\`${key}\``), `docs/configuration.md names the setting \`${key}\``).toBe(true);
  });
});
