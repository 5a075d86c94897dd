/** Deutsch: das Formular der Nachschlage-Ansicht und die letzten Abfragen. */
import type { Fmt } from '../fmt';
import type { UiLookupWords } from '../words';

export const uiLookup = (_f: Fmt): UiLookupWords => ({
  ipLabel: 'IP-Adresse',
  ipPlaceholder: 'z. B. 8.8.8.8, 2001:4860::8888',
  lookUp: 'Abfragen',
  recentHeading: 'Letzte Abfragen',
});
