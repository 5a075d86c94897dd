/**
 * Banners and toasts as facts (shared/notice-fact.ts, shared/alert-fact.ts): the core raises a notice's fact only
 * (no English `message`), which the English catalog words and the window words in German too; a quota
 * notification's in-page copy is worded from its fact, demo's and whose included.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { notificationText } from '../../../shared/alert-fact';
import { raiseNotice } from '../../../electron/core/storage/notice-board';

const en = wordsFor('en').w;
const de = wordsFor('de').w;

describe('a notice in words', () => {
  it('the core raises a fact only, worded in English and German with the same file, code and path', () => {
    const fact = { kind: 'unwritable', file: 'settings', code: 'EISDIR', dir: '/data' } as const;
    const n = raiseNotice('store-unwritable:settings.json', fact);
    expect(n).not.toHaveProperty('message');
    expect(en.notices.notice(n.fact)).toBe(
      'Your settings could not be saved (EISDIR). Changes apply until you quit. Check that /data is writable.',
    );
    expect(n.fact).toEqual(fact);
    expect(de.notices.notice(fact)).toBe(
      '„settings“ konnte nicht gespeichert werden (EISDIR). Änderungen gelten bis zum Beenden. Prüfen Sie, ob /data beschreibbar ist.',
    );
    const reset = { kind: 'reset', file: 'state.db', newer: true, aside: '/d/state.corrupt-1.db' } as const;
    expect(en.notices.notice(reset)).toBe(
      'Your state.db file was made by a newer version of Lookup Tray and has been reset. The old file was kept as /d/state.corrupt-1.db',
    );
    expect(de.notices.notice(reset)).toContain('stammt von einer neueren Version');
  });

  it('a quota notification is worded from its fact, with German numbers, demo’s and whose', () => {
    const fact = {
      alert: { kind: 'minute-hit', limit: 1200, seconds: 42 },
      demo: true,
      profile: 'Work',
    } as const;
    expect(notificationText(fact, en.alerts)).toEqual({
      title: 'DEMO — Minute limit reached (Work)',
      body: 'All 1,200 requests of this minute are used. Lookups resume in 42 s.',
    });
    const german = notificationText(fact, de.alerts);
    expect(german.title).toContain('(Work)');
    expect(german.body).toContain('1.200');
  });
});
