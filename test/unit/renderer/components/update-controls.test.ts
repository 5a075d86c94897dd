/**
 * Settings → App's update words (renderer/src/components/update-controls.tsx, shared/update.ts): what a copy that
 * installs its updates says, and what an unsigned build that only hears of new versions says, with its link.
 */
import { describe, expect, it } from 'vitest';
import { updateControlWords } from '../../../../renderer/src/components/update-controls';
import { updateStatusText, type UpdateStatus } from '../../../../shared/update';

const NOW = Date.UTC(2026, 10, 20, 12);
const status = (over: Partial<UpdateStatus>): UpdateStatus => ({
  current: '0.1.0',
  phase: 'up-to-date',
  offReason: null,
  version: null,
  noticeOnly: false,
  releaseUrl: null,
  percent: null,
  checkedAt: NOW - 5 * 60_000,
  error: null,
  auto: true,
  nextCheckAt: NOW + 4 * 3_600_000,
  demo: false,
  heldByBulk: false,
  ...over,
});
const PAGE = 'https://github.com/lookup-tray/lookup-tray/releases/tag/v0.2.0';

describe('Settings → App, update words', () => {
  it('an unsigned build that heard of 0.2.0: "Lookup Tray 0.2.0 is available — Download", to its release page', () => {
    const s = status({ phase: 'available', version: '0.2.0', noticeOnly: true, releaseUrl: PAGE });
    expect(updateControlWords(s)).toEqual({
      hint: 'This copy is not signed, so it does not install updates itself: when a new version is out, it says so here and in the tray menu, with a link to download it.',
      download: { label: 'Lookup Tray 0.2.0 is available — Download', url: PAGE },
    });
    expect(updateStatusText(s, NOW)).toBe(
      'Lookup Tray 0.2.0 is available. This copy is not signed, so it does not install it itself: download it from its release page.',
    );
  });

  it('an unsigned build with nothing newer: no link; its hint says it only tells', () => {
    const s = status({ noticeOnly: true });
    expect(updateControlWords(s).download).toBeNull();
    expect(updateControlWords(s).hint).toMatch(/^This copy is not signed, so it does not install updates itself/);
    expect(updateStatusText(s, NOW)).toBe(
      'Lookup Tray 0.1.0 is the latest version (checked 5 min ago). Next check in 4 h. This copy is not signed: it tells you of a new version but does not install it.',
    );
  });

  it('a copy that installs its updates: the background-download hint, no link; a copy with updates off: no hint', () => {
    expect(updateControlWords(status({}))).toEqual({
      hint: 'A few times a day; a new version downloads in the background and installs on restart.',
      download: null,
    });
    expect(updateControlWords(status({ phase: 'off', offReason: 'x' })).hint).toBeUndefined();
    // No link without a release page to open.
    expect(updateControlWords(status({ phase: 'available', version: '0.2.0', noticeOnly: true })).download).toBeNull();
  });
});
