/** Deutsch: Einstellungen → Profile. */
import type { Fmt } from '../fmt';
import type { UiProfilesWords } from '../words';
import type { ProfileNameProblem, ProfileRefusal } from '../../profile-problem';

const nameProblem = (f: Fmt, p: ProfileNameProblem, label: (name: string) => string): string => {
  switch (p.kind) {
    case 'empty':
      return 'Der Name des Profils darf nicht leer sein.';
    case 'too-long':
      return `Der Name des Profils darf höchstens ${f.count(p.max, { one: 'Zeichen', other: 'Zeichen' })} lang sein.`;
    case 'separators':
      return 'Profilnamen dürfen weder „@“ noch „#“ enthalten.';
    case 'forbidden':
      return 'Der Name des Profils enthält ungültige Zeichen.';
    case 'rule':
      return 'Profilnamen bestehen nur aus Buchstaben, Ziffern, Leerzeichen, „.“, „_“ und „-“ und beginnen mit einem Buchstaben oder einer Ziffer.';
    case 'taken':
      return `Es gibt bereits ein Profil namens „${label(p.name)}“.`;
  }
};

export const uiProfiles = (f: Fmt): UiProfilesWords => ({
  legend: 'Profile',
  hint: 'Jedes Profil hat eigenen Dienst, Schlüssel, Warnstufen und Mitteilungen – etwa einen privaten und einen beruflichen Schlüssel.',
  inUse: ' · in Verwendung',
  noService: 'Noch kein Dienst eingerichtet',
  noFigures: 'Noch keine Zahlen',
  monthLeft: (remaining: number, limit: number) => `${f.num(remaining)} von ${f.num(limit)} in diesem Monat übrig`,
  use: 'Verwenden',
  rename: 'Umbenennen',
  remove: 'Entfernen',
  useLabel: (label: string) => `${label} verwenden`,
  renameLabel: (label: string) => `${label} umbenennen`,
  removeLabel: (label: string) => `${label} entfernen`,
  add: 'Profil hinzufügen',
  addForm: 'Ein Profil hinzufügen',
  name: 'Name des Profils',
  baseUrl: 'Basis-URL seines Dienstes',
  baseUrlHint: 'Jetzt freiwillig; Sie können sie unten unter „Dienst“ angeben.',
  adding: 'Wird hinzugefügt …',
  addAndSwitch: 'Hinzufügen und wechseln',
  renameForm: 'Das Profil umbenennen',
  newName: 'Neuer Name',
  confirmRemoveLabel: 'Entfernen des Profils bestätigen',
  removeProfile: 'Profil entfernen',
  confirmRemove: (label: string) =>
    `Das Profil ${label} entfernen? Sein API-Schlüssel wird aus dem Schlüsselbund gelöscht, seine Kontingentzahlen, sein Verlauf und seine gespeicherten Abfragen werden vergessen. Das lässt sich nicht rückgängig machen.`,
  failed: 'Die Änderung konnte nicht vorgenommen werden. Versuchen Sie es erneut.',
  nowUsing: (label: string) => `Jetzt wird ${label} verwendet.`,
  added: (name: string) => `${name} hinzugefügt und dorthin gewechselt: Geben Sie oben seinen API-Schlüssel ein.`,
  renamed: (name: string) => `Umbenannt in ${name}.`,
  removed: (label: string) => `${label} entfernt.`,
  nameProblem: (p: ProfileNameProblem, label: (name: string) => string): string => nameProblem(f, p, label),
  refusal(r: Exclude<ProfileRefusal, { kind: 'setting' }>, label: (name: string) => string): string {
    switch (r.kind) {
      case 'demo':
        return 'Beenden Sie zuerst die Demo: Profile gehören zu Ihren eigenen Schlüsseln.';
      case 'in-use':
        return 'Wechseln Sie zu einem anderen Profil, bevor Sie dieses entfernen.';
      case 'unknown':
        return `Es gibt kein Profil namens „${label(r.name)}“.`;
      case 'name':
        return nameProblem(f, r.problem, label);
      case 'unsaved':
        return 'Das Profil konnte nicht gespeichert werden.';
    }
  },
});
