/**
 * Every command definition in electron/cli/commands/ is in the one list (commands/index.ts's COMMANDS), under the
 * name of its file: a command written but not listed would compile, lint clean and never run ("Add a command",
 * docs/how-to.md).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/cli/commands/index';

const dir = new URL('../../electron/cli/commands/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('the commands list', () => {
  it('lists one definition per file in electron/cli/commands, by the file’s name', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(COMMANDS.map((c) => c.name).sort()).toEqual(files);
  });
});
