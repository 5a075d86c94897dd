/**
 * Issue 41: `lookup-tray bulk` reads its input in chunks (electron/cli/read-input.ts). A generated web-server log
 * (bench/log-gen.ts, a Chrome User-Agent on every line) through a file and through standard input: the counts are the
 * log's, the User-Agents' versions are summed up once as noise (not one "line N" each), no progress off a terminal; a
 * list still names its bad line. Ctrl+C while reading stops at once (exit 130). No key: the preview is printed, then
 * the command stops before sending (exit 3), as it would without one.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessLog } from '../../bench/log-gen';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { CLI, cli, tempDir, track, withoutProxy } from './helpers';

const UNIQUE = 3000;
let data: ReturnType<typeof tempDir>;
let log: string;
let lines = 0;

beforeAll(() => {
  data = tempDir();
  const settings = { ...structuredClone(DEFAULT_SETTINGS), baseUrl: 'http://127.0.0.1:9' };
  writeFileSync(join(data.dir, 'settings.json'), JSON.stringify(settings, null, 2));
  log = join(data.dir, 'access.log');
  // About 8 MB: 40 000 lines, read in 1 MiB chunks, so lines and addresses are cut between chunks.
  const chunks = [...accessLog({ unique: UNIQUE, bytes: 8_000_000, seed: 41, chunk: 65_536 })];
  const text = Buffer.concat(chunks);
  writeFileSync(log, text);
  for (const b of text) if (b === 10) lines++;
});
afterAll(() => data.remove());

function expectLogPreview(stderr: string): void {
  expect(stderr).toMatch(
    new RegExp(
      `^${lines.toLocaleString('en-US')} version-like tokens skipped, e\\.g\\. 1\\d\\d\\.0\\.\\d{4}\\.\\d+\\.$`,
      'm',
    ),
  );
  expect(stderr).not.toMatch(/^line \d+:/m);
  expect(stderr).not.toContain('not addresses');
  expect(stderr).toContain(`${UNIQUE.toLocaleString('en-US')} unique addresses: 0 answered from the cache (free)`);
  // Counts are grouped as the cost's are (the catalog's numbers).
  expect(stderr).toContain(`${(lines - UNIQUE).toLocaleString('en-US')} repeated addresses looked up once.`);
  expect(stderr).not.toContain(' read, '); // no progress line: stderr is not a terminal
}

it('a log file: counts are the whole log, its User-Agent versions summed up once, no progress off a terminal', async () => {
  const r = await cli(data.dir, ['bulk', log]);
  expect(r.code, r.stderr).toBe(3);
  expectLogPreview(r.stderr);
});

it('the same log through standard input gives the same preview', async () => {
  const r = await cli(data.dir, ['bulk', '-'], { input: readFileSync(log, 'latin1') });
  expect(r.code, r.stderr).toBe(3);
  expectLogPreview(r.stderr);
});

it('a list still reports its bad line by number', async () => {
  const list = join(data.dir, 'list.txt');
  writeFileSync(list, '8.8.8.8\n120.0.6099.109\n1.1.1.1\n');
  const r = await cli(data.dir, ['bulk', list]);
  expect(r.stderr).toContain('line 2: “120.0.6099.109” is not a valid IPv4 address.');
  expect(r.stderr).not.toContain('version-like');
});

it('Ctrl+C while reading standard input stops at once: exit 130, nothing sent', async () => {
  const child = track(spawn(process.execPath, [CLI, '--data-dir', data.dir, 'bulk', '-'], { env: withoutProxy() }));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // 2 MB of log, the input left open: once the pipe has taken it all (drain), the command has been reading (its
  // Ctrl+C handler is set before the first read) and is waiting for more.
  const big = Buffer.concat([...accessLog({ unique: 100, bytes: 2_000_000, seed: 7 })]);
  if (child.stdin.write(big)) throw new Error('the pipe took 2 MB at once: cannot tell that the command reads');
  await once(child.stdin, 'drain');
  child.kill('SIGINT');
  expect(await closed).toBe(130);
  expect(stderr).toContain('Stopped reading standard input (Ctrl+C): nothing was sent.');
  child.stdin.destroy();
});

it.runIf(spawnSync('tmux', ['-V']).status === 0)(
  'on a terminal, a line says what was read while reading, and is cleared when the reading ends',
  async () => {
    const sock = `lt-bulk-stream-${process.pid}`;
    // The log, then the terminal: the command has read the whole log and waits for more, its line on the screen;
    // Ctrl+D ends the input. (Ctrl+C is the test above: on a terminal it also ends cat, whose end of input could
    // reach the command before its signal.)
    const line = `cat '${log}' - | '${process.execPath}' '${CLI}' --data-dir '${data.dir}' bulk -; echo EXIT=$?; sleep 60`;
    const tmux = (...args: string[]) => execFileSync('tmux', ['-L', sock, ...args], { encoding: 'utf8' });
    try {
      tmux('-f', '/dev/null', 'new-session', '-d', '-s', 's', '-x', '150', '-y', '20', 'sh', '-c', line);
      const size = statSync(log).size;
      const read = `standard input: ${(size / 1e6).toFixed(1)} MB read, ${UNIQUE.toLocaleString('en-US')} addresses`;
      await expect
        .poll(() => tmux('capture-pane', '-p', '-t', 's'), { timeout: 30_000, interval: 100 })
        .toContain(read);
      tmux('send-keys', '-t', 's', 'C-d');
      let screen = '';
      await expect
        .poll(() => (screen = tmux('capture-pane', '-p', '-t', 's')), { timeout: 30_000, interval: 100 })
        .toContain('EXIT=');
      expect(screen).toContain('EXIT=3'); // no key: the preview, then nothing sent
      expect(screen).toContain(`${UNIQUE.toLocaleString('en-US')} unique addresses`);
      expect(screen).not.toContain(' read, '); // the progress line was cleared before the preview
    } finally {
      spawnSync('tmux', ['-L', sock, 'kill-server']);
    }
  },
);
