/**
 * The exit codes exist once (electron/cli/exit-codes.ts): the top-level --help prints that table, and docs/cli.md's
 * table says the same, code for code (its `code` marks aside).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_TABLE } from '../../electron/cli/exit-codes';
import { ROOT, cli } from './helpers';

/** docs/cli.md's exit-code table: code → meaning, backticks removed. */
function docsTable(): Map<number, string> {
  const md = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
  const start = md.search(/^\| exit\s*\| meaning\s*\|$/m);
  expect(start, 'docs/cli.md has a table headed "| exit | meaning |"').toBeGreaterThan(0);
  const rows = new Map<number, string>();
  for (const line of md.slice(start).split('\n').slice(2)) {
    const m = /^\|\s*(\d+)\s*\|\s*(.*?)\s*\|$/.exec(line);
    if (!m) break;
    rows.set(Number(m[1]), (m[2] as string).replace(/`/g, ''));
  }
  return rows;
}

const table = new Map(Object.values(EXIT_TABLE).map((e) => [e.code as number, e.text as string]));

describe('the exit codes, one table', () => {
  it('docs/cli.md lists every exit code with the same meaning as the table, and no other', () => {
    expect(docsTable()).toEqual(table);
  });

  it('the top-level --help prints the table', async () => {
    const help = await cli(null, ['--help']);
    expect(help.code).toBe(0);
    for (const [code, text] of table) expect(help.stdout).toContain(`  ${code}  ${text}\n`);
  });
});
