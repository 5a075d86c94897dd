import { defineConfig } from 'vitest/config';

// Three Vitest layers; the ui and electron layers are Playwright (playwright*.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
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
