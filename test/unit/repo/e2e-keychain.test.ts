/**
 * The `_electron` specs and the electron bench never open the OS keychain from Playwright's Node process: on macOS
 * an item the app created belongs to the app, and another process reading it makes the Keychain ask "allow access?"
 * with nobody there to answer. They ask the app (main.ts's hooks keychainAccountsHolding / forgetKeychainItemsHolding).
 * And where the packaged app's executable is, for the spec that launches it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagedExecutable } from '../../electron/packaged-binary';

describe('the keychain in the end-to-end specs', () => {
  it('no spec, helper or the electron bench loads a keychain binding itself', () => {
    const files = [
      ...readdirSync('test/electron').map((f) => join('test/electron', f)),
      'bench/electron-bench.ts',
    ].filter((f) => f.endsWith('.ts'));
    const direct = files.filter((f) =>
      /secrets\/key-vault|@napi-rs\/keyring|keytar|findCredentials\(/.test(readFileSync(f, 'utf8')),
    );
    expect(direct).toEqual([]);
  });

  it('main.ts offers the keychain hooks the specs use, next to the others', () => {
    const main = readFileSync('electron/main.ts', 'utf8');
    expect(main).toContain('keychainAccountsHolding:');
    expect(main).toContain('forgetKeychainItemsHolding:');
  });
});

describe('the packaged executable', () => {
  const names = { productName: 'Lookup Tray', name: 'lookup-tray' };
  const tree: Record<string, string[]> = {
    '/p': ['mac-arm64', 'win-unpacked', 'linux-unpacked', 'builder-debug.yml'],
  };
  const files = new Set([
    '/p/mac-arm64/Lookup Tray.app/Contents/MacOS/Lookup Tray',
    '/p/win-unpacked/Lookup Tray.exe',
    '/p/linux-unpacked/lookup-tray',
  ]);
  const list = (d: string) => {
    const e = tree[d];
    if (!e) throw new Error(`ENOENT ${d}`);
    return e;
  };
  const exists = (f: string) => files.has(f.replaceAll('\\', '/'));
  const norm = (p: string | null) => p && p.replaceAll('\\', '/');

  it('macOS: inside the .app bundle; Windows: the .exe; Linux: the lower-case name', () => {
    expect(norm(packagedExecutable('/p', 'darwin', names, list, exists))).toBe(
      '/p/mac-arm64/Lookup Tray.app/Contents/MacOS/Lookup Tray',
    );
    expect(norm(packagedExecutable('/p', 'win32', names, list, exists))).toBe('/p/win-unpacked/Lookup Tray.exe');
    expect(norm(packagedExecutable('/p', 'linux', names, list, exists))).toBe('/p/linux-unpacked/lookup-tray');
  });

  it('none when the folder or the executable is missing', () => {
    expect(packagedExecutable('/nowhere', 'linux', names, list, exists)).toBeNull();
    expect(packagedExecutable('/p', 'linux', names, list, () => false)).toBeNull();
    expect(packagedExecutable('/p', 'freebsd', names, list, exists)).toBeNull();
  });
});
