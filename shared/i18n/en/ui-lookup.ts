/** English: the Lookup view's form and its recent lookups (the result's words are the outcome area's). */
import type { Fmt } from '../fmt';

export const uiLookup = (_f: Fmt) => ({
  ipLabel: 'IP address',
  ipPlaceholder: 'e.g. 8.8.8.8 or 2001:4860::8888',
  lookUp: 'Look up',
  recentHeading: 'Recent lookups',
});
