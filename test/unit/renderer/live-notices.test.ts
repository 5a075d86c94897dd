/**
 * The window's in-page copies of notifications and of a refused lookup (renderer/src/live-notices.ts): once what
 * they said is over they go, and a month notification is worded again from the live figures.
 */
import { describe, expect, it } from 'vitest';
import { liveNotification, pastLimitIsStale } from '../../../renderer/src/live-notices';
import type { NotificationEvent } from '../../../shared/ipc';
import type { QuotaState, QuotaWindow } from '../../../shared/quota';

const NOW = Date.UTC(2026, 10, 20, 12);
const RESET = Date.UTC(2026, 11, 1);

function quota(month: Partial<QuotaWindow> | null, over: Partial<QuotaState> = {}): QuotaState {
  return {
    profile: 'default',
    month: month && {
      limit: 10_000,
      remaining: 2000,
      observedAt: NOW,
      resetAt: RESET,
      level: 'low',
      estimated: false,
      ...month,
    },
    minute: null,
    minutePlan: 'none',
    cooldown: null,
    forecast: { kind: 'lasts', pace: 1 },
    lastError: null,
    asOf: NOW,
    skewMs: 0,
    statusCheck: 'unknown',
    ...over,
  };
}

const note = (id: string): NotificationEvent => ({ id, title: 'Month quota running low', body: 'old words' });

describe('liveNotification', () => {
  it('words a month warning again from the live figures while it still holds', () => {
    const live = liveNotification(note(`default:month-low:${RESET}`), quota({ remaining: 1999 }), NOW);
    expect(live?.body).toBe('1,999 of 10,000 requests left (19 %). Resets Dec 1, 00:00 UTC.');
  });

  it('drops a warning the figures no longer bear out, and one of a month that has reset since', () => {
    expect(
      liveNotification(note(`default:month-low:${RESET}`), quota({ level: 'ok', remaining: 9000 }), NOW),
    ).toBeNull();
    expect(liveNotification(note(`default:month-critical:${RESET}`), quota({ level: 'low' }), NOW)).toBeNull();
    expect(liveNotification(note(`default:month-exhausted:${RESET}`), quota({ remaining: 5 }), NOW)).toBeNull();
    const nextMonth = quota({ resetAt: Date.UTC(2027, 0, 1) });
    expect(liveNotification(note(`default:month-low:${RESET}`), nextMonth, NOW)).toBeNull();
  });

  it('drops a minute-limit notice once its minute is over', () => {
    const n = note(`default:minute-hit:${NOW + 30_000}`);
    expect(liveNotification(n, quota(null), NOW)).toBe(n);
    expect(liveNotification(n, quota(null), NOW + 30_000)).toBeNull();
  });

  it('keeps as they came the copies about another profile, of an unknown kind, or while the month is unknown', () => {
    for (const [n, q] of [
      [note(`work:month-low:${RESET}`), quota({})],
      [note('something-else'), quota({})],
      [note(`default:month-low:${RESET}`), quota(null)],
    ] as const)
      expect(liveNotification(n, q, NOW)).toBe(n);
  });
});

describe('pastLimitIsStale', () => {
  it('clears a "limit has reset" result an hour after a minute limit and a day after a month limit', () => {
    const minute = { kind: 'rate-limited', scope: 'minute', resetAt: NOW, at: NOW } as const;
    expect(pastLimitIsStale(minute, NOW + 59 * 60_000)).toBe(false);
    expect(pastLimitIsStale(minute, NOW + 61 * 60_000)).toBe(true);
    const month = { kind: 'cooldown', scope: 'month', resetAt: NOW, at: NOW } as const;
    expect(pastLimitIsStale(month, NOW + 23 * 3_600_000)).toBe(false);
    expect(pastLimitIsStale(month, NOW + 25 * 3_600_000)).toBe(true);
    expect(pastLimitIsStale({ kind: 'no-key' }, NOW + 1e12)).toBe(false);
  });
});
