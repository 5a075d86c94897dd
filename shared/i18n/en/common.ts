/** English: words every face uses (the language's own name, counts that recur). */
import type { Fmt } from '../fmt';

export const common = (f: Fmt) => ({
  /** Settings → App → Language: the choices, each language named in its own language. */
  langChoice: { system: 'Same as the system', en: 'English', de: 'Deutsch' },
  addresses: (n: number) => f.count(n, { one: 'address', other: 'addresses' }),
  requests: (n: number) => f.count(n, { one: 'request', other: 'requests' }),
  unknownDate: 'an unknown date',
});
