/**
 * Issue 39, "Bad input spends nothing": every option of every command that can send a request (lookup, bulk,
 * quota --check, key set's verification) is checked before the first one. An invalid option exits with its code
 * and the simulator's request log stays as it was — `lookup - --csv --fields ip,contry` with six addresses on stdin
 * sent six requests, then refused the field.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { cli, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('bad-input');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
const SIX = ['8.8.8.8', '1.1.1.1', '9.9.9.9', '8.8.4.4', '1.0.0.1', '149.112.112.112'].join('\n');

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'bad-input' } } });
  data = tempDir();
  writeFileSync(join(data.dir, 'six.txt'), `${SIX}\n`);
  if (hasKeyring) await setUp(data.dir, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  await sim.close();
  data.remove();
});

/** Runs each case; each must exit with its code and leave the simulator's log as it was. */
async function refusedUnsent(cases: Array<{ args: string[]; code: number; input?: string; says?: RegExp }>) {
  for (const c of cases) {
    const before = sim.log.length;
    const r = await cli(data.dir, c.args, { input: c.input ?? '' });
    expect(r.code, `${c.args.join(' ')}: ${r.stderr}`).toBe(c.code);
    if (c.says) expect(r.stderr, c.args.join(' ')).toMatch(c.says);
    expect(sim.log.length, `${c.args.join(' ')} sent a request`).toBe(before);
  }
}

describe.runIf(hasKeyring)('an invalid option sends nothing', () => {
  it('lookup: an unknown field (from stdin or arguments), --json with --csv, an unknown option', async () => {
    await refusedUnsent([
      {
        args: ['lookup', '-', '--csv', '--fields', 'ip,contry'],
        input: SIX,
        code: 2,
        says: /Unknown field "contry": no answer has it\..*Nothing was sent\./,
      },
      { args: ['lookup', '8.8.8.8', '--fields', 'ip,location.cty.name'], code: 2, says: /Unknown field/ },
      { args: ['lookup', '8.8.8.8', '1.1.1.1', '--json', '--csv'], code: 2 },
      { args: ['lookup', '8.8.8.8', '--feilds', 'ip'], code: 2, says: /unknown option/ },
    ]);
    // What is known is still taken: a summary column, a path the app knows, and (once an answer is kept) any path of it.
    const ok = await cli(data.dir, ['lookup', '8.8.8.8', '--csv', '--fields', 'ip,country,location.city.name']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe('ip,country,location.city.name\n8.8.8.8,United States,Mountain View\n');
    const kept = await cli(data.dir, ['lookup', '8.8.8.8', '--json', '--fields', 'ip,location.continent']);
    expect(kept.code, kept.stderr).toBe(0);
    expect(Object.keys(JSON.parse(kept.stdout) as object)).toEqual(['ip', 'location.continent']);
  });

  it('bulk: an unknown field or format, a budget floor that is no number, an --out that cannot be written', async () => {
    await refusedUnsent([
      { args: ['bulk', 'six.txt', '--yes', '--fields', 'ip,contry'].map(inData), code: 2 },
      { args: ['bulk', 'six.txt', '--yes', '--format', 'xml'].map(inData), code: 2 },
      { args: ['bulk', 'six.txt', '--yes', '--budget-floor', 'lots'].map(inData), code: 2 },
      { args: ['bulk', 'six.txt', '--yes', '--out', join(data.dir, 'no', 'such', 'r.csv')].map(inData), code: 4 },
      { args: ['bulk', '-', '--yes', '--feilds', 'ip'], input: SIX, code: 2 },
    ]);
  });

  it('quota: --spend without --check, two output formats, -w or --max-age without --nagios', async () => {
    await refusedUnsent([
      { args: ['quota', '--spend'], code: 2 },
      { args: ['quota', '--check', '--json', '--nagios'], code: 2 },
      { args: ['quota', '--check', '--prometheus', '-w', '10:'], code: 2 }, // --check --prometheus is allowed (issue 41)
      { args: ['quota', '--check', '--max-age', '1h'], code: 2 },
      { args: ['quota', '--check', '--chekc'], code: 2 },
    ]);
  });

  it('key set: a base URL that is none, --spend with --no-verify, an unknown option', async () => {
    await refusedUnsent([
      { args: ['key', 'set', '--stdin', '--base-url', 'not a url'], input: KEY, code: 4 },
      { args: ['key', 'set', '--stdin', '--spend', '--no-verify'], input: KEY, code: 2 },
      { args: ['key', 'set', '--stdin', '--verfy'], input: KEY, code: 2 },
    ]);
  });

  it('status: an unknown option', async () => {
    await refusedUnsent([{ args: ['status', '--jsn'], code: 2 }]);
  });
});

/** `six.txt` as a path in the data folder (the command runs from the repository). */
function inData(arg: string): string {
  return arg === 'six.txt' ? join(data.dir, 'six.txt') : arg;
}
