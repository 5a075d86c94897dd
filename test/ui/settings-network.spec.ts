/**
 * Settings → Network as a user at work meets it: the system's proxy by default; "This proxy" asks for an address,
 * refuses one holding a password (settings are a plain file) without repeating it, and saves a good one.
 */
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';

test.use({ viewport: { width: 380, height: 640 } });

test("Settings → Network: the system's proxy, or one by its address (never with its password)", async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const group = page.getByRole('group', { name: 'Network' });
  await group.scrollIntoViewIfNeeded();
  const proxy = group.getByLabel('Proxy', { exact: true });
  await expect(proxy).toHaveValue('system');
  await expect(proxy).toHaveAccessibleDescription(/PAC, WPAD/);
  await expect(group.getByLabel('Proxy address')).toHaveCount(0);

  await proxy.selectOption('url');
  const address = group.getByLabel('Proxy address');
  await address.fill('http://me:hunter2@proxy.example:3128');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription(/Leave the user name and password out/);
  await expect(page.getByText('hunter2', { exact: false })).toHaveCount(0);
  await group.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-network-refused', { dark: true });

  await address.fill('http://proxy.example:3128');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await preview.core.handlers.getSnapshot()).settings.network).toEqual({
    proxy: 'url',
    proxyUrl: 'http://proxy.example:3128',
  });
  await group.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-network', { dark: true });
});
