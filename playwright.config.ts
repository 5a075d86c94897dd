import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/ui/chromium';

/**
 * ui layer: the built renderer in Chromium (Debian's where it exists, else Playwright's: test/ui/chromium.ts), against the
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
  // Every wait is for an outcome on screen, never a fixed sleep; these bounds only say when to give up, and are set
  // for a loaded 2-core machine (on an idle one a test takes a few seconds; a screenshot under load up to 20 s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The calendar run (scripts/test-all.mjs) writes its own report beside the layer's.
  reporter: [['list'], ['json', { outputFile: process.env.LOOKUP_TRAY_UI_REPORT || '.tmp/pw-ui.json' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 380, height: 600 },
    colorScheme: 'light',
    // No traces: they would record request bodies, and a saveKey body holds the key.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Debian's Chromium where it is installed, Playwright's own build elsewhere (test/ui/chromium.ts).
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium' }],
});
