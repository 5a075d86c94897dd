/**
 * A bulk job's last line (its note: how it finished, why it stopped) in the command's language (shared/i18n's
 * bulkNote area, worded from the job's fact); the exit code is the same in every language.
 */
import { expect, it } from 'vitest';
import { cli, hasKeyring, keyedSimulator } from './helpers';

const t = keyedSimulator('bulk-lang');

it.runIf(hasKeyring)('a finished job says so in German with --lang de, in English without', async () => {
  const run = (ips: string, lang: string) =>
    cli(t.dir, ['--lang', lang, 'bulk', '-', '--yes', '--budget-floor', '0', '--format', 'ndjson'], {
      input: ips,
    });
  const de = await run('45.0.7.10 45.0.7.11', 'de');
  expect(de.code, de.stderr).toBe(0);
  expect(de.stderr).toContain('Fertig: 2 beantwortet (0 aus dem Cache), 0 fehlgeschlagen.');
  const en = await run('45.0.7.12 45.0.7.13', 'en');
  expect(en.code, en.stderr).toBe(0);
  expect(en.stderr).toContain('Finished: 2 answered (0 from the cache), 0 failed.');
});

it.runIf(hasKeyring)(
  'a job the service refuses stops with the reason in German; the exit code is the same',
  async () => {
    t.sim.setFaults({ forbidden: true });
    try {
      const run = (ip: string, lang: string) =>
        cli(t.dir, ['--lang', lang, 'bulk', '-', '--yes', '--budget-floor', '0', '--format', 'ndjson'], {
          input: ip,
        });
      const de = await run('45.0.7.20', 'de');
      expect(de.stderr).toContain('Angehalten: Ihr Tarif erlaubt diese Anfrage nicht (403)');
      const en = await run('45.0.7.21', 'en');
      expect(en.stderr).toContain('Stopped: Your plan does not allow this request (403)');
      expect(de.code).toBe(en.code);
      expect(de.code).not.toBe(0);
    } finally {
      t.sim.clearFaults();
    }
  },
);
