import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering of electron/core (and shared/, renderer/) is enforced by eslint.config.js. These cases run the
 * repository's own config on snippets placed at the paths they would have, so a config change that stops
 * enforcing a rule fails here.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  // The import rules only: no-cycle (eslint-plugin-import-x) would resolve the snippets' imports across the whole
  // tree on a loaded machine, and has its own check (import-cycles.test.ts); the typed rules need the snippet in
  // the TypeScript project, which it is not (switch-exhaustiveness.test.ts runs them).
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { 'import-x/no-cycle': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
    },
  });
});

/** The no-restricted-imports messages ESLint reports for `code` placed at `filePath`. */
async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  if (!result) throw new Error('no lint result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('\n'));
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layering (eslint.config.js)', () => {
  it('quota/ may not import storage/', async () => {
    const m = await restrictions('electron/core/quota/whatever.ts', "import { x } from '../storage/json-file-store';");
    expect(m).toHaveLength(1);
    expect(m[0]).toContain('electron/core/quota/ may import only lib/, lookup-api/ and shared/');
  });

  it('lookup-api/ may not import the quota engine, not even its type', async () => {
    const m = await restrictions('electron/core/lookup-api/whatever.ts', "import type { x } from '../quota/engine';");
    expect(m).toHaveLength(1);
    expect(m[0]).toContain('electron/core/lookup-api/ may import only lib/ and shared/');
  });

  it('lib/ may not import service/', async () => {
    const m = await restrictions('electron/core/lib/whatever.ts', "import { x } from '../service/quota-service';");
    expect(m).toHaveLength(1);
    expect(m[0]).toContain('electron/core/lib/ may import only lib/ and shared/');
  });

  it('nothing in core but app/ imports app/', async () => {
    for (const layer of ['service', 'quota', 'storage', 'tray']) {
      const m = await restrictions(`electron/core/${layer}/whatever.ts`, "import { x } from '../app/app-core';");
      expect(m, layer).toHaveLength(1);
    }
    expect(await restrictions('electron/core/app/whatever.ts', "import { x } from './app-core';")).toEqual([]);
  });

  it('service/ and storage/ point down, not up or sideways', async () => {
    expect(
      await restrictions('electron/core/storage/whatever.ts', "import { x } from '../service/lookup-cache';"),
    ).toHaveLength(1);
    expect(
      await restrictions('electron/core/service/whatever.ts', "import { x } from '../app/service-config';"),
    ).toHaveLength(1);
  });

  it('core reaches nothing outside itself but shared/ (app/ also the demo simulator)', async () => {
    const m = await restrictions('electron/core/service/whatever.ts', "import { x } from '../../shell/tray';");
    expect(m).toHaveLength(1);
    expect(m[0]).toContain('may import nothing outside electron/core but shared/');
    expect(await restrictions('electron/core/app/whatever.ts', "import { x } from '../../demo/simulator';")).toEqual(
      [],
    );
    expect(
      await restrictions('electron/core/quota/whatever.ts', "import { x } from '../../demo/simulator';"),
    ).toHaveLength(1);
  });

  it('electron/cli uses the core through its one-shot entry and core/bulk, and shared/; nothing imports electron/cli', async () => {
    expect(await restrictions('electron/cli/commands/x.ts', "import { x } from '../../core/app/one-shot';")).toEqual(
      [],
    );
    expect(await restrictions('electron/cli/x.ts', "import { x } from '../core/bulk/bulk-jobs';")).toEqual([]);
    for (const bad of ['../../core/app/app-core', '../../core/service/quota-service', '../../core/lib/ports'])
      expect(await restrictions('electron/cli/commands/x.ts', `import { x } from '${bad}';`), bad).toHaveLength(1);
    expect(await restrictions('electron/cli/x.ts', "import { x } from '../../shared/ipc';")).toEqual([]);
    for (const bad of ['../preview/server', '../demo/simulator', '../shell/tray', '../../renderer/src/App'])
      expect(await restrictions('electron/cli/x.ts', `import { x } from '${bad}';`), bad).toHaveLength(1);
    expect(await restrictions('electron/cli/x.ts', "import { app } from 'electron';")).toHaveLength(1);
    for (const [file, spec] of [
      ['electron/core/app/x.ts', '../../cli/with-context'],
      ['electron/preview/x.ts', '../cli/with-context'],
      ['electron/main.ts', './cli/main'],
      ['electron/shell/x.ts', '../cli/output'],
    ])
      expect(await restrictions(file!, `import { x } from '${spec}';`), file).not.toEqual([]);
  });

  it('holds in sub-folders of a layer too (app/handlers, …)', async () => {
    expect(
      await restrictions('electron/core/service/sub/whatever.ts', "import { x } from '../../app/service-config';"),
    ).toHaveLength(1);
    expect(
      await restrictions('electron/core/app/handlers/whatever.ts', "import { x } from '../../../shell/tray';"),
    ).toHaveLength(1);
    for (const code of [
      "import { x } from '../service-host';",
      "import { x } from '../../service/quota-service';",
      "import { x } from '../../../../shared/ipc';",
    ])
      expect(await restrictions('electron/core/app/handlers/whatever.ts', code), code).toEqual([]);
  });

  it('allows the imports that point one way', async () => {
    const allowed: Array<[string, string]> = [
      ['electron/core/quota/whatever.ts', "import { x } from '../lookup-api/quota-headers';"],
      ['electron/core/quota/whatever.ts', "import { x } from '../lib/guards';"],
      ['electron/core/lookup-api/whatever.ts', "import { x } from '../lib/redact';"],
      ['electron/core/lib/whatever.ts', "import { x } from '../../../shared/quota';"],
      ['electron/core/service/whatever.ts', "import { x } from '../quota/engine';"],
      ['electron/core/service/whatever.ts', "import { x } from '../storage/state-db';"],
      ['electron/core/app/whatever.ts', "import { x } from '../service/quota-service';"],
      ['electron/preview/whatever.ts', "import { x } from '../core/app/app-core';"],
      ['scripts/whatever.ts', "import { x } from '../electron/core/app/app-core';"],
    ];
    for (const [file, code] of allowed) expect(await restrictions(file, code), `${file}: ${code}`).toEqual([]);
  });

  it('bulk/ sits between app/ and service/: it drives the service and storage, never app/ or secrets/', async () => {
    expect(
      await restrictions('electron/core/bulk/whatever.ts', "import { x } from '../service/quota-service';"),
    ).toEqual([]);
    expect(await restrictions('electron/core/bulk/whatever.ts', "import { x } from '../storage/state-db';")).toEqual(
      [],
    );
    expect(await restrictions('electron/core/app/whatever.ts', "import { x } from '../bulk/extract';")).toEqual([]);
    const up = await restrictions('electron/core/bulk/whatever.ts', "import { x } from '../app/app-core';");
    expect(up).toHaveLength(1);
    expect(up[0]).toContain('electron/core/bulk/ may import only lib/, lookup-api/, quota/, storage/, service/');
    expect(
      await restrictions('electron/core/bulk/whatever.ts', "import { x } from '../secrets/key-vault';"),
    ).toHaveLength(1);
    expect(
      await restrictions('electron/core/service/whatever.ts', "import { x } from '../bulk/extract';"),
    ).toHaveLength(1);
  });

  it('keeps the shell rule in every layer block', async () => {
    const m = await restrictions('electron/core/quota/whatever.ts', "import { x } from 'electron';");
    expect(m).toHaveLength(1);
    expect(m[0]).toContain("Only electron/main.ts, electron/preload.ts and electron/shell/** may import 'electron'");
    expect(await restrictions('renderer/src/whatever.ts', "import { x } from 'electron';")).toHaveLength(1);
  });

  it('shared/ imports neither electron/ nor renderer/, and the renderer does not import electron/', async () => {
    const s = await restrictions('shared/whatever.ts', "import { x } from '../electron/core/lib/guards';");
    expect(s).toHaveLength(1);
    expect(s[0]).toContain('shared/ is imported by both sides');
    expect(await restrictions('shared/whatever.ts', "import { x } from '../renderer/src/format';")).toHaveLength(1);
    const r = await restrictions(
      'renderer/src/components/whatever.tsx',
      "import { x } from '../../../electron/core/lib/guards';",
    );
    expect(r).toHaveLength(1);
    expect(r[0]).toContain('The renderer may not import electron/');
    expect(await restrictions('renderer/src/whatever.ts', "import { x } from '../../shared/ipc';")).toEqual([]);
  });

  it('the renderer imports neither zod nor the zod schemas (its bundle stays small); shared/settings.ts is fine', async () => {
    const z = await restrictions('renderer/src/whatever.ts', "import { z as x } from 'zod';");
    expect(z).toHaveLength(1);
    expect(z[0]).toContain('The renderer bundle stays zod-free');
    for (const m of ['settings-schema', 'ipc-schemas'])
      expect(
        await restrictions('renderer/src/components/whatever.tsx', `import { x } from '../../../shared/${m}';`),
      ).toHaveLength(1);
    expect(
      await restrictions('renderer/src/whatever.ts', "import { LIMITS as x } from '../../shared/settings';"),
    ).toEqual([]);
  });
});
