/**
 * The window's Bulk → Follow a file… (electron/core/app/bulk-follows.ts) through the app core's handlers, as the window
 * and the web preview call them: the file picked by the `pickFollowFile` port, read through an in-memory file system
 * (test/helpers/mem-tail-fs.ts), the simulator and the core on one ManualClock. A followed file is one job that grows;
 * Stop keeps it and reads nothing more; Follow again reads on from where it stopped (nothing looked up twice); a
 * rotation is followed; quitting stops the follow cleanly and a new start goes on. No sleeps: the clock is moved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import { followName } from '../../../../electron/core/app/bulk-follows';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { silentLogger } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';
import type { BulkFollowInfo } from '../../../../shared/bulk';
import { wordsFor } from '../../../../shared/i18n';
import { addresses } from '../../../helpers/bulk-harness';
import { ManualClock } from '../../../helpers/manual-clock';
import { MemFs } from '../../../helpers/mem-tail-fs';

/** What the window and the command line say of the core's facts, in English. */
const en = wordsFor('en').w.bulkNote;

const KEY = 'FAKE-follow-key-0000-1111';
const LOG = '/var/log/nginx/access.log';

let dir = '';
let sim: Simulator | null = null;
let core: AppCore | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
  await sim?.close();
  sim = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

interface World {
  clock: ManualClock;
  fs: MemFs;
  picks: (string | null)[];
  events: BulkFollowInfo[];
  secrets: MemorySecretStore;
}

async function open(w: World, first: boolean): Promise<AppCore> {
  const c = await createAppCore({
    clock: w.clock,
    fetch,
    secrets: w.secrets,
    dataDir: dir,
    notifier: { notify() {} },
    logger: silentLogger,
    tailFs: w.fs,
    pickFollowFile: async () => w.picks.shift() ?? null,
  });
  if (first) {
    const saved = await c.handlers.saveKey({ key: KEY, baseUrl: sim!.url, verify: 'skip' });
    expect(saved.kind).toBe('saved');
  }
  c.on('bulk-follow', (f) => void w.events.push(f));
  return c;
}

async function world(): Promise<World> {
  dir = mkdtempSync(join(tmpdir(), 'lt-follow-app-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 11, 12, 0, 0));
  sim = await startSimulator({ clock, keys: { [KEY]: { monthLimit: 10_000, minuteLimit: 60, label: 'follow' } } });
  const w: World = { clock, fs: new MemFs(), picks: [], events: [], secrets: new MemorySecretStore() };
  core = await open(w, true);
  return w;
}

/** Moves the clock a second at a time (the pacer's waits, the tail's poll) until `done()`; at most `steps` turns. */
async function until(w: World, done: () => Promise<boolean>, steps = 600): Promise<void> {
  for (let i = 0; i < steps; i++) {
    if (await done()) return;
    w.clock.advance(1000);
    for (let k = 0; k < 5; k++) await new Promise((r) => setImmediate(r));
  }
  expect(await done()).toBe(true);
}

const lookedUp = () => sim!.log.filter((l) => l.path === '/v2/info' && l.status === 200).length;
const answered = async (id: string) => {
  const j = (await core!.handlers.bulkList()).find((x) => x.id === id);
  return j ? j.done + j.failed : -1;
};
const lines = (ips: string[]) =>
  ips.map((ip, i) => `${ip} - - "GET /p/${i} HTTP/1.1" 200 Chrome/120.0.6099.109\n`).join('');

it('follows the picked file as one growing job; Stop reads nothing more; Follow again reads on from where it stopped', async () => {
  const w = await world();
  const h = core!.handlers;
  const ips = addresses(7);
  w.fs.write(LOG, lines(ips.slice(0, 3)));
  w.picks.push(LOG);
  const started = await h.bulkFollow({ floor: { count: 0 } });
  if (started.kind !== 'following') throw new Error(`not following: ${JSON.stringify(started)}`);
  const id = started.job.id;
  expect(started.job.label).toBe('Following access.log');
  expect(started.follow).toMatchObject({ name: 'access.log', following: true });
  await until(w, async () => (await answered(id)) === 3);

  // One follow at a time per file.
  w.picks.push(LOG);
  const twice = await h.bulkFollow({});
  expect(twice.kind === 'refused' && en.refusal(twice.refusal)).toBe('access.log is followed already.');

  // New lines: the job grows, its rows in input order; a repeat adds a hit, not a lookup.
  w.fs.append(LOG, lines([ips[3]!, ips[0]!]));
  await until(w, async () => (await answered(id)) === 4);
  const page = await h.bulkResults({ id, offset: 0, limit: 10 });
  expect(page.rows.map((r) => r.ip)).toEqual(ips.slice(0, 4));
  expect(page.rows[0]!.hits).toBe(2);
  expect(w.events.at(-1)).toMatchObject({ jobId: id, following: true, addresses: 4 });
  const readAt = w.events.at(-1)!.lastReadAt!;
  expect(readAt).toBeGreaterThan(Date.UTC(2026, 10, 11, 12, 0, 0));
  expect(readAt).toBeLessThanOrEqual(w.clock.now());

  const stopped = await h.bulkFollowStop({ id });
  expect(stopped).toMatchObject({ jobId: id, following: false, addresses: 4, end: null });
  w.fs.append(LOG, lines(ips.slice(4, 6)));
  w.clock.advance(60_000);
  for (let k = 0; k < 20; k++) await new Promise((r) => setImmediate(r));
  expect(await answered(id)).toBe(4);
  expect((await h.bulkFollows()).find((f) => f.jobId === id)).toMatchObject({ following: false, addresses: 4 });

  const again = await h.bulkFollowAgain({ id });
  expect(again.kind).toBe('following');
  await until(w, async () => (await answered(id)) === 6);
  const rows = (await h.bulkResults({ id, offset: 0, limit: 10 })).rows;
  expect(rows.map((r) => r.ip)).toEqual(ips.slice(0, 6));
  expect(lookedUp()).toBe(6); // nothing looked up twice
  expect((await h.bulkList()).filter((j) => j.label.startsWith('Following'))).toHaveLength(1);
});

it('follows a rotation (rename and a new file) and, when the app quits, stops cleanly: the next start reads on', async () => {
  const w = await world();
  const h = core!.handlers;
  const ips = addresses(6, 23);
  w.fs.write(LOG, lines(ips.slice(0, 2)));
  w.picks.push(LOG);
  const started = await h.bulkFollow({ floor: { count: 0 } });
  if (started.kind !== 'following') throw new Error('not following');
  const id = started.job.id;
  await until(w, async () => (await answered(id)) === 2);

  w.fs.rename(LOG, `${LOG}.1`);
  w.fs.write(LOG, lines(ips.slice(2, 4)));
  await until(w, async () => (await answered(id)) === 4);
  expect((await h.bulkResults({ id, offset: 0, limit: 10 })).rows.map((r) => r.ip)).toEqual(ips.slice(0, 4));

  await core!.dispose(); // quitting
  core = null;
  // Nothing of the follow goes on: no poll left on the clock, no lookups as lines come.
  expect(w.clock.pendingTimers()).toBe(0);
  w.fs.append(LOG, lines(ips.slice(4)));
  core = await open(w, false);
  const listed = (await core.handlers.bulkFollows()).find((f) => f.jobId === id);
  expect(listed).toMatchObject({ name: 'access.log', following: false, addresses: 4 });
  expect((await core.handlers.bulkFollowAgain({ id })).kind).toBe('following');
  await until(w, async () => (await answered(id)) === 6);
  expect((await core.handlers.bulkResults({ id, offset: 0, limit: 10 })).rows.map((r) => r.ip)).toEqual(ips);
  expect(lookedUp()).toBe(6);
});

it('a file that cannot be read any more ends the follow, says why under its line, and keeps the job', async () => {
  const w = await world();
  const h = core!.handlers;
  w.fs.write(LOG, lines(addresses(2, 31)));
  w.picks.push(LOG);
  const started = await h.bulkFollow({ floor: { count: 0 } });
  if (started.kind !== 'following') throw new Error('not following');
  const id = started.job.id;
  await until(w, async () => (await answered(id)) === 2);
  w.fs.failReads = 'EIO';
  w.fs.append(LOG, lines(addresses(1, 32)));
  await until(w, async () => (await h.bulkFollows())[0]?.following === false);
  const ended = (await h.bulkFollows())[0];
  expect(ended).toMatchObject({ jobId: id, following: false, addresses: 2 });
  expect(ended?.end && en.followEnd(ended.end)).toBe('Cannot read access.log (EIO): stopped following.');
  const last = w.events.at(-1);
  expect(last?.following).toBe(false);
  expect(last?.end && en.followEnd(last.end)).toBe('Cannot read access.log (EIO): stopped following.');
  const looks = w.fs.looks;
  w.clock.advance(10_000);
  for (let k = 0; k < 10; k++) await new Promise((r) => setImmediate(r));
  expect(w.fs.looks, 'the file is not polled any more').toBe(looks);
});

it('a cancelled dialog follows nothing; without a dialog the window is told so', async () => {
  const w = await world();
  expect(await core!.handlers.bulkFollow({})).toEqual({ kind: 'cancelled' });
  expect(await core!.handlers.bulkList()).toEqual([]);
  expect(w.events).toEqual([]);
  await core!.dispose();
  core = await createAppCore({
    clock: w.clock,
    fetch,
    secrets: new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify() {} },
    logger: silentLogger,
  });
  const r = await core.handlers.bulkFollow({});
  expect(r.kind).toBe('refused');
});

it("shows a followed file's name only, on one line and bounded: its folder and control characters never reach the window", () => {
  expect(followName('/var/log/nginx/access.log')).toBe('access.log');
  expect(followName('/tmp/evil\nname\u202e.log')).toBe('evil name .log');
  const long = followName(`/tmp/${'a'.repeat(500)}.log`);
  expect(long).toHaveLength(120);
  expect(long.endsWith('…')).toBe(true);
});
