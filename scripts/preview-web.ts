/**
 * npm run preview:web -- [--port 5199] [--data-dir DIR] [--keychain] [--demo [--demo-start ISO]] [--build]
 *
 * The renderer in a browser with the real main-process core behind it (see electron/preview/server.ts).
 * Keys live in memory unless --keychain is given; data in --data-dir (default: a fresh temp dir).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createAppCore } from '../electron/core/app/app-core';
import type { AppCore } from '../electron/core/app/app-core-types';
import { loadKeytar, MemorySecretStore } from '../electron/core/secrets/key-vault';
import { DataFolderError, openDataFolder } from '../electron/core/storage/data-folder';
import { systemClock, type Logger, type Notifier } from '../electron/core/lib/ports';
import { nodeFetch } from '../electron/core/lib/node-network';
import { startPreviewServer, type PreviewServer } from '../electron/preview/server';
import { previewSaveTextFile } from '../electron/preview/save-file';
import { PreviewOpenFile } from '../electron/preview/open-file';
import { ensureRendererBuild, RENDERER_OUT } from './ensure-renderer-build';

const USAGE = `Usage: npm run preview:web -- [--port N] [--data-dir DIR] [--keychain] [--demo [--demo-start ISO]] [--build]
  --port N        listen on port N of a loopback address of its own, 127.x.y.z (default 5199; 0 = any free port)
  --data-dir DIR  keep settings and state in DIR (default: a fresh temporary directory, removed on exit)
  --keychain      keep the API key in the OS keychain (default: in memory, for this run only)
  --demo          start in demo mode on the embedded simulator
  --demo-start T  demo mode's simulated service starts at instant T (ISO 8601, e.g. 2026-11-10T12:00Z), not now
  --follow-file F what Bulk → Follow a file… picks (the preview has no open dialog; every pick takes F)
  --build         rebuild the renderer first even if out/renderer looks current
  --verbose       log every API call`;

function parse() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5199' },
      'data-dir': { type: 'string' },
      keychain: { type: 'boolean', default: false },
      demo: { type: 'boolean', default: false },
      'demo-start': { type: 'string' },
      'follow-file': { type: 'string' },
      build: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, not "${values.port}"`);
  const demoStartAt = values['demo-start'] === undefined ? undefined : Date.parse(values['demo-start']);
  if (demoStartAt !== undefined && !Number.isFinite(demoStartAt))
    throw new Error(`--demo-start must be an ISO 8601 instant (2026-11-10T12:00Z), not "${values['demo-start']}"`);
  return { ...values, port, demoStartAt };
}

const fmt = (extra?: Record<string, unknown>) =>
  extra && Object.keys(extra).length ? ` ${JSON.stringify(extra)}` : '';
const verbose = process.argv.includes('--verbose');
const logger: Logger = {
  info: (m, e) => {
    if (verbose || !m.startsWith('preview: api call')) console.log(`[preview] ${m}${fmt(e)}`);
  },
  warn: (m, e) => console.warn(`[preview] warning: ${m}${fmt(e)}`),
  error: (m, e) => console.error(`[preview] error: ${m}${fmt(e)}`),
};
// The core emits a `notification` event for each of these too; the page shows it in-page.
const notifier: Notifier = { notify: (n) => console.log(`[notification] ${n.title} — ${n.body}`) };

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  ensureRendererBuild({ force: args.build });

  const dataDir = args['data-dir'] ? resolve(args['data-dir']) : mkdtempSync(join(tmpdir(), 'lookup-tray-preview-'));
  try {
    // The user's own folder only (a symlink, another user's, one others can write to: refused), as the CLI does.
    openDataFolder(dataDir);
  } catch (err) {
    if (!(err instanceof DataFolderError)) throw err;
    console.error(`[preview] ${err.message}`);
    process.exit(1);
  }
  const secrets = args.keychain ? await loadKeytar(logger) : new MemorySecretStore();

  let core: AppCore | null = null;
  let server: PreviewServer | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[preview] ${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    try {
      await server?.close();
      await core?.dispose();
      if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  core = await createAppCore({
    clock: systemClock,
    fetch: nodeFetch(),
    secrets,
    dataDir,
    notifier,
    logger,
    demo: args.demo,
    demoStartAt: args.demoStartAt,
    saveTextFile: previewSaveTextFile(dataDir),
    ...(args['follow-file'] ? { pickFollowFile: async () => resolve(args['follow-file']!) } : {}),
    // No file dialog in a browser tab: "Open file…" opens LOOKUP_TRAY_PREVIEW_OPEN_FILE, if set (docs/bulk.md).
    openFile: new PreviewOpenFile().port,
  });
  // The browser tab is the window: visible while the preview runs.
  core.setWindowVisible(true);
  server = await startPreviewServer({ core, rendererDir: RENDERER_OUT, port: args.port, logger });

  console.log(`Lookup Tray web preview${args.demo ? ' (DEMO)' : ''}`);
  // The token in this address is exchanged for a session cookie; without it the preview answers 403.
  console.log(`  open:     ${server.openUrl}`);
  console.log('            (it lets the browser that opens it in for this run: keep it to yourself)');
  console.log(`  data dir: ${dataDir}${args['data-dir'] ? '' : ' (temporary: removed on exit)'}`);
  console.log(`  key:      ${args.keychain ? 'OS keychain' : 'in memory (this run only)'}`);
  console.log('Press Ctrl+C to stop.');
}

main().catch((err: unknown) => {
  console.error(`[preview] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
