/** Deutsch: der Rahmen der Einstellungen. */
import type { Fmt } from '../fmt';
import type { UiSettingsWords } from '../words';

export const uiSettings = (_f: Fmt): UiSettingsWords => ({
  title: 'Einstellungen',
  group: {
    Service: 'Dienst',
    'Warning levels': 'Warnstufen',
    Notifications: 'Mitteilungen',
    'Automatic quota checks': 'Automatische Kontingentprüfung',
    'Lookup cache': 'Zwischenspeicher',
    App: 'App',
    Network: 'Netzwerk',
    'Bulk reports': 'Berichte zu Sammelabfragen',
  },
  scopeBefore: 'Dienst, Warnstufen, Mitteilungen und automatische Prüfungen unten gehören zum Profil ',
  scopeAfter: '; Zwischenspeicher und App-Einstellungen gelten für alle Profile.',
  thisProfile: 'dieses Profil',
  save: 'Einstellungen speichern',
  answerLanguage: 'Sprache der Ergebnisse',
  serviceDefault: 'Wie beim Dienst',
  interfaceLanguage: 'Sprache',
});
