/**
 * DNS rebinding, for real: Chromium resolves rebind.test to 127.0.0.1, as an attacker's DNS would after
 * the victim loaded http://rebind.test:PORT/. The page must get neither the app nor the token, and its
 * same-origin API calls must be refused.
 */
import { chromiumLaunchOptions } from './chromium';
import { expect, test } from './fixtures';

// launchOptions force a separate browser, which Playwright allows only at the top of a file.
test.use({
  launchOptions: chromiumLaunchOptions(['--host-resolver-rules=MAP rebind.test 127.0.0.1']),
  previewHost: '127.0.0.1', // the address rebind.test is mapped to (the launch options are fixed before the preview)
});

test('a page loaded under a foreign host name gets neither the app nor the token, and cannot call the core', async ({
  page,
  preview,
}) => {
  const port = new URL(preview.url).port;
  const res = await page.goto(`http://rebind.test:${port}/`);
  expect(res?.status()).toBe(421);
  expect(await page.content()).not.toContain(preview.token);
  const api = await page.evaluate(
    (token) =>
      fetch('/api/getSnapshot', { method: 'POST', headers: { 'x-lookup-tray-token': token } }).then((r) => r.status),
    preview.token,
  );
  expect(api).toBe(421);
  expect(preview.logs.some((l) => l.includes('foreign Host'))).toBe(true);
});
