/** Deutsch: die eigenen Worte des Einstellungsformulars. */
import type { Fmt } from '../fmt';
import type { UiFormWords } from '../words';

export const uiForm = (_f: Fmt): UiFormWords => ({
  cancel: 'Abbrechen',
  unit: 'Einheit',
  units: { minutes: 'Minuten', hours: 'Stunden', days: 'Tage' },
  shortcutHint: { before: 'Hier klicken und die gewünschten Tasten drücken. Registriert wird ', after: '.' },
  cannotRegister: (problem: string) => `Dieses Tastenkürzel kann nicht registriert werden: ${problem}`,
  saveBar: {
    unsaved: 'Ungespeicherte Änderungen',
    saved: 'Einstellungen gespeichert.',
    nothingSaved: 'Nichts gespeichert: Markierte Felder korrigieren, dann erneut speichern.',
    failed: 'Die Einstellungen konnten nicht gespeichert werden: Nichts wurde geändert. Versuchen Sie es erneut.',
  },
});
