import { defineConfig } from '@playwright/test';

/**
 * electron e2e layer: Playwright `_electron` launches the built app (out/main/main.js --demo).
 * Where no Electron binary is installed (ELECTRON_SKIP_BINARY_DOWNLOAD=1, offline machines) every spec
 * skips and prints why (test/electron/electron-env.ts).
 */
export default defineConfig({
  testDir: 'test/electron',
  outputDir: '.tmp/pw-electron-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/pw-electron.json' }]],
  use: { trace: 'off', screenshot: 'only-on-failure' },
});
