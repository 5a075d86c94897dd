/**
 * Issue "The window and the tray as a demanding user meets them", item 19: no sideways scrolling at 380 px
 * and at 200 % zoom (190 CSS px), even with long IPv6 addresses; the window opens at the top.
 */
import { expect, test } from './fixtures';
import { lookUp, result } from './ui-helpers';
import { shoot } from './ux-shots';

test.describe('19: no sideways scrolling, and the page opens at the top', () => {
  const longV6 = '2a03:2880:f12f:1083:face:b00c:1234:25de';
  for (const [label, width, height] of [
    ['380 px', 380, 600],
    ['200 %', 190, 300],
  ] as const) {
    test(`${label}: long IPv6 addresses in the result and Recent stay inside the window`, async ({ page, preview }) => {
      await page.setViewportSize({ width, height });
      await preview.open(page);
      expect(await page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
      await shoot(page, `19-open-${width}`);
      await lookUp(page, longV6);
      await expect(result(page)).toContainText('(IPv6)');
      await lookUp(page, '2001:4860:4860:1234:5678:9abc:def0:8888');
      await expect(result(page)).toContainText('(IPv6)');
      await lookUp(page, '8.8.8.8');
      await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
      await expect(page.locator('section.recent')).toContainText(longV6);
      const overflow = await page.evaluate(() => {
        const s = document.scrollingElement as HTMLElement;
        return s.scrollWidth - s.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await page.locator('section.recent').scrollIntoViewIfNeeded();
      await shoot(page, `19-recent-${width}`, { fullPage: true });
    });
  }
});
