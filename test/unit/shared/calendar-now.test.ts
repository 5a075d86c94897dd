/**
 * Dates in sentences carry their year only when they are far from *the app's* now — the clock the sentence is
 * about (a demo fast-forwarded a year, a test's ManualClock, the service's clock) — never the wall calendar's.
 * Before, every formatter defaulted to Date.now(): the same reset read "Dec 1, 2040, 00:00 UTC" or "Dec 1, 00:00
 * UTC" depending on the day the code ran (issue 39's time bomb, from December 2027 on).
 */
import { describe, expect, it } from 'vitest';
import { limitMessage } from '../../../electron/core/lookup-api/outcomes';
import { english, stoppedMonthUsedUp } from '../../../electron/core/bulk/messages';
import { formatUtc, formatUtcDay } from '../../../shared/format';
import { wordsFor } from '../../../shared/i18n';

/** A month notification's words (the alerts area; shared/quota.ts's monthAlertText was its duplicate). */
const monthAlertText = wordsFor('en').w.alerts.month;

const NOW = Date.UTC(2040, 10, 20, 9, 30); // far from any wall clock this suite runs on
const RESET = Date.UTC(2040, 11, 1);
const NEXT_YEAR = Date.UTC(2041, 11, 1);

describe("a date's year is decided by the app's now", () => {
  it('formatters: near the given now no year, far from it the year, in English and in the user locale', () => {
    expect(formatUtc(RESET, 'en-US', NOW)).toBe('Dec 1, 00:00 UTC');
    expect(formatUtcDay(RESET, 'en-US', NOW)).toBe('Dec 1');
    expect(formatUtc(NEXT_YEAR, 'en-US', NOW)).toBe('Dec 1, 2041, 00:00 UTC');
    expect(formatUtc(RESET, 'en-GB', NOW)).not.toContain('2040');
    expect(formatUtcDay(NEXT_YEAR, 'en-GB', NOW)).toContain('2041');
  });

  it("the core's sentences: a 429's message, a month notification, a stopped bulk job", () => {
    expect(limitMessage('month', RESET, NOW)).toBe(
      'Monthly quota exhausted — resets Dec 1, 00:00 UTC. Upgrade your plan or wait.',
    );
    const w = { remaining: 100, limit: 1000, resetAt: RESET };
    expect(monthAlertText('low', w, { kind: 'lasts', pace: 1 }, NOW).body).toBe(
      '100 of 1,000 requests left (10 %). Resets Dec 1, 00:00 UTC.',
    );
    const forecast = monthAlertText(
      'forecast',
      w,
      { kind: 'runs-out', runsOutAt: Date.UTC(2040, 10, 25), pace: 2 },
      NOW,
    );
    expect(forecast.body).toContain('runs out on Nov 25, before it resets (Dec 1)');
    expect(english(stoppedMonthUsedUp({ done: 3, failed: 0, total: 5 }, RESET, NOW))).toContain(
      '(resets Dec 1, 00:00 UTC)',
    );
  });
});
