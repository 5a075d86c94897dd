/**
 * The command line's outputs checked as the window's are (test/ui/i18n-pseudo.spec.ts): the main commands run in
 * the pseudo-locale (LC_ALL=pseudo: every catalog sentence bracketed ⟦…⟧, shared/i18n/pseudo.ts) against the
 * simulator, and every line of human text on stdout and stderr must be catalog text or data. What is left of a line
 * once the bracketed text and the data are taken out must hold no word.
 *
 * Checked too: `demo` (its lines until Ctrl+C, then its last line), `key set`'s lines (saved; a refused key or base
 * URL; the --spend consent of a service without a free status check), `profile`'s refusals and its --yes line, a
 * private address not looked up, a stdin line that is no address, `config get`'s read-only note, `report
 * --block-list`'s count. The test's API key appears in no output of any run.
 *
 * Not checked, and why:
 * - --json, CSV, Prometheus and Nagios output, --help, usage errors (exit 2: an unknown profile, removing the
 *   profile in use), exit-code lines, completion: machine-read, English in every language by design (docs/cli.md,
 *   "Languages"); the commands below run without them.
 * - `serve --help`: help is stable English.
 * - Data, shown as it is: addresses, URLs, paths, numbers and dates the service sent or the folder holds, the
 *   profile's and the settings' names, `config`'s `name = value` (identifiers and values, read by scripts), `demo`'s
 *   key and the commands it prints to copy.
 * - `lookup`'s summary rows: printed on a terminal only, and no option forces them (here stdout is a pipe: JSON);
 *   test/unit/cli/lookup-rows.test.ts checks them in the pseudo-locale.
 * - `quota --watch`: the command has no such option (nothing to check).
 * - The key prompt and `profile remove`'s question: asked on a terminal only (test/cli/prompt-tty.test.ts runs one).
 * Known gaps (printed when met, each with its reason) are listed in KNOWN_GAPS.
 */
import type { ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { expect, it, onTestFinished } from 'vitest';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../shared/i18n/pseudo';
import { cli, hasKeyring, keyedSimulator, tempDir } from './helpers';

const data = keyedSimulator('pseudo');
const KEY = data.key;

/** Lines not yet from a catalog, each with the reason it may still be there. */
const KNOWN_GAPS: { cmd?: RegExp; line: RegExp; reason: string }[] = [];

/** Data the lines may show as they are. */
const DATA: RegExp[] = [
  /https?:\/\/[^\s)"'“”„]+/g, // the service's URL
  /\b\d{1,3}(\.\d{1,3}){3}\b/g, // addresses
  /\b\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?\b/g, // ISO days and instants
  /[•*]+[0-9a-f]{4}/g, // the masked key
  /lookup-tray(\s+--?[\w-]+(\s+[A-Z]+)?|\s+[a-z]+)*/g, // a command to run (names and options are stable)
  /"[^"]*"|“[^”]*”|„[^“]*“/g, // quoted names (profiles, jobs)
  /\bUTC\b/g,
  /\bdemo-[0-9a-f]+\b/g, // demo's key
  /(?<=^|\s)\/[^\s]+/g, // a path
  // The first profile's name (shared/settings.ts's profileLabel): a name, typed as `--profile Default` and shown as it
  // is in the window (translate="no"), not a word to translate.
  /(?<=^|[\s*])Default(?=\s|$)/g,
  /[\d.,:%×·–—\-+()[\]/]+/g,
];

/** The words of `line` outside catalog text and data (empty: the line is fine). */
function stray(line: string): string {
  let rest = stripVTControlCharacters(line);
  // Catalog text, innermost first (a sentence may hold another: a line of the tray in a status).
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g'), ' ');
  }
  for (const d of DATA) rest = rest.replace(d, ' ');
  return rest.replace(/\s+/g, ' ').trim();
}

async function run(
  args: string[],
  opts: { machine?: 'stdout'; dir?: string | null; input?: string; started?: (child: ChildProcess) => void } = {},
) {
  const r = await cli(opts.dir === undefined ? data.dir : opts.dir, args, {
    env: { LC_ALL: 'pseudo' },
    input: opts.input,
    started: opts.started,
  });
  const lines = [...(opts.machine === 'stdout' ? [] : r.stdout.split('\n')), ...r.stderr.split('\n')];
  return { r, lines: lines.filter((l) => l.trim() !== ''), cmd: args.join(' '), data: [] as string[] };
}

/**
 * `report` of the newest job, in the pseudo-locale: its tables' words are the catalog's; the names in its cells
 * (countries, networks, organisations) are what the service sent: data, read from the same report's --json.
 */
async function report() {
  const json = JSON.parse((await cli(data.dir, ['report', '--json'])).stdout) as {
    countries: { key: string; label: string }[];
    asns: { label: string; organization?: string | null }[];
    top: { country?: string | null; organization?: string | null }[];
  };
  const sent = [
    ...json.countries.flatMap((c) => [c.label, c.key]),
    ...json.asns.flatMap((a) => [a.label, a.organization ?? '']),
    ...json.top.flatMap((t) => [t.country ?? '', t.organization ?? '']),
  ].filter((x) => x !== '' && x !== 'Unknown' && x !== 'unknown');
  const said = await run(['report']);
  return { ...said, data: [...new Set(sent)].sort((a, b) => b.length - a.length) };
}

/** `key set` and `quota --check` where the service has no free status check: each asks for --spend (nothing saved). */
async function noFreeCheck() {
  const other = tempDir();
  data.sim.setStatusEndpoint(false);
  try {
    await cli(other.dir, ['config', 'set', 'baseUrl', data.sim.url]);
    return [await run(['key', 'set', '--stdin'], { dir: other.dir, input: KEY })];
  } finally {
    data.sim.setStatusEndpoint(true);
    other.remove();
  }
}

/**
 * A bulk job run to its end (its last line on stderr; its CSV on stdout is machine text), `bulk list` (its table is
 * stable, like `ps`'s: its hint on stderr is checked), the job exported again to a file, and `report --block-list`'s
 * count line.
 */
async function bulkRuns() {
  const job = await run(['bulk', '-', '--yes'], { machine: 'stdout', input: '9.9.9.9\n' });
  const listed = await run(['bulk', 'list'], { machine: 'stdout' });
  const ids = JSON.parse((await cli(data.dir, ['bulk', 'list', '--json'])).stdout) as { id: string }[];
  const out = tempDir();
  onTestFinished(() => out.remove());
  const exported = await run(['bulk', 'export', ids[0]!.id, '--out', `${out.dir}/job.csv`]);
  return [job, listed, exported, await run(['report', '--block-list', 'plain'], { machine: 'stdout' })];
}

/** `demo` until it has said how to try it (the line after its commands), then Ctrl+C: its last line on stderr. */
function runDemo() {
  return run(['demo'], {
    dir: null,
    started: (child) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (/ quota\n\n.+\n$/.test(out)) child.kill('SIGINT'); // the line after the commands to try
      });
    },
  });
}

it.runIf(hasKeyring)(
  'the main commands say nothing in the pseudo-locale that is not catalog text or data',
  { timeout: 120_000 },
  async () => {
    const empty = tempDir();
    onTestFinished(() => empty.remove());
    const runs = [
      await run(['lookup', '8.8.8.8'], { machine: 'stdout' }), // stdout is no terminal: JSON
      await run(['lookup', '8.8.8.8'], { machine: 'stdout' }), // the second from the cache: a line on stderr
      await run(['quota']),
      await run(['quota', '--check']),
      await run(['history']),
      await run(['key', 'status']),
      await run(['config', 'get', 'monthResetDay']),
      await run(['config', 'get']),
      await run(['profile', 'list']),
      await run(['status']),
      await run(['bulk', '-'], { input: '9.9.9.9\n1.0.0.1\n' }), // no terminal, no --yes: the preview only
      await run(['cache', 'clear']),
      await run(['quota'], { dir: empty.dir }), // no service yet
      await run(['lookup', '10.0.0.1'], { machine: 'stdout' }), // a private address: not sent without --yes
      await run(['lookup', '-'], { machine: 'stdout', input: '8.8.8.8\nnot-an-address\n' }), // "line 2: …"
      await run(['key', 'set', '--stdin'], { input: KEY }), // saved (verified)
      await run(['key', 'set', '--stdin'], { input: ' ' }), // no key
      await run(['key', 'set', '--stdin'], { input: 'two words' }),
      await run(['key', 'set', '--stdin', '--base-url', 'http://lookup.example'], { input: KEY }), // not https
      ...(await noFreeCheck()),
      await run(['profile', 'add', 'a@b']), // a name no profile may have
      await run(['profile', 'add', 'default']), // taken
      await run(['profile', 'add', 'Lab']),
      await run(['profile', 'use', 'Default']),
      await run(['profile', 'remove', 'Lab']), // no terminal, no --yes
      await run(['profile', 'remove', 'Lab', '--yes']),
      await runDemo(),
      ...(await bulkRuns()),
      await report(),
    ];
    expect(runs.map(({ r }) => r.stdout + r.stderr).join('\n')).not.toContain(KEY);
    // Each of the paths above was reached (its exit code) and said something.
    const added = runs.slice(runs.findIndex((x) => x.cmd === 'lookup 10.0.0.1'));
    expect(added.map(({ r }) => r.code)).toEqual([9, 4, 0, 4, 4, 4, 9, 4, 4, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0]);
    for (const { lines, cmd } of added) expect(lines.length, cmd).toBeGreaterThan(0);
    const found: string[] = [];
    const gaps = new Map<string, string[]>();
    let checked = 0;
    for (const { r, lines, cmd, data: sent } of runs) {
      expect(r.stdout + r.stderr, cmd).not.toMatch(/unexpected error/);
      for (const line of lines) {
        // name = value: data; what follows the value (a note in parentheses) is checked.
        let text = cmd.startsWith('config') ? line.replace(/^[\w.]+ = [^(]*/, '') : line;
        for (const d of sent) text = text.split(d).join(' ');
        if (cmd === 'demo' && /^ {2}(printf|lookup-tray) /.test(line)) continue; // commands to copy: data
        const left = stray(text);
        if (left === '' || !/\p{L}{2,}/u.test(left)) {
          checked++;
          continue;
        }
        const gap = KNOWN_GAPS.find((g) => (!g.cmd || g.cmd.test(cmd)) && g.line.test(line));
        if (gap) gaps.set(gap.reason, [...(gaps.get(gap.reason) ?? []), `${cmd}: ${line}`]);
        else found.push(`${cmd}: ${line}   ← "${left}"`);
      }
    }
    for (const [reason, lines] of gaps) console.log(`known gap (${reason}):\n  ${lines.join('\n  ')}`);
    expect(checked).toBeGreaterThan(15);
    expect(found).toEqual([]);
  },
);
