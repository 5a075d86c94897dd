/**
 * Issue "The window and the tray as a demanding user meets them", item 12: leaving the demo is a visible
 * button, in the lookup view's demo bar and in Settings' key section.
 */
import { expect, test } from './fixtures';
import { ipField } from './ui-helpers';
import { shoot } from './ux-shots';

test.describe('demo', () => {
  test.use({ previewSetup: 'demo' });

  test('12: a visible "Leave demo" in the demo bar (not only inside the menu) leaves the demo', async ({
    page,
    preview,
  }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    const leave = page.getByRole('button', { name: 'Leave demo' });
    await expect(leave).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await shoot(page, '12-demo-bar', { dark: true });
    await leave.click();
    await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
    expect((await preview.core.handlers.getSnapshot()).demo.active).toBe(false);
  });

  test('12: Settings → API key has a "Leave demo" button where it says to leave the demo', async ({
    page,
    preview,
  }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await page.getByRole('button', { name: 'Settings' }).click();
    const keyGroup = page.getByRole('group', { name: 'API key' });
    await expect(keyGroup).toContainText('built-in demo key');
    await shoot(page, '12-settings-key');
    await keyGroup.getByRole('button', { name: 'Leave demo' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
    expect((await preview.core.handlers.getSnapshot()).demo.active).toBe(false);
  });
});
