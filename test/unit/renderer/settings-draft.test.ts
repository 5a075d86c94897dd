/**
 * The Settings form's draft (renderer/src/settings-draft.ts): a save sends only what changed, every field the form
 * shows has a place for its message, and what the core would refuse is found before anything is sent.
 */
import { describe, expect, it } from 'vitest';
import {
  diffSettings,
  FORM_GROUPS,
  FORM_KEYS,
  formFields,
  localErrors,
  range,
  SETTINGS_EDITORS,
} from '../../../renderer/src/settings-draft';
import type { Settings } from '../../../shared/ipc';
import { DEFAULT_SETTINGS, LIMITS } from '../../../shared/settings';

const saved = (): Settings => ({ ...structuredClone(DEFAULT_SETTINGS), baseUrl: 'https://api.example.com' });

describe('diffSettings', () => {
  it('sends nothing when nothing changed', () => {
    expect(diffSettings(saved(), saved())).toEqual({});
  });

  it('sends a changed single setting, and only the changed fields of a group', () => {
    const draft = saved();
    draft.answerLanguage = 'de';
    draft.thresholds.monthLow = 30;
    draft.cache.maxEntries = 500;
    expect(diffSettings(saved(), draft)).toEqual({
      answerLanguage: 'de',
      thresholds: { monthLow: 30 },
      cache: { maxEntries: 500 },
    });
  });

  it('never sends what the form does not edit (profiles, the profile in use, the schema version)', () => {
    const draft = saved();
    draft.profile = 'work';
    draft.schemaVersion = 99 as Settings['schemaVersion'];
    expect(diffSettings(saved(), draft)).toEqual({});
  });
});

describe('where each setting is edited', () => {
  it('gives every setting the form edits a group shown in the form, and the rest say where they are edited', () => {
    for (const [key, where] of Object.entries(SETTINGS_EDITORS))
      expect(
        (FORM_GROUPS as readonly string[]).includes(where) || where.startsWith('elsewhere: '),
        `${key}: ${where}`,
      ).toBe(true);
    expect(FORM_KEYS).not.toContain('profiles');
    expect(FORM_KEYS).toContain('baseUrl');
  });

  it('has a message place for every field: the single settings and each field of a group', () => {
    const fields = formFields(saved());
    expect(fields).toContain('baseUrl');
    expect(fields).toContain('thresholds.monthCritical');
    expect(fields).toContain('notifications.forecast');
    expect(fields).toContain('autoCheck.allowSpending');
    expect(fields).not.toContain('thresholds');
    expect(fields).not.toContain('profiles');
  });
});

describe('range', () => {
  it('is the core’s own range of a number setting', () => {
    expect(range('monthResetDay')).toEqual({ min: LIMITS.monthResetDay.min, max: LIMITS.monthResetDay.max });
    expect(range('cache.maxEntries')).toEqual({ min: 1, max: 100_000 });
  });
});

describe('localErrors', () => {
  it('finds nothing wrong with the defaults', () => {
    const d = saved();
    expect(localErrors(d, diffSettings(saved(), d))).toEqual({});
  });

  it('says each out-of-range number with its label and range, in the window’s number format', () => {
    const d = saved();
    d.monthResetDay = 31;
    d.cache.maxEntries = 0;
    d.autoCheck.intervalMinutes = 2.5;
    expect(localErrors(d, diffSettings(saved(), d))).toEqual({
      monthResetDay: 'The reset day must be a whole number from 1 to 28.',
      'cache.maxEntries': 'The cache size must be a whole number from 1 to 100,000.',
      'autoCheck.intervalMinutes': 'The interval must be a whole number from 1 to 1,440.',
    });
  });

  it('says the cache lifetime in minutes, hours or days', () => {
    const d = saved();
    d.cache.ttlMinutes = 0;
    expect(localErrors(d, diffSettings(saved(), d))).toEqual({
      'cache.ttlMinutes': 'The cache lifetime must be from 1 minute to 30 days.',
    });
  });

  it('marks a "critical" level not below its "low" one, beside any range error of the same save', () => {
    const d = saved();
    d.thresholds.monthCritical = 25;
    d.thresholds.minuteLow = 0;
    const e = localErrors(d, diffSettings(saved(), d));
    expect(e['thresholds.monthCritical']).toBe('Month "critical" must be below "low" (25 %).');
    expect(e['thresholds.minuteLow']).toBe('Minute "low" must be a whole number from 1 to 99.');
  });

  it('checks a changed base URL and shortcut as the core would, and leaves unchanged ones alone', () => {
    const d = saved();
    d.baseUrl = 'http://api.example.com';
    d.shortcut = 'Shift+';
    const e = localErrors(d, diffSettings(saved(), d));
    expect(e.baseUrl).toMatch(/https:\/\//);
    expect(e.shortcut).toBe('A shortcut is keys joined by "+" (the + key itself is "Plus").');
    expect(localErrors(d, {})).toEqual({});
  });
});
