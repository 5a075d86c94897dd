/** English: Settings → Automatic quota checks and Lookup cache (their controls, what a check costs). */
import type { Fmt } from '../fmt';

export const uiChecks = (f: Fmt) => ({
  autoCheck: {
    enabled: 'Check quota automatically',
    intervalMinutes: 'Check every',
    allowSpending: 'Allow automatic checks to spend requests',
  },
  /** The interval's unit beside its number. */
  minutes: 'minutes',
  free: 'This service has a free status check: automatic checks cost nothing.',
  /** `cost` is `perDay` below, or '' when the interval is not a number yet. */
  unknown: (cost: string) =>
    `Not known yet whether this service has a free status check. Without one, each check uses 1 request${cost}.`,
  none: (cost: string) => `This service has no free status check: each automatic check uses 1 request${cost}.`,
  perDay: (requests: number, interval: number) =>
    ` — about ${f.count(requests, { one: 'request', other: 'requests' })} a day at one check every ${f.num(interval)} min`,
  cache: { ttlMinutes: 'Keep results for', maxEntries: 'Keep at most' },
  /** The cache size's unit beside its number. */
  lookups: 'lookups',
});
