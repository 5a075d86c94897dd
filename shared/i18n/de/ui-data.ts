/** Deutsch: Einstellungen → Mitteilungen pausieren und Daten. */
import type { Fmt } from '../fmt';
import type { UiDataWords } from '../words';

/** "312 Byte", "1,2 kB", "180 kB", "2,4 MB". */
const bytes = (n: number): string => {
  if (n < 1000) return `${n} Byte`;
  if (n < 10_000) return `${(n / 1e3).toFixed(1).replace('.', ',')} kB`;
  if (n < 1e6) return `${Math.round(n / 1e3)} kB`;
  return `${(n / 1e6).toFixed(1).replace('.', ',')} MB`;
};

export const uiData = (f: Fmt): UiDataWords => {
  const answers = (n: number) => f.count(n, { one: 'gespeicherte Antwort', other: 'gespeicherte Antworten' });
  const addresses = (n: number) => f.count(n, { one: 'Adresse', other: 'Adressen' });
  return {
    pause: {
      legend: 'Mitteilungen pausieren',
      pausedUntil: (t: number) => `Pausiert bis ${f.localTime(t)}.`,
      on: 'Mitteilungen sind an.',
      resume: 'Mitteilungen fortsetzen',
      hour: '1 Stunde pausieren',
      tomorrow: 'Bis morgen pausieren',
      failed: 'Die Pause konnte nicht geändert werden. Versuchen Sie es erneut.',
    },
    legend: 'Daten',
    bytes,
    confirmCacheLabel: 'Leeren des Zwischenspeichers bestätigen',
    confirmRecentLabel: 'Leeren der letzten Abfragen bestätigen',
    confirmCache: (n: number, size: number) =>
      `${answers(n)} (${bytes(size)}) entfernen? Diese Adressen erneut nachzuschlagen verbraucht Anfragen.`,
    confirmRecent: (n: number) =>
      `${addresses(n)} aus den letzten Abfragen entfernen? Ihre Antworten bleiben gespeichert.`,
    clearCache: 'Zwischenspeicher leeren',
    clearRecent: 'Letzte Abfragen leeren',
    clearCacheButton: (n: number, size: number) =>
      `Zwischenspeicher leeren (${f.count(n, { one: 'Antwort', other: 'Antworten' })}, ${bytes(size)})`,
    clearRecentButton: (n: number) => `Letzte Abfragen leeren (${addresses(n)})`,
    clearedCache: (n: number) => `${answers(n)} entfernt.`,
    clearedRecent: 'Die letzten Abfragen wurden geleert. Die Antworten bleiben gespeichert.',
    notCleared: 'Das Leeren ist misslungen. Versuchen Sie es erneut.',
    notRead: 'Was gespeichert ist, konnte nicht gelesen werden. Versuchen Sie es erneut.',
    about: 'Über Lookup Tray',
  };
};
