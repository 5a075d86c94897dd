/**
 * The one place that picks the Chromium every ui spec runs in (playwright.config.ts, and the specs that need launch
 * options of their own): Debian's /usr/bin/chromium where it exists — the project's CI machine and the hosted Linux
 * job (.ci/run installs it), offline machines where no browser downloads — and Playwright's own build everywhere
 * else (the hosted macOS and Windows jobs run `npx playwright install chromium`).
 */
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The browser binary to launch, or undefined for Playwright's own Chromium. */
export function chromiumExecutable(
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  return platform === 'linux' && exists(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;
}

/** Switches every launch gets: no sandbox (root in CI containers), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright launchOptions: the chosen Chromium with CHROMIUM_ARGS and `extraArgs`. */
export function chromiumLaunchOptions(extraArgs: string[] = []): { executablePath?: string; args: string[] } {
  const executablePath = chromiumExecutable();
  return { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS, ...extraArgs] };
}
