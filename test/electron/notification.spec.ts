import { expect, test } from '@playwright/test';
import { hook, launchDemoApp, requireElectronBinary } from './electron-env';

requireElectronBinary();

test('fast-forwarding the demo month crosses a threshold and shows one DEMO notification per threshold', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
    type Api = {
      demoFastForward(r: { by: 'day' }): Promise<unknown>;
    };
    // Day by day (whatever today's date), the demo's background traffic crosses the 25 % threshold within 45 days.
    for (let day = 0; day < 45; day++) {
      await page.evaluate(async () => {
        const api = (window as unknown as { lookupTray: Api }).lookupTray;
        await api.demoFastForward({ by: 'day' });
      });
      const titles = (await hook(app, 'shownNotifications')).map((n) => n.title);
      if (titles.some((t) => /running low/.test(t))) break;
    }
    await expect.poll(async () => (await hook(app, 'shownNotifications')).length).toBeGreaterThan(0);
    const shown = await hook(app, 'shownNotifications');
    for (const n of shown) expect(n.title).toMatch(/^DEMO — /);
    expect(shown.filter((n) => n.title === 'DEMO — Month quota running low')).toHaveLength(1);
    expect(new Set(shown.map((n) => n.id)).size).toBe(shown.length);
  } finally {
    await close();
  }
});
