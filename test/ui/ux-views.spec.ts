/**
 * Issue "The window and the tray as a demanding user meets them", item 10: Settings and back keeps the lookup
 * view as it was.
 */
import { expect, test } from './fixtures';
import { infoRequests, ipField, lookUp, result } from './ui-helpers';
import { shoot } from './ux-shots';

test('10: Settings → Back keeps the typed address, the result and the recent lookups', async ({ page, preview }) => {
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  await lookUp(page, '1.1.1.1');
  await expect(result(page)).toContainText('1.1.1.1 (IPv4)');
  await ipField(page).fill('9.9.9.9');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: /Back/ }).click();

  await expect(ipField(page)).toHaveValue('9.9.9.9');
  await expect(ipField(page)).toBeFocused();
  await expect(result(page)).toContainText('1.1.1.1 (IPv4)');
  await expect(page.locator('section.recent').getByRole('button', { name: /8\.8\.8\.8/ })).toBeVisible();
  expect(infoRequests(preview)).toBe(2);
  await shoot(page, '10-back-from-settings');
});

test('Settings → About → Back returns to Settings, with focus on "About Lookup Tray"', async ({ page, preview }) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'About Lookup Tray' }).click();
  await expect(page.getByRole('heading', { name: 'About Lookup Tray' })).toBeVisible();
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'About Lookup Tray' })).toBeFocused();
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(ipField(page)).toBeVisible();
});
