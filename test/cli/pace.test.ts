/**
 * The progress bar's pace (bulk-progress.ts paceText): a run paced to 10 a minute across two of the service's minute windows
 * has 19 answers in the last 60 s at its end; the bar says the pace it kept to, never "19/min" (over the limit).
 */
import { describe, expect, it } from 'vitest';
import { paceText } from '../../electron/cli/handlers/bulk-progress';

describe("the progress bar's pace", () => {
  it('under a minute limit: the limit it paces to, whatever 60 s held; without one: the last 60 s', () => {
    expect(paceText({ minuteLimit: 10, ratePerMinute: 19 })).toBe('paced to 10/min');
    expect(paceText({ minuteLimit: 10, ratePerMinute: 3 })).toBe('paced to 10/min');
    expect(paceText({ minuteLimit: null, ratePerMinute: 42 })).toBe('42/min');
  });
});
