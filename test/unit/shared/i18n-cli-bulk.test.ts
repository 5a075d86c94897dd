/** `lookup-tray bulk`'s own lines (the cliBulk area): English as the command said them, German plurals and digits. */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';

describe('cliBulk', () => {
  it('English reads as the command’s lines did', () => {
    const w = wordsFor('en').w.cliBulk;
    expect(w.wrote(1, 'out.csv')).toBe('Wrote 1 row to out.csv.');
    expect(w.wrote(1200, 'out.csv')).toBe('Wrote 1,200 rows to out.csv.');
    expect(w.keptResume(true)).toBe(
      'The answers so far are kept: "lookup-tray bulk --resume" goes on later, with a lower --budget-floor now.',
    );
    expect(w.keptChoice('--out a.csv', null)).toBe(
      'It was started with --out a.csv: this run writes to standard output as its own options say (give them again to use them).',
    );
    expect(w.follow.stopped('auth.log', { done: 3, fromCache: 1, failed: 0, left: 2 }, 'ab12cd34')).toBe(
      'Stopped following auth.log: 3 answered (1 from the cache), 0 failed, 2 pending in job ab12cd34. lookup-tray bulk --follow FILE --resume goes on; lookup-tray report ab12cd34 shows it.',
    );
  });

  it('German: its plurals, its digits, commands and options as typed', () => {
    const w = wordsFor('de').w.cliBulk;
    expect(w.wrote(1, 'out.csv')).toBe('1 Zeile nach out.csv geschrieben.');
    expect(w.wrote(1200, 'out.csv')).toBe('1.200 Zeilen nach out.csv geschrieben.');
    expect(w.pendingExported('Liste', 2, 1)).toBe(
      '„Liste“: 2 von 1 Adresse noch nicht abgefragt; sie werden als offen exportiert.',
    );
    expect(w.resuming('auth.log', 1500, 2000)).toBe('Fortsetzen von „auth.log“: 1.500 von 2.000 offen.');
    expect(w.interrupted).toContain('lookup-tray bulk --resume');
  });
});
