/**
 * Issue "The window and the tray as a demanding user meets them", item 13: the Fast-forward menu follows the
 * ARIA menu-button pattern, and Escape anywhere closes the topmost open thing (the menu, then a confirmation).
 */
import { expect, test } from './fixtures';
import { infoRequests, ipField } from './ui-helpers';
import { shoot } from './ux-shots';

test.describe('demo', () => {
  test.use({ previewSetup: 'demo' });

  test('13: the Fast-forward menu follows the ARIA menu-button pattern', async ({ page, preview }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    const button = page.getByRole('button', { name: /Fast-forward/ });
    const menu = page.getByRole('menu');
    const item = (name: string) => page.getByRole('menuitem', { name });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Enter opens it with the first item focused; arrows move (and wrap), Home/End jump.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(item('1 minute')).toBeFocused();
    await shoot(page, '13-menu-open', { dark: true });
    await page.keyboard.press('ArrowDown');
    await expect(item('1 day')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item('Leave demo')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('1 minute')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('Leave demo')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item('1 minute')).toBeFocused();
    // Only the focused item is in the tab order.
    await expect(menu.locator('[role="menuitem"][tabindex="0"]')).toHaveCount(1);

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // ArrowUp on the button opens it on the last item; ArrowDown on the first.
    await page.keyboard.press('ArrowUp');
    await expect(item('Leave demo')).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await expect(item('1 minute')).toBeFocused();

    // Space activates an item: the demo moves a minute on, the menu closes, focus is back on the button.
    const before = (await preview.core.handlers.getSnapshot()).quota.asOf;
    await page.keyboard.press('Space');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect
      .poll(async () => (await preview.core.handlers.getSnapshot()).quota.asOf - before)
      .toBeGreaterThanOrEqual(60_000);

    // Escape closes it wherever the focus is; Tab closes it too.
    await button.click();
    await expect(item('1 minute')).toBeFocused();
    await expect(menu).toHaveAccessibleName('Fast-forward');
    await expect(menu.getByRole('separator')).toHaveCount(1);
    await ipField(page).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await button.press('Enter');
    await expect(item('1 minute')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toHaveCount(0);

    // A click outside closes it.
    await button.click();
    await expect(menu).toBeVisible();
    await page.getByText('IP address', { exact: true }).click();
    await expect(menu).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test('13: Escape anywhere closes the open confirmation and returns focus to what opened it', async ({
  page,
  preview,
}) => {
  preview.sim.setStatusEndpoint(false);
  await preview.open(page);
  await page.getByRole('button', { name: 'Check quota' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm quota check' });
  await expect(confirm).toBeVisible();
  // Escape typed in the address field (not inside the confirmation) still closes it.
  await ipField(page).focus();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  expect(infoRequests(preview)).toBe(0);

  await page.getByRole('button', { name: 'Check quota' }).click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Check quota' })).toBeFocused();

  // In Settings: the key's removal confirmation.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Remove key' }).click();
  const remove = page.getByRole('group', { name: 'Confirm removing the key' });
  await expect(remove).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(remove).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove key' })).toBeFocused();
  expect((await preview.core.handlers.getSnapshot()).key.hasKey).toBe(true);
});
