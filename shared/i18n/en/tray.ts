/** English: the tray, its tooltip and its menu (the facts: shared/tray.ts; decided by electron/core/tray/tray-model.ts). */
import type { Fmt } from '../fmt';
import type { BulkProgress } from '../../bulk';
import type { TrayHead, TrayLine, TrayProfile, TrayUpdate } from '../../tray';

/** "3 min", "under a minute", "2 h 10 min" (a bulk job's time left). */
const timeLeft = (ms: number): string => {
  if (ms < 60_000) return 'under a minute';
  const min = Math.ceil(ms / 60_000);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
};

/** "just now", "3 min ago", "5 h ago", "2 d ago" (the command line's ages too). */
export const ago = (ageMs: number): string => {
  const min = Math.floor(Math.max(0, ageMs) / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  return h < 48 ? `${h} h ago` : `${Math.floor(h / 24)} d ago`;
};

export const tray = (f: Fmt) => {
  /** The level the icon's colour shows, in words too (a colour says nothing to a screen reader or in forced colours). */
  const level = { ok: '', low: ' (low)', critical: ' (critical)', exhausted: '' } as const;
  const line = (l: TrayLine): string => {
    switch (l.kind) {
      case 'demo':
        return 'DEMO — simulated service, not a real quota';
      case 'closest':
        return `${l.profile} — closest to running out`;
      case 'no-key':
        return 'No key yet — open Lookup Tray to add one';
      case 'no-data':
        return 'No quota data yet — use Check quota';
      case 'month-out':
        return `Month: quota exhausted · resets ${f.utcDay(l.resetAt, l.now)}`;
      case 'month':
        return `Month: ${f.num(l.remaining)} of ${f.num(l.limit)} left${level[l.level]} · resets ${f.utcDay(l.resetAt, l.now)}${l.estimated ? ' (estimated)' : ''}`;
      case 'at-risk':
        return `At risk: at this pace it runs out ${f.utcDay(l.runsOutAt, l.now)}`;
      case 'no-minute-limit':
        return 'No per-minute limit';
      case 'minute-hit':
        return `Minute: limit reached (0 of ${f.num(l.limit)} left)`;
      case 'minute':
        return `Minute: ${f.num(l.remaining)} of ${f.num(l.limit)} left${l.estimated ? ' (estimated)' : ''}`;
      case 'updated':
        return `Updated ${ago(l.ageMs)}`;
      case 'last-failed':
        return 'Last request failed — figures may be out of date';
      case 'paused':
        return `Notifications paused until ${f.localTime(l.until)}`;
    }
  };
  const bulkLine = (p: BulkProgress): string => {
    const of = `${f.num(p.done + p.failed)} of ${f.num(p.total)}`;
    switch (p.state) {
      case 'running':
        return p.etaMs !== null && p.left > 0 ? `Bulk: ${of} · ${timeLeft(p.etaMs)} left` : `Bulk: ${of}`;
      case 'ready':
        return `Bulk: ready, ${f.num(p.total)} addresses`;
      case 'paused':
        if (p.reason === 'network') return `Bulk: paused at ${of} (service unreachable)`;
        if (p.reason === 'profile') return `Bulk: paused at ${of} (profile unavailable)`;
        return `Bulk: paused at ${of}`;
      case 'finished':
        return `Bulk: finished, ${of}`;
      case 'cancelled':
        return `Bulk: cancelled at ${of}`;
      case 'stopped':
        if (p.reason === 'budget-floor') return `Bulk: stopped at the budget floor (${of})`;
        if (p.reason === 'month-exhausted') return `Bulk: stopped, month used up (${of})`;
        return `Bulk: stopped at ${of}`;
    }
  };
  return {
    line,
    /** The tooltip's lines: shorter where the menu's line says what to do. */
    tipLine: (l: TrayLine): string =>
      l.kind === 'no-key' ? 'No key yet' : l.kind === 'no-data' ? 'No quota data yet' : line(l),
    head: (h: TrayHead): string =>
      h.kind === 'demo' ? 'Lookup Tray — DEMO' : h.kind === 'profile' ? `Lookup Tray — ${h.profile}` : 'Lookup Tray',
    /** "Bulk: 120 of 300 · 3 min left"; with the profile's label when there are several: "Bulk (Work): …". */
    bulk: (p: BulkProgress, owner?: string): string => {
      const text = bulkLine(p);
      return owner ? `Bulk (${owner}):${text.slice('Bulk:'.length)}` : text;
    },
    /** "Work — 812 of 1,000 left". */
    profile: (p: TrayProfile): string =>
      p.month
        ? `${p.label} — ${f.num(p.month.remaining)} of ${f.num(p.month.limit)} left`
        : `${p.label} — ${p.setUp ? 'no figures yet' : 'not set up'}`,
    update: (u: TrayUpdate): string =>
      u.kind === 'available'
        ? `Lookup Tray ${u.version} is available — Download`
        : `Restart to update to ${u.version}${u.held ? ' (after the bulk job)' : ''}`,
    menu: {
      openHint: 'Open Lookup Tray',
      leaveDemo: 'Leave demo',
      pauseBulk: 'Pause bulk job',
      resumeBulk: 'Resume bulk job',
      lookUp: 'Look up IP…',
      lookUpClipboard: (ip: string | null): string =>
        ip ? `Look up IP from clipboard (${ip})` : 'Look up IP from clipboard',
      checkQuota: (spends: boolean): string => (spends ? 'Check quota (uses 1 request)' : 'Check quota'),
      pauseNotifications: 'Pause notifications',
      forAnHour: 'For 1 hour',
      untilTomorrow: 'Until tomorrow',
      resumeNotifications: 'Resume notifications',
      settings: 'Settings…',
      about: 'About Lookup Tray',
      quit: 'Quit',
    },
    /** The notifications the tray's own actions raise (it has no other place to speak). */
    notify: {
      checkQuotaFailed: (demo: boolean) => `${demo ? 'DEMO — ' : ''}Check quota failed`,
      notRestarting: 'Not restarting yet',
    },
  };
};
