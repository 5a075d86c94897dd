/**
 * Issue "The window and the tray as a demanding user meets them", items 3 and 5: what the result panel says
 * about a rate limit describes the present, or says when it happened.
 */
import { expect, test } from './fixtures';
import { infoRequests, lookUp, result, toStartOfNextMinute } from './ui-helpers';
import { hitMinuteLimit, shoot } from './ux-shots';

test('3: once the minute limit has reset, the result panel says when it was reached, not "see the countdown"', async ({
  page,
  preview,
}) => {
  toStartOfNextMinute(preview);
  await preview.open(page);
  await hitMinuteLimit(page, preview);
  const limitedAt = preview.clock.now();
  await expect(result(page)).toContainText('countdown above');

  // The minute rolls over: no countdown any more.
  preview.advance(61_000);
  const alert = page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
  await expect(alert).toHaveCount(0);
  await expect(result(page)).not.toContainText('countdown');
  const at = await page.evaluate(
    // One clock in the window: 24-hour, as its UTC times ("05:55 PM" beside "18:54").
    (t) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t),
    limitedAt,
  );
  await expect(result(page)).toContainText(`Minute limit was reached at ${at} — it has reset; look up again.`);
  await expect(result(page).getByRole('button', { name: 'Look up again' })).toBeVisible();
  await shoot(page, '03-limit-reset');

  // A month later the panel no longer speaks of a limit long gone (it said "reached on Nov 24 … look up
  // again" for weeks): it is as before any lookup.
  preview.advance(31 * 24 * 3_600_000);
  await expect(result(page)).not.toContainText('countdown');
  await expect(result(page)).not.toContainText('Minute limit');
  await expect(result(page)).toContainText('Enter an IP address');

  // Looking it up again does.
  await lookUp(page, '8.8.4.4');
  await expect(result(page)).toContainText('8.8.4.4 (IPv4)');
});

test('5: "Try anyway" that gets another 429 says "Still limited (checked just now)"', async ({ page, preview }) => {
  toStartOfNextMinute(preview);
  await preview.open(page);
  await hitMinuteLimit(page, preview);
  const alert = page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
  await expect(page.getByText('Still limited')).toHaveCount(0);
  const sent = infoRequests(preview);
  await alert.getByRole('button', { name: 'Try anyway' }).click();
  await expect.poll(() => infoRequests(preview)).toBe(sent + 1);
  expect(preview.sim.log.at(-1)?.status).toBe(429);
  await expect(alert).toContainText('Still limited (checked just now)');
  await expect(result(page)).toContainText('Still limited (checked just now)');
  await shoot(page, '05-still-limited', { dark: true });
});
