/**
 * `lookup-tray history` as a user meets it: the requests spent show up as used on their UTC day, in the table and
 * in --json, with the same total the two lookups spent; before any service is set up it says what to run (exit 3).
 * The built command, the simulator, the real keychain.
 */
import { expect, it } from 'vitest';
import { cli, hasKeyring, keyedSimulator, tempDir } from './helpers';

const t = keyedSimulator('history');

it.runIf(hasKeyring)(
  'history shows the requests two lookups spent on their UTC day, as a table and as JSON',
  async () => {
    expect((await cli(t.dir, ['quota', '--check'])).code).toBe(0); // the month's first figure (free)
    expect((await cli(t.dir, ['lookup', '8.8.8.8', '1.1.1.1', '--json'])).code).toBe(0);

    const json = await cli(t.dir, ['history', '--json']);
    expect(json.code).toBe(0);
    const h = JSON.parse(json.stdout) as {
      profile: string;
      window: { start: string; end: string };
      daily: { day: string; used: number }[];
      total: number;
    };
    expect(h.profile).toBe('default');
    expect(h.total).toBe(2);
    expect(h.daily.reduce((n, d) => n + d.used, 0)).toBe(2);
    const spent = h.daily.filter((d) => d.used > 0);
    expect(spent.length).toBeGreaterThan(0);
    for (const d of h.daily) {
      expect(d.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.day >= h.window.start.slice(0, 10) && d.day < h.window.end.slice(0, 10)).toBe(true);
    }

    const table = await cli(t.dir, ['history']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Requests used per UTC day, \w{3} \d+ – \w{3} \d+ \(the month's window\):$/);
    expect(lines[1]).toMatch(/^day\s+used$/);
    for (const d of h.daily) expect(lines).toContain(`${d.day}  ${String(d.used).padStart(4)}`);
    expect(lines).toContain(`total       ${'2'.padStart(4)}`);
    expect(lines.at(-1)).toMatch(/^Forecast /);
  },
);

it('history before any service is set up: what to run, exit 3', async () => {
  const d = tempDir();
  try {
    const r = await cli(d.dir, ['history']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('lookup-tray key set --base-url URL');
  } finally {
    d.remove();
  }
});
