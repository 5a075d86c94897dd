/**
 * English: what a checked bulk list holds beyond its addresses, from the core's facts (shared/bulk.ts BulkPrepared):
 * a log's skipped noise and ranges too large to expand. The window words them; the data (an example token) is shown
 * as found, by the caller, outside the sentence.
 */
import type { BudgetFloor, CostPreview } from '../../bulk';
import type { Fmt } from '../fmt';

/** Where a cost's floor line is said: the command names its option. */
export type CostFace = 'window' | 'cli';

/** A job's cost in sentences, from its facts (CostPreview); `stops` only when the job would stop at the floor. */
export interface CostWords {
  /** "3 unique addresses: 0 answered from the cache (free), 3 to send." */
  first: string;
  /** The first sentence without its count (the window shows the count apart): ": 0 answered … to send." */
  rest: string;
  month: string;
  floor: string;
  stops: string | null;
  time: string;
}

export const bulkPreview = (f: Fmt) => {
  const duration = (ms: number): string => {
    if (!(ms >= 0) || !Number.isFinite(ms)) return 'an unknown time';
    const min = Math.ceil(ms / 60_000);
    if (ms < 60_000) return 'under a minute';
    if (min < 60) return `about ${min} min`;
    const h = Math.floor(min / 60);
    const rest = min % 60;
    return `about ${h} h${rest ? ` ${rest} min` : ''}`;
  };
  /** The floor in words: "50 requests (5 % of 1,000)"; `count` is the floor in requests (null: a share of an unknown limit). */
  const floor = (fl: BudgetFloor, count: number | null, monthLimit: number | null): string => {
    const requests = (n: number) => f.count(n, { one: 'request', other: 'requests' });
    if ('count' in fl) return requests(count ?? 0);
    return count === null || monthLimit === null
      ? `${fl.percent} % of the month limit`
      : `${requests(count)} (${fl.percent} % of ${f.num(monthLimit)})`;
  };
  const cost = (c: CostPreview, face: CostFace = 'window'): CostWords => {
    const rest = `: ${f.num(c.fromCache)} answered from the cache (free), ${f.num(c.toSend)} to send.`;
    const m = c.month;
    return {
      first: `${f.count(c.unique, { one: 'unique address', other: 'unique addresses' })}${rest}`,
      rest,
      month: m
        ? `Month: ${f.num(m.remainingBefore)} of ${f.num(m.limit)} left now${m.estimated ? ' (assumed after the reset)' : ''}, ${f.num(m.remainingAfter)} after.`
        : 'Month: not known yet; the first answer tells it.',
      floor: `Budget floor: keeps ${floor(c.floor, c.budgetFloor, m?.limit ?? null)} for single lookups${face === 'cli' ? ' (--budget-floor sets it)' : ''}.`,
      stops: c.stopsEarly
        ? `Only ${f.num(c.sendable ?? 0)} can be sent before the budget floor: the job will stop there, keeping what it found.`
        : null,
      time:
        c.toSend === 0
          ? 'Nothing to send.'
          : c.minutePlan === 'none'
            ? 'No minute limit: as fast as the service answers.'
            : c.minuteLimit === null
              ? 'Minute limit not known yet: one request at a time until the first answer tells it.'
              : `Time at ${f.num(c.minuteLimit)} a minute: ${duration(c.estimatedMs ?? 0)}.`,
    };
  };
  return {
    duration,
    floor,
    cost,
    /** "600,000 version-like tokens skipped, e.g." — the example follows as data (or "." when there is none). */
    noise: (count: number, withExample: boolean) =>
      `${f.count(count, { one: 'version-like token', other: 'version-like tokens' })} skipped${withExample ? ', e.g. ' : '.'}`,
    /** After the example. */
    noiseEnd: '.',
    /** Ranges asked to be expanded, over the cap. */
    rangeLimit: (total: number, max: number) =>
      `The ranges hold ${f.num(total)} addresses; at most ${f.num(max)} can be expanded. Narrow the ranges or split the list.`,
  };
};
