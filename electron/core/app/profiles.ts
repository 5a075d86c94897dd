import type { ProfileInfo } from '../../../shared/ipc';
import { profileList } from './profile-list';
import { DEFAULT_SETTINGS, type ProfileSettings, type Settings } from '../../../shared/settings';
import { profileNameProblem, type ProfileRefusal } from '../../../shared/profile-problem';

import { profileFields } from '../../../shared/settings-schema';
import { isAccountOf, keyAccount, keyOriginKv, renamedAccount } from '../secrets/key-account';
import type { KeyVault } from '../secrets/key-vault';
import type { SettingsStore } from '../storage/settings-store';
import type { StateDb } from '../storage/state-db';
import type { QuotaWindow } from '../../../shared/quota';
import type { AlertCenter } from './alert-center';
import type { ServiceHost } from './service-host';

/**
 * What a profile change does to what runs beside the stores: the app's services (the one in use, the watched ones)
 * and its alert memory. A short-lived process runs none of them (NOTHING_RUNNING): it changes the stores only.
 */
export interface ProfileRunning {
  /** Demo mode is on: profiles belong to your own keys and are left alone. */
  readonly inDemo: boolean;
  /** The month figures a running service of `name` knows now (`active`: the profile in use); undefined: none runs. */
  liveMonth(name: string, active: boolean): QuotaWindow | null | undefined;
  /** Stops `name`'s service (watched, or in use when `inUse`), writing what it learnt, before its rows move. */
  release(name: string, inUse: boolean): void;
  /** A change was refused after a release: the profile in use gets its service back if it has none. */
  restore(): void;
  /** The settings were saved: the services follow. */
  settingsChanged(s: Settings): void;
  /** The alert memory of a renamed profile follows it (state.db's rows are renamed apart). */
  renamed(from: string, to: string): void;
  /** The alert memory of a removed profile goes (state.db's rows are deleted apart). */
  removed(name: string): void;
}

/** A short-lived process (the command line): no service runs and the alert memory is state.db's alone. */
export const NOTHING_RUNNING: ProfileRunning = {
  inDemo: false,
  liveMonth: () => undefined,
  release: () => undefined,
  restore: () => undefined,
  settingsChanged: () => undefined,
  renamed: () => undefined,
  removed: () => undefined,
};

/** The app's: its service host and alert center. */
export function appRunning(host: ServiceHost, alerts: AlertCenter): ProfileRunning {
  return {
    get inDemo() {
      return host.demo !== null;
    },
    liveMonth: (name, active) =>
      active ? (host.demo ? undefined : host.state().month) : host.watched.state(name)?.month,
    release: (name, inUse) => {
      host.watched.release(name);
      if (inUse) host.releaseCurrent();
    },
    restore: () => {
      if (!host.current) host.rebuild();
    },
    settingsChanged: (s) => host.settingsChanged(s),
    renamed: (from, to) => alerts.renameProfile(from, to),
    removed: (name) => alerts.forgetProfile(name),
  };
}

export interface ProfilesDeps {
  settings: SettingsStore;
  vault: KeyVault;
  db: StateDb;
  running: ProfileRunning;
}

/** A change made, or refused with why (a fact: the window and the command line word it, shared/i18n uiProfiles). */
export type ProfileOutcome = { kind: 'done' } | { kind: 'invalid'; problem: ProfileRefusal };

const invalid = (problem: ProfileRefusal): ProfileOutcome => ({ kind: 'invalid', problem });
const unknown = (name: string): ProfileOutcome => invalid({ kind: 'unknown', name });
const IN_USE: ProfileRefusal = { kind: 'in-use' };

/**
 * Several profiles, each with its base URL, thresholds, notification choices, reset day and auto-check (the
 * settings file keeps the active one's at the top level and the others under `profiles`), its own keychain items
 * (`name@origin`) and its own rows in state.db. Switching swaps the fields and rebuilds the service; the app
 * never switches by itself (not even to get around a limit: that would bypass the provider's plan).
 */
export class Profiles {
  constructor(private readonly deps: ProfilesDeps) {}

  /** Every profile, the active one marked, each with its month figures as last known. */
  list(): ProfileInfo[] {
    const { running, db } = this.deps;
    return profileList(
      this.deps.settings.peek(),
      (name, active) => running.liveMonth(name, active),
      (name) => db.readEngine(name),
    );
  }

  /** Why `name` cannot be a new profile's name (`renaming`: the profile that takes it, which may keep it), or null. */
  private nameProblem(name: string, renaming?: string): ProfileRefusal | null {
    const s = this.deps.settings.peek();
    const p = profileNameProblem(name, [s.profile, ...Object.keys(s.profiles)], renaming);
    return p && { kind: 'name', problem: p };
  }

  private demoProblem(): ProfileRefusal | null {
    return this.deps.running.inDemo ? { kind: 'demo' } : null;
  }

  /** Adds a profile with default settings (and `baseUrl` when given) and switches to it: its key comes next. */
  add(rawName: string, baseUrl = ''): ProfileOutcome {
    const problem = this.demoProblem() ?? this.nameProblem(rawName);
    if (problem) return invalid(problem);
    const name = rawName.trim();
    const before = this.deps.settings.get();
    const fresh: ProfileSettings = { ...profileFields(DEFAULT_SETTINGS as Settings), baseUrl };
    return this.apply(before, {
      ...before,
      ...fresh,
      profile: name,
      profiles: { ...before.profiles, [before.profile]: profileFields(before) },
    });
  }

  switch(name: string): ProfileOutcome {
    const problem = this.demoProblem();
    if (problem) return invalid(problem);
    const before = this.deps.settings.get();
    if (name === before.profile) return { kind: 'done' };
    const target = before.profiles[name];
    if (!target) return unknown(name);
    const others = { ...before.profiles, [before.profile]: profileFields(before) };
    delete others[name];
    return this.apply(before, { ...before, ...structuredClone(target), profile: name, profiles: others });
  }

  /** Renames a profile: its keychain items, its state and its alert memory follow. */
  async rename(from: string, rawTo: string): Promise<ProfileOutcome> {
    const before = this.deps.settings.get();
    const exists = from === before.profile || before.profiles[from] !== undefined;
    if (!exists) return unknown(from);
    const problem = this.demoProblem() ?? (from === rawTo.trim() ? null : this.nameProblem(rawTo, from));
    if (problem) return invalid(problem);
    const to = rawTo.trim();
    if (to === from) return { kind: 'done' };
    for (const account of await this.keyAccounts(from, before))
      await this.deps.vault.move(account, renamedAccount(account, from, to));
    // From here to apply(), nothing waits: no watcher or service of the old name can start and write in between.
    // Its figures are written under the old name first (a watched one's, or the one in use's), then renamed.
    const now = this.deps.settings.get(); // as it is now (another process may have changed it meanwhile)
    this.deps.running.release(from, from === now.profile);
    this.deps.running.renamed(from, to);
    this.deps.db.renameProfile(from, to);
    const origin = this.deps.db.readKv(keyOriginKv(from));
    this.deps.db.writeKv(keyOriginKv(to), origin ?? undefined);
    this.deps.db.writeKv(keyOriginKv(from), undefined);
    if (from === now.profile) return this.apply(now, { ...now, profile: to });
    const others = { ...now.profiles, [to]: now.profiles[from] as ProfileSettings };
    delete others[from];
    return this.apply(now, { ...now, profiles: others });
  }

  /** Removes a profile that is not in use: its keychain items, its figures, history, cache and alert memory. */
  async remove(name: string): Promise<ProfileOutcome> {
    const before = this.deps.settings.get();
    if (name === before.profile) return invalid(IN_USE);
    const saved = before.profiles[name];
    if (!saved) return unknown(name);
    const problem = this.demoProblem();
    if (problem) return invalid(problem);
    for (const account of await this.keyAccounts(name, before)) await this.deps.vault.delete(account);
    // From here to apply(), nothing waits: its watcher stops (and writes) before its rows go, and none restarts.
    const now = this.deps.settings.get(); // as it is now (another process may have changed it meanwhile)
    if (name === now.profile) return invalid(IN_USE);
    this.deps.running.release(name, false);
    this.deps.running.removed(name);
    this.deps.db.deleteProfile(name);
    this.deps.db.writeKv(keyOriginKv(name), undefined);
    const others = { ...now.profiles };
    delete others[name];
    return this.apply(now, { ...now, profiles: others });
  }

  /** Every keychain account of a profile: the one for its base URL, and any other origin's the keychain lists. */
  private async keyAccounts(name: string, s: Settings): Promise<string[]> {
    const own = name === s.profile ? s.baseUrl : (s.profiles[name]?.baseUrl ?? '');
    const listed = await this.deps.vault.accounts((a) => isAccountOf(name, a)).catch(() => []);
    return [...new Set([...(own ? [keyAccount(name, own)] : []), ...listed])];
  }

  private apply(before: Settings, next: Settings): ProfileOutcome {
    const r = this.deps.settings.replace(next);
    if (r.kind === 'invalid') {
      this.deps.running.restore(); // a rename had stopped it: the profile stays in use
      const first = r.errors[0];
      return invalid(first ? { kind: 'setting', problem: first.problem } : { kind: 'unsaved' });
    }
    this.deps.running.settingsChanged(r.settings); // (also heard through the settings' onChange when they changed)
    return { kind: 'done' };
  }
}
