/**
 * Issue 27, keyboard alone: opening the window puts focus in the IP field; Escape leaves Settings, Bulk, History
 * and About and gives focus back to the control that opened the view.
 */
import { expect, test } from './fixtures';
import { ipField } from './ui-helpers';

test('the window opens with focus in the IP field, and again when it is shown and focused later', async ({
  page,
  preview,
}) => {
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  await expect(ipField(page)).toBeFocused();
  await page.getByRole('button', { name: 'Bulk', exact: true }).focus();
  // The tray or the shortcut shows the window: it gets the window's focus event.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(ipField(page)).toBeFocused();
});

for (const [opener, heading] of [
  ['Settings', 'Settings'],
  ['Bulk', 'Bulk lookups'],
  ['History', 'History'],
] as const) {
  test(`Escape leaves ${heading} and gives focus back to the ${opener} button`, async ({ page, preview }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    const button = page.getByRole('button', { name: opener, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeHidden();
    await expect(ipField(page)).toBeVisible();
    await expect(button).toBeFocused();
  });
}

test('Escape from About goes back to Settings (focus on "About Lookup Tray"), then to the lookup view', async ({
  page,
  preview,
}) => {
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  await page.getByRole('button', { name: 'Settings', exact: true }).focus();
  await page.keyboard.press('Enter');
  const about = page.getByRole('button', { name: 'About Lookup Tray' });
  await about.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'About Lookup Tray', level: 1 })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(about).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ipField(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeFocused();
});

test.describe('demo', () => {
  test.use({ previewSetup: 'demo' });
  test('Escape closes an open menu first, and only then the view', async ({ page, preview }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /Fast-forward/ }).click();
    await expect(page.getByRole('menuitem', { name: '1 day' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: '1 day' })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ipField(page)).toBeVisible();
  });
});

test.describe('demo, the Fast-forward menu', () => {
  test.use({ previewSetup: 'demo' });
  test('follows the WAI-ARIA menu button: Enter opens on the first item, arrows wrap, Home/End, Escape gives focus back', async ({
    page,
    preview,
  }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    const button = page.getByRole('button', { name: /Fast-forward/ });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // From the IP field, back along the Tab order to the menu button.
    for (let i = 0; i < 10 && !(await button.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press('Shift+Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu');
    await expect(menu).toHaveAccessibleName(/Fast-forward/);
    const item = (name: string) => menu.getByRole('menuitem', { name, exact: true });
    await expect(item('1 minute')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('1 day')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item('Leave demo')).toBeFocused();
    await page.keyboard.press('ArrowDown'); // wraps
    await expect(item('1 minute')).toBeFocused();
    await page.keyboard.press('ArrowUp'); // wraps back
    await expect(item('Leave demo')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item('1 minute')).toBeFocused();
    // One Tab stop: the items are not in the page's Tab order.
    expect(await menu.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // ArrowUp on the button opens it on the last item; Space activates an item and gives focus back.
    await page.keyboard.press('ArrowUp');
    await expect(item('Leave demo')).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(item('1 day')).toBeFocused();
    const month = page.getByRole('meter', { name: 'Month quota' });
    const before = await month.getAttribute('aria-valuenow');
    await page.keyboard.press(' ');
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(month).not.toHaveAttribute('aria-valuenow', before ?? '');
  });
});

test('Escape in the Replace key form closes the form, not Settings, and focus goes back to "Replace key"', async ({
  page,
  preview,
}) => {
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  await page.getByRole('button', { name: 'Settings', exact: true }).focus();
  await page.keyboard.press('Enter');
  const replace = page.getByRole('button', { name: 'Replace key' });
  await replace.focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel('API key', { exact: true });
  await expect(field).toBeFocused();
  await page.keyboard.type('half-typed');
  await page.keyboard.press('Escape');
  await expect(field).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(replace).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ipField(page)).toBeVisible();
});
