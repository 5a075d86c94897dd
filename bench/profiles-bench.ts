/**
 * 9. Profiles watched in the background: what watching two profiles that are not in use costs while idle.
 *    - requests and timers over 60 simulated minutes on a ManualClock, three profiles (auto-check every 5 min where
 *      the free status check exists), against one profile alone: each profile's free status checks, nothing else;
 *    - heap retained by the two watched profiles, each with 1 000 cached answers in state.db (kept there, not in
 *      memory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore } from '../electron/core/app/app-core';
import type { AppCore } from '../electron/core/app/app-core-types';
import { ManualClock } from '../test/helpers/manual-clock';
import { silentLogger } from '../electron/core/lib/ports';
import { MemorySecretStore } from '../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../electron/demo/simulator';
import { StateDb } from '../electron/core/storage/state-db';
import { fakeIpData } from '../electron/demo/fake-ip-data';
import { getGc } from './memory-bench';
import { pick } from './quick';
import { distinctIps, settle, sleep } from './stats';

/** Simulated idle time (quick mode: 10 minutes, two auto-checks). */
const WATCHED_MS = pick(60, 10) * 60_000;
const STEP_MS = 5_000;
const PLAN = { monthLimit: 1_000_000, minuteLimit: null } as const;
const KEYS = { default: 'FAKE-bench-home-0001', Work: 'FAKE-bench-work-0002', Lab: 'FAKE-bench-lab-0003' } as const;
const CACHED_PER_PROFILE = pick(1_000, 50);

export interface ProfilesRun {
  profiles: number;
  simulatedMinutes: number;
  statusChecks: Record<string, number>;
  lookupsSent: number;
  timersFired: number;
  expectedChecksPerProfile: number;
  met: boolean;
}

export interface ProfilesResults {
  alone: ProfilesRun;
  three: ProfilesRun;
  /** Heap retained by the two watched profiles (MB), and whether a full GC could be forced first. */
  watchedHeapMB: number | null;
  gcExposed: boolean;
  /** Answers in state.db per profile during the heap measurement. */
  cachedPerProfile: number;
  goal: string;
}

async function drain(sim: Simulator): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const before = sim.log.length;
    await settle(4);
    await sleep(2);
    await settle(4);
    if (sim.log.length === before) return;
  }
}

interface Setup {
  core: AppCore;
  clock: ManualClock;
  sim: Simulator;
  close(): Promise<void>;
}

/** An app core with `names` as profiles (the first in use), each with its key and 1 000 cached answers in state.db. */
async function setup(names: (keyof typeof KEYS)[]): Promise<Setup> {
  const clock = new ManualClock();
  const sim = await startSimulator({
    clock,
    keys: Object.fromEntries(names.map((n) => [KEYS[n], { ...PLAN, label: n }])),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'lookup-tray-bench-profiles-'));
  const db = StateDb.open({ dir: dataDir, now: () => clock.now(), logger: silentLogger });
  const ips = distinctIps(CACHED_PER_PROFILE);
  for (const name of names)
    db.cachePut(
      ips.map((ip, i) => ({
        profile: name,
        ip,
        language: '',
        body: JSON.parse(JSON.stringify({ data: fakeIpData(ip, 4, 'unicast', clock.now()) })) as unknown,
        fetchedAt: clock.now() - i,
        note: null,
      })),
    );
  db.close();
  const core = await createAppCore({
    clock,
    fetch: globalThis.fetch,
    secrets: new MemorySecretStore(),
    dataDir,
    notifier: { notify: () => {} },
    logger: silentLogger,
  });
  for (const name of names) {
    if (name !== 'default') {
      const r = await core.handlers.addProfile({ name, baseUrl: sim.url });
      if (r.kind !== 'done') throw new Error(`bench: adding ${name}: ${JSON.stringify(r.problem)}`);
    }
    const saved = await core.handlers.saveKey({ key: KEYS[name], baseUrl: sim.url, verify: 'skip' });
    if (saved.kind !== 'saved') throw new Error(`bench: saving ${name}'s key: ${saved.kind}`);
    await drain(sim);
  }
  if (names.length > 1) {
    const back = await core.handlers.switchProfile({ name: 'default' });
    if (back.kind !== 'done') throw new Error(JSON.stringify(back.problem));
  }
  await drain(sim);
  await core.whenIdle();
  return {
    core,
    clock,
    sim,
    async close() {
      await core.dispose();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function hourOf(names: (keyof typeof KEYS)[]): Promise<ProfilesRun> {
  const s = await setup(names);
  try {
    s.core.setWindowVisible(false);
    const fired0 = s.clock.fired;
    const sent0 = s.sim.log.length;
    for (let t = 0; t < WATCHED_MS; t += STEP_MS) {
      s.clock.advance(STEP_MS);
      await drain(s.sim);
    }
    const sent = s.sim.log.slice(sent0);
    const statusChecks = Object.fromEntries(
      names.map((n) => [n, sent.filter((l) => l.path === '/v2/status' && l.keyName === n).length]),
    );
    const expected = WATCHED_MS / (5 * 60_000);
    const lookupsSent = sent.filter((l) => l.path === '/v2/info').length;
    return {
      profiles: names.length,
      simulatedMinutes: WATCHED_MS / 60_000,
      statusChecks,
      lookupsSent,
      timersFired: s.clock.fired - fired0,
      expectedChecksPerProfile: expected,
      met: lookupsSent === 0 && Object.values(statusChecks).every((n) => Math.abs(n - expected) <= 1),
    };
  } finally {
    await s.close();
  }
}

/** Heap used with three profiles minus with one, after a full GC each time (null when GC cannot be forced). */
async function watchedHeap(): Promise<{ mb: number | null; gcExposed: boolean }> {
  const gc = getGc();
  if (!gc) return { mb: null, gcExposed: false };
  const heapOf = async (names: (keyof typeof KEYS)[]) => {
    const s = await setup(names);
    try {
      for (let i = 0; i < 3; i++) gc();
      return process.memoryUsage().heapUsed;
    } finally {
      await s.close();
    }
  };
  await heapOf(['default']); // warm-up: modules and first-use allocations
  const one = await heapOf(['default']);
  const three = await heapOf(['default', 'Work', 'Lab']);
  return { mb: Math.round(((three - one) / 1024 ** 2) * 100) / 100, gcExposed: true };
}

export async function benchProfiles(log: (m: string) => void): Promise<ProfilesResults> {
  const alone = await hourOf(['default']);
  log(
    `  one profile: ${JSON.stringify(alone.statusChecks)} status checks, ${alone.timersFired} timers in ${alone.simulatedMinutes} min`,
  );
  const three = await hourOf(['default', 'Work', 'Lab']);
  log(
    `  three profiles: ${JSON.stringify(three.statusChecks)} status checks, ${three.timersFired} timers in ${three.simulatedMinutes} min`,
  );
  const heap = await watchedHeap();
  log(`  heap retained by the two watched profiles: ${heap.mb ?? 'n/a'} MB`);
  return {
    alone,
    three,
    watchedHeapMB: heap.mb,
    gcExposed: heap.gcExposed,
    cachedPerProfile: CACHED_PER_PROFILE,
    goal: 'per profile only its free status checks (12 an hour at 5 min), no lookup spent in the background',
  };
}
