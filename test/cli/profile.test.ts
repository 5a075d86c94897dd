/**
 * `lookup-tray profile …` and `--profile` as a user meets them: the app's profiles (add, use, rename,
 * remove through the app core's handlers), named in any case as they are shown ("Default"), and the key of a
 * profile not in use set and removed with --profile. The built command, the simulator, the real keychain.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import type { Settings } from '../../shared/settings';
import { cli, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('profile');
const WORK_KEY = testKey('profile-work');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
const settings = () => JSON.parse(readFileSync(join(data.dir, 'settings.json'), 'utf8')) as Settings;

beforeAll(async () => {
  sim = await startSimulator({
    keys: {
      [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'default' },
      [WORK_KEY]: { monthLimit: 500, minuteLimit: 100, label: 'work' },
    },
  });
  data = tempDir();
});
afterAll(async () => {
  if (hasKeyring) {
    await cli(data.dir, ['--profile', 'Office', 'key', 'remove']);
    await cli(data.dir, ['key', 'remove']);
  }
  await sim.close();
  data.remove();
});

it('an unknown profile is refused (exit 2) naming the profiles as the app shows them', async () => {
  const d = tempDir();
  try {
    const r = await cli(d.dir, ['--profile', 'work', 'status']);
    expect(r).toMatchObject({ code: 2, stderr: 'lookup-tray: Unknown profile "work": the profiles are "Default".\n' });
    // "Default" is how the first profile is shown: it is accepted as it is shown, in any case.
    // …and `config get profile` shows it the same way ("default" here, "Default" elsewhere).
    expect(await cli(d.dir, ['--profile', 'Default', 'config', 'get', 'profile'])).toMatchObject({
      code: 0,
      stdout: 'Default\n',
    });
    expect((await cli(d.dir, ['--profile', 'DEFAULT', 'config', 'get', 'profile'])).code).toBe(0);
  } finally {
    d.remove();
  }
});

it.runIf(hasKeyring)(
  'profile add, list, use, rename and remove: the core’s profile operations do it, settings.json follows, names in any case',
  async () => {
    await setUp(data.dir, sim.url, KEY);
    const add = await cli(data.dir, ['profile', 'add', 'Work', '--base-url', sim.url]);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toBe('Profile "Work" added; it is now the profile in use. Its key next: lookup-tray key set\n');
    expect(settings()).toMatchObject({ profile: 'Work', profiles: { default: { baseUrl: sim.url } } });

    const list = await cli(data.dir, ['profile', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ {2}Default +http:\/\/127\.0\.0\.1:\d+ +1,000 of 1,000 left · resets \w+ \d+$/m);
    expect(list.stdout).toMatch(/^\* Work +http:\/\/127\.0\.0\.1:\d+ +no figures yet$/m);
    const json = JSON.parse((await cli(data.dir, ['profile', 'list', '--json'])).stdout) as Array<{
      label: string;
      active: boolean;
    }>;
    expect(json.map((p) => [p.label, p.active])).toEqual([
      ['Default', false],
      ['Work', true],
    ]);

    const again = await cli(data.dir, ['profile', 'add', 'work']);
    expect(again).toMatchObject({ code: 4, stderr: 'lookup-tray: There is already a profile named "Work".\n' });

    // Shown as "Default": accepted so, and in any case.
    expect(await cli(data.dir, ['profile', 'use', 'Default'])).toMatchObject({
      code: 0,
      stdout: `Now using profile "Default" (${sim.url}).\n`,
    });
    expect(settings().profile).toBe('default');
    expect((await cli(data.dir, ['profile', 'use', 'nobody'])).code).toBe(2);

    // --profile for key set: the key of a profile not in use, verified and saved for it, its figures kept.
    const workKey = await cli(data.dir, ['--profile', 'work', 'key', 'set', '--stdin'], { input: WORK_KEY });
    expect(workKey.code, workKey.stderr).toBe(0);
    expect(workKey.stderr).toContain(`Key ••••••${WORK_KEY.slice(-4)} saved in your system keychain`);
    expect(workKey.stderr).toContain('(profile "Work")');
    expect((await cli(data.dir, ['--profile', 'WORK', 'quota'])).stdout).toMatch(/Month +500 of 500 left/);
    // The profile in use kept its own key.
    expect((await cli(data.dir, ['key', 'status'])).stdout).toContain(`••••••${KEY.slice(-4)}`);

    const renamed = await cli(data.dir, ['profile', 'rename', 'WORK', 'Office']);
    expect(renamed).toMatchObject({
      code: 0,
      stdout: 'Profile "Work" renamed to "Office": its key, figures and history moved with it.\n',
    });
    expect(Object.keys(settings().profiles)).toEqual(['Office']);
    const officeKey = await cli(data.dir, ['--profile', 'office', 'key', 'status']);
    expect(officeKey.code).toBe(0);
    expect(officeKey.stdout).toContain(`••••••${WORK_KEY.slice(-4)}`);

    const asked = await cli(data.dir, ['profile', 'remove', 'office']);
    expect(asked.code).toBe(9);
    expect(asked.stderr).toContain('add --yes');
    const inUse = await cli(data.dir, ['profile', 'remove', 'default', '--yes']);
    expect(inUse.code).toBe(2);
    expect(inUse.stderr).toContain('"Default" is the profile in use');

    // --profile for key remove: that profile's key goes, the one in use stays.
    expect(await cli(data.dir, ['--profile', 'Office', 'key', 'remove'])).toMatchObject({
      code: 0,
      stdout: 'Key of profile "Office" removed from your system keychain.\n',
    });
    expect((await cli(data.dir, ['--profile', 'Office', 'key', 'status'])).code).toBe(3);
    expect((await cli(data.dir, ['key', 'status'])).code).toBe(0);

    expect(await cli(data.dir, ['profile', 'remove', 'Office', '--yes'])).toMatchObject({
      code: 0,
      stdout: 'Profile "Office" removed, with its key and its figures.\n',
    });
    expect(settings().profiles).toEqual({});
  },
);
