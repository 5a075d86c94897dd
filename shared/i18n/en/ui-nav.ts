/** English: the window's shell — the title bar, the demo bar, a view's head, the screens before the app is up. */
import type { Fmt } from '../fmt';

export const uiNav = (f: Fmt) => ({
  appName: 'Lookup Tray',
  unreachable: 'Lookup Tray could not reach its background service.',
  unreachableRestart: 'Lookup Tray could not reach its background service. Restart the app.',
  tryAgain: 'Try again',
  back: '← Back',
  lookupHeading: 'Look up an IP address',
  bulk: 'Bulk',
  history: 'History',
  settings: 'Settings',
  profile: 'Profile',
  demoBadge: 'DEMO',
  demoBadgeTitle: 'Demo mode: a built-in simulated service, not the real one',
  demoRegion: 'Demo',
  demoText: 'Simulated service',
  fastForward: 'Fast-forward',
  step: { minute: '1 minute', day: '1 day', week: '1 week', month: '1 month' },
  leaveDemo: 'Leave demo',
  /** The headings of the views opened from the title bar. */
  historyTitle: 'History',
  bulkTitle: 'Bulk lookups',
  /** Banners: a notice's and a notification's close buttons; a bulk job running ("Bulk job “x” is running: …"). */
  dismiss: 'Dismiss',
  closeNotification: 'Close notification',
  runningJob: 'Bulk job',
  runningJobDone: (done: number, total: number) => `is running: ${f.num(done)} of ${f.num(total)} done.`,
  show: 'Show',
});
