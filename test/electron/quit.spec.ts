/** Quit (the tray menu's) ends the app and every process it started: main, renderer, GPU, utility. */
import { expect, test } from '@playwright/test';
import { hook, launchDemoApp, requireElectronBinary, windowPage } from './electron-env';

requireElectronBinary();

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

test('quit leaves no process behind', async () => {
  const { app, close } = await launchDemoApp();
  try {
    await windowPage(app);
    const pids = await app.evaluate(({ app: electronApp }) => electronApp.getAppMetrics().map((m) => m.pid));
    expect(pids.length).toBeGreaterThanOrEqual(2); // at least the main process and the window's renderer
    const exited = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
    await hook(app, 'quit').catch(() => {}); // the evaluate may lose its process as it quits
    await exited;
    await expect.poll(() => pids.filter(alive), { timeout: 15_000 }).toEqual([]);
  } finally {
    await close();
  }
});
