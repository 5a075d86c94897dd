/** Deutsch: was an einer Einstellung nicht stimmt (shared/setting-problem.ts). */
import type { Fmt } from '../fmt';
import type { SettingProblemWords } from '../words';
import type { Face } from '../en/outcome';
import type { BaseUrlWhy, NumberSettingPath, ProxyUrlWhy, SettingProblem, ShortcutWhy } from '../../setting-problem';

const EXAMPLE = 'https://api.example.com';
const PROXY_EXAMPLE = 'http://proxy.example:3128';

const windowLabel: Record<NumberSettingPath, string> = {
  'thresholds.monthLow': 'Monat „niedrig“',
  'thresholds.monthCritical': 'Monat „kritisch“',
  'thresholds.minuteLow': 'Minute „niedrig“',
  'thresholds.minuteCritical': 'Minute „kritisch“',
  monthResetDay: 'Der Tag des Neubeginns',
  'cache.ttlMinutes': 'Die Aufbewahrungszeit',
  'cache.maxEntries': 'Die Größe des Zwischenspeichers',
  'autoCheck.intervalMinutes': 'Der Abstand',
  'reports.threatThreshold': 'Der Bedrohungswert',
};

const fileLabel: Record<NumberSettingPath, string> = {
  'thresholds.monthLow': 'Schwelle Monat „niedrig“ (% übrig)',
  'thresholds.monthCritical': 'Schwelle Monat „kritisch“ (% übrig)',
  'thresholds.minuteLow': 'Schwelle Minute „niedrig“ (% übrig)',
  'thresholds.minuteCritical': 'Schwelle Minute „kritisch“ (% übrig)',
  monthResetDay: 'Tag des Monatsneubeginns',
  'cache.ttlMinutes': 'Aufbewahrungszeit (Minuten)',
  'cache.maxEntries': 'Größe des Zwischenspeichers (Einträge)',
  'autoCheck.intervalMinutes': 'Abstand der automatischen Prüfung (Minuten)',
  'reports.threatThreshold': 'Bedrohungswert für „Aufmerksamkeit“',
};

const baseUrl: Record<BaseUrlWhy, string> = {
  empty: `Geben Sie die Basis-URL des Dienstes ein, z. B. ${EXAMPLE}.`,
  'too-long': 'Diese Basis-URL ist viel zu lang.',
  https: `Die Basis-URL muss https:// verwenden, z. B. ${EXAMPLE} (einfaches http:// nur für diesen Computer: localhost, 127.0.0.1 oder [::1]).`,
  invalid: `Das ist keine gültige URL. Verwenden Sie die Form ${EXAMPLE}.`,
  'no-host': `Die Basis-URL braucht einen Hostnamen, z. B. ${EXAMPLE}.`,
  credentials: 'Entfernen Sie Benutzername und Passwort aus der Basis-URL. Der API-Schlüssel hat ein eigenes Feld.',
};

const proxyUrl = (why: ProxyUrlWhy, max: number, f: Fmt): string => {
  switch (why) {
    case 'needed':
      return `Geben Sie die Adresse des Proxys an, z. B. ${PROXY_EXAMPLE}.`;
    case 'invalid':
      return `Die Adresse des Proxys muss eine URL wie ${PROXY_EXAMPLE} sein (http, https oder socks5).`;
    case 'credentials':
      return 'Lassen Sie Benutzername und Passwort aus der Adresse des Proxys weg: Einstellungen sind eine einfache Datei. Ein Proxy, der sie verlangt, wird am besten als Proxy des Systems eingerichtet.';
    case 'too-long':
      return `Die Adresse des Proxys darf höchstens ${f.count(max, { one: 'Zeichen', other: 'Zeichen' })} lang sein.`;
  }
};

const shortcut = (s: ShortcutWhy): string => {
  switch (s.why) {
    case 'none':
      return 'Wählen Sie ein Tastenkürzel, z. B. Strg+Umschalt+L.';
    case 'blank':
      return 'Das Tastenkürzel darf nicht leer sein (z. B. CommandOrControl+Shift+L).';
    case 'too-long':
      return 'Das Tastenkürzel ist zu lang.';
    case 'joined':
      return 'Ein Tastenkürzel sind Tasten, verbunden mit „+“ (die Taste + selbst heißt „Plus“).';
    case 'no-key':
      return 'Ein Tastenkürzel braucht nach den Umschalttasten eine Taste, z. B. Strg+Umschalt+L.';
    case 'not-modifier':
      return `„${s.text}“ ist keine Umschalttaste (Strg, Alt, Umschalt …).`;
    case 'twice':
      return `${s.modifier} kommt im Tastenkürzel zweimal vor.`;
    case 'not-key':
      return `„${s.text}“ ist keine Taste, die ein Tastenkürzel verwenden kann.`;
    case 'weak':
      return 'Ein Tastenkürzel braucht Strg, Alt oder Super (⌘ auf dem Mac) mit seiner Taste, sonst fehlt die Taste beim Tippen.';
    case 'key-unusable':
      return 'Diese Taste kann nicht in einem Tastenkürzel stehen. Versuchen Sie einen Buchstaben oder eine Ziffer.';
  }
};

const minutes = (f: Fmt, m: number): string =>
  m % 1440 === 0
    ? f.count(m / 1440, { one: 'Tag', other: 'Tage' })
    : m % 60 === 0
      ? f.count(m / 60, { one: 'Stunde', other: 'Stunden' })
      : f.count(m, { one: 'Minute', other: 'Minuten' });

export const settingProblem = (f: Fmt): SettingProblemWords => ({
  say(p: SettingProblem, face: Face): string {
    switch (p.kind) {
      case 'range':
        if (face === 'cli') return `${fileLabel[p.path]} muss eine ganze Zahl von ${p.min} bis ${p.max} sein.`;
        if (p.path === 'cache.ttlMinutes')
          return `${windowLabel[p.path]} muss zwischen ${minutes(f, p.min)} und ${minutes(f, p.max)} liegen.`;
        return `${windowLabel[p.path]} muss eine ganze Zahl von ${f.num(p.min)} bis ${f.num(p.max)} sein.`;
      case 'order':
        return `${p.path === 'thresholds.monthCritical' ? 'Monat' : 'Minute'} „kritisch“ muss unter „niedrig“ liegen (${f.num(p.low)} %).`;
      case 'base-url':
        return baseUrl[p.why];
      case 'shortcut':
        return shortcut(p);
      case 'proxy-url':
        return proxyUrl(p.why, p.max, f);
      case 'other':
        return p.message;
    }
  },
});
