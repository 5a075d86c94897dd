/**
 * After a 429 the real window counts down to the minute's reset, and the lookup is usable again when it ends
 * (demo mode: 10 lookups a minute; its clock fast-forwards through the preload).
 */
import { expect, test } from '@playwright/test';
import { launchDemoApp, requireElectronBinary, shot, windowPage } from './electron-env';

requireElectronBinary();

test('the minute limit shows a live countdown that ends by itself', async () => {
  test.setTimeout(120_000);
  const { app, close } = await launchDemoApp();
  try {
    const page = await windowPage(app);
    const field = page.getByLabel('IP address');
    const result = page.getByRole('region', { name: 'Lookup result' });
    const alert = page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
    for (let i = 1; i <= 25 && !(await alert.isVisible()); i++) {
      const ip = `9.9.${i}.9`;
      await field.fill(ip);
      await field.press('Enter');
      await expect(async () => {
        const answered = (await result.textContent())?.includes(ip) ?? false;
        expect(answered || (await alert.isVisible())).toBe(true);
      }).toPass({ timeout: 10_000 });
    }
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/resets in 0:\d\d/);
    // It counts down: the text changes as the seconds pass.
    const first = await alert.textContent();
    await expect.poll(() => alert.textContent(), { timeout: 5_000 }).not.toBe(first);
    await shot(page, 'countdown');

    await page.evaluate(() =>
      (
        window as unknown as { lookupTray: { demoFastForward(r: { by: 'minute' }): Promise<unknown> } }
      ).lookupTray.demoFastForward({
        by: 'minute',
      }),
    );
    await expect(alert).toBeHidden({ timeout: 15_000 });
    await field.fill('9.9.99.7');
    await field.press('Enter');
    await expect(result).toContainText('9.9.99.7');
  } finally {
    await close();
  }
});
