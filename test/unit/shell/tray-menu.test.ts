/** The tray menu as data: what each state of the tray model offers, and what each item's click asks for. */
import { describe, expect, it } from 'vitest';
import type { TrayModel } from '../../../electron/shell/tray-words';
import { trayMenu, type TrayAction, type TrayMenuItem } from '../../../electron/shell/tray-menu';

const model = (over: Partial<TrayModel> = {}): TrayModel => ({
  iconModel: { kind: 'no-data', dimmed: false },
  tooltip: 'Lookup Tray',
  statusLines: ['Month: 900 of 1,000 left · resets Dec 1', 'Updated 1 min ago'],
  demo: false,
  hasKey: true,
  checkQuotaLabel: 'Check quota',
  checkQuotaSpends: false,
  pausedUntil: null,
  nextChangeAt: null,
  profiles: [],
  bulk: null,
  update: null,
  ...over,
});

const line = (i: TrayMenuItem) =>
  i.type === 'separator' ? '---' : `${i.label}${i.enabled === false ? ' [disabled]' : ''}`;
const labels = (items: TrayMenuItem[]) => items.map(line);
const find = (items: TrayMenuItem[], prefix: string) => {
  const found = items.find((i) => i.type !== 'separator' && i.label.startsWith(prefix));
  if (!found || found.type === 'separator') throw new Error(`no item ${prefix}`);
  return found;
};
const actionOf = (items: TrayMenuItem[], prefix: string): TrayAction | undefined => find(items, prefix).action;

const TAIL = ['Pause notifications', 'Settings…', 'About Lookup Tray', '---', 'Quit'];

describe('trayMenu', () => {
  it('with a key: the status lines open the lookup view, then the commands', () => {
    const items = trayMenu(model(), null);
    expect(labels(items)).toEqual([
      'Month: 900 of 1,000 left · resets Dec 1',
      'Updated 1 min ago',
      '---',
      'Look up IP…',
      'Look up IP from clipboard [disabled]',
      'Check quota',
      ...TAIL,
    ]);
    expect(actionOf(items, 'Month')).toEqual({ kind: 'open', view: 'lookup' });
    expect(find(items, 'Month').toolTip).toBe('Open Lookup Tray');
    expect(actionOf(items, 'Look up IP…')).toEqual({ kind: 'open', view: 'lookup' });
    expect(actionOf(items, 'Settings…')).toEqual({ kind: 'open', view: 'settings' });
    expect(actionOf(items, 'About Lookup Tray')).toEqual({ kind: 'open', view: 'about' });
    expect(actionOf(items, 'Quit')).toEqual({ kind: 'quit' });
  });

  it('without a key: the status line and "Look up IP…" go to onboarding; lookups and Check quota are disabled', () => {
    const items = trayMenu(model({ hasKey: false, statusLines: ['No key yet'] }), '8.8.8.8');
    expect(actionOf(items, 'No key yet')).toEqual({ kind: 'open', view: 'onboarding' });
    expect(actionOf(items, 'Look up IP…')).toEqual({ kind: 'open', view: 'onboarding' });
    expect(find(items, 'Look up IP from clipboard').enabled).toBe(false);
    expect(find(items, 'Check quota').enabled).toBe(false);
  });

  it('names the IP on the clipboard, and looks up what is on the clipboard when clicked', () => {
    const items = trayMenu(model(), '8.8.8.8');
    const clip = find(items, 'Look up IP from clipboard');
    expect(clip.label).toBe('Look up IP from clipboard (8.8.8.8)');
    expect(clip.enabled).toBe(true);
    expect(clip.action).toEqual({ kind: 'lookup-clipboard' });
  });

  it('Check quota carries whether it spends a request', () => {
    const items = trayMenu(model({ checkQuotaLabel: 'Check quota (uses 1 request)', checkQuotaSpends: true }), null);
    expect(actionOf(items, 'Check quota (uses 1 request)')).toEqual({ kind: 'check-quota', spend: true });
  });

  it('Leave demo, the bulk job and a downloaded update come right under the status, in that order', () => {
    const items = trayMenu(
      model({
        demo: true,
        bulk: { jobId: 'j1', line: 'Bulk: 120 of 300', canPause: true, canResume: false },
        update: { label: 'Restart to update to 0.2.0 (after the bulk job)', enabled: false },
      }),
      null,
    );
    expect(labels(items).slice(2, 7)).toEqual([
      'Leave demo',
      'Bulk: 120 of 300',
      'Pause bulk job',
      'Restart to update to 0.2.0 (after the bulk job) [disabled]',
      '---',
    ]);
    expect(actionOf(items, 'Leave demo')).toEqual({ kind: 'leave-demo' });
    expect(actionOf(items, 'Bulk:')).toEqual({ kind: 'open', view: 'lookup' });
    expect(actionOf(items, 'Pause bulk job')).toEqual({ kind: 'bulk-pause', jobId: 'j1' });
    expect(actionOf(items, 'Restart to update')).toEqual({ kind: 'restart-to-update' });
    const paused = trayMenu(
      model({ bulk: { jobId: 'j1', line: 'Bulk: paused', canPause: false, canResume: true } }),
      null,
    );
    expect(labels(paused)).not.toContain('Pause bulk job');
    expect(actionOf(paused, 'Resume bulk job')).toEqual({ kind: 'bulk-resume', jobId: 'j1' });
  });

  it('profiles are radio items after a separator, the active one checked; a click switches to it', () => {
    const items = trayMenu(
      model({
        profiles: [
          { name: 'default', label: 'Default — 870 of 1,000 left', active: true },
          { name: 'Work', label: 'Work — no figures yet', active: false },
        ],
      }),
      null,
    );
    const radios = items.filter((i) => i.type === 'radio');
    expect(radios.map((i) => [i.type !== 'separator' && i.label, i.type !== 'separator' && i.checked])).toEqual([
      ['Default — 870 of 1,000 left', true],
      ['Work — no figures yet', false],
    ]);
    expect(labels(items)[2]).toBe('---');
    expect(actionOf(items, 'Work')).toEqual({ kind: 'switch-profile', name: 'Work' });
    expect(trayMenu(model(), null).filter((i) => i.type === 'radio')).toEqual([]);
  });

  it('"Pause notifications" offers 1 hour, until tomorrow and resume (enabled only while paused)', () => {
    const sub = find(trayMenu(model(), null), 'Pause notifications').submenu!;
    expect(labels(sub)).toEqual(['For 1 hour', 'Until tomorrow', '---', 'Resume notifications [disabled]']);
    expect(sub.map((i) => (i.type === 'separator' ? null : i.action))).toEqual([
      { kind: 'pause-notifications', for: 'hour' },
      { kind: 'pause-notifications', for: 'until-tomorrow' },
      null,
      { kind: 'pause-notifications', for: 'resume' },
    ]);
    const paused = find(trayMenu(model({ pausedUntil: 1 }), null), 'Pause notifications').submenu!;
    expect(line(paused[3]!)).toBe('Resume notifications');
  });

  it('is plain data: the same model gives an equal menu, and it survives JSON', () => {
    const m = model({ demo: true, profiles: [{ name: 'a', label: 'A', active: true }] });
    const items = trayMenu(m, '1.1.1.1');
    expect(trayMenu(m, '1.1.1.1')).toEqual(items);
    expect(JSON.parse(JSON.stringify(items))).toEqual(items);
  });
});
