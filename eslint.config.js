// Flat config: typescript-eslint recommended everywhere, React hooks rules in the renderer, and the shell rule:
// only the files that must touch Electron may import 'electron' (design.md, "The shell is thin").
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ELECTRON_ALLOWED = [
  'electron/main.ts',
  'electron/preload.ts',
  'electron/shell/**',
  'test/wiring/**',
  'test/electron/**',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      '.tmp/**',
      'bench/results.json',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message:
                "Only electron/main.ts, electron/preload.ts and electron/shell/** may import 'electron'. Pass a port instead.",
            },
          ],
          patterns: [{ group: ['electron/*'], message: "Only the shell may import from 'electron'." }],
        },
      ],
    },
  },
  { files: ELECTRON_ALLOWED, rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The classic hooks rules. The React-Compiler diagnostics that v7's "recommended" adds (purity,
    // set-state-in-effect, immutability, …) assume the compiler, which this app does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['test/fixtures/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
