/**
 * The completion scripts in real shells (bash, zsh, fish in tmux), on a data folder someone handed over whose
 * profile names hold shell syntax: pressing Tab must run none of it, and the word it puts on the line must reach
 * the command as the literal name. `lookup-tray` on PATH is a stand-in that runs the real command for
 * `profile list --names` (what the scripts ask) and otherwise prints the arguments it got, one `<…>` each.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/settings';
import { profileFields } from '../../shared/settings-schema';
import { CLI, cli, tempDir } from './helpers';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
if (!hasTmux) console.warn('[cli] SKIPPING the completion-in-a-shell tests: tmux is not installed.');

/** Names a folder may hold from before names were restricted (written straight into its settings.json). */
const HOSTILE = {
  bash: 'w$(touch${IFS}pwned)',
  zsh: 'z$(touch pwned)',
  fish: 'f(touch pwned)',
  backticks: 'b`touch pwned`',
};
const SPACED = 'Client A';

const SOCKET = `lt-completion-test-${process.pid}`;
const tmux = (args: string[]) => execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], { encoding: 'utf8' });
let root: ReturnType<typeof tempDir>;
let folder: string;
let bin: string;
/** Each shell starts in a folder of its own, where a name's `touch pwned` would land. */
const cwd = (session: string) => join(root.dir, `cwd-${session}`);
const marker = (session: string) => join(cwd(session), 'pwned');

beforeAll(() => {
  root = tempDir('lt-completion-');
  folder = join(root.dir, 'data');
  bin = join(root.dir, 'bin');
  for (const d of [folder, bin, join(root.dir, 'home')]) mkdirSync(d);
  writeFileSync(
    join(folder, 'settings.json'),
    JSON.stringify({
      ...DEFAULT_SETTINGS,
      profiles: Object.fromEntries(
        [...Object.values(HOSTILE), SPACED].map((n) => [n, profileFields(DEFAULT_SETTINGS as Settings)]),
      ),
    }),
  );
  writeFileSync(
    join(bin, 'lookup-tray'),
    `#!/bin/sh
case "$*" in *"profile list --names") exec '${process.execPath}' '${CLI}' "$@" ;; esac
printf 'ARGS'; printf ' <%s>' "$@"; printf '\\n'
`,
    { mode: 0o755 },
  );
});
afterAll(() => {
  if (hasTmux) spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
  root.remove();
});

const pane = (s: string) => tmux(['capture-pane', '-p', '-J', '-S', '-', '-t', s]);

/** A shell of its own in a 200×50 terminal, its completion script loaded; resolves when it is ready. */
async function shell(name: 'bash' | 'zsh' | 'fish'): Promise<string> {
  const script = join(root.dir, `completion.${name}`);
  writeFileSync(script, (await cli(null, ['completion', name])).stdout);
  const argv = { bash: ['bash', '--norc', '--noprofile'], zsh: ['zsh', '-f'], fish: ['fish', '--no-config'] }[name];
  const home = join(root.dir, 'home');
  mkdirSync(cwd(name));
  const env = [`HOME=${home}`, `XDG_CONFIG_HOME=${home}`, `XDG_DATA_HOME=${home}`, `PATH=${bin}:${process.env.PATH}`];
  tmux(['new-session', '-d', '-s', name, '-x', '200', '-y', '50', '-c', cwd(name), 'env', ...env, ...argv]);
  const setup = {
    bash: `source '${script}'; echo READY`,
    zsh: `autoload -Uz compinit && compinit -u -D && source '${script}' && echo READY`,
    fish: `source '${script}'; echo READY`,
  }[name];
  tmux(['send-keys', '-t', name, '-l', setup]);
  tmux(['send-keys', '-t', name, 'Enter']);
  await expect.poll(() => /^READY$/m.test(pane(name)), { timeout: 20_000, interval: 100 }).toBe(true);
  return name;
}

/** Types `line`, then Tab, then Enter; the arguments the command got. */
async function tabEnter(session: string, line: string): Promise<string[]> {
  const runs = () => pane(session).match(/^ARGS.*$/gm) ?? [];
  const before = runs().length;
  tmux(['send-keys', '-t', session, '-l', line]);
  tmux(['send-keys', '-t', session, 'Tab', 'Enter']);
  await expect
    .poll(() => existsSync(marker(session)) || runs().length > before, { timeout: 20_000, interval: 100 })
    .toBe(true);
  expect(existsSync(marker(session)), `${session}: completing "${line}" ran a command held in a profile's name`).toBe(
    false,
  );
  return [...runs()[before]!.matchAll(/ <([^>]*)>/g)].map((m) => m[1]!);
}

describe.runIf(hasTmux)('completion in a real shell, on a folder whose profile names hold shell syntax', () => {
  for (const name of ['bash', 'zsh', 'fish'] as const) {
    it.runIf(has(name))(
      `${name}: Tab after --data-dir DIR --profile and after profile use runs nothing and puts the literal name on the line`,
      async () => {
        const s = await shell(name);
        const dd = ['--data-dir', folder];
        for (const hostile of Object.values(HOSTILE)) {
          expect(await tabEnter(s, `lookup-tray --data-dir ${folder} --profile ${hostile[0]}`)).toEqual([
            ...dd,
            '--profile',
            hostile,
          ]);
          expect(await tabEnter(s, `lookup-tray --data-dir ${folder} profile use ${hostile[0]}`)).toEqual([
            ...dd,
            'profile',
            'use',
            hostile,
          ]);
        }
        expect(await tabEnter(s, `lookup-tray --data-dir ${folder} profile remove Cl`)).toEqual([
          ...dd,
          'profile',
          'remove',
          SPACED,
        ]);
        expect(existsSync(marker(s))).toBe(false);
      },
    );
  }
});

it('profile add and rename refuse a name with shell syntax (exit 4, one line); a folder holding one still lists it', async () => {
  const message =
    'lookup-tray: Profile names use letters, digits, spaces, ".", "_" and "-" only, starting with a letter or a digit.\n';
  const d = tempDir();
  try {
    expect(await cli(d.dir, ['profile', 'add', 'x$(id)'])).toMatchObject({ code: 4, stderr: message });
    expect(await cli(d.dir, ['profile', 'add', 'Work'])).toMatchObject({ code: 0 });
    expect(await cli(d.dir, ['profile', 'rename', 'Work', 'a`id`'])).toMatchObject({ code: 4, stderr: message });
  } finally {
    d.remove();
  }
  const list = await cli(folder, ['profile', 'list']);
  expect(list.code, list.stderr).toBe(0);
  for (const name of Object.values(HOSTILE)) expect(list.stdout).toContain(`  ${name}  `);
});
