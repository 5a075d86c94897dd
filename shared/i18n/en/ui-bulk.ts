/**
 * English: the Bulk view — the list and its options, an opened file's reading, the cost and Start, the job's line,
 * pace and controls, following a log, the results table and its narrowing, the exports, the announcer.
 */
import type { Fmt } from '../fmt';
import { formatBytes } from '../../read-progress';

/** Values every part's sentences use. */
function values(f: Fmt) {
  const n = f.num;
  const of = (a: number, b: number) => `${n(a)} of ${n(b)}`;
  return { n, of, bytes: formatBytes };
}

/** The list and its options, an opened file, the cost and Start, following a log. */
export function bulkListWords(f: Fmt) {
  const { n, bytes } = values(f);
  return {
    /** The list, its options, Check cost. */
    newJob: 'New bulk job',
    addresses: 'Addresses — paste a list, CSV or log, or open a file',
    placeholder: '8.8.8.8\n2001:4860:4860::8888, 1.1.1.1\n… any text: addresses are picked out',
    openFile: 'Open file…',
    includeReserved: 'Include private and reserved addresses',
    expandRanges: 'Expand ranges (CIDR, a-b)',
    floorBefore: 'Keep',
    floorAfter: '% of the month for single lookups',
    floorLabel: 'Budget floor, percent of the month limit',
    reading: 'Reading…',
    checkCost: 'Check cost',
    tooLarge: (name: string) => `${name} is larger than 32 MB: open it with “Open file…” instead.`,
    /** An opened file read in the core. */
    readingFile: (name: string) => `Reading ${name}`,
    readingStatus: { before: 'Reading', after: (size: number) => ` (${bytes(size)})…` },
    readProgress: (p: { bytes: number; total: number; found: number; leftMs: number | null }) =>
      `${bytes(p.bytes)} of ${bytes(p.total)} read, ${f.count(p.found, { one: 'address', other: 'addresses' })}${
        p.leftMs === null ? '' : `, ${f.countdown(p.leftMs)} left`
      }`,
    cancel: 'Cancel',
    fileBefore: 'File:',
    fileAfter: (size: number) => ` (${bytes(size)}), read by the app · `,
    useText: 'use the text instead',
    cannotRead: (name: string) => `${name} could not be read. Try again.`,
    cannotStart: 'The job could not be started. Try again.',
    cannotCheck: 'The list could not be read. Try again.',
    exportFailed: 'The export failed. Try again.',
    cannotFollow: 'The file could not be followed. Try again.',
    cannotStopFollow: 'The follow could not be stopped. Try again.',
    cannotOpen: 'The file could not be opened. Try again.',
    dropFromManager: (name: string) => `${name} cannot be read: drop a file from the file manager.`,
    /** The cost before sending. */
    costRegion: 'Cost before sending',
    unique: (count: number) => f.count(count, { one: 'unique address', other: 'unique addresses' }),
    merged: (count: number) => ` (${f.count(count, { one: 'duplicate', other: 'duplicates' })} merged)`,
    notAddresses: (count: number) =>
      count === 1
        ? '1 entry is not an address (left out)'
        : `${f.count(count, { one: 'entry', other: 'entries' })} are not addresses (left out)`,
    entryLine: (line: number) => `line ${n(line)}: `,
    excluded: (count: number) =>
      `${f.count(count, { one: 'private, loopback or reserved address', other: 'private, loopback or reserved addresses' })} left out (the service knows little about them).`,
    addKey: 'Add an API key to see the cost and start.',
    nothingUsedUp: "Nothing can be sent: the month's quota is used up until it resets.",
    nothingFloor: (left: number, floor: number) =>
      `Nothing can be sent: ${f.count(left, { one: 'request', other: 'requests' })} ${f.plural(left, {
        one: 'is',
        other: 'are',
      })} left this month and the budget floor keeps ${n(floor)} for single lookups. Lower the floor to start.`,
    startFree: 'Start (all from the cache: free)',
    startSend: (requests: number) => `Start (uses up to ${f.count(requests, { one: 'request', other: 'requests' })})`,
    startCacheOnly: (answers: number) =>
      `Start (${f.count(answers, { one: 'answer', other: 'answers' })} from the cache, free; sends nothing)`,
    start: 'Start',
    /** Following a log. */
    followRegion: 'Follow a log',
    followFile: 'Follow a file…',
    followHint:
      'Follows a growing log: each new address is looked up as its line arrives, keeping 5 % of the month for single lookups.',
    followLabel: 'Follow',
    followLine: (following: boolean, addresses: number, lastReadAt: number | null) =>
      `${following ? 'Following' : 'Stopped'} · ${f.count(addresses, { one: 'address', other: 'addresses' })} · ${
        lastReadAt === null ? 'nothing read yet' : `last read ${f.localTime(lastReadAt)}`
      }`,
    stop: 'Stop',
    followAgain: 'Follow again',
  };
}

/** The job: its line, pace, controls, the month-aware stop sentences, the announcer. */
export function bulkJobWords(f: Fmt) {
  const { n, of } = values(f);
  return {
    /** The job. */
    jobRegion: 'Bulk job',
    state: {
      running: 'Running',
      ready: 'Ready',
      paused: 'Paused',
      stopped: 'Stopped',
      finished: 'Finished',
      cancelled: 'Cancelled',
    },
    /** The job picker's state in brackets: the state's own word (as the list has it). */
    stateShort: {
      running: 'running',
      ready: 'ready',
      paused: 'paused',
      stopped: 'stopped',
      finished: 'finished',
      cancelled: 'cancelled',
    },
    ofProfile: ' · profile ',
    progress: 'Bulk progress',
    counts: (done: number, left: number, fromCache: number, failed: number) =>
      `${n(done)} done · ${n(left)} left · ${n(fromCache)} from cache · ${n(failed)} failed`,
    pace: (rate: number, limit: number | null) => (limit ? `${of(rate, limit)} a minute` : `${n(rate)} a minute`),
    paceEta: { before: ' · about ', after: ' left' },
    countdown: (ms: number) => f.countdown(ms),
    rateLimited: (times: number) =>
      ` · ${f.count(times, { one: 'unexpected limit', other: 'unexpected limits' })} waited out`,
    pause: 'Pause',
    resume: 'Resume',
    cancelJob: 'Cancel job',
    report: 'Report',
    /** A job stopped at the floor or an empty month, said from the month as it is now (bulk-words.ts). */
    doneOf: (finished: number, total: number) => `${of(finished, total)} done`,
    monthReset: (left: string, done: string) =>
      `Stopped when the month's quota ran out. The month has reset: ${left} requests are left now, so Resume goes on. ${done}.`,
    monthUsedUp: (resetAt: number, now: number, done: string) =>
      `Stopped: the month's quota is used up (resets ${f.utc(resetAt, now)}). ${done}; the rest wait — resume after the reset.`,
    floorRoom: (left: string, kept: number, room: number, done: string) =>
      `Stopped at the budget floor earlier. Now ${left} requests are left this month and ${n(kept)} are kept for single lookups, so Resume can send up to ${f.count(room, { one: 'request', other: 'requests' })}. ${done}.`,
    floorWaits: (left: string, kept: number, done: string, resetAt: number, now: number) =>
      `Stopped at the budget floor: ${left} requests are left this month and ${n(kept)} are kept for single lookups. ${done}; the rest wait — resume after the month resets (${f.utc(resetAt, now)}).`,
    leftOf: (remaining: number, limit: number) => of(remaining, limit),
    /** The announcer (a polite live region). */
    announce: {
      finished: (a: number, b: number) => `Bulk job finished: ${of(a, b)} looked up.`,
      paused: (a: number, b: number) => `Bulk job paused at ${of(a, b)}.`,
      stopped: (a: number, b: number) => `Bulk job stopped at ${of(a, b)}.`,
      cancelled: (a: number, b: number) => `Bulk job cancelled at ${of(a, b)}.`,
      resumed: (a: number, b: number) => `Bulk job resumed at ${of(a, b)}.`,
      share: (percent: number, a: number, b: number) => `Bulk job ${percent} % done: ${of(a, b)}.`,
    },
  };
}

/** The exports, the job picker, the results table, its narrowing, the block list. */
export function bulkResultsWords(f: Fmt) {
  const { n } = values(f);
  return {
    /** The exports and the job picker. */
    exportLead: 'Export:',
    bom: 'CSV for Excel (UTF-8 BOM)',
    job: 'Job',
    /** The results table. */
    show: 'Show',
    status: { all: 'all', done: 'done', failed: 'failed', pending: 'pending' },
    rows: (count: number, hitsFirst: boolean) =>
      `${f.count(count, { one: 'row', other: 'rows' })}, ${hitsFirst ? 'most hits first' : 'in input order'}`,
    table: 'Bulk results',
    scroll: 'Results, scrollable',
    col: { ip: 'IP', where: 'Where', organisation: 'Organisation', result: 'Result', flags: 'Flags' },
    lines: (first: number, last: number) => `lines ${n(first)}–${n(last)}`,
    line: (line: number) => `line ${n(line)}`,
    hits: (hits: number) => `, ${f.count(hits, { one: 'hit', other: 'hits' })}`,
    hitsShort: (hits: number) => ` ×${n(hits)}`,
    failed: 'Failed',
    failedWith: (error: string) => `Failed: ${error}`,
    pending: 'Pending',
    doneCache: 'Done (cache, free)',
    done: 'Done',
    /** A row's Flags cell (bulk-words.ts securityWords). */
    flagsUnknown: 'unknown',
    flagsUnknownFull: 'The answer says nothing of flags or threat.',
    flagsNone: 'none',
    /** A security flag's name (shared/answer.ts SECURITY_FLAGS' English label). */
    flagName: (label: string) => label,
    threat: (score: number) => `Threat ${score}`,
    /** A row's flags in a sentence; `flags` are their English names (shared/answer.ts). */
    flagsFull: (flags: readonly string[], score: number | null) =>
      `${flags.length > 0 ? `Flags: ${flags.join(', ')}` : 'No flags set'}; ${
        score === null ? 'threat score unknown' : `threat score ${score}`
      }.`,
    /** Narrowing the table. */
    order: 'Order',
    sort: { hits: 'most hits first', input: 'input order' },
    flag: 'Flag',
    flagAny: 'any',
    threatFrom: (from: number) => `Threat ${from}+`,
    country: 'Country',
    countryPlaceholder: 'e.g. DE',
    countryHint: 'Two-letter country code, or unknown',
    /** The block list of a job's rows. */
    blockListOf: (what: 'shown' | 'these') =>
      `Block list of ${what === 'shown' ? 'the answered rows shown' : 'these addresses'}:`,
    plainList: 'Plain list',
    saveBlockList: 'Save block list',
    blockListFailed: 'The block list could not be saved. Try again.',
  };
}

export const uiBulk = (f: Fmt) => ({ ...bulkListWords(f), ...bulkJobWords(f), ...bulkResultsWords(f) });
