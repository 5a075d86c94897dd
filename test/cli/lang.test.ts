/**
 * The command's language: `--lang` and the environment (LC_ALL, LC_MESSAGES, LANG) choose the words of its human
 * sentences (shared/i18n); exit codes and the machine-read outputs (JSON) are the same in every language.
 */
import { expect, it } from 'vitest';
import { cli, hasKeyring, keyedSimulator, tempDir } from './helpers';

const t = keyedSimulator('lang');

const EN =
  'Your plan does not allow this request (403): Your plan does not allow this endpoint. Check or upgrade your plan.';
const DE =
  'Ihr Tarif erlaubt diese Anfrage nicht (403): Your plan does not allow this endpoint. Prüfen Sie Ihren Tarif oder wechseln Sie zu einem größeren.';

it.runIf(hasKeyring)(
  'a lookup the service refuses is said in German with LANG=de_DE.UTF-8 or --lang de, in English otherwise; the exit code is the same',
  async () => {
    t.sim.setFaults({ forbidden: true });
    try {
      const english = await cli(t.dir, ['lookup', '8.8.8.8'], { env: { LANG: 'en_US.UTF-8' } });
      expect(english.stderr).toBe(`8.8.8.8: ${EN}\n`);
      const byEnv = await cli(t.dir, ['lookup', '8.8.8.8'], { env: { LANG: 'de_DE.UTF-8' } });
      expect(byEnv.stderr).toBe(`8.8.8.8: ${DE}\n`);
      const byFlag = await cli(t.dir, ['--lang', 'de', 'lookup', '8.8.8.8'], { env: { LANG: 'C' } });
      expect(byFlag.stderr).toBe(byEnv.stderr);
      // --lang en wins over the environment; LC_ALL wins over LANG.
      const flagWins = await cli(t.dir, ['--lang', 'en', 'lookup', '8.8.8.8'], { env: { LANG: 'de_DE.UTF-8' } });
      expect(flagWins.stderr).toBe(english.stderr);
      const lcAll = await cli(t.dir, ['lookup', '8.8.8.8'], { env: { LANG: 'en_US.UTF-8', LC_ALL: 'de_AT.UTF-8' } });
      expect(lcAll.stderr).toBe(byEnv.stderr);
      for (const r of [byEnv, byFlag, flagWins, lcAll]) expect(r.code).toBe(english.code);
      expect(english.code).toBe(6);

      // JSON is read by machines: English in every language.
      const json = await cli(t.dir, ['lookup', '8.8.8.8', '1.1.1.1', '--json'], { env: { LANG: 'de_DE.UTF-8' } });
      expect(json.code).toBe(6);
      expect(JSON.parse(json.stdout)).toContainEqual({
        ip: '8.8.8.8',
        source: null,
        error: { kind: 'forbidden', message: EN },
      });
    } finally {
      t.sim.setFaults({ forbidden: false });
    }
  },
);

it('--lang takes system, en or de only (a usage error, in English)', async () => {
  const r = await cli(t.dir, ['--lang', 'fr', 'quota'], { env: { LANG: 'de_DE.UTF-8' } });
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(
    /^lookup-tray: option '--lang <lang>' argument 'fr' is invalid\. Allowed choices are system, en, de\./,
  );
});

it('config set: a refused value is said in the command’s language (a fact from the settings schema), exit 4 either way', async () => {
  const dir = tempDir();
  try {
    const english = await cli(dir.dir, ['config', 'set', 'cache.maxEntries', '0'], { env: { LANG: 'C' } });
    expect(english.stderr).toBe('lookup-tray: Cache size (entries) must be a whole number from 1 to 100000.\n');
    const german = await cli(dir.dir, ['config', 'set', 'cache.maxEntries', '0'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(german.stderr).toBe(
      'lookup-tray: Größe des Zwischenspeichers (Einträge) muss eine ganze Zahl von 1 bis 100000 sein.\n',
    );
    const order = await cli(dir.dir, ['--lang', 'de', 'config', 'set', 'thresholds.monthCritical', '30'], {});
    expect(order.stderr).toBe('lookup-tray: Monat „kritisch“ muss unter „niedrig“ liegen (25 %).\n');
    expect([english.code, german.code, order.code]).toEqual([4, 4, 4]);
  } finally {
    dir.remove();
  }
});

it('profile add: a name no profile may have is refused in the command’s language (the core’s own check), exit 4', async () => {
  const dir = tempDir();
  try {
    const english = await cli(dir.dir, ['profile', 'add', 'a@b'], { env: { LANG: 'C' } });
    expect(english.stderr).toBe('lookup-tray: Profile names cannot contain "@" or "#".\n');
    const german = await cli(dir.dir, ['--lang', 'de', 'profile', 'add', 'a@b'], {});
    expect(german.stderr).toBe('lookup-tray: Profilnamen dürfen weder „@“ noch „#“ enthalten.\n');
    expect([english.code, german.code]).toEqual([4, 4]);
  } finally {
    dir.remove();
  }
});
