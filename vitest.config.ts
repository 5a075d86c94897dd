import { defineConfig } from 'vitest/config';

// Four Vitest layers; the ui and electron layers are Playwright (playwright*.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          // fast-check's seed is fixed (printed on a failure): the same commit always decides the same.
          setupFiles: ['test/helpers/fast-check-seed.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'keychain',
          environment: 'node',
          include: ['test/keychain/**/*.test.ts'],
          testTimeout: 20_000,
          fileParallelism: false,
        },
      },
      {
        // The `lookup-tray` command end to end: real processes, the simulator, the real keychain (run it under
        // scripts/with-keyring.sh, as the keychain layer). The built command comes from out/cli (global setup).
        test: {
          name: 'cli',
          environment: 'node',
          include: ['test/cli/**/*.test.ts'],
          globalSetup: ['test/cli/global-setup.ts'],
          testTimeout: 60_000,
          // Hooks start the simulator and write or remove keys through the real keychain: at a load of 9 one took
          // over the default 10 s.
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'wiring',
          environment: 'node',
          include: ['test/wiring/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
