/** Deutsch: Wörter, die jede Oberfläche braucht. */
import type { Fmt } from '../fmt';
import type { CommonWords } from '../words';

export const common = (f: Fmt): CommonWords => ({
  langChoice: { system: 'Wie im System', en: 'English', de: 'Deutsch' },
  addresses: (n: number) => f.count(n, { one: 'Adresse', other: 'Adressen' }),
  requests: (n: number) => f.count(n, { one: 'Anfrage', other: 'Anfragen' }),
  unknownDate: 'ein unbekanntes Datum',
});
