/**
 * Issue 24: the profile in use is not a setting. A settings patch naming `profile` (the CLI's `config set profile
 * work`, or a window's patch) is refused with a sentence saying how profiles change, so it can never rename the
 * profile in use without its key and figures (or make two profiles of one name, or bypass the no-`@` rule); and a
 * profile's keychain accounts are matched exactly, so removing profile `a` never deletes `a@team`'s key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { silentLogger } from '../../../../electron/core/lib/ports';
import { isAccountOf, keyAccount } from '../../../../electron/core/secrets/key-account';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import type { SettingsPatch } from '../../../../shared/settings';

let core: AppCore | null = null;
let dir = '';
afterEach(async () => {
  await core?.dispose();
  core = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the profile in use is not a setting', () => {
  it('a patch naming profile is refused and changes nothing; the profile operations still work', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lt-profile-patch-'));
    core = await createAppCore({
      clock: new OffsetClock(),
      fetch,
      secrets: new MemorySecretStore(),
      dataDir: dir,
      notifier: { notify() {} },
      logger: silentLogger,
    });
    const h = core.handlers;
    const out = await h.updateSettings({ profile: 'work' } as unknown as SettingsPatch);
    expect(out.kind).toBe('invalid');
    if (out.kind === 'invalid')
      expect(out.errors[0]?.message).toMatch(/profile operations \(add, switch, rename, remove\)/);
    expect((await h.getSnapshot()).settings.profile).toBe('default');
    expect((await h.updateSettings({ profile: 'a@b' } as unknown as SettingsPatch)).kind).toBe('invalid');
    expect((await h.renameProfile({ from: 'default', to: 'Home' })).kind).toBe('done');
    expect((await h.getSnapshot()).settings.profile).toBe('Home');
  });
});

describe('keychain accounts are matched exactly', () => {
  it("profile a's accounts are a and a@<origin>, never another profile's that begins the same", () => {
    expect(isAccountOf('a', 'a')).toBe(true);
    expect(isAccountOf('a', keyAccount('a', 'https://api.example.com/v2'))).toBe(true);
    expect(isAccountOf('a', 'a@team@https://api.example.com')).toBe(false);
    expect(isAccountOf('a', 'a@team')).toBe(false);
    expect(isAccountOf('a', 'ab@https://api.example.com')).toBe(false);
    expect(isAccountOf('a', 'a@https://api.example.com/path')).toBe(false);
    expect(KEYCHAIN_SERVICE).toBeTruthy();
  });
});
