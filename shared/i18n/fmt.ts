/**
 * Numbers, plurals, dates and durations in one language: what a catalog's sentences (shared/i18n/en, de) use for every
 * value they show. English uses shared/format-en.ts (no Intl: the first Intl formatter of a process loads ICU data,
 * which costs the command 50–100 ms); every other language uses Intl in that language.
 */
import { formatCount, formatCountdown, formatLocalTime, formatUtc, formatUtcDay } from '../format';

/** The plural forms a sentence gives; `other` is always there, the rest as the language needs (Intl.PluralRules). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface Fmt {
  /** The BCP 47 tag the values are formatted for ("en-US", "de-DE"). */
  readonly locale: string;
  /** "9,512" / "9.512". */
  num(n: number): string;
  /** The form of `forms` for `n` by the language's plural rules (no number added). */
  plural(n: number, forms: PluralForms): string;
  /** The number and its noun: "1 address", "2 addresses" / "1 Adresse", "2 Adressen". */
  count(n: number, forms: PluralForms): string;
  /** The UTC day and time ("Dec 1, 00:00 UTC" / "1. Dez., 00:00 UTC"); the year when far from `now`. */
  utc(t: number, now: number): string;
  /** The UTC day ("Nov 27" / "27. Nov."). */
  utcDay(t: number, now: number): string;
  /** "15:53" in the user's time zone. */
  localTime(t: number): string;
  /** "0:37", "5 h 12 min", "8 d 9 h". */
  countdown(ms: number): string;
  /** "a, b or c" / "a, b oder c". */
  orList(items: readonly string[]): string;
}

const EN_LOCALE = 'en-US';

/** The formatter of `locale` (a BCP 47 tag); English without Intl. */
export function makeFmt(locale: string): Fmt {
  const english = locale === EN_LOCALE;
  const rules = english ? null : new Intl.PluralRules(locale);
  const pick = (n: number, forms: PluralForms): string => {
    const shown = Number.isFinite(n) ? Math.max(0, Math.round(n)) : n;
    if (english) return (shown === 1 ? forms.one : undefined) ?? forms.other;
    return forms[rules!.select(shown)] ?? forms.other;
  };
  let list: Intl.ListFormat | null = null;
  return {
    locale,
    num: (n) => formatCount(n, locale),
    plural: pick,
    count: (n, forms) => `${formatCount(n, locale)} ${pick(n, forms)}`,
    utc: (t, now) => formatUtc(t, locale, now),
    utcDay: (t, now) => formatUtcDay(t, locale, now),
    localTime: (t) => formatLocalTime(t, locale),
    countdown: (ms) => formatCountdown(ms),
    orList: (items) => {
      if (english) return items.length < 3 ? items.join(' or ') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
      list ??= new Intl.ListFormat(locale, { type: 'disjunction' });
      return list.format(items);
    },
  };
}
