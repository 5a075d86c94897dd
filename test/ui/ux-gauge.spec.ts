/**
 * Issue "The window and the tray as a demanding user meets them", item 17: an estimated gauge says in plain
 * words what it means, and its striped bar is explained.
 */
import { expect, test } from './fixtures';
import { lookUp, minuteMeter, toStartOfNextMinute } from './ui-helpers';
import { shoot } from './ux-shots';

test('17: an estimated minute gauge says "Likely reset — confirmed by the next lookup" and explains the stripes', async ({
  page,
  preview,
}) => {
  toStartOfNextMinute(preview);
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '4');
  preview.advance(61_000);
  const gauge = page.locator('.gauge', { has: minuteMeter(page) });
  await expect(gauge).toHaveClass(/estimated/);
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '5');
  await expect(gauge).toContainText('Likely reset — confirmed by the next lookup');
  await expect(gauge).not.toContainText('rolled over');
  // The stripes' meaning: in the accessibility tree too.
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuetext', /likely reset — confirmed by the next lookup/i);
  await expect(minuteMeter(page)).toHaveAccessibleDescription('Likely reset — confirmed by the next lookup');
  // …and to the eye: the line starts with a swatch of the same stripes as the bar.
  const swatch = gauge.locator('.gauge-estimate .gauge-swatch');
  await expect(swatch).toBeVisible();
  const stripes = (sel: string) => gauge.locator(sel).evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(await stripes('.gauge-estimate .gauge-swatch')).toBe(await stripes('.meter .meter-fill'));
  expect(await stripes('.meter .meter-fill')).toContain('repeating-linear-gradient');
  // No separator dot starts a line.
  const stray = await gauge.evaluate((g) =>
    [...g.querySelectorAll('p, span')].some((el) => {
      const before = getComputedStyle(el, '::before').content;
      const parent = el.parentElement;
      return (
        before.includes('·') &&
        parent !== null &&
        el.getBoundingClientRect().left <= parent.getBoundingClientRect().left + 2
      );
    }),
  );
  expect(stray).toBe(false);
  await expect(gauge).not.toContainText(/^\s*·/);
  await shoot(page, '17-estimated', { dark: true });

  // The next lookup confirms it: no longer estimated.
  await lookUp(page, '8.8.4.4');
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '4');
  await expect(gauge).not.toContainText('Likely reset');
});
