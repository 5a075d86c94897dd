/**
 * The real window: the renderer comes from app:// with the app's Content-Security-Policy as a response header, and
 * the page can neither navigate away nor open windows.
 */
import { expect, test } from '@playwright/test';
import { launchDemoApp, requireElectronBinary, windowPage } from './electron-env';
import { APP_CSP } from '../../shared/csp';

requireElectronBinary();

test('the renderer is served from app:// with the CSP header', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await windowPage(app);
    expect(page.url()).toBe('app://lookup-tray/index.html');
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).toBe(APP_CSP);
    // Nothing outside the built renderer folder is served.
    const status = await page.evaluate(async () => (await fetch('app://lookup-tray/../../package.json')).status);
    expect(status).toBe(404);
  } finally {
    await close();
  }
});

test('navigation and window.open are refused', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await windowPage(app);
    // A loopback address: refused before any request is made.
    const opened = await page.evaluate(() => window.open('http://127.0.0.1:9/elsewhere') === null);
    expect(opened).toBe(true);
    await page.evaluate(() => {
      location.href = 'http://127.0.0.1:9/elsewhere';
    });
    await page.waitForTimeout(1_000);
    expect(page.url()).toBe('app://lookup-tray/index.html');
    expect(app.windows()).toHaveLength(1);
    await expect(page.getByLabel('IP address')).toBeVisible();
  } finally {
    await close();
  }
});
