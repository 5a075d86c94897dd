import { defineConfig } from '@playwright/test';

/**
 * electron e2e layer: Playwright `_electron` launches the built app (out/main/main.js; in demo mode, or against a
 * simulator started by the spec with its key in the real OS keychain — on Linux run it in scripts/with-keyring.sh).
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
  // Failure traces and screenshots are CI artifacts (.github/workflows/ci.yml); the only key these specs ever type
  // is the made-up E2E_KEY (test/electron/electron-env.ts), so a trace holds no secret.
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
