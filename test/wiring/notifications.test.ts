import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));

import { Notification, resetElectronMock } from './mocks/electron';
import { createNotifier } from '../../electron/shell/notifications';
import { BulkNotices } from '../../electron/core/app/bulk-notices';
import type { BulkProgress } from '../../shared/bulk';
import { decideAlerts, emptyAlertMemory } from '../../electron/core/quota/alerts';
import { silentLogger, type NotifyRequest } from '../../electron/core/lib/ports';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { NOW, snapshot, win } from '../helpers/fake-core';

beforeEach(() => resetElectronMock());

describe('native notifications', () => {
  it('shows a Notification with the requested title and body; clicking it opens the window', () => {
    const clicked: NotifyRequest[] = [];
    const n = createNotifier({ onClick: (r) => clicked.push(r), logger: silentLogger });
    n.notify({ id: 'a', title: 'Month quota running low', body: '2,000 of 10,000 requests left (20 %).' });
    expect(Notification.instances).toHaveLength(1);
    const native = Notification.instances[0]!;
    expect(native.options).toMatchObject({
      title: 'Month quota running low',
      body: '2,000 of 10,000 requests left (20 %).',
    });
    expect(native.show).toHaveBeenCalledTimes(1);
    expect(n.pending()).toBe(1); // kept alive until done, so the click handler survives GC
    native.emit('click');
    expect(clicked.map((r) => r.id)).toEqual(['a']);
    expect(n.pending()).toBe(0);
  });

  it("a bulk job's stop notification shows the service's words as text: escaped for Linux's markup, as is elsewhere", () => {
    const said =
      'Stopped: Your plan does not allow this request (403): <a href="http://evil.example">Renew</a> & <b>now</b>';
    const notice = new BulkNotices(() => false).decide({
      jobId: 'j1',
      state: 'stopped',
      reason: 'forbidden',
      message: said,
      total: 3,
      done: 1,
      failed: 0,
      left: 2,
    } as BulkProgress)!;
    expect(notice.body).toBe(said);
    createNotifier({ onClick: () => {}, logger: silentLogger, platform: 'linux' }).notify(notice);
    createNotifier({ onClick: () => {}, logger: silentLogger, platform: 'darwin' }).notify(notice);
    expect(Notification.instances.map((i) => i.options.body)).toEqual([
      'Stopped: Your plan does not allow this request (403): &lt;a href="http://evil.example"&gt;Renew&lt;/a&gt; &amp; &lt;b&gt;now&lt;/b&gt;',
      said,
    ]);
  });

  it('does nothing (and does not throw) where notifications are unsupported', () => {
    Notification.supported = false;
    const warn = vi.fn();
    createNotifier({ onClick: () => {}, logger: { ...silentLogger, warn } }).notify({ id: 'x', title: 't', body: 'b' });
    expect(Notification.instances).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
  });

  it('policy → notifier: a month of states produces exactly the expected native notifications', () => {
    const notifier = createNotifier({ onClick: () => {}, logger: silentLogger });
    let memory = emptyAlertMemory();
    const settings = {
      notifications: DEFAULT_SETTINGS.notifications,
      thresholds: DEFAULT_SETTINGS.thresholds,
      pausedUntil: null,
      demo: true,
    };
    for (const [i, remaining] of [9_000, 5_000, 2_400, 2_300, 2_400, 900, 950, 0, 0].entries()) {
      const q = snapshot(
        {},
        { month: win(remaining, 10_000, { observedAt: NOW + i * 3_600_000 }), asOf: NOW + i * 3_600_000 },
      ).quota;
      const d = decideAlerts(null, q, memory, settings, NOW + i * 3_600_000);
      memory = d.memory;
      d.notifications.forEach((r) => notifier.notify(r));
    }
    expect(Notification.instances.map((n) => n.options.title)).toEqual([
      'DEMO — Month quota running low',
      'DEMO — Month quota almost used up',
      'DEMO — Monthly quota exhausted',
    ]);
  });
});
