/**
 * What a command start loads must not start ICU: the first Intl formatter or `toLocaleString` of a process loads
 * ICU's data, which cost `lookup-tray quota` more than the rest of its own work (docs/performance.md, "Command
 * start"). Loading the modules of `quota` and `lookup` (the command line, its commands, the one-shot core and what
 * they import) formats nothing with Intl; their sentences use shared/format-en.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('a command start', () => {
  it('loads the command line, quota and lookup without starting ICU', async () => {
    vi.resetModules();
    const number = vi.spyOn(Number.prototype, 'toLocaleString');
    const date = vi.spyOn(Date.prototype, 'toLocaleString');
    const formats = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const plurals = vi.spyOn(Intl, 'PluralRules');
    await import('../../../electron/cli/program');
    await import('../../../electron/cli/handlers/quota');
    await import('../../../electron/cli/handlers/lookup');
    await import('../../../electron/core/app/one-shot');
    for (const spy of [number, date, formats, dates, plurals]) expect(spy).not.toHaveBeenCalled();
  });
});
