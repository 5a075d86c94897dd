/**
 * A profile change the core refused (shared/profile-problem.ts ProfileRefusal, issue 43): a fact worded by the window
 * and `lookup-tray profile …` (uiProfiles.refusal); English as the core used to say it, German with its own quotes
 * and numbers, the profile's name shown as its label.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { profileLabel } from '../../../shared/settings';

const en = wordsFor('en').w.uiProfiles;
const de = wordsFor('de').w.uiProfiles;

describe('a profile refusal in words', () => {
  it('English: the sentences the core said before it spoke in facts', () => {
    expect(en.refusal({ kind: 'demo' }, profileLabel)).toBe('Leave the demo first: profiles belong to your own keys.');
    expect(en.refusal({ kind: 'in-use' }, profileLabel)).toBe('Switch to another profile before removing this one.');
    expect(en.refusal({ kind: 'unknown', name: 'default' }, profileLabel)).toBe('There is no profile named "Default".');
    expect(en.refusal({ kind: 'name', problem: { kind: 'too-long', max: 1000 } }, profileLabel)).toBe(
      'Profile name must be at most 1000 characters.',
    );
    expect(en.refusal({ kind: 'unsaved' }, profileLabel)).toBe('The profile could not be saved.');
  });

  it('German: German quotes around the label, a German thousands separator, each kind its own sentence', () => {
    expect(de.refusal({ kind: 'unknown', name: 'default' }, profileLabel)).toBe(
      'Es gibt kein Profil namens „Default“.',
    );
    expect(de.refusal({ kind: 'name', problem: { kind: 'too-long', max: 1000 } }, profileLabel)).toBe(
      'Der Name des Profils darf höchstens 1.000 Zeichen lang sein.',
    );
    expect(de.refusal({ kind: 'name', problem: { kind: 'taken', name: 'work' } }, profileLabel)).toBe(
      'Es gibt bereits ein Profil namens „work“.',
    );
    const kinds = ['demo', 'in-use', 'unsaved'] as const;
    const said = kinds.map((kind) => de.refusal({ kind }, profileLabel));
    expect(new Set(said).size).toBe(kinds.length);
    for (const [i, kind] of kinds.entries()) expect(said[i]).not.toBe(en.refusal({ kind }, profileLabel));
    expect(de.refusal({ kind: 'in-use' }, profileLabel)).toBe(
      'Wechseln Sie zu einem anderen Profil, bevor Sie dieses entfernen.',
    );
  });
});
