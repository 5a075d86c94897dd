/**
 * History's chart (renderer/src/components/history-chart.tsx): the y axis is wide enough for its labels in every
 * language — German does not shorten "10.000" as English does "10K", and the fixed 48 px axis cut it off.
 */
import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { wordsFor } from '../../../../shared/i18n';
import { axes, yAxisSize } from '../../../../renderer/src/components/history-chart';

/** About the width of a 12 px sans-serif digit or point, in CSS pixels. */
const width = (s: string): number => s.length * 7;
/** Room uPlot takes beside a label: its tick (10) and gap (5). */
const TICK_AND_GAP = 15;

describe('the History chart’s y axis', () => {
  it('gives German labels ("10.000") the room they need; English keeps its 48 px', () => {
    const de = wordsFor('de').w.uiHistory;
    const en = wordsFor('en').w.uiHistory;
    const labels = (fmt: (n: number) => string) => [0, 2_500, 5_000, 7_500, 10_000].map(fmt);
    expect(labels(de.axisNumber).at(-1)).toBe('10.000');
    expect(labels(en.axisNumber).at(-1)).toBe('10K');
    const y = axes('#000', '#ccc', de.axisNumber)[1] as uPlot.Axis;
    const size = typeof y.size === 'function' ? y.size({} as uPlot, labels(de.axisNumber), 1, 0) : y.size;
    expect(size).toBeGreaterThanOrEqual(width('10.000') + TICK_AND_GAP);
    expect(yAxisSize(labels(de.axisNumber), width)).toBeGreaterThanOrEqual(width('10.000') + TICK_AND_GAP);
    expect(yAxisSize(labels(en.axisNumber), width)).toBe(48);
  });
});
