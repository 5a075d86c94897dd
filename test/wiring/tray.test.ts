import { PNG } from 'pngjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { Menu, Tray, resetElectronMock, type MenuItemTemplate, type MockImage } from './mocks/electron';
import { setupTray, startOfTomorrow, type TrayDeps } from '../../electron/shell/tray';
import { ManualClock } from '../helpers/manual-clock';
import { silentLogger, type NotifyRequest } from '../../electron/core/lib/ports';
import { DEC1, NOW, fakeCore, snapshot, win, type FakeCore } from '../helpers/fake-core';
import type { AppSnapshot, NavigateEvent, UpdateStatus } from '../../shared/ipc';

interface Harness {
  core: FakeCore;
  tray: Tray;
  deps: TrayDeps & {
    shown: number;
    toggled: number;
    quit: ReturnType<typeof vi.fn>;
    notified: NotifyRequest[];
    clip: string | null;
  };
  clock: ManualClock;
  navigations: NavigateEvent[];
  ctl: Awaited<ReturnType<typeof setupTray>>;
}

async function harness(
  initial: AppSnapshot,
  platform: NodeJS.Platform = 'linux',
  core: FakeCore = fakeCore(initial),
): Promise<Harness> {
  const clock = new ManualClock(NOW);
  const deps = {
    platform,
    clock,
    logger: silentLogger,
    locale: 'en-US',
    shown: 0,
    toggled: 0,
    clip: null as string | null,
    notified: [] as NotifyRequest[],
    showWindow: () => void deps.shown++,
    toggleWindow: () => void deps.toggled++,
    quit: vi.fn(),
    readClipboardIp: async () => deps.clip,
    notify: (n: NotifyRequest) => void deps.notified.push(n),
  };
  const navigations: NavigateEvent[] = [];
  core.on('navigate', (e) => navigations.push(e));
  const ctl = await setupTray(core, deps);
  return { core, tray: Tray.instances.at(-1)!, deps, clock, navigations, ctl };
}

const items = (t: Tray): MenuItemTemplate[] => t.menu!.items;
const labels = (t: Tray) =>
  items(t).map((i) => (i.type === 'separator' ? '---' : `${i.label}${i.enabled === false ? ' [disabled]' : ''}`));
const item = (t: Tray, prefix: string) => items(t).find((i) => i.label?.startsWith(prefix))!;
const flush = () => new Promise((r) => setTimeout(r, 0));
const COMMON = ['---', 'Look up IP…', 'Look up IP from clipboard [disabled]'];
const TAIL = ['Pause notifications', 'Settings…', 'About Lookup Tray', '---', 'Quit'];

beforeEach(() => resetElectronMock());

describe('tray menu: information, Leave demo, About', () => {
  it('the status lines are enabled items (not grey disabled text) that open the window', async () => {
    const h = await harness(snapshot({}, { month: win(9_512, 10_000), minutePlan: 'none' }));
    const status = items(h.tray).slice(0, 3);
    expect(status.map((i) => i.label)).toEqual([
      'Month: 9,512 of 10,000 left · resets Dec 1',
      'No per-minute limit',
      'Updated 1 min ago',
    ]);
    for (const i of status) expect(i.enabled).not.toBe(false);
    status[0]!.click!();
    expect(h.deps.shown).toBe(1);
    expect(h.navigations).toEqual([{ view: 'lookup' }]);
    // Without a key the line says what to do, and clicking it goes there.
    const nk = await harness(snapshot({ key: { hasKey: false, masked: null, storage: 'none' } }));
    item(nk.tray, 'No key yet').click!();
    expect(nk.navigations).toEqual([{ view: 'onboarding' }]);
  });

  it('"Leave demo" is there only in demo mode, right under the status, and leaves it', async () => {
    const h = await harness(snapshot({ demo: { active: true } }, { month: win(900, 1_000) }));
    const l = labels(h.tray);
    expect(l).toContain('Leave demo');
    expect(l.indexOf('Leave demo')).toBe(l.indexOf('---') - 1);
    item(h.tray, 'Leave demo').click!();
    await flush();
    expect(h.core.handlers.stopDemo).toHaveBeenCalledTimes(1);
    const real = await harness(snapshot({}, { month: win(900, 1_000) }));
    expect(labels(real.tray)).not.toContain('Leave demo');
  });

  it('"About Lookup Tray" opens the window on the About view', async () => {
    const h = await harness(snapshot({}, { month: win(900, 1_000) }));
    item(h.tray, 'About Lookup Tray').click!();
    expect(h.deps.shown).toBe(1);
    expect(h.navigations).toEqual([{ view: 'about' }]);
  });
});

describe('tray: the language it speaks', () => {
  it("speaks the core's language, and a change of it (a new snapshot) rewords the menu and the tooltip", async () => {
    const core = fakeCore(snapshot({}, { month: win(9_512, 10_000), minutePlan: 'none' }));
    core.speaks = 'de';
    const h = await harness(core.current, 'linux', core);
    expect(labels(h.tray).slice(0, 3)).toEqual([
      'Monat: 9.512 von 10.000 übrig · wieder voll am 1. Dez.',
      'Kein Minutenlimit',
      'Aktualisiert vor 1 Min.',
    ]);
    expect(labels(h.tray)).toContain('Einstellungen…');
    expect(h.tray.setToolTip).toHaveBeenLastCalledWith(
      'Lookup Tray\nMonat: 9.512 von 10.000 übrig · wieder voll am 1. Dez.\nKein Minutenlimit',
    );
    core.speaks = 'en';
    core.emit('snapshot-changed', core.current);
    await flush();
    expect(labels(h.tray)[0]).toBe('Month: 9,512 of 10,000 left · resets Dec 1');
    expect(h.tray.setToolTip).toHaveBeenLastCalledWith(expect.stringMatching(/^Lookup Tray\nMonth: 9,512/));
    expect(labels(h.tray).slice(-5)).toEqual(TAIL);
  });
});

describe('tray menu: profiles and the bulk job', () => {
  const profile = (name: string, active: boolean, remaining: number | null, limit = 1_000) => ({
    name,
    label: name === 'default' ? 'Default' : name,
    active,
    baseUrl: `https://${name}.example.com`,
    month: remaining === null ? null : { remaining, limit, resetAt: DEC1, level: 'ok' as const },
  });

  it('one radio item per profile with its month line; a click switches (none with a single profile)', async () => {
    const profiles = [profile('default', true, 900), profile('Lab', false, null), profile('Work', false, 120, 2_000)];
    const h = await harness(snapshot({ profiles }, { month: win(870, 1_000) }));
    const radios = items(h.tray).filter((i) => i.type === 'radio');
    expect(radios.map((i) => [i.label, i.checked])).toEqual([
      ['Default — 870 of 1,000 left', true], // the live figure, not the snapshot's 900
      ['Lab — no figures yet', false],
      ['Work — 120 of 2,000 left', false],
    ]);
    radios[2]!.click!();
    await flush();
    expect(h.core.handlers.switchProfile).toHaveBeenCalledWith({ name: 'Work' });
    const single = await harness(snapshot({}, { month: win(900, 1_000) }));
    expect(items(single.tray).filter((i) => i.type === 'radio')).toEqual([]);
    const demo = await harness(snapshot({ profiles, demo: { active: true } }, { month: win(900, 1_000) }));
    expect(items(demo.tray).filter((i) => i.type === 'radio')).toEqual([]);
  });

  it('a bulk job shows its line with Pause while it runs and Resume once paused', async () => {
    const h = await harness(snapshot({}, { month: win(900, 1_000) }));
    const progress = {
      jobId: 'j1',
      profile: 'default',
      label: '300 addresses',
      state: 'running' as const,
      reason: null,
      message: null,
      total: 300,
      done: 120,
      fromCache: 0,
      failed: 0,
      left: 180,
      sent: 120,
      rateLimited: 0,
      minuteLimit: 60,
      ratePerMinute: 60,
      etaMs: 180_000,
      waitingUntil: null,
    };
    h.core.emit('bulk-progress', progress);
    await flush();
    expect(labels(h.tray)).toContain('Bulk: 120 of 300 · 3 min left');
    item(h.tray, 'Pause bulk job').click!();
    await flush();
    expect(h.core.handlers.bulkPause).toHaveBeenCalledWith({ id: 'j1' });
    h.core.emit('bulk-progress', { ...progress, state: 'paused', reason: 'user' });
    await flush();
    expect(labels(h.tray)).toContain('Bulk: paused at 120 of 300');
    expect(labels(h.tray)).not.toContain('Pause bulk job');
    item(h.tray, 'Resume bulk job').click!();
    await flush();
    expect(h.core.handlers.bulkResume).toHaveBeenCalledWith({ id: 'j1' });
  });
});

describe('tray menu: a downloaded update', () => {
  const ready = (over: Partial<UpdateStatus> = {}): UpdateStatus => ({
    current: '0.1.0',
    phase: 'ready',
    offReason: null,
    version: '0.2.0',
    noticeOnly: false,
    releaseUrl: null,
    percent: null,
    checkedAt: NOW,
    error: null,
    auto: true,
    nextCheckAt: null,
    demo: false,
    heldByBulk: false,
    ...over,
  });

  it('offers "Restart to update to 0.2.0" once it is ready, held (disabled) while a bulk job runs', async () => {
    const h = await harness(snapshot({}, { month: win(9_512, 10_000) }));
    expect(labels(h.tray).some((l) => l.startsWith('Restart to update'))).toBe(false);
    const builds = Menu.buildFromTemplate.mock.calls.length;
    // The download's progress changes nothing in the menu: it is not rebuilt for it.
    h.core.emit('update-status', ready({ phase: 'downloading', percent: 35 }));
    await flush();
    expect(Menu.buildFromTemplate.mock.calls.length).toBe(builds);
    h.core.emit('update-status', ready());
    await flush();
    expect(labels(h.tray)).toContain('Restart to update to 0.2.0');
    h.core.handlers.restartToUpdate.mockResolvedValue({ kind: 'restarting' });
    item(h.tray, 'Restart to update').click!();
    await flush();
    expect(h.core.handlers.restartToUpdate).toHaveBeenCalledTimes(1);
    expect(h.deps.notified).toEqual([]);

    h.core.emit('update-status', ready({ heldByBulk: true }));
    await flush();
    expect(labels(h.tray)).toContain('Restart to update to 0.2.0 (after the bulk job) [disabled]');
  });

  it('a restart held after the menu was built says why in a notification', async () => {
    const core = fakeCore(snapshot());
    core.handlers.getUpdateStatus.mockResolvedValue(ready());
    const h = await harness(core.current, 'linux', core);
    expect(labels(h.tray)).toContain('Restart to update to 0.2.0');
    h.core.handlers.restartToUpdate.mockResolvedValue({ kind: 'held', message: 'A bulk job is running: …' });
    item(h.tray, 'Restart to update').click!();
    await flush();
    expect(h.deps.notified).toEqual([
      { id: 'restart-to-update', title: 'Not restarting yet', body: 'A bulk job is running: …' },
    ]);
  });
});

describe('tray menu: an unsigned build hears of a new version', () => {
  const available = (over: Partial<UpdateStatus> = {}): UpdateStatus => ({
    current: '0.1.0',
    phase: 'available',
    offReason: null,
    version: '0.2.0',
    noticeOnly: true,
    releaseUrl: 'https://github.com/lookup-tray/lookup-tray/releases/tag/v0.2.0',
    percent: null,
    checkedAt: NOW,
    error: null,
    auto: true,
    nextCheckAt: NOW + 4 * 3_600_000,
    demo: false,
    heldByBulk: false,
    ...over,
  });

  it('offers "Lookup Tray 0.2.0 is available — Download", which opens the release page through the core (its allow-list)', async () => {
    const h = await harness(snapshot({}, { month: win(9_512, 10_000) }));
    expect(labels(h.tray).some((l) => l.includes('is available'))).toBe(false);
    h.core.emit('update-status', available());
    await flush();
    expect(labels(h.tray)).toContain('Lookup Tray 0.2.0 is available — Download');
    expect(labels(h.tray).some((l) => l.startsWith('Restart to update'))).toBe(false);
    h.core.handlers.openExternal.mockResolvedValue({ opened: true });
    item(h.tray, 'Lookup Tray 0.2.0 is available — Download').click!();
    await flush();
    expect(h.core.handlers.openExternal).toHaveBeenCalledWith({
      url: 'https://github.com/lookup-tray/lookup-tray/releases/tag/v0.2.0',
    });
    expect(h.core.handlers.restartToUpdate).not.toHaveBeenCalled();
  });
});

describe('tray menu for each state', () => {
  it('no key', async () => {
    const h = await harness(snapshot({ key: { hasKey: false, masked: null, storage: 'none' } }));
    expect(labels(h.tray)).toEqual([
      'No key yet — open Lookup Tray to add one',
      ...COMMON,
      'Check quota (uses 1 request) [disabled]',
      ...TAIL,
    ]);
    item(h.tray, 'Look up IP…').click!();
    expect(h.navigations).toEqual([{ view: 'onboarding' }]);
    expect(h.deps.shown).toBe(1);
  });

  it('ok, with a free status check', async () => {
    const h = await harness(
      snapshot(
        {},
        {
          month: win(9_512, 10_000),
          minute: win(4, 5, { resetAt: NOW + 30_000 }),
          minutePlan: 'limited',
          statusCheck: 'supported',
        },
      ),
    );
    expect(labels(h.tray)).toEqual([
      'Month: 9,512 of 10,000 left · resets Dec 1',
      'Minute: 4 of 5 left',
      'Updated 1 min ago',
      ...COMMON,
      'Check quota',
      ...TAIL,
    ]);
    expect(h.tray.setToolTip).toHaveBeenLastCalledWith(
      'Lookup Tray\nMonth: 9,512 of 10,000 left · resets Dec 1\nMinute: 4 of 5 left',
    );
  });

  it('low month without a minute limit and no free status check', async () => {
    const h = await harness(
      snapshot({}, { month: win(2_000, 10_000), minutePlan: 'none', statusCheck: 'unsupported' }),
    );
    expect(labels(h.tray).slice(0, 3)).toEqual([
      'Month: 2,000 of 10,000 left (low) · resets Dec 1',
      'No per-minute limit',
      'Updated 1 min ago',
    ]);
    expect(labels(h.tray)).toContain('Check quota (uses 1 request)');
    const png = PNG.sync.read(h.tray.image.buffer);
    expect(png.width).toBe(24);
  });

  it('minute limit hit', async () => {
    const h = await harness(
      snapshot(
        {},
        {
          month: win(5_000, 10_000),
          minute: win(0, 5, { resetAt: NOW + 30_000 }),
          minutePlan: 'limited',
          cooldown: { scope: 'minute', since: NOW - 1_000, until: NOW + 30_000 },
        },
      ),
    );
    expect(labels(h.tray)[1]).toBe('Minute: limit reached (0 of 5 left)');
    expect(h.ctl.model().iconModel).toMatchObject({ minuteHit: true });
    // When the minute resets the tray redraws by itself (one timer, no polling).
    const before = h.tray.setImage.mock.calls.length;
    h.clock.advance(31_000);
    await flush();
    expect(h.ctl.model().iconModel).toMatchObject({ minuteHit: false });
    expect(h.tray.setImage.mock.calls.length).toBe(before + 1);
  });

  it('demo is labelled DEMO', async () => {
    const h = await harness(
      snapshot(
        { demo: { active: true }, key: { hasKey: true, masked: 'DEMO', storage: 'memory' } },
        { month: win(900, 1_000) },
      ),
    );
    expect(labels(h.tray)[0]).toBe('DEMO — simulated service, not a real quota');
    expect(h.tray.setToolTip).toHaveBeenLastCalledWith(expect.stringMatching(/^Lookup Tray — DEMO/));
  });
});

describe('tray actions', () => {
  it('"Look up IP from clipboard" is enabled only with an IP on the clipboard, and navigates to it', async () => {
    const h = await harness(snapshot({}, { month: win(9_000, 10_000) }));
    expect(item(h.tray, 'Look up IP from clipboard').enabled).toBe(false);
    h.deps.clip = '8.8.8.8';
    await h.ctl.refresh();
    const clip = item(h.tray, 'Look up IP from clipboard');
    expect(clip.enabled).toBe(true);
    expect(clip.label).toBe('Look up IP from clipboard (8.8.8.8)');
    clip.click!();
    await flush();
    expect(h.navigations).toEqual([{ view: 'lookup', ip: '8.8.8.8' }]);
    expect(h.deps.shown).toBe(1);
  });

  it('"Check quota" spends a request only where the label says so; a failure is told to the user', async () => {
    const h = await harness(snapshot({}, { month: win(9_000, 10_000), statusCheck: 'unsupported' }));
    item(h.tray, 'Check quota').click!();
    await flush();
    expect(h.core.handlers.checkQuota).toHaveBeenLastCalledWith({ spend: true });
    h.core.emit('quota-changed', { ...h.core.current.quota, statusCheck: 'supported' });
    await flush();
    h.core.handlers.checkQuota.mockResolvedValueOnce({
      kind: 'failed',
      outcome: { kind: 'network-error', reason: 'refused' },
    });
    item(h.tray, 'Check quota').click!();
    await flush();
    expect(h.core.handlers.checkQuota).toHaveBeenLastCalledWith({ spend: false });
    expect(h.deps.notified).toEqual([
      // The outcome's words (shared/i18n's outcome area), not a sentence the core made.
      {
        id: 'check-quota-failed',
        title: 'Check quota failed',
        body: 'The service refused the connection. Check the base URL and your connection, then retry.',
      },
    ]);
  });

  it('"Pause notifications" offers 1 hour, until tomorrow and resume', async () => {
    const h = await harness(snapshot({}, { month: win(9_000, 10_000) }));
    const sub = item(h.tray, 'Pause notifications').submenu!;
    expect(sub.map((i) => i.label ?? '---')).toEqual(['For 1 hour', 'Until tomorrow', '---', 'Resume notifications']);
    expect(sub[3]!.enabled).toBe(false);
    sub[0]!.click!();
    expect(h.core.handlers.pauseNotifications).toHaveBeenLastCalledWith({ until: NOW + 3_600_000 });
    sub[1]!.click!();
    expect(h.core.handlers.pauseNotifications).toHaveBeenLastCalledWith({ until: startOfTomorrow(NOW) });
    h.core.emit('snapshot-changed', { ...h.core.current, notifications: { pausedUntil: NOW + 3_600_000 } });
    await flush();
    const resume = item(h.tray, 'Pause notifications').submenu![3]!;
    expect(resume.enabled).toBe(true);
    resume.click!();
    expect(h.core.handlers.pauseNotifications).toHaveBeenLastCalledWith({ until: null });
    expect(labels(h.tray)).toContain(
      `Notifications paused until ${new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(NOW + 3_600_000)}`,
    );
  });

  it('Settings… navigates, Quit quits, a click toggles the window', async () => {
    const h = await harness(snapshot());
    item(h.tray, 'Settings…').click!();
    expect(h.navigations).toEqual([{ view: 'settings' }]);
    item(h.tray, 'Quit').click!();
    expect(h.deps.quit).toHaveBeenCalledTimes(1);
    h.tray.emit('click');
    expect(h.deps.toggled).toBe(1);
  });
});

describe('tray icon updates', () => {
  it('calls setImage only when the picture changes, but rebuilds the menu on every change', async () => {
    const h = await harness(snapshot({}, { month: win(9_512, 10_000) }));
    const menusBefore = vi.mocked(Menu.buildFromTemplate).mock.calls.length;
    for (const rem of [9_500, 9_400, 9_300]) {
      h.core.emit('quota-changed', { ...h.core.current.quota, month: win(rem, 10_000) });
      await flush();
    }
    expect(h.tray.setImage).not.toHaveBeenCalled();
    expect(vi.mocked(Menu.buildFromTemplate).mock.calls.length).toBe(menusBefore + 3);
    expect(item(h.tray, 'Month').label).toBe('Month: 9,300 of 10,000 left · resets Dec 1');
    h.core.emit('quota-changed', { ...h.core.current.quota, month: win(8_700, 10_000) }); // 7/8
    await flush();
    h.core.emit('quota-changed', { ...h.core.current.quota, month: win(2_000, 10_000) }); // low
    await flush();
    h.core.emit('quota-changed', { ...h.core.current.quota, month: win(2_000, 10_000) }); // same again
    await flush();
    expect(h.tray.setImage).toHaveBeenCalledTimes(2);
  });

  it('Linux gets 24/48 px images; macOS 16/32 px template images; Windows 16/32 px colour', async () => {
    const cases: [NodeJS.Platform, number, number, boolean][] = [
      ['linux', 24, 48, false],
      ['darwin', 16, 32, true],
      ['win32', 16, 32, false],
    ];
    for (const [platform, s1, s2, template] of cases) {
      const h = await harness(snapshot({}, { month: win(5_000, 10_000, { resetAt: DEC1 }) }), platform);
      const img: MockImage = h.tray.image;
      expect(PNG.sync.read(img.buffer).width).toBe(s1);
      expect(img.opts.scaleFactor).toBe(1);
      expect(img.reps).toHaveLength(1);
      expect(img.reps[0]!.scaleFactor).toBe(2);
      expect(PNG.sync.read(img.reps[0]!.buffer!).width).toBe(s2);
      expect(img.template).toBe(template);
    }
  });

  it('on macOS and Windows the menu is built when it opens (fresh clipboard), on Linux it is set ahead', async () => {
    const mac = await harness(snapshot({}, { month: win(9_000, 10_000) }), 'darwin');
    expect(mac.tray.setContextMenu).not.toHaveBeenCalled();
    mac.deps.clip = '1.1.1.1';
    mac.tray.emit('right-click');
    await flush();
    const menu = mac.tray.popUpContextMenu.mock.calls[0]![0] as { items: MenuItemTemplate[] };
    expect(menu.items.find((i) => i.label?.startsWith('Look up IP from clipboard'))!.enabled).toBe(true);
    const linux = await harness(snapshot(), 'linux');
    expect(linux.tray.setContextMenu).toHaveBeenCalled();
  });
});
