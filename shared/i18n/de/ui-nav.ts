/** Deutsch: der Rahmen des Fensters. */
import type { Fmt } from '../fmt';
import type { UiNavWords } from '../words';

export const uiNav = (f: Fmt): UiNavWords => ({
  appName: 'Lookup Tray',
  unreachable: 'Lookup Tray erreicht seinen Hintergrunddienst nicht.',
  unreachableRestart: 'Lookup Tray erreicht seinen Hintergrunddienst nicht. Starten Sie die App neu.',
  tryAgain: 'Erneut versuchen',
  back: '← Zurück',
  lookupHeading: 'Eine IP-Adresse nachschlagen',
  bulk: 'Liste',
  history: 'Verlauf',
  settings: 'Einstellungen',
  profile: 'Profil',
  demoBadge: 'DEMO',
  demoBadgeTitle: 'Demo-Modus: ein eingebauter, simulierter Dienst, nicht der echte',
  demoRegion: 'Demo',
  demoText: 'Simulierter Dienst',
  fastForward: 'Vorspulen',
  step: { minute: '1 Minute', day: '1 Tag', week: '1 Woche', month: '1 Monat' },
  leaveDemo: 'Demo beenden',
  historyTitle: 'Verlauf',
  bulkTitle: 'Sammelabfrage',
  dismiss: 'Schließen',
  closeNotification: 'Mitteilung schließen',
  runningJob: 'Sammelabfrage',
  runningJobDone: (done: number, total: number) => `läuft: ${f.num(done)} von ${f.num(total)} erledigt.`,
  show: 'Zeigen',
});
