/**
 * What the tray shows, computed from the app snapshot: the icon's model, the tooltip and the status
 * lines at the top of the context menu (Linux trays show no tooltips, so the menu carries the status).
 * Pure; `now` is the local clock, figures are on the service clock (`now + skewMs`).
 */
import { bulkTrayLine, type BulkProgress } from '../../../shared/bulk';
import type { AppSnapshot, WatchedQuota } from '../../../shared/ipc';
import { monthAtRisk, type QuotaLevel, type QuotaState, type QuotaWindow } from '../../../shared/quota';
import { quantiseRemaining, type IconModel } from './icon-model';
import { agoText, formatCount, formatLocalTime, formatUtcDay } from '../../../shared/format';
import { availableLabel, restartLabel, type UpdateStatus } from '../../../shared/update';

export interface TrayModel {
  iconModel: IconModel;
  /** Short (Windows cuts tooltips at 127 characters). */
  tooltip: string;
  /** Disabled lines at the top of the menu. */
  statusLines: string[];
  demo: boolean;
  /** A key (or the demo) is configured for the profile in use: lookups and Check quota make sense. */
  hasKey: boolean;
  checkQuotaLabel: string;
  /** Check quota spends one request (no free status check known): the click is the consent. */
  checkQuotaSpends: boolean;
  /** Local-clock instant notifications are paused until, null when not paused. */
  pausedUntil: number | null;
  /** Local-clock instant when the icon would change without a new state (cooldown end, staleness), or null. */
  nextChangeAt: number | null;
  /** With more than one profile (and not in demo): one radio item each, with its month line. */
  profiles: { name: string; label: string; active: boolean }[];
  /** The latest bulk job in this process: its line, and whether it can be paused or resumed. */
  bulk: { jobId: string; line: string; canPause: boolean; canResume: boolean } | null;
  /**
   * A downloaded update: "Restart to update to 0.2.0", disabled (and saying why) while a bulk job runs; or, with
   * `url`, a newer version an unsigned build does not install: the item opens its release page.
   */
  update: { label: string; enabled: boolean; url?: string } | null;
}

export interface TrayModelOptions {
  /** Locale for numbers and dates (default en-US; the shell passes app.getLocale()). */
  locale?: string;
  /** Figures older than this are drawn dimmed (default 1 hour). */
  staleAfterMs?: number;
  /** The latest progress of a bulk job in this process (the shell keeps it from `bulk-progress`). */
  bulk?: BulkProgress | null;
  /** The self-update status (the shell keeps it from `update-status`). */
  update?: UpdateStatus | null;
}

const TOOLTIP_MAX = 127;
const DEFAULT_STALE_AFTER_MS = 60 * 60_000;

const LEVEL_RANK: Record<QuotaLevel, number> = { ok: 0, low: 1, critical: 2, exhausted: 3 };

/**
 * How close a profile's month is to running out, as a comparable tuple (bigger: closer); null without figures, and
 * with figures older than `staleAfter` (a profile that cannot be checked would otherwise pin the tray on its past),
 * unless its month is out until the reset.
 */
function closeness(q: QuotaState, now: number, staleAfter: number): number[] | null {
  const m = q.month;
  if (!m || m.estimated || m.limit <= 0) return null;
  const serviceNow = now + q.skewMs;
  const cooling = q.cooldown?.scope === 'month' && q.cooldown.until > serviceNow;
  if (!cooling && serviceNow - m.observedAt > staleAfter) return null;
  const out = cooling || m.remaining <= 0;
  return [out ? LEVEL_RANK.exhausted : LEVEL_RANK[m.level], monthAtRisk(q, serviceNow) ? 1 : 0, -m.remaining / m.limit];
}

function closer(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) > (b[i] as number);
  return false;
}

/**
 * The profile the tray shows when it is not the one in use: with `trayShows: 'closest'`, the watched profile
 * closest to running out — the worst level first (exhausted, critical, low), then one at risk by its forecast, then
 * the smallest share left; the profile in use wins ties. Null: the profile in use.
 */
export function closestOtherProfile(
  snapshot: AppSnapshot,
  now: number,
  staleAfter = DEFAULT_STALE_AFTER_MS,
): WatchedQuota | null {
  if (snapshot.demo.active || snapshot.settings?.trayShows !== 'closest') return null;
  let best: WatchedQuota | null = null;
  // The profile in use competes with whatever figures it has (its own lines say how old they are).
  let bestScore = (snapshot.key.hasKey ? closeness(snapshot.quota, now, Infinity) : null) ?? [-1];
  for (const w of snapshot.watched ?? []) {
    const score = closeness(w.quota, now, staleAfter);
    if (score && closer(score, bestScore)) {
      best = w;
      bestScore = score;
    }
  }
  return best;
}

export function buildTrayModel(snapshot: AppSnapshot, now: number, opts: TrayModelOptions = {}): TrayModel {
  const locale = opts.locale ?? 'en-US';
  const staleAfter = opts.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const demo = snapshot.demo.active;
  const keyInUse = snapshot.key.hasKey || demo;
  // The gauge, the tooltip and the status lines are of the profile shown; the menu's actions stay the one in use's.
  const other = closestOtherProfile(snapshot, now, staleAfter);
  const hasKey = keyInUse || other !== null;
  const q = other?.quota ?? snapshot.quota;
  const serviceNow = now + q.skewMs;
  const int = (n: number) => formatCount(n, locale);
  const day = (t: number) => formatUtcDay(t, locale, serviceNow);
  const time = (t: number) => formatLocalTime(t, locale);

  const lines: string[] = [];
  if (demo) lines.push('DEMO — simulated service, not a real quota');
  if (other) lines.push(`${other.label} — closest to running out`);
  const pausedUntil =
    snapshot.notifications.pausedUntil !== null && snapshot.notifications.pausedUntil > now
      ? snapshot.notifications.pausedUntil
      : null;

  const cooldown = q.cooldown && q.cooldown.until > serviceNow ? q.cooldown : null;
  const monthOut = cooldown?.scope === 'month' || (q.month !== null && !q.month.estimated && q.month.remaining <= 0);
  const minuteHit =
    cooldown?.scope === 'minute' ||
    (q.minute !== null && !q.minute.estimated && q.minute.remaining <= 0 && q.minute.resetAt > serviceNow);
  const newest = Math.max(q.month?.observedAt ?? 0, q.minute?.observedAt ?? 0);
  const stale = newest > 0 && serviceNow - newest > staleAfter;
  const dimmed = stale || q.lastError !== null || q.month?.estimated === true;

  let iconModel: IconModel;
  let monthLine: string | null = null;
  let minuteLine: string | null = null;
  let riskLine: string | null = null;
  if (!hasKey) {
    iconModel = { kind: 'no-key' };
    lines.push('No key yet — open Lookup Tray to add one');
  } else {
    const m = q.month;
    if (!m) {
      iconModel = { kind: 'no-data', dimmed: q.lastError !== null };
      lines.push('No quota data yet — use Check quota');
    } else {
      const est = m.estimated ? ' (estimated)' : '';
      monthLine = monthOut
        ? `Month: quota exhausted · resets ${day(m.resetAt)}`
        : `Month: ${int(m.remaining)} of ${int(m.limit)} left${LEVEL_WORDS[m.level]} · resets ${day(m.resetAt)}${est}`;
      lines.push(monthLine);
      const atRisk = !monthOut && monthAtRisk(q, serviceNow);
      if (atRisk && q.forecast.kind === 'runs-out') {
        riskLine = `At risk: at this pace it runs out ${day(q.forecast.runsOutAt)}`;
        lines.push(riskLine);
      }
      iconModel = {
        kind: 'gauge',
        step: monthOut ? 0 : quantiseRemaining(m.remaining, m.limit),
        level: monthOut ? 'exhausted' : m.level,
        minuteHit,
        atRisk,
        dimmed,
      };
    }
    minuteLine = minuteText(q, minuteHit, int);
    if (minuteLine) lines.push(minuteLine);
    if (newest > 0) lines.push(updatedText(serviceNow - newest));
    if (q.lastError !== null) lines.push('Last request failed — figures may be out of date');
  }
  if (pausedUntil !== null) lines.push(`Notifications paused until ${time(pausedUntil)}`);

  const tipParts = [
    demo ? 'Lookup Tray — DEMO' : other ? `Lookup Tray — ${other.label}` : 'Lookup Tray',
    ...(hasKey ? [monthLine ?? 'No quota data yet', riskLine, minuteLine] : ['No key yet']),
  ];
  let tooltip = tipParts.filter((x): x is string => !!x).join('\n');
  if (tooltip.length > TOOLTIP_MAX) tooltip = `${tooltip.slice(0, TOOLTIP_MAX - 1)}…`;

  const spends = snapshot.quota.statusCheck !== 'supported';
  return {
    iconModel,
    tooltip,
    statusLines: lines,
    demo,
    hasKey: keyInUse,
    checkQuotaLabel: spends ? 'Check quota (uses 1 request)' : 'Check quota',
    checkQuotaSpends: spends,
    pausedUntil,
    nextChangeAt: hasKey ? nextChange(q, serviceNow, newest, staleAfter, minuteHit) : null,
    profiles: profileItems(snapshot, int),
    bulk: bulkItem(opts.bulk ?? null, snapshot),
    update: updateItem(opts.update ?? null),
  };
}

/**
 * Once an update is downloaded: the restart item, held (disabled) while a bulk job runs — never in the middle of one.
 * An unsigned build that heard of a newer version: "Lookup Tray X is available — Download", opening its release page.
 */
export function updateItem(u: UpdateStatus | null): TrayModel['update'] {
  if (u?.phase === 'available' && u.version && u.releaseUrl)
    return { label: availableLabel(u.version), enabled: true, url: u.releaseUrl };
  if (!u || u.phase !== 'ready' || !u.version) return null;
  return u.heldByBulk
    ? { label: `${restartLabel(u.version)} (after the bulk job)`, enabled: false }
    : { label: restartLabel(u.version), enabled: true };
}

/** "Work — 812 of 1,000 left": a radio item per profile, only when there is more than one (never in demo). */
function profileItems(snapshot: AppSnapshot, int: (n: number) => string): TrayModel['profiles'] {
  const all = snapshot.profiles ?? [];
  if (snapshot.demo.active || all.length < 2) return [];
  return all.map((p) => {
    // The profile in use follows the live quota (the list is as of the last snapshot).
    const month = p.active && snapshot.quota.month ? snapshot.quota.month : p.month;
    return {
      name: p.name,
      active: p.active,
      label: month
        ? `${p.label} — ${int(month.remaining)} of ${int(month.limit)} left`
        : `${p.label} — ${p.baseUrl ? 'no figures yet' : 'not set up'}`,
    };
  });
}

/** The job's line names its profile when there are several (a job runs on its own profile, in use or not). */
function bulkItem(p: BulkProgress | null, snapshot: AppSnapshot): TrayModel['bulk'] {
  if (!p || p.state === 'cancelled') return null;
  const several = !snapshot.demo.active && (snapshot.profiles ?? []).length > 1;
  const owner = several ? (snapshot.profiles.find((x) => x.name === p.profile)?.label ?? p.profile) : undefined;
  return {
    jobId: p.jobId,
    line: bulkTrayLine(p, owner),
    canPause: p.state === 'running',
    canResume: p.state === 'paused' || p.state === 'stopped',
  };
}

function minuteText(q: QuotaState, hit: boolean, int: (n: number) => string): string | null {
  if (q.minutePlan === 'none') return 'No per-minute limit';
  const w: QuotaWindow | null = q.minute;
  if (!w) return null;
  if (hit) return `Minute: limit reached (0 of ${int(w.limit)} left)`;
  return `Minute: ${int(w.remaining)} of ${int(w.limit)} left${w.estimated ? ' (estimated)' : ''}`;
}

/** The level the icon's colour shows, in words too (a colour alone says nothing to a screen reader or in forced colours). */
const LEVEL_WORDS: Record<QuotaLevel, string> = { ok: '', low: ' (low)', critical: ' (critical)', exhausted: '' };

export function updatedText(ageMs: number): string {
  return `Updated ${agoText(ageMs)}`;
}

/** Earliest instant (local clock) at which the icon changes by itself: a limit lifting or the figures going stale. */
function nextChange(
  q: QuotaState,
  serviceNow: number,
  newest: number,
  staleAfter: number,
  minuteHit: boolean,
): number | null {
  const candidates: number[] = [];
  if (q.cooldown && q.cooldown.until > serviceNow) candidates.push(q.cooldown.until);
  if (minuteHit && q.minute) candidates.push(q.minute.resetAt);
  if (newest > 0 && serviceNow - newest <= staleAfter) candidates.push(newest + staleAfter + 1);
  const soonest = candidates.filter((t) => t > serviceNow).sort((a, b) => a - b)[0];
  return soonest === undefined ? null : soonest - q.skewMs;
}
