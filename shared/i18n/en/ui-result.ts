/**
 * English: the Lookup view's result area, its announcement, a recent lookup's age, the address check's range names,
 * the answer's fact labels, the JSON tree's and the copy buttons' names (the outcome's own sentences are the
 * outcome area's).
 */
import type { Fmt } from '../fmt';
import { isValidInstant } from '../../format-en';
import type { RangeKind } from '../../range-kind';
import type { SecurityFlagId } from '../../answer';
import type { WindowScope } from '../../window-scope';

/** The facts the window lists for an answer (renderer/src/summary.ts), in its reading order. */
export type FactLabel =
  | 'IP'
  | 'Hostname'
  | 'Address type'
  | 'Country'
  | 'Region'
  | 'City'
  | 'Coordinates'
  | 'ASN'
  | 'Organisation'
  | 'ISP'
  | 'Network'
  | 'Time zone'
  | 'Local time'
  | 'Security'
  | 'Threat score';

/** "just now", "3 minutes ago", "yesterday" in `locale` (the window only: Intl's relative time). */
export function ageIn(locale: string, justNow: string): (ms: number) => string {
  let rel: Intl.RelativeTimeFormat | null = null;
  return (ms) => {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s < 45) return justNow;
    rel ??= new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const min = Math.round(s / 60);
    if (min < 60) return rel.format(-min, 'minute');
    const h = Math.round(min / 60);
    if (h < 24) return rel.format(-h, 'hour');
    return rel.format(-Math.round(h / 24), 'day');
  };
}

/** "at 15:53" within the last 12 hours, else "on Nov 3 at 15:53" (the user's time zone); `unknown` for no instant. */
export function whenIn(
  f: Fmt,
  words: { at: (time: string) => string; on: (day: string, time: string) => string; unknown: string },
): (t: number, now: number) => string {
  let day: Intl.DateTimeFormat | null = null;
  return (t, now) => {
    if (!isValidInstant(t)) return words.unknown;
    if (now - t < 12 * 3_600_000) return words.at(f.localTime(t));
    day ??= new Intl.DateTimeFormat(f.locale, { month: 'short', day: 'numeric' });
    return words.on(day.format(t), f.localTime(t));
  };
}

export const uiResult = (f: Fmt) => {
  const age = ageIn(f.locale, 'just now');
  const when = whenIn(f, {
    at: (time) => `at ${time}`,
    on: (day, time) => `on ${day} at ${time}`,
    unknown: 'at an unknown time',
  });
  const size = (bytes: number): string =>
    bytes >= 1e6
      ? `${new Intl.NumberFormat(f.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6)} MB`
      : `${f.num(Math.round(bytes / 1e3))} kB`;
  return {
    region: 'Lookup result',
    placeholder: 'Enter an IP address to see where it is, who runs it and whether it hides behind a VPN or Tor.',
    pending: (refresh: boolean, ip: string) => `${refresh ? 'Refreshing' : 'Looking up'} ${ip}…`,
    cancel: 'Cancel',
    /** A private, loopback or reserved address, before a request is spent on it. */
    confirmTitle: (ip: string) => `Look up ${ip}?`,
    confirmText: (range: RangeKind) =>
      `${rangeName(range)}: the service may know little about it. Nothing has been sent yet; a lookup uses 1 request.`,
    confirmGo: 'Look up anyway (uses 1 request)',
    /** An answer's note for such an address. */
    note: (range: RangeKind) => `${rangeName(range)}: the service may know little about it.`,
    /** Such an address's name alone ("A private address"; the command line's question and the demo's data). */
    rangeName,
    /** A minute or month limit, past or still on. */
    limitReset: (scope: WindowScope): string =>
      scope === 'minute' ? 'Minute limit has reset' : 'Monthly quota has reset',
    limitWas: (scope: WindowScope, t: number, now: number) =>
      `${scope === 'minute' ? 'Minute limit was reached' : 'Monthly quota was exhausted'} ${when(t, now)} — it has reset; look up again.`,
    lookUpAgain: 'Look up again',
    stillLimited: (at: number, now: number) => `Still limited (checked ${age(now - at)})`,
    triedAnyway: 'Tried anyway: the service refused it (429). See the countdown above.',
    limitTitle: (scope: WindowScope): string =>
      scope === 'minute' ? 'Minute limit reached' : 'Monthly quota exhausted',
    limitText: (cooldown: boolean) =>
      `${cooldown ? 'Not sent, so nothing was spent. ' : 'The service refused this lookup (429). '}See the countdown above.`,
    /** A bad response. */
    badTitle: 'The service sent an answer Lookup Tray does not understand',
    raw: 'Raw response',
    emptyBody: '(empty body)',
    copyRaw: 'Copy raw response',
    /** An answer. */
    source: (source: 'network' | 'cache', expired: boolean, ms: number) =>
      source === 'network'
        ? `From the network · ${age(ms)}`
        : expired
          ? `Kept answer · fetched ${age(ms)} — may be out of date`
          : `From cache · fetched ${age(ms)}`,
    refresh: 'Refresh (uses 1 request)',
    fact: {
      IP: 'IP',
      Hostname: 'Hostname',
      'Address type': 'Address type',
      Country: 'Country',
      Region: 'Region',
      City: 'City',
      Coordinates: 'Coordinates',
      ASN: 'ASN',
      Organisation: 'Organisation',
      ISP: 'ISP',
      Network: 'Network',
      'Time zone': 'Time zone',
      'Local time': 'Local time',
      Security: 'Security',
      'Threat score': 'Threat score',
    } satisfies Record<FactLabel, string>,
    flag: {
      vpn: 'VPN',
      tor: 'Tor',
      proxy: 'Proxy',
      datacenter: 'Datacenter',
      anonymous: 'Anonymous',
      'icloud-relay': 'iCloud Relay',
      bot: 'Bot',
      abuser: 'Abuser',
      'known-attacker': 'Known attacker',
      spam: 'Spam',
    } satisfies Record<SecurityFlagId, string>,
    noFlags: 'No VPN, Tor, proxy or datacenter',
    copyFact: (label: string) => `Copy ${label}`,
    unexpectedShape: (ip: string) => `The answer for ${ip} has an unexpected shape; here it is in full.`,
    fullResponse: 'Full response',
    copyJson: 'Copy JSON',
    map: 'Map',
    mapName: 'Map: open the coordinates in OpenStreetMap',
    mapTitle: 'Opens openstreetmap.org in your browser',
    mapFailed: 'Not opened',
    mapFailedName: 'Not opened: could not open the map',
    tooLarge: (bytes: number) => `This answer is ${size(bytes)} — too large to show here.`,
    saveAs: 'Save as file…',
    saving: 'Saving…',
    saveFailed: 'Could not save the answer.',
    /** The copy buttons. */
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Copy failed',
    /** The JSON tree. */
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    toggle: (open: boolean, key: string | null) => `${open ? 'Collapse' : 'Expand'} ${key ?? 'the response'}`,
    /** What a screen reader hears of an answer. */
    spokenTooLarge: (ip: string) => `${ip}: the answer is too large to show here; it can be saved as a file.`,
    spokenAnswer: (ip: string, main: string, source: 'network' | 'cache', expired: boolean) =>
      `${ip}${main ? `: ${main}` : ''}. ${
        expired ? 'Kept answer, may be out of date' : source === 'cache' ? 'From cache' : 'From the network'
      }.`,
    /** A recent lookup's age. */
    age,
  };
};

/** "A private address", "A reserved address", … */
function rangeName(r: RangeKind): string {
  return RANGE_NAMES[r];
}

const RANGE_NAMES: Record<RangeKind, string> = {
  private: 'A private address',
  loopback: 'A loopback address',
  linkLocal: 'A link-local address',
  multicast: 'A multicast address',
  unspecified: 'The unspecified address',
  broadcast: 'The broadcast address',
  carrierGradeNat: 'A carrier-grade NAT address',
  reserved: 'A reserved address',
  benchmarking: 'A benchmarking address',
  discard: 'A discard-only address',
  as112: 'An AS112 address',
  amt: 'An AMT relay address',
  deprecatedSiteLocal: 'A deprecated site-local address',
  deprecatedOrchid: 'A deprecated ORCHID address',
  orchid2: 'An ORCHID address',
  rfc6145: 'An IPv4-translated address',
  rfc6052: 'An IPv4-embedded address',
  '6to4': 'A 6to4 address',
  teredo: 'A Teredo address',
  droneRemoteIdProtocolEntityTags: 'A drone remote ID address',
  segmentRouting: 'A segment routing address',
};
