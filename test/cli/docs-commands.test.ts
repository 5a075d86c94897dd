/**
 * docs/cli.md names every command and every option the command line has, read from the same definitions that
 * program.ts gives commander and completion reads (electron/cli/commands/*.ts): a command or option added there
 * fails here until docs/cli.md says it.
 */
import { readFileSync } from 'node:fs';
import { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandDef } from '../../electron/cli/command-def';
import { COMMANDS } from '../../electron/cli/commands/index';

const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

function paths(defs: readonly CommandDef[], prefix = ''): { path: string; def: CommandDef }[] {
  return defs.flatMap((def) => {
    const path = prefix ? `${prefix} ${def.name}` : def.name;
    return [{ path, def }, ...paths(def.commands ?? [], path)];
  });
}

describe("docs/cli.md's commands and options", () => {
  const all = paths(COMMANDS);

  it('reads the definitions', () => {
    expect(all.map((c) => c.path)).toEqual(expect.arrayContaining(['lookup', 'bulk export', 'profile rename']));
  });

  it.each(all)('names `lookup-tray $path` and its options', ({ path, def }) => {
    expect(doc.includes(`lookup-tray ${path}`) || doc.includes(`\`${path}\``), `docs/cli.md names ${path}`).toBe(true);
    for (const o of def.options ?? []) {
      const long = new Option(o.flags).long!;
      if (!o.hidden) expect(doc.includes(long), `docs/cli.md names ${path}'s ${long}`).toBe(true);
    }
  });
});
