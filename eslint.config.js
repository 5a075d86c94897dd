// Flat config: typescript-eslint recommended everywhere, React hooks rules in the renderer, the shell rule
// (only the files that must touch Electron may import 'electron'; docs/architecture.md, "The shell and the core") and the
// layering of electron/core (docs/architecture.md, "Layers"): one no-restricted-imports block per core folder.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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

/** The shell rule. Every block that sets no-restricted-imports repeats it: a later block replaces the options. */
const ELECTRON_PATH = {
  name: 'electron',
  message:
    "Only electron/main.ts, electron/preload.ts and electron/shell/** may import 'electron'. Pass a port instead.",
};
const ELECTRON_PATTERN = { group: ['electron/*'], message: "Only the shell may import from 'electron'." };
/** electron/cli is an entry point (the `lookup-tray` command): nothing imports it but its own tests. */
const CLI_PATTERN = {
  regex: '(^|/)cli/',
  message:
    'Nothing imports electron/cli/ (the lookup-tray command): move what you need into electron/core/ or shared/.',
};

/** no-restricted-imports with the shell rule, the CLI rule plus `patterns`. */
function restrictImports(...patterns) {
  return ['error', { paths: [ELECTRON_PATH], patterns: [ELECTRON_PATTERN, CLI_PATTERN, ...patterns] }];
}

/**
 * electron/core's folders and the core folders each may import (besides itself and shared/). Layers point one
 * way: app -> bulk -> service -> (quota, lookup-api, storage, secrets, tray) -> lib; in the middle tier only quota
 * reads lookup-api (the engine is fed parsed headers). bulk (bulk lookup jobs: extraction, cost, pacing, the job
 * runner, export) drives a profile's service and keeps its jobs in storage. update (the self-update policy, with the
 * updater behind a port) needs only lib. Nothing but app (and the composition roots outside core: electron/main.ts,
 * electron/preview, electron/cli, scripts, bench, tests) imports app.
 */
const CORE_LAYERS = {
  lib: [],
  'lookup-api': ['lib'],
  quota: ['lib', 'lookup-api'],
  storage: ['lib'],
  secrets: ['lib'],
  tray: ['lib'],
  update: ['lib'],
  service: ['lib', 'lookup-api', 'quota', 'storage', 'secrets', 'tray'],
  bulk: ['lib', 'lookup-api', 'quota', 'storage', 'service'],
  app: ['lib', 'lookup-api', 'quota', 'storage', 'secrets', 'tray', 'update', 'service', 'bulk'],
};
const CORE_FOLDERS = Object.keys(CORE_LAYERS);

/** Blocks for files `depth` folders below electron/core (1: directly in a layer folder, 2: in a sub-folder, …). */
function coreLayerBlocks(depth) {
  const up = (n) => '\\.\\./'.repeat(n);
  const files = (layer) => `electron/core/${layer}/${'*/'.repeat(depth - 1)}*.ts`;
  return Object.entries(CORE_LAYERS).map(([layer, allowed]) => {
    const forbidden = CORE_FOLDERS.filter((f) => f !== layer && !allowed.includes(f));
    const may = allowed.length ? `only ${allowed.map((f) => `${f}/`).join(', ')} and shared/` : 'only lib/ and shared/';
    const patterns = [];
    if (forbidden.length)
      patterns.push({
        regex: `^${up(depth)}(${forbidden.join('|')})(/|$)`,
        message: `electron/core/${layer}/ may import ${may} (layers: app -> bulk -> service -> quota, lookup-api, storage, secrets, tray -> lib; app -> update -> lib).`,
      });
    // Outside electron/core: shared/ only (app also starts the demo simulator).
    const outside = layer === 'app' ? `${up(1)}shared/|demo/` : `${up(1)}shared/`;
    patterns.push({
      regex: `^${up(depth + 1)}(?!${outside})`,
      message: `electron/core/${layer}/ may import nothing outside electron/core but shared/${layer === 'app' ? ' and electron/demo' : ''}.`,
    });
    return { files: [files(layer)], rules: { 'no-restricted-imports': restrictImports(...patterns) } };
  });
}

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
      'no-restricted-imports': restrictImports(),
    },
  },
  { files: ELECTRON_ALLOWED, rules: { 'no-restricted-imports': ['error', { patterns: [CLI_PATTERN] }] } },
  // No import cycles in the app's code, type-only imports included (a cycle of types still ties two modules into
  // one unit a reader has to take in together): eslint-plugin-import-x's no-cycle, resolving the extensionless
  // relative imports to .ts/.tsx files.
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // electron/cli: plain Node on the core's one entry for short-lived processes (core/app/one-shot.ts), the bulk
  // jobs (core/bulk) and shared/ (never Electron, the shell, the preview, the demo, the renderer, nor the core's
  // other modules: what the command needs of them goes through one-shot.ts). Its tests (test/cli) are the only ones
  // that import it.
  {
    files: ['electron/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictImports(
        {
          regex: '^(\\.\\./)+(shell|preview|demo|main|preload)(/|$)|^(\\.\\./)+(renderer|electron)(/|$)',
          message:
            'electron/cli/ may import electron/core/ and shared/ only (not the shell, preview, demo or renderer).',
        },
        {
          regex: '^(\\.\\./)+core/(?!app/one-shot$|bulk/)',
          message:
            'electron/cli/ reaches the core through core/app/one-shot.ts (and core/bulk/): export what the command needs from there.',
        },
      ),
    },
  },
  {
    files: ['test/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ELECTRON_PATH], patterns: [ELECTRON_PATTERN] }] },
  },
  ...[1, 2, 3].flatMap(coreLayerBlocks),
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictImports({
        regex: '^(\\.\\./)+(electron|renderer)(/|$)',
        message: 'shared/ is imported by both sides: it may not import from electron/ or renderer/.',
      }),
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictImports(
        {
          regex: '^(\\.\\./)+electron(/|$)',
          message: 'The renderer may not import electron/: it talks to the main process through shared/ipc.ts only.',
        },
        {
          group: ['zod', 'zod/*'],
          message: 'The renderer bundle stays zod-free: take ranges and defaults from shared/settings.ts.',
        },
        {
          regex: '(^|/)shared/(settings-schema|ipc-schemas)$',
          message: 'The renderer bundle stays zod-free: take ranges and defaults from shared/settings.ts.',
        },
      ),
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The classic hooks rules. The React-Compiler diagnostics that v7's "recommended" adds (purity,
    // set-state-in-effect, immutability, …) assume the compiler, which this app does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Every switch over a union names each member: a `default:` does not stand in for a missing one
  // (considerDefaultExhaustiveForUnions: false), so a new member of a union (an outcome kind, a job state) fails lint
  // in every switch that must handle it. A `default:` after every member stays allowed for values from outside
  // the type (a row a newer build wrote) or an assertNever. Needs type information: the app's code only.
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, allowDefaultCaseForExhaustiveSwitch: true },
      ],
    },
  },
  { files: ['test/fixtures/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
