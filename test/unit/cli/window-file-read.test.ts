/**
 * Issue 41: the window's Open file… / drop (electron/core/bulk/file-read.ts) gives exactly what `lookup-tray bulk FILE`
 * reads from the same file (electron/cli/read-input.ts), on a generated web-server log (seed printed) and a list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { accessLog } from '../../../bench/log-gen';
import { FileReads } from '../../../electron/core/bulk/file-read';

const SEED = 4141;
const dir = mkdtempSync(join(tmpdir(), 'window-file-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quietIo = { out: () => {}, err: () => {}, outTty: false, errTty: false };

it(`the window's streamed read gives exactly the CLI's result on the same file (seed ${SEED})`, async () => {
  console.info(`window-file-read.test: log seed ${SEED}`);
  // Like the command's own tests, through a dynamic import: nothing else imports electron/cli.
  const { extractInput } = await import('../../../electron/cli/read-input');
  const log = join(dir, 'access.log');
  writeFileSync(log, Buffer.concat([...accessLog({ unique: 5000, bytes: 3_000_000, seed: SEED })]));
  const list = join(dir, 'list.txt');
  writeFileSync(list, '8.8.8.8\r\n120.0.6099.109\n10.0.0.0/30\n2001:4860:4860::8888\n192.168.1.1\n8.8.8.8');
  const reads = new FileReads({ now: () => 0 });
  for (const path of [log, list]) {
    const file = (await reads.grant(path))!;
    for (const opts of [{}, { includeReserved: true, expandRanges: true }]) {
      const got = await reads.read(file.id, opts);
      const cli = await extractInput(path, opts, quietIo);
      expect(got.kind).toBe('read');
      if (got.kind === 'read') expect(got.result).toEqual(cli);
    }
  }
  const r = await reads.read((await reads.grant(log))!.id, {});
  expect(r.kind === 'read' && r.result.addresses.length).toBeGreaterThan(4000);
});
