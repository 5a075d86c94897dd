import { defineConfig } from '@playwright/test';

/**
 * ui layer: the built renderer in Debian's Chromium (Playwright's on the hosted macOS/Windows CI), against the
 * real core and the simulator through the web preview server. Each test starts its own preview in-process (test/ui/fixtures.ts): no webServer.
 */
export default defineConfig({
  testDir: 'test/ui',
  globalSetup: './test/ui/global-setup.ts',
  outputDir: '.tmp/pw-ui-results',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/pw-ui.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 380, height: 600 },
    colorScheme: 'light',
    // No traces: they would record request bodies, and a saveKey body holds the key.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's chromium, never a downloaded browser; on the hosted macOS and Windows CI jobs (which have no
      // /usr/bin/chromium) LOOKUP_TRAY_PLAYWRIGHT_CHROMIUM=1 takes Playwright's own build (npx playwright install).
      executablePath: process.env.LOOKUP_TRAY_PLAYWRIGHT_CHROMIUM === '1' ? undefined : '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
