/** English: Settings → Pause notifications and Data (the cache, the recent list, the way to About). */
import type { Fmt } from '../fmt';

/** "312 bytes", "1.2 kB", "180 kB", "2.4 MB" (decimal, as file managers show sizes). */
const bytes = (n: number): string => {
  if (n < 1000) return `${n} bytes`;
  if (n < 10_000) return `${(n / 1e3).toFixed(1)} kB`;
  if (n < 1e6) return `${Math.round(n / 1e3)} kB`;
  return `${(n / 1e6).toFixed(1)} MB`;
};

export const uiData = (f: Fmt) => {
  const answers = (n: number) => f.count(n, { one: 'cached answer', other: 'cached answers' });
  const addresses = (n: number) => f.count(n, { one: 'address', other: 'addresses' });
  return {
    pause: {
      legend: 'Pause notifications',
      pausedUntil: (t: number) => `Paused until ${f.localTime(t)}.`,
      on: 'Notifications are on.',
      resume: 'Resume notifications',
      hour: 'Pause for 1 hour',
      tomorrow: 'Pause until tomorrow',
      failed: 'Could not change the pause. Try again.',
    },
    legend: 'Data',
    bytes,
    confirmCacheLabel: 'Confirm clear cache',
    confirmRecentLabel: 'Confirm clear recent list',
    confirmCache: (n: number, size: number) =>
      `Remove ${answers(n)} (${bytes(size)})? Looking those addresses up again uses requests.`,
    confirmRecent: (n: number) => `Remove ${addresses(n)} from the recent list? Their answers stay cached.`,
    clearCache: 'Clear cache',
    clearRecent: 'Clear recent list',
    clearCacheButton: (n: number, size: number) =>
      `Clear cache (${f.count(n, { one: 'answer', other: 'answers' })}, ${bytes(size)})`,
    clearRecentButton: (n: number) => `Clear recent list (${addresses(n)})`,
    clearedCache: (n: number) => `Cleared ${answers(n)}.`,
    clearedRecent: 'Cleared the recent list. The answers stay cached.',
    notCleared: 'Could not clear it. Try again.',
    notRead: 'Could not read what is stored. Try again.',
    about: 'About Lookup Tray',
  };
};
