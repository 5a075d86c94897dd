/**
 * One labelled model per tray-icon state the user should tell apart, for the contact sheet
 * (scripts/tray-icon-sheet.ts) and the legibility test (test/unit/core/tray/tray-icon-legibility.test.ts).
 */
import { levelFor } from '../../../shared/quota';
import { quantiseRemaining, type IconModel } from './icon-model';

type GaugeModel = Extract<IconModel, { kind: 'gauge' }>;

const LIMIT = 1000;
const gauge = (remaining: number, extra: Partial<GaugeModel> = {}): IconModel =>
  ({
    kind: 'gauge',
    step: quantiseRemaining(remaining, LIMIT),
    level: levelFor(remaining, LIMIT),
    minuteHit: false,
    dimmed: false,
    atRisk: false,
    ...extra,
  }) as IconModel;

export interface SheetState {
  id: string;
  label: string;
  model: IconModel;
}

export const TRAY_SHEET_STATES: readonly SheetState[] = [
  { id: 'no-key', label: 'No key', model: { kind: 'no-key' } },
  { id: 'no-data', label: 'Key, no figures yet', model: { kind: 'no-data', dimmed: false } },
  { id: 'no-data-failed', label: 'No figures, last request failed', model: { kind: 'no-data', dimmed: true } },
  { id: 'ok-100', label: 'OK · 100 %', model: gauge(1000) },
  { id: 'ok-60', label: 'OK · 60 %', model: gauge(600) },
  { id: 'at-risk-60', label: 'At risk · 60 % (runs out before the reset)', model: gauge(600, { atRisk: true }) },
  { id: 'low-20', label: 'Low · 20 %', model: gauge(200) },
  { id: 'critical-8', label: 'Critical · 8 %', model: gauge(80) },
  { id: 'exhausted', label: 'Exhausted', model: gauge(0) },
  { id: 'minute-hit', label: 'OK · 60 %, minute limit hit', model: gauge(600, { minuteHit: true }) },
  { id: 'stale-60', label: 'Stale · 60 %', model: gauge(600, { dimmed: true }) },
  { id: 'stale-critical', label: 'Stale · critical 8 %', model: gauge(80, { dimmed: true }) },
  { id: 'stale-exhausted', label: 'Stale · exhausted', model: gauge(0, { dimmed: true }) },
];
