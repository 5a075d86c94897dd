/**
 * Issue 8: a new user's demo session, in Chromium against the real core running demo mode
 * (the embedded simulator on its own loopback port, a demo key that never touches the keychain).
 */
import { KEYCHAIN_SERVICE } from '../../electron/core/secrets/key-vault';
import { expect, test } from './fixtures';
import { ipField, lookUp, minuteMeter, monthMeter, result } from './ui-helpers';

test.use({ previewSetup: 'demo' });

async function fastForward(page: import('@playwright/test').Page, step: '1 minute' | '1 day' | '1 week' | '1 month') {
  await page.getByRole('button', { name: /Fast-forward/ }).click();
  await page.getByRole('menuitem', { name: step }).click();
}

test('a demo session: a lookup, a minute 429 with its countdown, and a fast-forwarded month crossing a threshold', async ({
  page,
  preview,
}) => {
  // A whole demo session: up to 25 lookups and 45 fast-forwarded days, each a round trip through the preview. On a
  // loaded 2-core machine that takes longer than the default 30 s budget (it is not a speed check).
  test.setTimeout(90_000);
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();

  // A lookup against the embedded simulator.
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '999');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuemax', '1000');

  // The demo plan allows 10 a minute: keep looking up new addresses until the service refuses one with a 429
  // (the demo runs on real time, so a minute boundary may pass on the way: then it takes a few more).
  const alert = page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
  for (let i = 1; i <= 25 && !(await alert.isVisible()); i++) {
    const ip = `9.9.${i}.9`; // public: a reserved (documentation) address would ask before it is sent
    await lookUp(page, ip);
    // Either the answer, or the limit: a 429 from the service, or (0 of 10 left) a cooldown nothing was sent in.
    await expect(async () => {
      const answered = (await result(page).textContent())?.includes(ip) ?? false;
      expect(answered || (await alert.isVisible())).toBe(true);
    }).toPass({ timeout: 5_000 });
  }
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/resets in 0:\d\d/);
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '0');

  // Fast-forward a minute: the countdown ends by itself and the lookup box is usable again.
  await fastForward(page, '1 minute');
  await expect(alert).toBeHidden();
  await lookUp(page, '9.9.99.7');
  await expect(result(page)).toContainText('9.9.99.7');

  // Day by day, the demo's background traffic drains the month (whatever today's date, within 45 days the
  // 25 % and 10 % thresholds are crossed in one window): each warning fires once, as a DEMO notification.
  const titles = () => preview.notifications.map((n) => n.title);
  for (let day = 0; day < 45 && !titles().some((t) => /almost used up/i.test(t)); day++)
    await fastForward(page, '1 day');
  expect(titles()).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^DEMO — Month quota running low/),
      expect.stringMatching(/^DEMO — Month quota almost used up/),
    ]),
  );
  expect(titles().filter((t) => /running low/.test(t))).toHaveLength(1);
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', /^\d{1,2}$|^100$/);
  await expect(page.getByRole('status').filter({ hasText: 'DEMO — Month quota almost used up' })).toBeVisible();

  // The demo key never reached the keychain.
  expect(await preview.secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([]);
});
