/**
 * The command line's outputs checked as the window's are (test/ui/i18n-pseudo.spec.ts): the main commands run in
 * the pseudo-locale (LC_ALL=pseudo: every catalog sentence bracketed ⟦…⟧, shared/i18n/pseudo.ts) against the
 * simulator, and every line of human text on stdout and stderr must be catalog text or data. What is left of a line
 * once the bracketed text and the data are taken out must hold no word.
 *
 * Not checked, and why:
 * - --json, CSV, Prometheus and Nagios output, --help, usage errors, exit-code lines, completion: machine-read,
 *   English in every language by design (docs/cli.md, "Languages"); the commands below run without them.
 * - `serve --help`: help is stable English.
 * - Data, shown as it is: addresses, URLs, numbers and dates the service sent or the folder holds, the profile's and
 *   the settings' names, `config`'s `name = value` lines (identifiers and values, read by scripts; their
 *   "(read-only …)" note is not converted yet: R2 converts the settings' words).
 * - `lookup`'s field rows: printed on a terminal only (here stdout is a pipe: JSON); their labels are the window's
 *   answer summary's (R1 converts them).
 * Known gaps (printed when met, each with its reason) are listed in KNOWN_GAPS.
 */
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../shared/i18n/pseudo';
import { cli, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('pseudo');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'pseudo' } } });
  data = tempDir();
  if (hasKeyring) await setUp(data.dir, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  await sim.close();
  data.remove();
});

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

async function run(args: string[], opts: { machine?: 'stdout'; dir?: string; input?: string } = {}) {
  const r = await cli(opts.dir ?? data.dir, args, { env: { LC_ALL: 'pseudo' }, input: opts.input });
  const lines = [...(opts.machine === 'stdout' ? [] : r.stdout.split('\n')), ...r.stderr.split('\n')];
  return { r, lines: lines.filter((l) => l.trim() !== ''), cmd: args.join(' ') };
}

it.runIf(hasKeyring)(
  'the main commands say nothing in the pseudo-locale that is not catalog text or data',
  { timeout: 60_000 },
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
    ];
    const found: string[] = [];
    const gaps = new Map<string, string[]>();
    let checked = 0;
    for (const { r, lines, cmd } of runs) {
      expect(r.stdout + r.stderr, cmd).not.toMatch(/unexpected error/);
      for (const line of lines) {
        if (/^[\w.]+ = /.test(line) && cmd.startsWith('config')) continue; // name = value: data
        const left = stray(line);
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
