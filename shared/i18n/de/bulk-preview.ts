/** Deutsch: was eine geprüfte Liste außer ihren Adressen enthält (übersprungene Versionsnummern, zu große Bereiche). */
import type { BudgetFloor, CostPreview } from '../../bulk';
import { outcome } from './outcome';
import type { CostFace, CostWords } from '../en/bulk-preview';
import type { Fmt } from '../fmt';
import type { BulkPreviewWords } from '../words';

export const bulkPreview = (f: Fmt): BulkPreviewWords => {
  const pct = (p: number) => String(p).replace('.', ',');
  const duration = (ms: number): string => {
    if (!(ms >= 0) || !Number.isFinite(ms)) return 'unbekannte Zeit';
    const min = Math.ceil(ms / 60_000);
    if (ms < 60_000) return 'unter einer Minute';
    if (min < 60) return `etwa ${min} Min.`;
    const h = Math.floor(min / 60);
    const rest = min % 60;
    return `etwa ${h} Std.${rest ? ` ${rest} Min.` : ''}`;
  };
  const floor = (fl: BudgetFloor, count: number | null, monthLimit: number | null): string => {
    const requests = (n: number) => f.count(n, { one: 'Anfrage', other: 'Anfragen' });
    if ('count' in fl) return requests(count ?? 0);
    return count === null || monthLimit === null
      ? `${pct(fl.percent)} % des Monatslimits`
      : `${requests(count)} (${pct(fl.percent)} % von ${f.num(monthLimit)})`;
  };
  const cost = (c: CostPreview, face: CostFace = 'window'): CostWords => {
    const rest = `: ${f.num(c.fromCache)} aus dem Cache beantwortet (kostenlos), ${f.num(c.toSend)} zu senden.`;
    const m = c.month;
    return {
      first: `${f.count(c.unique, { one: 'eindeutige Adresse', other: 'eindeutige Adressen' })}${rest}`,
      rest,
      month: m
        ? `Monat: jetzt ${f.num(m.remainingBefore)} von ${f.num(m.limit)} übrig${m.estimated ? ' (nach dem Zurücksetzen angenommen)' : ''}, danach ${f.num(m.remainingAfter)}.`
        : 'Monat: noch unbekannt; die erste Antwort nennt es.',
      floor: `Budgetuntergrenze: behält ${floor(c.floor, c.budgetFloor, m?.limit ?? null)} für einzelne Abfragen${face === 'cli' ? ' (--budget-floor legt sie fest)' : ''}.`,
      stops: c.stopsEarly
        ? `Nur ${f.num(c.sendable ?? 0)} ${f.plural(c.sendable ?? 0, { one: 'kann', other: 'können' })} vor der Budgetuntergrenze gesendet werden: Der Auftrag hält dort an und behält, was er gefunden hat.`
        : null,
      time:
        c.toSend === 0
          ? 'Nichts zu senden.'
          : c.minutePlan === 'none'
            ? 'Kein Minutenlimit: so schnell, wie der Dienst antwortet.'
            : c.minuteLimit === null
              ? 'Minutenlimit noch unbekannt: eine Anfrage nach der anderen, bis die erste Antwort es nennt.'
              : `Dauer bei ${f.num(c.minuteLimit)} pro Minute: ${duration(c.estimatedMs ?? 0)}.`,
    };
  };
  return {
    duration,
    floor,
    cost,
    noise: (count, withExample) =>
      `${f.count(count, { one: 'versionsähnliches Token', other: 'versionsähnliche Tokens' })} übersprungen${withExample ? ', z. B. ' : '.'}`,
    noiseEnd: '.',
    rangeLimit: (total, max) =>
      `Die Bereiche enthalten ${f.num(total)} ${f.plural(total, { one: 'Adresse', other: 'Adressen' })}; höchstens ${f.num(max)} lassen sich auflösen. Bereiche eingrenzen oder die Liste teilen.`,
    rangesNote: (r, face = 'window') => {
      const one = r.count === 1;
      const more = r.count > r.shown.length ? `, … ${r.count - r.shown.length} weitere` : '';
      const held = `${f.count(r.count, { one: 'Bereich', other: 'Bereiche' })} (${r.shown.join(', ')}${more}) ${one ? 'enthält' : 'enthalten'} ${f.count(r.total, { one: 'Adresse', other: 'Adressen' })}`;
      if (r.total > r.max)
        return `${held}, mehr als die ${f.num(r.max)}, die sich auflösen lassen: ${one ? 'ihn' : 'sie'} eingrenzen oder die Liste teilen.`;
      const hint = face === 'cli' ? '--expand-ranges' : '„Bereiche auflösen“';
      return `${held}: ${hint} fragt ${one ? 'ihn' : 'sie'} mit ab (bis zu ${f.count(r.total, { one: 'weitere Anfrage', other: 'weitere Anfragen' })}).`;
    },
    entryProblem: (p) => {
      if (p.kind === 'prefix')
        return `/${p.prefix} ist keine gültige Präfixlänge für IPv${p.version} (0–${p.version === 4 ? 32 : 128}).`;
      if (p.kind === 'mixed') return 'Ein Bereich muss mit derselben IP-Version beginnen und enden.';
      if (p.kind === 'reversed') return 'Der Bereich endet, bevor er beginnt.';
      if (p.kind === 'not-address') return 'Keine IP-Adresse.';
      return outcome(f).ipProblem(p);
    },
    entryAt: (line, problem) => `Zeile ${line}: ${problem}`,
    moreEntries: (n) =>
      `… und ${f.count(n, { one: 'weiterer Eintrag, der keine Adresse ist', other: 'weitere Einträge, die keine Adressen sind' })}.`,
    leftOut: (n) =>
      `${f.count(n, { one: 'private oder reservierte Adresse', other: 'private oder reservierte Adressen' })} ausgelassen (--include-reserved behält sie).`,
    repeated: (n) =>
      `${f.count(n, { one: 'wiederholte Adresse', other: 'wiederholte Adressen' })} nur einmal abgefragt.`,
    noAddressesIn: (where) => `Keine IP-Adressen in ${where} gefunden.`,
    standardInput: 'der Standardeingabe',
    notCounted: (note) => `Oben nicht gezählt: ${note}`,
    onlyRanges: (note) => `Keine einzelnen Adressen, nur Bereiche: ${note}`,
  };
};
