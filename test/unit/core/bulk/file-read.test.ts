/**
 * Issue 41, the window's part: "Open file…" and drop are read in the core (electron/core/bulk/file-read.ts). The
 * streamed read gives exactly what `lookup-tray bulk FILE` gets on the same file; Cancel stops the reading (no read
 * after it); a path the shell did not grant cannot be read. The logs are generated from a printed seed. (The CLI's
 * reader against this one: test/unit/cli/window-file-read.test.ts.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_CHUNK, FileReads, type ReadHandle } from '../../../../electron/core/bulk/file-read';
import { accessLog } from '../../../../bench/log-gen';
import { extractAddresses } from '../../../../electron/core/bulk/extract';

const SEED = 4141;
console.info(`file-read.test: logs from seed ${SEED}`);
const dir = mkdtempSync(join(tmpdir(), 'file-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A generated web-server log (bench/log-gen.ts: IPv4 and IPv6 clients, a Chrome User-Agent on every line). */
function writeLog(path: string, bytes: number, seed: number): void {
  writeFileSync(path, Buffer.concat([...accessLog({ unique: 3000, bytes, seed })]));
}

describe('FileReads (the window reads a file in the core)', () => {
  it('gives the whole-file result, in both options', async () => {
    const path = join(dir, 'whole.log');
    writeLog(path, 800_000, SEED + 2);
    const reads = new FileReads({ now: () => 0 });
    const file = (await reads.grant(path))!;
    expect(file.name).toBe('whole.log');
    for (const opts of [{}, { includeReserved: true }]) {
      const got = await reads.read(file.id, opts);
      expect(got).toEqual({ kind: 'read', result: extractAddresses(readFileSync(path, 'utf8'), opts) });
    }
  });

  it('reports progress: bytes read of the total and addresses found', async () => {
    const path = join(dir, 'progress.log');
    writeLog(path, 600_000, SEED);
    let t = 0;
    const reads = new FileReads({ now: () => (t += 100) });
    const file = (await reads.grant(path))!;
    const seen: { bytes: number; total: number; found: number }[] = [];
    await reads.read(file.id, {}, (p) => seen.push(p));
    const last = seen[seen.length - 1]!;
    expect(last.bytes).toBe(file.size);
    expect(last.total).toBe(file.size);
    expect(last.found).toBeGreaterThan(100);
    expect(seen.length).toBeGreaterThan(2);
  });

  it('stops reading at Cancel: no byte is read after it, and the read says cancelled', async () => {
    const path = join(dir, 'cancel.log');
    writeLog(path, 1_000_000, SEED + 1);
    let reads = 0;
    let bytesRead = 0;
    const open = async (p: string): Promise<ReadHandle> => {
      const h = await fs.open(p, 'r');
      return {
        read: async (b, o, l, pos) => {
          reads++;
          const r = await h.read(b, o, l, pos);
          bytesRead += r.bytesRead;
          return r;
        },
        close: () => h.close(),
      };
    };
    // The gate: each chunk waits for a release the test gives, never for time.
    const waiting: (() => void)[] = [];
    const beforeChunk = () => new Promise<void>((resolve) => waiting.push(resolve));
    const fr = new FileReads({ now: () => 0, open, beforeChunk });
    const file = (await fr.grant(path))!;
    expect(file.size).toBeGreaterThan(4 * FILE_CHUNK);
    const done = fr.read(file.id, {});
    const release = async () => {
      while (waiting.length === 0) await new Promise((r) => setImmediate(r));
      waiting.shift()!();
    };
    await release();
    await release();
    while (waiting.length === 0) await new Promise((r) => setImmediate(r));
    expect(reads).toBe(2);
    fr.cancel(file.id);
    waiting.shift()!();
    expect(await done).toEqual({ kind: 'cancelled' });
    expect(reads).toBe(2);
    expect(bytesRead).toBe(2 * FILE_CHUNK);
    // Read again (not cancelled): the whole file.
    const fr2 = new FileReads({ now: () => 0 });
    const again = await fr2.read((await fr2.grant(path))!.id, {});
    expect(again.kind).toBe('read');
  });

  it('refuses an id it did not grant, and a path that is not a regular file', async () => {
    const reads = new FileReads({ now: () => 0 });
    expect(await reads.read('/etc/passwd', {})).toEqual({
      kind: 'refused',
      refusal: { kind: 'not-opened' },
    });
    expect(await reads.grant(dir)).toBeNull();
    expect(await reads.grant(join(dir, 'missing.log'))).toBeNull();
    expect(await reads.grant('')).toBeNull();
    const path = join(dir, 'forgotten.log');
    writeFileSync(path, '8.8.8.8\n');
    const file = (await reads.grant(path))!;
    reads.forget(file.id);
    expect((await reads.read(file.id, {})).kind).toBe('refused');
  });
});
