/**
 * Legibility of the tray icon at the size panels really draw (22 px; 16 and 24 px too): every state the user
 * should tell apart differs visibly from every other on a light and on a dark panel, in colour and in the
 * macOS template (black + alpha) variant; the critical and stale pictures keep enough solid ink to be seen.
 * The states are the contact sheet's (scripts/tray-icon-sheet.ts → docs/screenshots/before-after/tray-icons-*.png).
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderTrayIcon, type IconModel } from '../../../../electron/core/tray/tray-icon';
import { TRAY_SHEET_STATES } from '../../../../electron/core/tray/tray-icon-states';

type Rgb = readonly [number, number, number];
const LIGHT: Rgb = [236, 236, 239];
const DARK: Rgb = [29, 29, 32];

/** The icon drawn onto a panel of colour `bg` (template: black, or white as macOS tints it on a dark bar). */
function composite(model: IconModel, size: number, bg: Rgb, template = false): Uint8Array {
  const img = PNG.sync.read(renderTrayIcon(model, size, { template }));
  const tint = template && bg === DARK;
  const out = new Uint8Array(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const a = img.data[i * 4 + 3]! / 255;
    for (let ch = 0; ch < 3; ch++) {
      const fg = tint ? 255 - img.data[i * 4 + ch]! : img.data[i * 4 + ch]!;
      out[i * 3 + ch] = Math.round(fg * a + bg[ch]! * (1 - a));
    }
  }
  return out;
}

/** Share of pixels whose colour differs by more than 48 (of 255) in some channel: a difference one sees. */
function visibleDifference(a: Uint8Array, b: Uint8Array): number {
  let differing = 0;
  const n = a.length / 3;
  for (let i = 0; i < n; i++) {
    const d = Math.max(
      Math.abs(a[i * 3]! - b[i * 3]!),
      Math.abs(a[i * 3 + 1]! - b[i * 3 + 1]!),
      Math.abs(a[i * 3 + 2]! - b[i * 3 + 2]!),
    );
    if (d > 48) differing++;
  }
  return differing / n;
}

/** Pixels of solid ink: nearly opaque and not the neutral grey track. */
function inkPixels(model: IconModel, size: number): number {
  const img = PNG.sync.read(renderTrayIcon(model, size));
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [r, g, b, a] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!];
    const saturated = Math.max(r, g, b) - Math.min(r, g, b) > 30;
    if (a > 200 && saturated) n++;
  }
  return n;
}

const state = (id: string): IconModel => {
  const s = TRAY_SHEET_STATES.find((x) => x.id === id);
  if (!s) throw new Error(`no sheet state ${id}`);
  return s.model;
};

/** Minimum visible difference between two states: 4 % of the icon (20 of 484 pixels at 22 px, a 4×5 mark). */
const MIN_DIFFERENCE = 0.04;

describe('tray icon legibility', () => {
  for (const template of [false, true]) {
    it(`every state differs visibly from every other at 16, 22 and 24 px on light and dark panels${template ? ' (macOS template)' : ''}`, () => {
      const worst: { pair: string; size: number; panel: string; diff: number }[] = [];
      for (const size of [16, 22, 24]) {
        for (const [panel, bg] of [
          ['light', LIGHT],
          ['dark', DARK],
        ] as const) {
          const pics = TRAY_SHEET_STATES.map((s) => composite(s.model, size, bg, template));
          for (let i = 0; i < pics.length; i++)
            for (let j = i + 1; j < pics.length; j++) {
              const diff = visibleDifference(pics[i]!, pics[j]!);
              worst.push({ pair: `${TRAY_SHEET_STATES[i]!.id} vs ${TRAY_SHEET_STATES[j]!.id}`, size, panel, diff });
            }
        }
      }
      worst.sort((a, b) => a.diff - b.diff);
      console.log(
        `closest pairs${template ? ' (template)' : ''}:\n${worst
          .slice(0, 6)
          .map((w) => `  ${w.pair} at ${w.size} px on ${w.panel}: ${(w.diff * 100).toFixed(1)} % of pixels differ`)
          .join('\n')}`,
      );
      const tooClose = worst.filter((w) => w.diff < MIN_DIFFERENCE).map((w) => `${w.pair} @${w.size}px ${w.panel}`);
      expect(tooClose).toEqual([]);
    });
  }

  it('"exhausted" and "no key" look nothing alike at 22 px (a quarter of the pixels differ)', () => {
    for (const bg of [LIGHT, DARK]) {
      const diff = visibleDifference(composite(state('exhausted'), 22, bg), composite(state('no-key'), 22, bg));
      expect(diff).toBeGreaterThan(0.25);
    }
  });

  it('the critical picture has a mark beyond its short arc: at least 36 pixels of solid ink at 22 px (the bare 1/8 sliver had 23)', () => {
    const ink = inkPixels(state('critical-8'), 22);
    console.log(`critical at 22 px: ${ink} pixels of solid ink`);
    expect(ink).toBeGreaterThanOrEqual(36);
  });

  it('stale pictures keep at least half the solid ink of the fresh ones at 22 px (they do not fade into the panel)', () => {
    for (const [stale, fresh] of [
      ['stale-60', 'ok-60'],
      ['stale-critical', 'critical-8'],
      ['stale-exhausted', 'exhausted'],
    ] as const) {
      const s = inkPixels(state(stale), 22);
      const f = inkPixels(state(fresh), 22);
      console.log(`${stale}: ${s} pixels of solid ink, ${fresh}: ${f}`);
      expect(s).toBeGreaterThanOrEqual(f / 2);
    }
  });
});
