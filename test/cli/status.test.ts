/**
 * `lookup-tray status` before everything is set up, as a user meets it: one piece of advice, in the
 * command line's words (a command to run, not "open Lookup Tray"), naming the profile when there are several.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { cli, hasKeyring, tempDir } from './helpers';

let sim: Simulator;
let data: ReturnType<typeof tempDir>;

beforeAll(async () => {
  sim = await startSimulator({ keys: {} });
  data = tempDir();
});
afterAll(async () => {
  await sim.close();
  data.remove();
});

it.runIf(hasKeyring)(
  'status without a key: one piece of advice for the command line, naming the profile when there are several',
  async () => {
    const fresh = await cli(data.dir, ['status']);
    expect(fresh).toMatchObject({
      code: 0,
      stdout: 'No service set up yet: run lookup-tray key set --base-url URL\n',
    });
    expect((await cli(data.dir, ['config', 'set', 'baseUrl', sim.url])).code).toBe(0);
    const noKey = await cli(data.dir, ['status']);
    expect(noKey.stdout).toBe(`No API key saved for ${sim.url}: run lookup-tray key set\n`);
    expect(noKey.stdout).not.toContain('Lookup Tray'); // the app's wording ("open Lookup Tray to add one")

    expect((await cli(data.dir, ['profile', 'add', 'Work'])).code).toBe(0);
    const work = await cli(data.dir, ['status']);
    expect(work.stdout).toBe(
      'Profile "Work"\nNo service set up yet: run lookup-tray --profile "Work" key set --base-url URL\n',
    );
    const other = await cli(data.dir, ['--profile', 'default', 'status']);
    expect(other.stdout).toBe(
      `Profile "Default"\nNo API key saved for ${sim.url}: run lookup-tray --profile "Default" key set\n`,
    );
    expect(JSON.parse((await cli(data.dir, ['status', '--json'])).stdout)).toMatchObject({
      profile: 'Work',
      hasKey: false,
    });
  },
);

it('status with no keychain at all: that is the one piece of advice', async () => {
  const d = tempDir();
  try {
    const r = await cli(d.dir, ['status'], {
      env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${d.dir}/no-bus` },
    });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^No system keychain found: install and unlock/),
    ]);
  } finally {
    d.remove();
  }
});
