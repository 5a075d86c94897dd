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
  baseUrl: 'Basis-URL',
  monthResetDay: 'Monatskontingent beginnt neu am Tag',
  monthResetDayHint: 'Jedes Monats, um 00:00 UTC (1 = Kalendermonat).',
  thresholdsHint: 'Warnen, wenn der verbleibende Anteil des Kontingents höchstens so groß ist.',
  thresholds: {
    monthLow: 'Monat: niedrig',
    monthCritical: 'Monat: kritisch',
    minuteLow: 'Minute: niedrig',
    minuteCritical: 'Minute: kritisch',
  },
  notifications: {
    monthLow: 'Monatskontingent niedrig',
    monthCritical: 'Monatskontingent kritisch',
    monthExhausted: 'Monatskontingent aufgebraucht',
    minuteHit: 'Minutenlimit erreicht',
    forecast: 'Kontingent reicht nicht bis zum Neubeginn',
    restored: 'Kontingent nach einem Limit wieder da',
  },
  launchAtLogin: 'Bei der Anmeldung starten',
  shortcut: 'Globales Tastenkürzel',
  trayShows: 'Das Symbol im Infobereich zeigt',
  trayShowsChoice: { selected: 'Das verwendete Profil', closest: 'Das Profil, das am ehesten ausgeht' },
  trayShowsHint: 'Die automatischen Prüfungen jedes Profils laufen so oder so; das Menü im Infobereich listet alle.',
  proxy: 'Proxy',
  proxyChoice: { system: 'Proxy-Einstellungen des Systems', none: 'Kein Proxy', url: 'Dieser Proxy' },
  proxySystemHint:
    'Wie der Browser: der Proxy des Systems, seine automatische Konfiguration (PAC, WPAD) und Zertifikate.',
  proxyUrl: 'Adresse des Proxys',
  proxyUrlHint: 'Ohne Benutzernamen oder Passwort.',
  proxyUrlKept: 'Aufbewahrt, nicht verwendet.',
  threatThreshold: 'Aufmerksamkeit ab Bedrohungswert',
  threatThresholdHint:
    'Der Bericht eines Auftrags nennt zuerst die Adressen ab diesem Wert und jede Tor-, Proxy- oder VPN-Adresse.',
});
