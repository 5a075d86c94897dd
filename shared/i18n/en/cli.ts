/**
 * English: the command line's own sentences (electron/cli), the ones a person reads — not the stable, machine-read
 * texts (help, usage errors, exit-code lines, completion, JSON, CSV, metrics: docs/cli.md, "Languages").
 */
import type { Fmt } from '../fmt';
import type { Forecast } from '../../quota';
import type { SecurityFlagId } from '../../answer';
import { ago } from './tray';

const forecast = (f: Fmt, fc: Forecast, now: number): string =>
  fc.kind === 'runs-out'
    ? `at this pace the month quota runs out on ${f.utcDay(fc.runsOutAt, now)} (pace ${fc.pace}×)`
    : fc.kind === 'lasts'
      ? `at this pace it lasts the month (pace ${fc.pace}×)`
      : 'not enough figures yet (an hour of use in this month)';

const quota = (f: Fmt) => ({
  label: {
    profile: 'Profile',
    month: 'Month',
    minute: 'Minute',
    cooldown: 'Cooldown',
    forecast: 'Forecast',
    check: 'Check',
  },
  noFigures: 'No quota figures yet: run "lookup-tray quota --check" or look something up.',
  /** "9,512 of 10,000 left (95 %)". */
  left: (remaining: number, limit: number): string =>
    `${f.num(remaining)} of ${f.num(limit)} left${limit > 0 ? ` (${Math.floor((100 * remaining) / limit)} %)` : ''}`,
  minuteLeft: (remaining: number, limit: number): string => `${f.num(remaining)} of ${f.num(limit)} left`,
  monthRest: (resetAt: number, now: number, ageMs: number, estimated: boolean): string =>
    ` · resets ${f.utc(resetAt, now)} (in ${f.countdown(resetAt - now)}) · updated ${ago(ageMs)}${estimated ? ' (estimated: a reset passed since the last answer)' : ''}`,
  minuteRest: (resetAt: number, now: number, ageMs: number, estimated: boolean): string =>
    ` · resets in ${f.countdown(resetAt - now)} · updated ${ago(ageMs)}${estimated ? ' (estimated)' : ''}`,
  noMinuteLimit: 'no per-minute limit',
  limitReached: (scope: 'month' | 'minute'): string => `${scope} limit reached`,
  /** `until`: the end as an ISO text (data), null when the recorded end is no valid time. */
  cooldownRest: (ms: number, until: string | null): string =>
    until !== null
      ? `: nothing is sent for ${f.countdown(ms)} (until ${until}), unless --force`
      : ': nothing is sent until an unknown date (the recorded end is not a valid time), unless --force',
  forecast: (fc: Forecast, now: number): string => forecast(f, fc, now),
  check: (c: 'supported' | 'unsupported' | 'unknown'): string =>
    c === 'supported'
      ? 'free (/v2/status)'
      : c === 'unsupported'
        ? 'costs 1 request (no /v2/status): --check --spend'
        : 'not known yet (--check finds out, for free)',
  lastFailed: 'The last request failed: figures may be out of date.',
  /** --check done: through the free status check, or one lookup. */
  checked: (via: 'status' | 'lookup'): string =>
    via === 'status' ? 'Quota checked with the free status check.' : 'Quota checked with one lookup (1 request spent).',
  needsSpend:
    'This service has no free quota check: checking costs one request (a lookup). Run again with --check --spend to spend it.',
  checkFailed: 'the check failed',
});

/** `lookup-tray lookup`'s lines. */
const lookup = (f: Fmt) => ({
  fromCache: (ip: string, ageMs: number): string =>
    `${ip}: from the cache (fetched ${ago(ageMs)}): no request spent. --refresh asks the service.`,
  noAddresses: 'No addresses on standard input (one a line).',
  /** An address read from standard input, named by its line. */
  line: (n: number, text: string): string => `line ${n}: ${text}`,
  /** A private or reserved address, after the window's note on it (uiResult.note). */
  askAnyway: 'Look it up anyway (uses 1 request)?',
  nothingSent: 'Nothing sent.',
  nothingSentYes: 'Nothing sent: --yes looks it up (1 request).',
  /** The summary's rows on a terminal (--fields rows are named by their fields, as typed). */
  row: {
    location: 'location',
    network: 'network',
    type: 'type',
    timezone: 'timezone',
    hostname: 'hostname',
    security: 'security',
    threat: 'threat',
  },
  flag: {
    vpn: 'vpn',
    tor: 'tor',
    proxy: 'proxy',
    datacenter: 'datacenter',
    anonymous: 'anonymous',
    'icloud-relay': 'icloud relay',
    bot: 'bot',
    abuser: 'abuser',
    'known-attacker': 'known attacker',
    spam: 'spam',
  } satisfies Record<SecurityFlagId, string>,
  nothingFlagged: 'nothing flagged',
  unknown: 'unknown',
  threatScore: (score: number): string => `${f.num(score)} of 100`,
});

/** `lookup-tray demo`: what it started and how to try it (the URL, key, folder and commands are data). */
const demo = (f: Fmt) => ({
  /** Padded by the command so the values line up. */
  serviceLabel: 'Demo service',
  keyLabel: 'Demo key',
  plan: (minute: number, month: number): string =>
    `Plan: ${f.num(minute)} requests a minute, ${f.num(month)} a month — simulated answers, no real quota; the key works only while this runs.`,
  folder: (dir: string): string =>
    `A data folder of its own to try it in (removed at the end, with the key saved there): ${dir}`,
  tryIn: 'In another terminal:',
  stops: 'Ctrl+C stops it.',
  stopped: 'Demo stopped: its service, key and data folder are gone.',
});

export const cli = (f: Fmt) => ({
  /** `lookup-tray quota`: the labels of its lines (padded by the command) and their sentences. */
  quota: quota(f),
  /** `lookup-tray history`. */
  history: {
    title: (start: string, end: string): string => `Requests used per UTC day, ${start} – ${end} (the month's window):`,
    day: 'day',
    used: 'used',
    total: 'total',
    forecastLabel: 'Forecast',
    forecast: (fc: Forecast, now: number): string => forecast(f, fc, now),
  },
  /** `lookup-tray status`: the advice, one, the first thing missing. */
  status: {
    profile: (label: string): string => `Profile "${label}"`,
    noService: (flag: string): string => `No service set up yet: run lookup-tray${flag} key set --base-url URL`,
    otherOrigin: (savedFor: string, origin: string, flag: string): string =>
      `The key was saved for ${savedFor}, not for ${origin}: run lookup-tray${flag} key set`,
    noKey: (origin: string, flag: string): string => `No API key saved for ${origin}: run lookup-tray${flag} key set`,
    noFigures: 'No quota figures yet: run lookup-tray quota --check',
  },
  key: {
    status: (masked: string, origin: string, profile: string): string =>
      `Key ${masked} in your system keychain, for ${origin} (profile "${profile}").`,
    /** `where`: the origin, or null without a base URL; `why`: a key saved elsewhere, or one of an earlier version. */
    none: (origin: string | null, why: { savedFor: string } | 'legacy' | null): string =>
      `No API key saved${origin ? ` for ${origin}` : ''}${
        why === 'legacy'
          ? ' (a key from an earlier version is kept, tied to no service: confirm it in the app, or enter it again)'
          : why
            ? ` (a key was saved for ${why.savedFor}: enter it again for this address)`
            : ''
      }. Run: lookup-tray key set`,
    removed: (profile: string | null): string =>
      `Key${profile !== null ? ` of profile "${profile}"` : ''} removed from your system keychain.`,
    noneToRemove: (profile: string | null): string =>
      `There was no key${profile !== null ? ` of profile "${profile}"` : ''} to remove.`,
    prompt: 'API key (input hidden):',
    promptAgain: 'Paste or type the key, then Enter (Ctrl+C cancels).',
    cancelled: 'Cancelled: no key was saved.',
    tooLong: 'That is too long to be an API key.',
    notVerified: 'The key could not be verified.',
    checkBaseUrl: (message: string): string => `${message} Check the base URL, then run key set again.`,
    /** What was read as the key cannot be one (the command's own check, before anything is sent). */
    keyEmpty: 'Enter your API key.',
    keySpaces: 'The API key contains spaces or line breaks inside it. Paste only the key.',
    keyInvalidChars: 'The API key contains invalid characters.',
    needsSpend:
      'This service has no free status check: verifying the key costs 1 request. Run again with --spend, or --no-verify to save it unchecked.',
    /** `profile`: the profile's label when it is not the one in use (--profile), else null. */
    saved: (masked: string, origin: string, profile: string | null, verified: boolean): string =>
      `Key ${masked} saved in your system keychain for ${origin}${profile !== null ? ` (profile "${profile}")` : ''} (${verified ? 'verified' : 'not verified'}).`,
  },
  profile: {
    noBaseUrl: 'no base URL',
    month: (remaining: number, limit: number, resetAt: number, now: number): string =>
      `${f.num(remaining)} of ${f.num(limit)} left · resets ${f.utcDay(resetAt, now)}`,
    noFigures: 'no figures yet',
    notSetUp: 'not set up (lookup-tray --profile NAME key set --base-url URL)',
    inUseNote: '* the profile in use (lookup-tray profile use NAME switches; --profile NAME for one command)',
    /** `name`: already quoted by the command. */
    taken: (name: string): string => `There is already a profile named ${name}.`,
    added: (name: string, next: string): string =>
      `Profile ${name} added; it is now the profile in use. Its key next: ${next}`,
    alreadyInUse: (name: string): string => `${name} is already the profile in use.`,
    nowUsing: (name: string, base: string | null): string => `Now using profile ${name}${base ? ` (${base})` : ''}.`,
    renamed: (name: string, to: string): string =>
      `Profile ${name} renamed to ${to}: its key, figures and history moved with it.`,
    removeQuestion: (name: string): string =>
      `Remove profile ${name} with its key, figures, history and cached answers?`,
    nothingRemoved: 'Nothing removed.',
    noKeychain:
      "No system keychain found: the profile's key could not be moved or removed. Install and unlock GNOME Keyring or KWallet (Linux), or use the macOS Keychain / Windows Credential Manager.",
    removed: (name: string): string => `Profile ${name} removed, with its key and its figures.`,
    /** No terminal to ask on and no --yes. */
    needsYes: (name: string): string => `Removing ${name} deletes its key, figures and history: add --yes to go ahead.`,
  },
  demo: demo(f),
  /** `lookup-tray config get`: the note after a setting it shows but does not set. */
  config: { readOnly: 'read-only: change it with "lookup-tray profile use NAME"' },
  cache: {
    cleared: (n: number, profile: string): string =>
      `Removed ${f.count(n, { one: 'cached answer', other: 'cached answers' })} of profile "${profile}".`,
  },
  lookup: lookup(f),
  serve: {
    serving: (n: number, url: string): string => `Serving metrics of ${n} profile(s) on ${url} (Ctrl+C stops)`,
    stopped: 'Stopped.',
    cannotListen: (where: string, code: string): string => `Cannot listen on ${where} (${code}).`,
    noFreeCheck: 'this service has no free quota check (/v2/status), and serve spends nothing',
  },
  report: {
    wrote: (label: string, path: string): string => `Wrote the report of "${label}" to ${path}.`,
    cannotWrite: (path: string, code: string): string => `Cannot write ${path} (${code}).`,
    /** --block-list: how many addresses it holds, and where it went (`out`: the file, null: stdout). */
    attention: (n: number, label: string, out: string | null): string =>
      `${n} ${n === 1 ? 'address needs' : 'addresses need'} attention in "${label}"${out === null ? '.' : `: written to ${out}.`}`,
  },
  input: {
    stopped: (where: string): string => `Stopped reading ${where} (Ctrl+C): nothing was sent.`,
    cannotRead: (where: string, error: string): string => `Cannot read ${where} (${error}).`,
    /** What `-` reads, named in the lines above. */
    stdin: 'standard input',
  },
  /** A question's answer hint and a cancelled one. */
  confirm: { yesNo: '[y/N]', cancelled: 'Cancelled.' },
  /** `bulk`'s consent, before it spends requests. */
  bulk: {
    sendUpTo: (n: number) => `Send up to ${f.count(n, { one: 'request', other: 'requests' })}?`,
    nothingSent: 'Nothing sent.',
    needsYes: (n: number) =>
      `This spends up to ${f.count(n, { one: 'request', other: 'requests' })}: add --yes to go ahead.`,
  },
  noKeychain:
    'No system keychain found: install and unlock GNOME Keyring or KWallet (Linux), or use the macOS Keychain / Windows Credential Manager. The command line keeps keys only there.',
  noService: 'No service configured yet: run "lookup-tray key set --base-url URL" (or set it in the app).',
});
