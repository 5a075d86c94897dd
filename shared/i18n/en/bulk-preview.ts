/**
 * English: what a checked bulk list holds beyond its addresses, from the core's facts (shared/bulk.ts BulkPrepared):
 * a log's skipped noise and ranges too large to expand. The window words them; the data (an example token) is shown
 * as found, by the caller, outside the sentence.
 */
import type { BudgetFloor, CostPreview, EntryProblem, RangesLeft } from '../../bulk';
import { outcome } from './outcome';
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
    /**
     * The ranges a job leaves out unless expanded ("2 ranges (45.0.0.0/30, 45.1.1.1-45.1.1.5) hold 9 addresses:
     * “Expand ranges” looks them up too (up to 9 more requests)."); the window names its checkbox, the command its option.
     */
    rangesNote: (r: RangesLeft, face: CostFace = 'window') => {
      const one = r.count === 1;
      const more = r.count > r.shown.length ? `, … ${r.count - r.shown.length} more` : '';
      const held = `${f.count(r.count, { one: 'range', other: 'ranges' })} (${r.shown.join(', ')}${more}) hold${one ? 's' : ''} ${f.count(r.total, { one: 'address', other: 'addresses' })}`;
      if (r.total > r.max)
        return `${held}, more than the ${f.num(r.max)} that can be expanded: narrow ${one ? 'it' : 'them'} or split the list.`;
      const hint = face === 'cli' ? '--expand-ranges' : '“Expand ranges”';
      return `${held}: ${hint} looks ${one ? 'it' : 'them'} up too (up to ${f.count(r.total, { one: 'more request', other: 'more requests' })}).`;
    },
    /** Why an entry of a list is not an address (parseIp's problem, or a range's). */
    entryProblem: (p: EntryProblem): string => {
      if (p.kind === 'prefix')
        return `/${p.prefix} is not a valid prefix length for IPv${p.version} (0–${p.version === 4 ? 32 : 128}).`;
      if (p.kind === 'mixed') return 'A range must start and end with the same IP version.';
      if (p.kind === 'reversed') return 'The range ends before it starts.';
      if (p.kind === 'not-address') return 'Not an IP address.';
      return outcome(f).ipProblem(p);
    },
    /** The command's list of entries that are not addresses: "line 3: “example.com” is not an IP address. …". */
    entryAt: (line: number, problem: string) => `line ${line}: ${problem}`,
    /** After the first entries listed. */
    moreEntries: (n: number) =>
      `… and ${f.count(n, { one: 'more entry that is not an address', other: 'more entries that are not addresses' })}.`,
    /** The command's note on private and reserved addresses left out (its option keeps them). */
    leftOut: (n: number) =>
      `${f.count(n, { one: 'private or reserved address', other: 'private or reserved addresses' })} left out (--include-reserved keeps them).`,
    /** The command's note on repeated addresses. */
    repeated: (n: number) => `${f.count(n, { one: 'repeated address', other: 'repeated addresses' })} looked up once.`,
    /** Nothing to look up in the command's input (`where`: the file as given, or standard input). */
    noAddressesIn: (where: string) => `No IP addresses found in ${where}.`,
    /** The input read from standard input, named in a sentence. */
    standardInput: 'standard input',
    /** The ranges' note after the cost's lines. */
    notCounted: (note: string) => `Not counted above: ${note}`,
    /** The ranges' note when the list holds nothing else. */
    onlyRanges: (note: string) => `No single addresses, only ranges: ${note}`,
  };
};
