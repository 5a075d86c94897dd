/**
 * `lookup-tray demo`: the app's demo service (the embedded Lookup API simulator, electron/demo/simulator.ts, with
 * the demo plan and a demo key that lives only while it runs) on a loopback port, for trying the command line
 * without a real key. It prints the base URL, the key and a data folder of its own to try them in, and runs until
 * Ctrl+C; then the service stops and the folder goes, with the key a `key set` saved for it in the keychain.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_FOLDER_KV, keyOriginKv, loadDemoMode } from '../../core/app/one-shot';
import { processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';
import { cliWords } from '../cli-words';

/** `text` as one shell word (quoted only when it needs to be). */
const shellWord = (text: string) => (/^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

export async function demoCommand(_input: ActionInput, io: Io = processIo): Promise<void> {
  const { DemoMode, DEMO_PLAN } = await loadDemoMode();
  const demo = await DemoMode.start();
  const dir = mkdtempSync(path.join(tmpdir(), 'lookup-tray-demo-'));
  // Jobs run in this folder are demo jobs: their reports say DEMO, their answers being simulated.
  await withContext({ dataDir: dir }, async (ctx) => ctx.db.writeKv(DEMO_FOLDER_KV, true));
  // Ctrl+C is heard from before it says how to stop it: a Ctrl+C right after that line stops it as well.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  const cmd = `lookup-tray --data-dir ${shellWord(dir)}`;
  const t = cliWords().w.cli.demo;
  // The labels padded alike, so the URL and the key line up ("Demo service: …", "Demo key:     …").
  const width = Math.max(t.serviceLabel.length, t.keyLabel.length) + 2;
  io.out(
    [
      `${`${t.serviceLabel}:`.padEnd(width)}${demo.baseUrl}`,
      `${`${t.keyLabel}:`.padEnd(width)}${demo.key}`,
      t.plan(DEMO_PLAN.minuteLimit, DEMO_PLAN.monthLimit),
      t.folder(dir),
      '',
      t.tryIn,
      `  printf %s ${demo.key} | ${cmd} key set --stdin --base-url ${demo.baseUrl}`,
      `  ${cmd} lookup 8.8.8.8`,
      `  ${cmd} quota`,
      '',
      t.stops,
    ].join('\n'),
  );
  await stopped;
  await demo.close();
  await forget(dir);
  io.err(cliWords().w.cli.demo.stopped);
}

/** Removes the demo folder, and first the key a `key set` saved for it (the keychain keeps no demo key). */
async function forget(dir: string): Promise<void> {
  try {
    await withContext({ dataDir: dir }, async (ctx) => {
      if (ctx.db.readKv(keyOriginKv(ctx.profile)) === null) return; // no key was saved there
      await ctx.removeKey();
    });
  } catch {
    // No keychain (then nothing was saved in it either): the folder goes all the same.
  }
  rmSync(dir, { recursive: true, force: true });
}
