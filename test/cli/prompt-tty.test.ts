/**
 * The command in a real terminal (tmux): the hidden key prompt (what is typed is not shown, the key is saved),
 * and human output with colours on a terminal, none with NO_COLOR. The key reaches tmux on stdin
 * (load-buffer -), never in any process's arguments.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { CLI, cli, hasKeyring, tempDir, testKey } from './helpers';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
if (!hasTmux) console.warn('[cli] SKIPPING the terminal tests: tmux is not installed (apt-get install tmux).');
const run = hasKeyring && hasTmux;

const KEY = testKey('tty');
const SOCKET = `lt-cli-test-${process.pid}`;
let sim: Simulator;
let data: ReturnType<typeof tempDir>;

const tmux = (args: string[], input?: string) =>
  execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { input, encoding: 'utf8' });
let session = 'lt0';
const pane = (escapes = false) => tmux(['capture-pane', '-p', '-J', ...(escapes ? ['-e'] : []), '-t', session]);

async function until(what: (screen: string) => boolean, escapes = false): Promise<string> {
  let screen = '';
  await expect.poll(() => ((screen = pane(escapes)), what(screen)), { timeout: 20_000, interval: 100 }).toBe(true);
  return screen;
}

/** Runs a shell command line in a fresh 120×40 terminal (a new session); the pane stays open to be read. */
function terminal(line: string, env: Record<string, string> = {}): void {
  const before = session;
  session = `lt${Number(session.slice(2)) + 1}`;
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  tmux([
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '120',
    '-y',
    '40',
    'env',
    ...vars,
    'sh',
    '-c',
    `${line}; echo EXIT=$?; sleep 60`,
  ]);
  // The old one goes only now: killing a server's last session ends the server.
  if (before !== 'lt0') tmux(['kill-session', '-t', before]);
}

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 30, label: 'tty' } } });
  data = tempDir();
});
afterAll(async () => {
  if (run) {
    spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
    await cli(data.dir, ['key', 'remove']);
  }
  await sim.close();
  data.remove();
});

it.runIf(run)('key set: Ctrl+C at the prompt cancels (exit 130), nothing saved', async () => {
  // The shell outlives Ctrl+C (a trap, not an ignore: the command gets it as it would).
  terminal(`trap true INT; '${process.execPath}' '${CLI}' --data-dir '${data.dir}' key set --base-url ${sim.url}`);
  await until((s) => s.includes('API key (input hidden):'));
  tmux(['send-keys', '-t', session, 'C-c']);
  const screen = await until((s) => s.includes('EXIT='));
  expect(screen).toContain('EXIT=130');
  expect(screen).toContain('lookup-tray: Cancelled: no key was saved.');
  expect(screen).not.toMatch(/\n\s+at /); // no stack trace
  expect((await cli(data.dir, ['key', 'status'])).code).toBe(3);
});

it.runIf(run)(
  'key set asks for the key on the terminal without echoing it (an empty Enter asks again), and saves it',
  async () => {
    const cmd = `'${process.execPath}' '${CLI}' --data-dir '${data.dir}' key set --base-url ${sim.url}`;
    terminal(cmd);
    await until((s) => s.includes('API key (input hidden):'));
    tmux(['send-keys', '-t', session, 'Enter']);
    await until((s) => s.includes('Paste or type the key, then Enter (Ctrl+C cancels).'));
    expect(pane()).not.toContain('EXIT=');
    tmux(['load-buffer', '-b', 'k', '-'], KEY);
    tmux(['paste-buffer', '-b', 'k', '-d', '-t', session]);
    await until((s) => s.includes('API key (input hidden):') && !s.includes(KEY));
    tmux(['send-keys', '-t', session, 'Enter']);
    const screen = await until((s) => s.includes('EXIT='));
    expect(screen).toContain('EXIT=0');
    expect(screen).toContain(`Key ••••••${KEY.slice(-4)} saved in your system keychain`);
    expect(screen).not.toContain(KEY);
    expect((await cli(data.dir, ['key', 'status'])).code).toBe(0);
  },
);

it.runIf(run)('on a terminal, lookup prints a readable summary in colour; NO_COLOR turns colours off', async () => {
  const cmd = `'${process.execPath}' '${CLI}' --data-dir '${data.dir}' lookup 8.8.8.8`;
  terminal(cmd);
  const coloured = await until((s) => s.includes('EXIT='), true);
  expect(coloured).toContain('EXIT=0');
  // eslint-disable-next-line no-control-regex -- ANSI escapes are what is checked
  expect(coloured).toMatch(/^\x1b\[1m8\.8\.8\.8(\x1b\[[0-9;]*m)*\n/m); // the bold address, alone on its line
  const plainText = pane();
  expect(plainText).toMatch(/^ {2}location +\S+.*, \S/m);
  // The address and its location each said once (not again beside the address, as the window's label does).
  const place = /^ {2}location +(.+)$/m.exec(plainText)![1]!.trim();
  expect(plainText.split(place)).toHaveLength(2);
  expect(plainText.split('8.8.8.8')).toHaveLength(2);
  expect(plainText).toMatch(/^ {2}network +\S/m);
  expect(plainText).not.toMatch(/^\s*[{[]/m); // not JSON

  terminal(cmd, { NO_COLOR: '1' });
  const plain = await until((s) => s.includes('EXIT='), true);
  expect(plain).toContain('EXIT=0');
  expect(plain).toContain('from the cache');
  expect(plain).not.toContain('\x1b[1m');
  expect(plain).not.toContain('\x1b[2m');
});

it.runIf(run)(
  'lookup of a private address on a terminal asks first: "n" sends nothing (exit 9), "y" looks it up, Ctrl+C exits 130',
  async () => {
    const before = sim.log.filter((e) => e.path === '/v2/info').length;
    const cmd = `'${process.execPath}' '${CLI}' --data-dir '${data.dir}' lookup 192.168.1.20`;
    terminal(cmd);
    await until((s) =>
      s.includes(
        '192.168.1.20: A private address: the service may know little about it. Look it up anyway (uses 1 request)? [y/N]',
      ),
    );
    tmux(['send-keys', '-t', session, 'n', 'Enter']);
    const no = await until((s) => s.includes('EXIT='));
    expect(no).toContain('EXIT=9');
    expect(no).toContain('Nothing sent.');
    expect(sim.log.filter((e) => e.path === '/v2/info').length).toBe(before);
    terminal(cmd);
    await until((s) => s.includes('[y/N]'));
    tmux(['send-keys', '-t', session, 'y', 'Enter']);
    const yes = await until((s) => s.includes('EXIT='));
    expect(yes).toContain('EXIT=0');
    expect(yes).toMatch(/^192\.168\.1\.20$/m);
    expect(sim.log.filter((e) => e.path === '/v2/info').length).toBe(before + 1);
    // Ctrl+C at the question: cancelled (exit 130), one line, nothing sent.
    terminal(`trap true INT; ${cmd.replace('192.168.1.20', '192.168.1.21')}`);
    await until((s) => s.includes('[y/N]'));
    tmux(['send-keys', '-t', session, 'C-c']);
    const cancelled = await until((s) => s.includes('EXIT='));
    expect(cancelled).toContain('EXIT=130');
    expect(cancelled).toContain('lookup-tray: Cancelled.');
    expect(sim.log.filter((e) => e.path === '/v2/info').length).toBe(before + 1);
  },
);
