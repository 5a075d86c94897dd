/** Deutsch: was eine geprüfte Liste außer ihren Adressen enthält (übersprungene Versionsnummern, zu große Bereiche). */
import type { Fmt } from '../fmt';
import type { BulkPreviewWords } from '../words';

export const bulkPreview = (f: Fmt): BulkPreviewWords => ({
  noise: (count, withExample) =>
    `${f.count(count, { one: 'versionsähnliches Token', other: 'versionsähnliche Tokens' })} übersprungen${withExample ? ', z. B. ' : '.'}`,
  noiseEnd: '.',
  rangeLimit: (total, max) =>
    `Die Bereiche enthalten ${f.num(total)} ${f.plural(total, { one: 'Adresse', other: 'Adressen' })}; höchstens ${f.num(max)} lassen sich erweitern. Bereiche eingrenzen oder die Liste teilen.`,
});
