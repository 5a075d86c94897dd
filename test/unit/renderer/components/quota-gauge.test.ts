/**
 * A quota gauge's words (renderer/src/components/quota-gauge.tsx): how much is left, when it resets, the badge, and a
 * window whose reset has passed with no news shown reset and estimated.
 */
import { describe, expect, it } from 'vitest';
import {
  badgeWord,
  gaugeText,
  minuteCountsDown,
  resetText,
  shownWindow,
} from '../../../../renderer/src/components/quota-gauge';
import type { QuotaWindow } from '../../../../shared/quota';

const NOW = Date.UTC(2026, 10, 20, 12);
const w = (over: Partial<QuotaWindow>): QuotaWindow => ({
  limit: 10_000,
  remaining: 2500,
  observedAt: NOW - 60_000,
  resetAt: Date.UTC(2026, 11, 1),
  level: 'low',
  estimated: false,
  ...over,
});

describe('the gauge', () => {
  it('says what is left and when the window resets', () => {
    const month = shownWindow(w({}), NOW, () => 0);
    expect(gaugeText('month', month)).toBe('2,500 of 10,000 left this month');
    expect(resetText('month', month, NOW)).toBe('resets Dec 1, 00:00 UTC');
    const minute = shownWindow(w({ limit: 60, remaining: 0, resetAt: NOW + 42_000 }), NOW, () => 0);
    expect(resetText('minute', minute, NOW)).toBe('resets in 0:42');
  });

  it('shows a window whose reset passed with no news as full and estimated, with the next reset', () => {
    const next = Date.UTC(2027, 0, 1);
    const shown = shownWindow(w({ resetAt: NOW - 1, remaining: 0, level: 'exhausted' }), NOW, () => next);
    expect(shown).toMatchObject({ remaining: 10_000, level: 'ok', estimated: true, resetAt: next });
    expect(resetText('minute', { ...shown, resetAt: NOW + 1000 }, NOW)).toBe('resets every minute');
  });

  it('counts the minute down only while a confirmed window is running', () => {
    expect(minuteCountsDown(w({ resetAt: NOW + 1000 }), NOW)).toBe(true);
    expect(minuteCountsDown(w({ resetAt: NOW + 1000, estimated: true }), NOW)).toBe(false);
    expect(minuteCountsDown(w({ resetAt: NOW }), NOW)).toBe(false);
    expect(minuteCountsDown(null, NOW)).toBe(false);
  });

  it('badges "At risk" only an OK or Low month the forecast says runs out', () => {
    expect(badgeWord('ok', true)).toBe('At risk');
    expect(badgeWord('low', false)).toBe('Low');
    expect(badgeWord('critical', true)).toBe('Critical');
    expect(badgeWord('exhausted', true)).toBe('Exhausted');
  });
});
