/**
 * Profiles through the composed app core: the existing setup becomes "Default" with nothing lost; add, switch,
 * rename and remove, each profile with its own keychain item and state; notifications name their profile and fire
 * once per profile over a simulated month with three profiles, restarts and repeated, bouncing responses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { buildTrayModel } from '../../../../electron/shell/tray-words';
import { silentLogger, type NotifyRequest } from '../../../../electron/core/lib/ports';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';
import type { ProfileChangeOutcome } from '../../../../shared/ipc';
import { refusalEn, saidEn } from '../../../helpers/profile-refusal';
import type { Settings } from '../../../../shared/settings';
import { profileFields } from '../../../../shared/settings-schema';

const KEYS = {
  home: 'FAKE-profile-home-aaaa-1111',
  work: 'FAKE-profile-work-bbbb-2222',
  lab: 'FAKE-profile-lab-cccc-3333',
};

let dir: string;
let clock: OffsetClock;
let secrets: MemorySecretStore;
let sims: Simulator[];
let notified: NotifyRequest[];
const cores: AppCore[] = [];

async function makeCore(opts: { oneShot?: boolean } = {}): Promise<AppCore> {
  const core = await createAppCore({
    clock,
    fetch,
    secrets,
    dataDir: dir,
    notifier: { notify: (n) => notified.push(n) },
    logger: silentLogger,
    ...opts,
  });
  cores.push(core);
  return core;
}

async function restart(core: AppCore): Promise<AppCore> {
  await core.dispose();
  cores.splice(cores.indexOf(core), 1);
  return makeCore();
}

function done(r: ProfileChangeOutcome): void {
  if (r.kind !== 'done') throw new Error(`profile change refused: ${refusalEn(r.problem)}`);
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-profiles-'));
  clock = new OffsetClock();
  secrets = new MemorySecretStore();
  notified = [];
  // One service per profile, as a personal, a work and a staging service would be.
  sims = await Promise.all(
    [
      { [KEYS.home]: { monthLimit: 1000, minuteLimit: null, label: 'home' } },
      { [KEYS.work]: { monthLimit: 2000, minuteLimit: null, label: 'work' } },
      { [KEYS.lab]: { monthLimit: 500, minuteLimit: null, label: 'lab' } },
    ].map((keys) => startSimulator({ clock, keys })),
  );
});

afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const s of sims) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('profiles', () => {
  it('an existing setup becomes "Default" on upgrade, with its key, figures and settings', async () => {
    const first = await makeCore();
    await first.handlers.saveKey({ key: KEYS.home, baseUrl: sims[0]!.url });
    await first.handlers.updateSettings({ thresholds: { monthLow: 40 } });
    expect((await first.handlers.lookup({ ip: '8.8.8.8' })).kind).toBe('ok');
    await first.dispose();
    cores.splice(0);
    // The file as the previous version wrote it: no `profiles` at all.
    const file = join(dir, 'settings.json');
    const old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete old.profiles;
    writeFileSync(file, JSON.stringify(old));

    const core = await makeCore();
    const snap = await core.handlers.getSnapshot();
    expect(snap.profiles).toEqual([
      {
        name: 'default',
        label: 'Default',
        active: true,
        baseUrl: sims[0]!.url,
        month: expect.objectContaining({ remaining: 999, limit: 1000 }),
      },
    ]);
    expect(snap.key.hasKey).toBe(true);
    expect(snap.settings.thresholds.monthLow).toBe(40);
  });

  it('a new name holds letters, digits, spaces, "." "_" "-" only; a name stored before that rule still loads and switches', async () => {
    const message =
      'Profile names use letters, digits, spaces, ".", "_" and "-" only, starting with a letter or a digit.';
    // Written by an earlier version (or handed over): names with shell syntax, as the schema accepted them.
    const OLD = 'w$(touch${IFS}pwned)';
    const first = await makeCore();
    await first.handlers.updateSettings({ thresholds: { monthLow: 40 } });
    await first.dispose();
    cores.splice(0);
    const file = join(dir, 'settings.json');
    const s = JSON.parse(readFileSync(file, 'utf8')) as Settings;
    const own = profileFields(s);
    writeFileSync(file, JSON.stringify({ ...s, profiles: { [OLD]: own, 'Ops "blue" \\ team': own } }));
    const core = await makeCore();
    expect((await core.handlers.getSnapshot()).profiles.map((p) => p.label)).toEqual([
      'Default',
      'Ops "blue" \\ team',
      OLD,
    ]);
    done(await core.handlers.switchProfile({ name: OLD }));
    for (const name of [
      'x$(id)',
      'a`b`',
      'Staging (EU)',
      '{a,b}',
      "Bob's",
      'a"b',
      'a\\b',
      'a;b',
      '-x',
      '.hidden',
      'a*',
    ])
      expect(saidEn(await core.handlers.addProfile({ name })), name).toEqual({ kind: 'invalid', message });
    expect(saidEn(await core.handlers.renameProfile({ from: OLD, to: 'w$(id)' }))).toEqual({
      kind: 'invalid',
      message,
    });
    done(await core.handlers.renameProfile({ from: OLD, to: OLD })); // keeping its own name is no new name
    done(await core.handlers.renameProfile({ from: OLD, to: 'Work 2' }));
    done(await core.handlers.addProfile({ name: 'Büro_3.eu-west' }));
    expect((await core.handlers.getSnapshot()).profiles.map((p) => p.label).sort()).toEqual(
      ['Büro_3.eu-west', 'Default', 'Ops "blue" \\ team', 'Work 2'].sort(),
    );
  });

  it('add, switch, rename and remove: each profile keeps its own key, figures and settings', async () => {
    const core = await makeCore();
    await core.handlers.saveKey({ key: KEYS.home, baseUrl: sims[0]!.url });
    await core.handlers.lookup({ ip: '8.8.8.8' });

    done(await core.handlers.addProfile({ name: 'Work', baseUrl: sims[1]!.url }));
    let snap = await core.handlers.getSnapshot();
    expect(snap.settings.profile).toBe('Work');
    expect(snap.settings.baseUrl).toBe(sims[1]!.url);
    expect(snap.settings.thresholds.monthLow).toBe(25); // a new profile starts from the defaults
    expect(snap.key.hasKey).toBe(false); // its key comes next
    expect((await core.handlers.lookup({ ip: '1.1.1.1' })).kind).toBe('no-key');
    await core.handlers.saveKey({ key: KEYS.work, baseUrl: sims[1]!.url });
    await core.handlers.lookup({ ip: '1.1.1.1' });
    await core.handlers.lookup({ ip: '1.0.0.1' });
    expect((await core.handlers.getSnapshot()).quota.month).toMatchObject({ limit: 2000, remaining: 1998 });
    expect(sims[0]!.log.filter((l) => l.path === '/v2/info')).toHaveLength(1); // Work's lookups went to Work's service

    done(await core.handlers.switchProfile({ name: 'default' }));
    snap = await core.handlers.getSnapshot();
    expect(snap.settings.baseUrl).toBe(sims[0]!.url);
    expect(snap.quota.month).toMatchObject({ limit: 1000, remaining: 999 });
    expect(snap.profiles.map((p) => [p.label, p.active, p.month?.remaining])).toEqual([
      ['Default', true, 999],
      ['Work', false, 1998],
    ]);

    expect(saidEn(await core.handlers.addProfile({ name: ' work ' }))).toEqual({
      kind: 'invalid',
      message: 'There is already a profile named "work".',
    });
    expect((await core.handlers.addProfile({ name: 'a@b' })).kind).toBe('invalid');
    expect(saidEn(await core.handlers.addProfile({ name: 'a#0123456789abcdef' }))).toEqual({
      kind: 'invalid',
      message: 'Profile names cannot contain "@" or "#".',
    });

    // Another spelling of its own name is not "taken": work -> WORK -> Work.
    done(await core.handlers.renameProfile({ from: 'Work', to: 'WORK' }));
    expect((await core.handlers.getSnapshot()).profiles.map((p) => p.label)).toEqual(['Default', 'WORK']);
    expect(saidEn(await core.handlers.renameProfile({ from: 'WORK', to: 'default' }))).toEqual({
      kind: 'invalid',
      message: 'There is already a profile named "Default".',
    });
    done(await core.handlers.renameProfile({ from: 'WORK', to: 'Work' }));
    done(await core.handlers.renameProfile({ from: 'Work', to: 'Office' }));
    done(await core.handlers.switchProfile({ name: 'Office' }));
    snap = await core.handlers.getSnapshot();
    expect(snap.key.hasKey).toBe(true); // the key followed the rename
    expect(snap.quota.month).toMatchObject({ limit: 2000, remaining: 1998 });
    expect((await core.handlers.getHistory()).months[0]?.limit).toBe(2000);

    expect(saidEn(await core.handlers.removeProfile({ name: 'Office' }))).toEqual({
      kind: 'invalid',
      message: 'Switch to another profile before removing this one.',
    });
    done(await core.handlers.switchProfile({ name: 'default' }));
    done(await core.handlers.removeProfile({ name: 'Office' }));
    snap = await core.handlers.getSnapshot();
    expect(snap.profiles.map((p) => p.name)).toEqual(['default']);
    const accounts = (await secrets.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account);
    expect(accounts.some((a) => a.startsWith('Office') || a.startsWith('Work'))).toBe(false);
    expect(accounts.some((a) => a.startsWith('default@'))).toBe(true);
    // Added again under the same name, it starts empty: nothing of the removed one is left.
    done(await core.handlers.addProfile({ name: 'Office', baseUrl: sims[1]!.url }));
    snap = await core.handlers.getSnapshot();
    expect(snap.key.hasKey).toBe(false);
    expect(snap.quota.month).toBeNull();
    expect(JSON.stringify(snap)).not.toContain('FAKE-profile');
  });

  it('over a month with three profiles, restarts and bouncing answers: each threshold notifies once per profile, naming it', async () => {
    let core = await makeCore();
    await core.handlers.saveKey({ key: KEYS.home, baseUrl: sims[0]!.url });
    done(await core.handlers.addProfile({ name: 'Work', baseUrl: sims[1]!.url }));
    await core.handlers.saveKey({ key: KEYS.work, baseUrl: sims[1]!.url });
    done(await core.handlers.addProfile({ name: 'Lab', baseUrl: sims[2]!.url }));
    await core.handlers.saveKey({ key: KEYS.lab, baseUrl: sims[2]!.url });
    const profiles = [
      { name: 'default', label: 'Default', key: KEYS.home, sim: sims[0]!, limit: 1000 },
      { name: 'Work', label: 'Work', key: KEYS.work, sim: sims[1]!, limit: 2000 },
      { name: 'Lab', label: 'Lab', key: KEYS.lab, sim: sims[2]!, limit: 500 },
    ];
    // 20 days; each day every profile is used a little more (with a stale replica's answer now and then, which
    // bounces the figure back up), the user switches between them, and the app restarts every 5 days.
    for (let day = 0; day < 20; day++) {
      for (const p of profiles) {
        done(await core.handlers.switchProfile({ name: p.name }));
        const used = Math.round(p.limit * 0.05 * (day + 1));
        for (const month of [used, Math.max(0, used - Math.round(p.limit * 0.04)), used]) {
          p.sim.setUsage(p.key, { month: Math.min(p.limit - 1, month) });
          await core.handlers.lookup({ ip: `203.0.113.${day + 1}`, refresh: true });
        }
      }
      if (day % 5 === 4) core = await restart(core);
      clock.advance(86_400_000);
    }
    const byTitle = (title: string) =>
      notified
        .filter((n) => n.title.startsWith(title))
        .map((n) => n.title)
        .sort();
    for (const title of ['Month quota running low', 'Month quota almost used up'])
      expect(byTitle(title), title).toEqual(profiles.map((p) => `${title} (${p.label})`).sort());
    expect(new Set(notified.map((n) => n.id)).size).toBe(notified.length);
  });

  describe('profiles not in use are watched in the background', () => {
    const MIN = 60_000;
    /** Default (in use) on sims[0]; Work on sims[1]; Lab on sims[2], whose service has no free status check. */
    async function threeProfiles(): Promise<AppCore> {
      sims[2]!.setStatusEndpoint(false);
      const core = await makeCore();
      await core.handlers.saveKey({ key: KEYS.home, baseUrl: sims[0]!.url });
      done(await core.handlers.addProfile({ name: 'Work', baseUrl: sims[1]!.url }));
      await core.handlers.saveKey({ key: KEYS.work, baseUrl: sims[1]!.url });
      done(await core.handlers.addProfile({ name: 'Lab', baseUrl: sims[2]!.url }));
      // No free status check here: saving verifies with one lookup, which the user agrees to.
      const saved = await core.handlers.saveKey({ key: KEYS.lab, baseUrl: sims[2]!.url, verify: 'spend' });
      expect(saved.kind).toBe('saved');
      // The request it spent is not lost: its figures are the new profile's first ones.
      expect((await core.handlers.getSnapshot()).quota.month).toMatchObject({ remaining: 499, limit: 500 });
      done(await core.handlers.switchProfile({ name: 'default' }));
      return core;
    }
    const infoRequests = (sim: Simulator) => sim.log.filter((l) => l.path === '/v2/info').length;
    /** Time jumps only between requests (a jump over one in flight would time it out, as no real minute does). */
    async function later(core: AppCore, ms: number): Promise<void> {
      await core.whenIdle();
      clock.advance(ms);
      await new Promise((r) => setTimeout(r, 20));
      await core.whenIdle();
    }

    it('a profile with the free status check is checked at its own cadence; its line and notifications follow', async () => {
      const core = await threeProfiles();
      const workStatusBefore = sims[1]!.log.filter((l) => l.path === '/v2/status').length;
      sims[1]!.setUsage(KEYS.work, { month: 1900 }); // 100 of 2,000 left: critical
      await later(core, 6 * MIN);
      expect(notified.map((n) => n.title)).toContain('Month quota almost used up (Work)');
      expect((await core.handlers.getSnapshot()).profiles.find((p) => p.name === 'Work')?.month).toMatchObject({
        remaining: 100,
        level: 'critical',
      });
      const snap = await core.handlers.getSnapshot();
      expect(snap.settings.profile).toBe('default'); // never switched by itself
      expect(snap.quota.profile).toBe('default');
      expect(sims[1]!.log.filter((l) => l.path === '/v2/status').length).toBeGreaterThan(workStatusBefore);
      expect(sims[1]!.log.every((l) => l.keyName === 'work')).toBe(true); // its own key, and only at its service
      // The tray shows it when told to show the profile closest to running out (and only then).
      expect(snap.watched).toEqual([]);
      expect(buildTrayModel(snap, clock.now()).statusLines[0]).toMatch(/^Month: 1,000 of 1,000 left/);
      await core.handlers.updateSettings({ trayShows: 'closest' });
      const closest = await core.handlers.getSnapshot();
      expect(closest.watched.map((w) => [w.label, w.quota.month?.remaining])).toEqual([
        ['Lab', 499],
        ['Work', 100],
      ]);
      expect(buildTrayModel(closest, clock.now()).statusLines.slice(0, 2)).toEqual([
        'Work — closest to running out',
        expect.stringMatching(/^Month: 100 of 2,000 left/),
      ]);
      // Checked again later: the notification is not repeated.
      await later(core, 6 * MIN);
      expect(notified.filter((n) => n.title === 'Month quota almost used up (Work)')).toHaveLength(1);
    });

    it('without a free status check, nothing is spent in the background unless that profile allows it', async () => {
      const core = await threeProfiles();
      const spentBefore = infoRequests(sims[2]!);
      for (let i = 0; i < 6; i++) await later(core, 20 * MIN);
      expect(infoRequests(sims[2]!)).toBe(spentBefore);

      // Allowed for Lab (in Lab's own settings), its automatic checks spend one request each.
      done(await core.handlers.switchProfile({ name: 'Lab' }));
      await core.handlers.updateSettings({ autoCheck: { enabled: true, allowSpending: true, intervalMinutes: 30 } });
      done(await core.handlers.switchProfile({ name: 'default' }));
      const allowedAt = infoRequests(sims[2]!);
      await later(core, 31 * MIN);
      expect(infoRequests(sims[2]!)).toBe(allowedAt + 1);
      // Not for the others: Work is only ever asked its free status.
      expect(sims[1]!.log.filter((l) => l.path === '/v2/info' && l.at > clock.now() - 40 * MIN)).toHaveLength(0);
    });

    it('watching a profile keeps its cached answers: back in use, an address it looked up is still free', async () => {
      const core = await threeProfiles();
      done(await core.handlers.switchProfile({ name: 'Work' }));
      expect((await core.handlers.lookup({ ip: '1.1.1.1' })).kind).toBe('ok');
      done(await core.handlers.switchProfile({ name: 'default' }));
      await later(core, 6 * MIN);
      await later(core, 6 * MIN);
      done(await core.handlers.switchProfile({ name: 'Work' }));
      const spent = infoRequests(sims[1]!);
      const again = await core.handlers.lookup({ ip: '1.1.1.1' });
      expect(again).toMatchObject({ kind: 'ok', source: 'cache' });
      expect(infoRequests(sims[1]!)).toBe(spent);
    });

    it('a removed profile stops being watched, and nothing of it is written back', async () => {
      const core = await threeProfiles();
      sims[1]!.setUsage(KEYS.work, { month: 500 });
      await later(core, 6 * MIN);
      expect((await core.handlers.getSnapshot()).profiles.find((p) => p.name === 'Work')?.month?.remaining).toBe(1500);
      done(await core.handlers.removeProfile({ name: 'Work' }));
      const asked = sims[1]!.log.length;
      await later(core, 60 * MIN);
      expect(sims[1]!.log.length).toBe(asked);
      done(await core.handlers.addProfile({ name: 'Work', baseUrl: sims[1]!.url }));
      expect((await core.handlers.getSnapshot()).quota.month).toBeNull();
    });

    it('a short-lived process (the CLI saving a key) watches nothing: only the running app does', async () => {
      const app = await threeProfiles();
      await app.dispose();
      cores.splice(cores.indexOf(app), 1);
      const asked = sims.map((s) => s.log.length);
      const cli = await makeCore({ oneShot: true });
      await later(cli, 60 * MIN);
      expect(sims.map((s) => s.log.length)).toEqual(asked);
    });

    it('renaming the profile in use right after a lookup: its figures all move, none stay under the old name', async () => {
      const core = await threeProfiles();
      done(await core.handlers.switchProfile({ name: 'Work' }));
      expect((await core.handlers.lookup({ ip: '1.1.1.1', refresh: true })).kind).toBe('ok');
      done(await core.handlers.renameProfile({ from: 'Work', to: 'Office' }));
      expect((await core.handlers.getSnapshot()).quota.month).toMatchObject({ limit: 2000 });
      done(await core.handlers.addProfile({ name: 'Work', baseUrl: sims[1]!.url }));
      expect((await core.handlers.getSnapshot()).quota.month).toBeNull();
    });

    it('demo mode watches nothing: no real profile is asked while the demo runs', async () => {
      const core = await threeProfiles();
      await core.handlers.startDemo();
      const asked = sims.map((s) => s.log.length);
      await later(core, 60 * MIN);
      expect(sims.map((s) => s.log.length)).toEqual(asked);
      await core.handlers.stopDemo();
    });
  });
});
