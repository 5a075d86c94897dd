import { expect, test } from '@playwright/test';
import { hook, launchDemoApp, requireElectronBinary } from './electron-env';

requireElectronBinary();

test('fast-forwarding the demo month crosses a threshold and shows one DEMO notification per threshold', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
    type Api = {
      demoFastForward(r: { by: 'week' }): Promise<unknown>;
      checkQuota(r: { spend: boolean }): Promise<unknown>;
    };
    for (let i = 0; i < 3; i++) {
      await page.evaluate(async () => {
        const api = (window as unknown as { lookupTray: Api }).lookupTray;
        await api.demoFastForward({ by: 'week' });
        await api.checkQuota({ spend: true });
      });
    }
    await expect.poll(async () => (await hook(app, 'shownNotifications')).length).toBeGreaterThan(0);
    const shown = await hook(app, 'shownNotifications');
    for (const n of shown) expect(n.title).toMatch(/^DEMO — /);
    expect(new Set(shown.map((n) => n.id)).size).toBe(shown.length);
  } finally {
    await close();
  }
});
