/**
 * A threshold crossed shows one native notification: a spy on Electron's own Notification.prototype.show in the
 * main process (electronApp.evaluate) records what the OS was asked to show.
 */
import { expect, test } from '@playwright/test';
import { launchDemoApp, requireElectronBinary, windowPage } from './electron-env';

requireElectronBinary();

type Shown = { title: string; body: string }[];

test('fast-forwarding the demo month crosses a threshold: one native DEMO notification per threshold', async () => {
  test.setTimeout(120_000);
  const { app, close } = await launchDemoApp();
  try {
    const page = await windowPage(app);
    await app.evaluate(({ Notification }) => {
      const shown: { title: string; body: string }[] = [];
      (globalThis as unknown as { __shown: typeof shown }).__shown = shown;
      const show = Notification.prototype.show;
      Notification.prototype.show = function (this: Electron.Notification) {
        shown.push({ title: this.title, body: this.body });
        return show.call(this);
      };
    });
    const shown = () => app.evaluate(() => (globalThis as unknown as { __shown: Shown }).__shown);
    // Day by day (whatever today's date), the demo's background traffic crosses the 25 % threshold within 45 days.
    for (let day = 0; day < 45; day++) {
      await page.evaluate(async () => {
        const api = (window as unknown as { lookupTray: { demoFastForward(r: { by: 'day' }): Promise<unknown> } })
          .lookupTray;
        await api.demoFastForward({ by: 'day' });
      });
      if ((await shown()).some((n) => /running low/.test(n.title))) break;
    }
    const all = await shown();
    expect(all.filter((n) => n.title === 'DEMO — Month quota running low')).toHaveLength(1);
    for (const n of all) expect(n.title).toMatch(/^DEMO — /);
    const low = all.find((n) => n.title === 'DEMO — Month quota running low');
    expect(low?.body).toMatch(/left/);
  } finally {
    await close();
  }
});
