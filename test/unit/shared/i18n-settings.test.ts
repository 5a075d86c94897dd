/**
 * The Settings areas of the catalog (issue 43): settingProblem (a setting's problem, a fact from shared/), uiChecks
 * (automatic checks, cache), uiForm (units, shortcut recorder, save bar) — German's tricky sentences (plurals,
 * numbers), and the English words the shared checks keep are the catalog's.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { checkAccelerator } from '../../../shared/accelerator';
import { normalizeBaseUrl } from '../../../shared/base-url';
import { checkProxyUrl } from '../../../shared/proxy-setting';
import { LIMITS } from '../../../shared/settings';
import { thresholdOrderErrors } from '../../../shared/settings-rules';

const en = wordsFor('en').w;
const de = wordsFor('de').w;

describe('a setting’s problem in words', () => {
  it('German: ranges in its digits and plurals, the window’s labels and the file’s names', () => {
    const ttl = { kind: 'range', path: 'cache.ttlMinutes', ...LIMITS['cache.ttlMinutes'] } as const;
    expect(de.settingProblem.say(ttl, 'window')).toBe(
      'Die Aufbewahrungszeit muss zwischen 1 Minute und 30 Tage liegen.',
    );
    const size = { kind: 'range', path: 'cache.maxEntries', ...LIMITS['cache.maxEntries'] } as const;
    expect(de.settingProblem.say(size, 'window')).toBe(
      'Die Größe des Zwischenspeichers muss eine ganze Zahl von 1 bis 100.000 sein.',
    );
    expect(de.settingProblem.say(size, 'cli')).toBe(
      'Größe des Zwischenspeichers (Einträge) muss eine ganze Zahl von 1 bis 100000 sein.',
    );
    expect(en.settingProblem.say(size, 'window')).toBe('The cache size must be a whole number from 1 to 100,000.');
    const order = thresholdOrderErrors({ monthLow: 20, monthCritical: 25, minuteLow: 50, minuteCritical: 10 });
    expect(order.map((o) => de.settingProblem.say(o.problem, 'window'))).toEqual([
      'Monat „kritisch“ muss unter „niedrig“ liegen (20 %).',
    ]);
    expect(de.settingProblem.say({ kind: 'shortcut', why: 'twice', modifier: 'Alt' }, 'window')).toBe(
      'Alt kommt im Tastenkürzel zweimal vor.',
    );
  });

  it('the English a check keeps (logs, the settings file) is the catalog’s, for every kind of problem', () => {
    const said = (p: Parameters<typeof en.settingProblem.say>[0]) => en.settingProblem.say(p, 'cli');
    for (const text of ['', 'ftp://x', 'https://', 'https://u:p@h.example', 'x'.repeat(3000), 'http://[zz']) {
      const r = normalizeBaseUrl(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.message).toBe(said({ kind: 'base-url', why: r.why }));
    }
    for (const text of ['', 'Ctrl++', 'Ctrl+Shift', 'Foo+K', 'Alt+Alt+K', 'Ctrl+Nope', 'Shift+K']) {
      const r = checkAccelerator(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.message).toBe(said({ kind: 'shortcut', ...r.problem }));
    }
    for (const text of ['nope', 'http://u:p@proxy.example', 'h'.repeat(400)]) {
      const r = checkProxyUrl(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.message).toBe(said({ kind: 'proxy-url', why: r.why, max: 300 }));
    }
  });
});

describe('automatic checks, the cache and the save bar', () => {
  it('German: what a check costs a day, in its digits and plural', () => {
    expect(de.uiChecks.none(de.uiChecks.perDay(1440, 1))).toBe(
      'Dieser Dienst hat keine kostenlose Statusabfrage: Jede automatische Prüfung verbraucht 1 Anfrage – etwa 1.440 Anfragen am Tag bei einer Prüfung alle 1 min.',
    );
    expect(de.uiChecks.perDay(1, 1440)).toBe(' – etwa 1 Anfrage am Tag bei einer Prüfung alle 1.440 min');
    expect(en.uiChecks.unknown(en.uiChecks.perDay(288, 5))).toBe(
      'Not known yet whether this service has a free status check. Without one, each check uses 1 request — about 288 requests a day at one check every 5 min.',
    );
    expect(de.uiForm.cannotRegister(de.settingProblem.say({ kind: 'shortcut', why: 'weak' }, 'window'))).toMatch(
      /^Dieses Tastenkürzel kann nicht registriert werden: Ein Tastenkürzel braucht Strg/,
    );
  });
});

describe('the key', () => {
  it('German: how a key was saved, and a refused one quoting the setting’s and the outcome’s own words in German', () => {
    expect(de.uiKey.saved({ kind: 'saved', where: 'keychain', verified: true })).toBe(
      'Schlüssel im Schlüsselbund des Systems gespeichert (geprüft).',
    );
    expect(en.uiKey.saved({ kind: 'saved', where: 'session', verified: false })).toBe(
      'Key saved in memory for this session only (not verified yet).',
    );
    const quoted = {
      outcome: (o: Parameters<typeof de.outcome.message>[0]) => de.outcome.message(o),
      setting: (p: Parameters<typeof de.settingProblem.say>[0]) => de.settingProblem.say(p, 'window'),
    };
    expect(de.uiKey.problem({ kind: 'setting', problem: { kind: 'base-url', why: 'no-host' } }, quoted)).toBe(
      'Die Basis-URL braucht einen Hostnamen, z. B. https://api.example.com.',
    );
    expect(
      de.uiKey.problem(
        { kind: 'unreachable', reason: 'dns', host: 'api.example:8443', hostname: 'api.example' },
        quoted,
      ),
    ).toBe('Die Adresse api.example wurde nicht gefunden. Prüfen Sie die Basis-URL auf Tippfehler.');
    expect(de.uiKey.problem({ kind: 'redirect', status: 301, to: null }, quoted)).toMatch(/\(301\)/);
  });
});

describe('profiles, pausing and the data', () => {
  it('German: a profile’s month line and a refused name, the cache’s size and count', () => {
    expect(de.uiProfiles.monthLeft(812, 10_000)).toBe('812 von 10.000 in diesem Monat übrig');
    expect(
      de.uiProfiles.nameProblem({ kind: 'taken', name: 'default' }, (n) => (n === 'default' ? 'Default' : n)),
    ).toBe('Es gibt bereits ein Profil namens „Default“.');
    expect(de.uiData.clearCacheButton(1, 1234)).toBe('Zwischenspeicher leeren (1 Antwort, 1,2 kB)');
    expect(de.uiData.confirmCache(2, 2_400_000)).toBe(
      '2 gespeicherte Antworten (2,4 MB) entfernen? Diese Adressen erneut nachzuschlagen verbraucht Anfragen.',
    );
    expect(en.uiData.clearCacheButton(1, 312)).toBe('Clear cache (1 answer, 312 bytes)');
    expect(en.uiData.clearedCache(12_345)).toBe('Cleared 12,345 cached answers.');
  });
});

describe('updates', () => {
  it('German: the status line with its ages and the next check, a failure’s fact', () => {
    const NOW = Date.UTC(2026, 10, 20, 12);
    const s = {
      current: '0.1.0',
      phase: 'failed' as const,
      offReason: null,
      version: null,
      noticeOnly: false,
      releaseUrl: null,
      percent: null,
      checkedAt: null,
      error: {
        at: NOW - 2 * 86_400_000,
        message: 'x',
        fact: { what: 'check' as const, version: null, why: 'offline' as const, detail: '' },
      },
      auto: true,
      nextCheckAt: NOW + 2 * 3_600_000,
      demo: false,
      heldByBulk: false,
    };
    expect(de.uiUpdate.status(s, NOW)).toBe(
      'Die Suche nach Updates ist gescheitert: keine Verbindung zum Update-Server (vor 2 Tagen). Nächster Versuch in 2 h.',
    );
    expect(en.uiUpdate.status(s, NOW)).toBe(
      'Could not check for updates: no connection to the update server (2 days ago). Next try in 2 h.',
    );
    expect(de.uiUpdate.status({ ...s, phase: 'up-to-date', checkedAt: NOW - 86_400_000 * 1.2, error: null }, NOW)).toBe(
      'Lookup Tray 0.1.0 ist die neueste Version (geprüft vor 29 h). Nächste Suche in 2 h.',
    );
  });
});
