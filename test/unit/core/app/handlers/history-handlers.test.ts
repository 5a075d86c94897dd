/** The history chart's data and CSV export, through the composed app core against the simulator. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../../electron/core/app/app-core-types';
import { OneShot } from '../../../../../electron/core/app/one-shot';
import { OffsetClock } from '../../../../../electron/core/lib/clocks';
import { silentLogger } from '../../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../../electron/core/secrets/key-vault';
import { savedInEnglish } from '../../../../helpers/saved-words';
import { startSimulator, type Simulator } from '../../../../../electron/demo/simulator';

const KEY = 'FAKE-history-key-aaaa-bbbb-5678';
const KEY777 = 'FAKE-history-key-7777-7777-7777';
const DAY = 86_400_000;
/** The 10th of next month, 09:00 UTC (the clock runs from real time, moved forward): three days stay in one window. */
const now0 = new Date();
const T0 = Date.UTC(now0.getUTCFullYear(), now0.getUTCMonth() + 1, 10, 9, 0, 0);
const MONTH_START = Date.UTC(now0.getUTCFullYear(), now0.getUTCMonth() + 1, 1);
const MONTH_END = Date.UTC(now0.getUTCFullYear(), now0.getUTCMonth() + 2, 1);

let dir: string;
let sim: Simulator;
let clock: OffsetClock;
const cores: AppCore[] = [];
let saved: { name: string; text: string }[];

async function makeCore(opts: { demo?: boolean; save?: boolean; secrets?: MemorySecretStore } = {}): Promise<AppCore> {
  const core = await createAppCore({
    clock,
    fetch,
    secrets: opts.secrets ?? new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify: () => undefined },
    logger: silentLogger,
    demo: opts.demo ?? false,
    saveTextFile:
      opts.save === false
        ? undefined
        : async (name, text) => {
            saved.push({ name, text });
            return join(dir, name);
          },
  });
  cores.push(core);
  return core;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-history-'));
  clock = new OffsetClock();
  clock.advance(T0 - Date.now());
  sim = await startSimulator({
    clock,
    keys: {
      [KEY]: { monthLimit: 1000, minuteLimit: null, label: 'h' },
      [KEY777]: { monthLimit: 777, minuteLimit: null, label: 'odd' },
    },
  });
  saved = [];
});

afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `n` lookups of distinct addresses (none from the cache). */
async function spend(core: AppCore, n: number, day: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const out = await core.handlers.lookup({ ip: `203.0.${day}.${i + 1}` });
    expect(out.kind).toBe('ok');
  }
}

describe('history', () => {
  it("a short-lived process (OneShot.history, for the command line) gets the window's view of the same folder", async () => {
    const secrets = new MemorySecretStore();
    const core = await makeCore({ secrets });
    await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    expect(await core.handlers.checkQuota({})).toMatchObject({ kind: 'checked', via: 'status' });
    await spend(core, 3, 1);
    clock.advance(DAY);
    await spend(core, 4, 2);
    const window = await core.handlers.getHistory();
    await core.dispose();
    cores.splice(cores.indexOf(core), 1);

    const ctx = await OneShot.open({ dataDir: dir, appFolder: null, clock }, secrets);
    try {
      const h = ctx.history();
      expect(h.samples).toBe(window.samples);
      expect(h.months).toEqual(window.months);
      expect({ start: h.current.start, end: h.current.end }).toEqual({ start: MONTH_START, end: MONTH_END });
      const used = (v: typeof h) => v.current.daily.filter((d) => d.day >= T0 - 9 * 3_600_000).map((d) => d.used);
      expect(used(h).slice(0, 2)).toEqual([3, 4]);
      expect(used(h).slice(0, 2)).toEqual(used(window).slice(0, 2));
      expect(JSON.stringify(h)).not.toContain(KEY);
    } finally {
      await ctx.close();
    }
  });

  it('shows this month’s remaining over time and the requests used per day', async () => {
    const core = await makeCore();
    await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    expect(await core.handlers.checkQuota({})).toMatchObject({ kind: 'checked', via: 'status' }); // free: the month's first figure
    await spend(core, 3, 1);
    clock.advance(DAY);
    await spend(core, 5, 2);
    clock.advance(2 * DAY); // a quiet day in between
    await spend(core, 2, 4);

    const h = await core.handlers.getHistory();
    expect(h.months).toHaveLength(1);
    const month = h.months[0]!;
    expect(month.start).toBe(MONTH_START);
    expect(month.end).toBe(MONTH_END);
    expect(month.limit).toBe(1000);
    expect(month.points.at(-1)?.[1]).toBe(990);
    const used = h.current.daily.filter((d) => d.day >= T0 - 9 * 3_600_000).map((d) => d.used);
    expect(used).toEqual([3, 5, 0, 2]);
    expect(h.current.daily[0]!.day).toBe(MONTH_START);
    expect(JSON.stringify(h)).not.toContain(KEY);
  });

  it('exports the kept samples as CSV through the save port, and says why when it cannot', async () => {
    const core = await makeCore();
    await core.handlers.saveKey({ key: KEY, baseUrl: sim.url, verify: 'skip' }); // no figure yet
    expect(savedInEnglish(await core.handlers.exportHistory())).toMatchObject({
      saved: false,
      message: 'There is no history to export yet.',
    });
    await spend(core, 2, 1);
    clock.advance(DAY);
    await spend(core, 1, 2);
    const r = await core.handlers.exportHistory();
    expect(r).toMatchObject({ saved: true });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^history-default-\d{8}-\d{6}\.csv$/);
    const lines = saved[0]!.text.trim().split('\n');
    expect(lines[0]).toBe('time_utc,remaining,limit');
    const day2 = new Date(T0 + DAY).toISOString().slice(0, 13); // e.g. 2026-12-11T09
    expect(lines.at(-1)).toMatch(new RegExp(`^${day2}:\\d\\d:\\d\\d\\.\\d{3}Z,997,1000$`));
    expect(saved[0]!.text).not.toContain(KEY);

    const bare = await makeCore({ save: false });
    expect(savedInEnglish(await bare.handlers.exportHistory())).toEqual({
      saved: false,
      message: 'Saving files is not available here.',
    });
  });

  it('in demo mode shows the demo’s figures only, never the profile’s', async () => {
    const real = await makeCore();
    await real.handlers.saveKey({ key: KEY777, baseUrl: sim.url });
    await spend(real, 4, 1);
    expect((await real.handlers.getHistory()).months[0]?.limit).toBe(777);
    await real.dispose();
    cores.splice(cores.indexOf(real), 1);
    const demo = await makeCore({ demo: true });
    expect((await demo.handlers.lookup({ ip: '8.8.8.8' })).kind).toBe('ok');
    const h = await demo.handlers.getHistory();
    expect(h.months.length).toBeGreaterThan(0);
    expect(h.months.every((m) => m.limit === 1000)).toBe(true); // the demo plan's, never the profile's 777
  });
});
