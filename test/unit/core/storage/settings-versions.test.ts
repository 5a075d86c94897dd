/**
 * What a change of the settings needs, checked against a settings.json of each schema version
 * (test/fixtures/settings/settings-v<N>.json, as that version wrote it; never edited afterwards):
 * - A setting ADDED with its default in shared/settings.ts: nothing more — no new version. A file written before it
 *   existed is read, by the schema and by the command line's fast path alike, as if it held the default.
 * - A setting RENAMED, REMOVED, or given another type (or a narrower range): bump SETTINGS_SCHEMA_VERSION
 *   (shared/settings-rules.ts), add `migrations[old]` (settings-migrations.ts) carrying the old value over, and add the
 *   fixture of the new version. Until then the test below names the field a file of the current version would lose.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsAsIs } from '../../../../electron/core/storage/settings-fast';
import { parseSettings } from '../../../../electron/core/storage/settings-migrations';
import { DEFAULT_SETTINGS, SETTINGS_SCHEMA_VERSION } from '../../../../shared/settings';

const DIR = path.join(import.meta.dirname, '../../../fixtures/settings');
type Json = Record<string, unknown>;

const fixtures = new Map(
  readdirSync(DIR)
    .map((f) => /^settings-v(\d+)\.json$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [Number(m[1]), JSON.parse(readFileSync(path.join(DIR, m[0]), 'utf8')) as Json]),
);
const newest = fixtures.get(SETTINGS_SCHEMA_VERSION);

/** Every leaf of a settings object as "path: type" (the profiles map is one leaf). */
function fields(o: Json, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => {
    const name = prefix ? `${prefix}.${k}` : k;
    const isGroup = typeof v === 'object' && v !== null && !Array.isArray(v) && name !== 'profiles';
    return isGroup ? fields(v as Json, name) : [`${name}: ${v === null ? 'null' : typeof v}`];
  });
}

describe('settings schema versions', () => {
  it('there is a settings.json of every version, and each one is read (the migrations form a chain)', () => {
    for (let v = 1; v <= SETTINGS_SCHEMA_VERSION; v++) {
      const file = fixtures.get(v);
      expect(
        file,
        `test/fixtures/settings/settings-v${v}.json: a settings.json as version ${v} writes it`,
      ).toBeDefined();
      const r = parseSettings(structuredClone(file));
      expect(r.ok ? null : r.errors, `settings-v${v}.json`).toBeNull();
    }
  });

  it('a file of the current version keeps every field it holds: a rename or removal needs a new version', () => {
    const now = new Set(fields(DEFAULT_SETTINGS as unknown as Json));
    // autoCheck.enabled is null (ask) by default and a boolean once chosen.
    now.add('autoCheck.enabled: boolean');
    const lost = fields(newest!).filter((f) => !now.has(f));
    expect(
      lost,
      `these fields of a version ${SETTINGS_SCHEMA_VERSION} file are gone or of another type: bump ` +
        'SETTINGS_SCHEMA_VERSION, add its migration and a fixture of the new version',
    ).toEqual([]);
  });

  it('a file of the current version without some settings takes the fast path, with their defaults', () => {
    const paths = fields(newest!).map((f) => f.slice(0, f.indexOf(':')));
    for (const p of paths.filter((x) => x !== 'schemaVersion')) {
      const file = structuredClone(newest!) as Record<string, Json>;
      const [a, b] = p.split('.') as [string, string | undefined];
      if (b === undefined) delete (file as Json)[a];
      else delete file[a]![b];
      const full = parseSettings(structuredClone(file));
      expect(full.ok, p).toBe(true);
      expect(settingsAsIs(file), `without ${p}`).toEqual(full.ok ? full.settings : null);
    }
  });
});
