/**
 * Which Chromium the ui layer runs in (test/ui/chromium.ts): Debian's /usr/bin/chromium where it exists (the CI
 * machine, the hosted Linux job), Playwright's own build on macOS, Windows and wherever Debian's is absent — and no
 * spec or config picks a browser binary of its own (a hard-coded /usr/bin/chromium kept the ui layer from starting on
 * the hosted macOS and Windows runners).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumExecutable, chromiumLaunchOptions, DEBIAN_CHROMIUM } from '../../ui/chromium';

describe('the Chromium of the ui layer', () => {
  it("Linux with Debian's chromium installed: that one", () => {
    expect(chromiumExecutable('linux', (p) => p === DEBIAN_CHROMIUM)).toBe('/usr/bin/chromium');
  });

  it("Linux without it, macOS and Windows: Playwright's own (no executablePath)", () => {
    expect(chromiumExecutable('linux', () => false)).toBeUndefined();
    expect(chromiumExecutable('darwin', () => true)).toBeUndefined();
    expect(chromiumExecutable('win32', () => true)).toBeUndefined();
  });

  it("launch options: the choice, the common switches, then the spec's own", () => {
    const o = chromiumLaunchOptions(['--host-resolver-rules=MAP rebind.test 127.0.0.1']);
    expect(o.executablePath).toBe(chromiumExecutable());
    expect(o.args[0]).toBe('--no-sandbox');
    expect(o.args.at(-1)).toBe('--host-resolver-rules=MAP rebind.test 127.0.0.1');
  });

  it('is made in one place: no ui spec or config names a browser binary itself', () => {
    const files = [
      'playwright.config.ts',
      ...readdirSync('test/ui')
        .filter((f) => f.endsWith('.ts') && f !== 'chromium.ts')
        .map((f) => join('test/ui', f)),
    ];
    const own = files.filter((f) => /executablePath|\/usr\/bin\/chromium|channel:/.test(readFileSync(f, 'utf8')));
    expect(own).toEqual([]);
    expect(readFileSync('playwright.config.ts', 'utf8')).toContain('launchOptions: chromiumLaunchOptions()');
  });
});
