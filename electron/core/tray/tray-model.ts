/**
 * What the tray shows, computed from the app snapshot: the icon's model, the tooltip and the status
 * lines at the top of the context menu (Linux trays show no tooltips, so the menu carries the status) — as facts
 * (shared/tray.ts), which the faces put in words (electron/shell/tray-words.ts, `lookup-tray status`).
 * Pure; `now` is the local clock, figures are on the service clock (`now + skewMs`).
 */
import type { BulkProgress } from '../../../shared/bulk';
import type { AppSnapshot, WatchedQuota } from '../../../shared/ipc';
import { monthAtRisk, type QuotaLevel, type QuotaState, type QuotaWindow } from '../../../shared/quota';
import { quantiseRemaining, type IconModel } from './icon-model';
import type { TrayBulk, TrayHead, TrayLine, TrayProfile, TrayUpdate } from '../../../shared/tray';
import type { UpdateStatus } from '../../../shared/update';

export interface TrayFacts {
  iconModel: IconModel;
  /** The tooltip: its head and its lines (the faces word them and cut them to the platform's length). */
  tooltip: { head: TrayHead; lines: TrayLine[] };
  /** The lines at the top of the menu. */
  statusLines: TrayLine[];
  demo: boolean;
  /** A key (or the demo) is configured for the profile in use: lookups and Check quota make sense. */
  hasKey: boolean;
  /** Check quota spends one request (no free status check known): the click is the consent. */
  checkQuotaSpends: boolean;
  /** Local-clock instant notifications are paused until, null when not paused. */
  pausedUntil: number | null;
  /** Local-clock instant when the icon would change without a new state (cooldown end, staleness), or null. */
  nextChangeAt: number | null;
  /** With more than one profile (and not in demo): one radio item each, with its month. */
  profiles: TrayProfile[];
  /** The latest bulk job in this process, and whether it can be paused or resumed. */
  bulk: TrayBulk | null;
  /**
   * A downloaded update to restart into, held while a bulk job runs; or, for an unsigned build, a newer version
   * whose release page the item opens.
   */
  update: TrayUpdate | null;
}

export interface TrayModelOptions {
  /** Figures older than this are drawn dimmed (default 1 hour). */
  staleAfterMs?: number;
  /** The latest progress of a bulk job in this process (the shell keeps it from `bulk-progress`). */
  bulk?: BulkProgress | null;
  /** The self-update status (the shell keeps it from `update-status`). */
  update?: UpdateStatus | null;
}

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

/** What the tray shows for `snapshot` at `now` (local clock), as facts: the faces word them (shared/i18n, `tray`). */
export function trayFacts(snapshot: AppSnapshot, now: number, opts: TrayModelOptions = {}): TrayFacts {
  const staleAfter = opts.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const demo = snapshot.demo.active;
  const keyInUse = snapshot.key.hasKey || demo;
  // The gauge, the tooltip and the status lines are of the profile shown; the menu's actions stay the one in use's.
  const other = closestOtherProfile(snapshot, now, staleAfter);
  const hasKey = keyInUse || other !== null;
  const q = other?.quota ?? snapshot.quota;
  const serviceNow = now + q.skewMs;

  const lines: TrayLine[] = [];
  if (demo) lines.push({ kind: 'demo' });
  if (other) lines.push({ kind: 'closest', profile: other.label });
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
  let monthLine: TrayLine | null = null;
  let minuteLine: TrayLine | null = null;
  let riskLine: TrayLine | null = null;
  if (!hasKey) {
    iconModel = { kind: 'no-key' };
    lines.push({ kind: 'no-key' });
  } else {
    const m = q.month;
    if (!m) {
      iconModel = { kind: 'no-data', dimmed: q.lastError !== null };
      lines.push({ kind: 'no-data' });
    } else {
      monthLine = monthOut
        ? { kind: 'month-out', resetAt: m.resetAt, now: serviceNow }
        : {
            kind: 'month',
            remaining: m.remaining,
            limit: m.limit,
            level: m.level,
            resetAt: m.resetAt,
            estimated: m.estimated,
            now: serviceNow,
          };
      lines.push(monthLine);
      const atRisk = !monthOut && monthAtRisk(q, serviceNow);
      if (atRisk && q.forecast.kind === 'runs-out') {
        riskLine = { kind: 'at-risk', runsOutAt: q.forecast.runsOutAt, now: serviceNow };
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
    minuteLine = minuteFact(q, minuteHit);
    if (minuteLine) lines.push(minuteLine);
    if (newest > 0) lines.push({ kind: 'updated', ageMs: serviceNow - newest });
    if (q.lastError !== null) lines.push({ kind: 'last-failed' });
  }
  if (pausedUntil !== null) lines.push({ kind: 'paused', until: pausedUntil });

  const head: TrayHead = demo ? { kind: 'demo' } : other ? { kind: 'profile', profile: other.label } : { kind: 'app' };
  const tipLines: (TrayLine | null)[] = hasKey
    ? [monthLine ?? { kind: 'no-data' }, riskLine, minuteLine]
    : [{ kind: 'no-key' }];

  return {
    iconModel,
    tooltip: { head, lines: tipLines.filter((x): x is TrayLine => x !== null) },
    statusLines: lines,
    demo,
    hasKey: keyInUse,
    checkQuotaSpends: snapshot.quota.statusCheck !== 'supported',
    pausedUntil,
    nextChangeAt: hasKey ? nextChange(q, serviceNow, newest, staleAfter, minuteHit) : null,
    profiles: profileFacts(snapshot),
    bulk: bulkFact(opts.bulk ?? null, snapshot),
    update: updateFact(opts.update ?? null),
  };
}

/**
 * Once an update is downloaded: the restart item, held (disabled) while a bulk job runs — never in the middle of one.
 * An unsigned build that heard of a newer version: its release page.
 */
export function updateFact(u: UpdateStatus | null): TrayUpdate | null {
  if (u?.phase === 'available' && u.version && u.releaseUrl)
    return { kind: 'available', version: u.version, url: u.releaseUrl };
  if (!u || u.phase !== 'ready' || !u.version) return null;
  return { kind: 'restart', version: u.version, held: u.heldByBulk === true };
}

/** A radio item per profile, only when there is more than one (never in demo). */
function profileFacts(snapshot: AppSnapshot): TrayProfile[] {
  const all = snapshot.profiles ?? [];
  if (snapshot.demo.active || all.length < 2) return [];
  return all.map((p) => {
    // The profile in use follows the live quota (the list is as of the last snapshot).
    const month = p.active && snapshot.quota.month ? snapshot.quota.month : p.month;
    return {
      name: p.name,
      label: p.label,
      active: p.active,
      month: month ? { remaining: month.remaining, limit: month.limit } : null,
      setUp: !!p.baseUrl,
    };
  });
}

/** The job's item names its profile when there are several (a job runs on its own profile, in use or not). */
function bulkFact(p: BulkProgress | null, snapshot: AppSnapshot): TrayBulk | null {
  if (!p || p.state === 'cancelled') return null;
  const several = !snapshot.demo.active && (snapshot.profiles ?? []).length > 1;
  const owner = several ? (snapshot.profiles.find((x) => x.name === p.profile)?.label ?? p.profile) : undefined;
  return {
    jobId: p.jobId,
    progress: p,
    ...(owner !== undefined ? { owner } : {}),
    canPause: p.state === 'running',
    canResume: p.state === 'paused' || p.state === 'stopped',
  };
}

function minuteFact(q: QuotaState, hit: boolean): TrayLine | null {
  if (q.minutePlan === 'none') return { kind: 'no-minute-limit' };
  const w: QuotaWindow | null = q.minute;
  if (!w) return null;
  if (hit) return { kind: 'minute-hit', limit: w.limit };
  return { kind: 'minute', remaining: w.remaining, limit: w.limit, estimated: w.estimated };
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
