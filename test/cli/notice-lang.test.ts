/**
 * A data file's notice (a damaged settings.json or state.db, reset with the old file kept aside) is a fact the
 * command words in its language: `lookup-tray status` says it in German with LANG=de_DE.UTF-8, in English otherwise
 * (issue 43). Before, the short-lived command's stores handed the notice on without its fact, so the command printed
 * the core's English sentence in every language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { cli, tempDir } from './helpers';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

/** A data folder whose settings file and state database are both damaged. */
function damagedFolder(): string {
  const d = tempDir();
  dirs.push(d);
  fs.writeFileSync(path.join(d.dir, 'settings.json'), '{{{');
  fs.writeFileSync(path.join(d.dir, 'state.db'), 'this is not a database');
  return d.dir;
}

it('lookup-tray status says a damaged data file’s notice in the command’s language', async () => {
  const german = await cli(damagedFolder(), ['status'], { env: { LANG: 'de_DE.UTF-8' } });
  const said = german.stdout + german.stderr;
  expect(said).toContain('Ihre Datei settings war beschädigt und wurde zurückgesetzt. Die alte Datei liegt unter ');
  expect(said).toContain('Ihre Datei state.db war beschädigt und wurde zurückgesetzt. Die alte Datei liegt unter ');
  expect(said).not.toContain('was damaged');

  const english = await cli(damagedFolder(), ['status'], { env: { LANG: 'en_US.UTF-8' } });
  const saidEn = english.stdout + english.stderr;
  expect(saidEn).toContain('Your settings file was damaged and has been reset. The old file was kept as ');
  expect(saidEn).toContain('Your state.db file was damaged and has been reset. The old file was kept as ');
  expect(english.code).toBe(german.code);
});
