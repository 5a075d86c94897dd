import { normalizeBaseUrl } from '../../../../shared/base-url';
import type { Handlers, SaveKeyOutcome } from '../../../../shared/ipc';
import { originOf } from '../../../../shared/base-url';
import type { Logger } from '../../lib/ports';
import { keyAccount, keyOriginKv } from '../../secrets/key-account';
import type { StateDb } from '../../storage/state-db';
import { KeychainUnavailableError, type KeyVault } from '../../secrets/key-vault';
import type { SettingsStore } from '../../storage/settings-store';
import type { StatusAnswer } from '../../service/service-types';
import { verifyFact } from '../../service/status/verify-messages';
import type { KeyProblem, KeySaved } from '../../../../shared/key-facts';
import type { ServiceHost } from '../service-host';
import type { Snapshots } from '../snapshots';

export interface KeyHandlersDeps {
  settings: SettingsStore;
  vault: KeyVault;
  db: StateDb;
  host: ServiceHost;
  snapshots: Snapshots;
  logger: Logger;
}

type SaveKeyRequest = Parameters<Handlers['saveKey']>[0];

/** A refused save: the fact and where it belongs (the window words it: uiKey). */
function rejected(
  problem: KeyProblem,
  field?: 'baseUrl' | 'key',
  extra: { reason?: 'origin-changed' } = {},
): SaveKeyOutcome {
  return { kind: 'rejected', problem, ...(field ? { field } : {}), ...extra };
}

/** A saved key: how. */
function savedAs(said: KeySaved, info: Awaited<ReturnType<Snapshots['keyInfo']>>): SaveKeyOutcome {
  return { kind: 'saved', key: info, said, verified: 'not-verified' };
}

/** Saving (verified first, for free where the service allows), replacing and removing the profile's key. */
export function keyHandlers(deps: KeyHandlersDeps): Pick<Handlers, 'saveKey' | 'removeKey' | 'useLegacyKey'> {
  const { settings, vault, db, host, snapshots, logger } = deps;

  /**
   * Saves the key, first taking the form's base URL. A Save that does not end with the key saved leaves the base
   * URL as it was: a refused address is not kept (onboarding would otherwise show it again, and demo mode's
   * Settings after it).
   */
  async function saveKey(req: SaveKeyRequest): Promise<SaveKeyOutcome> {
    const before = settings.get().baseUrl;
    const outcome = await saveKeyTakingBaseUrl(req);
    if (outcome.kind !== 'saved' && settings.get().baseUrl !== before) {
      // As a whole: a patch may not set the base URL back to '' (not configured yet), which it may have been.
      const r = settings.replace({ ...settings.get(), baseUrl: before });
      if (r.kind === 'invalid') logger.warn('the base URL could not be put back after a failed save', {});
      await snapshots.push();
    }
    return outcome;
  }

  async function saveKeyTakingBaseUrl(req: SaveKeyRequest): Promise<SaveKeyOutcome> {
    const key = req.key.trim();
    if (!key) return rejected({ kind: 'key-empty' }, 'key');
    if (/\s/.test(key)) return rejected({ kind: 'key-spaces' }, 'key');
    if (host.demo) await host.stopDemo();
    if (req.baseUrl !== undefined) {
      const base = normalizeBaseUrl(req.baseUrl);
      if (!base.ok) return rejected({ kind: 'setting', problem: { kind: 'base-url', why: base.why } }, 'baseUrl');
      const before = settings.get();
      if (base.url !== before.baseUrl) {
        // The service in use follows at once (the host hears every settings change): the check below asks the base
        // URL in the form, never an older one.
        const r = settings.update({ baseUrl: base.url });
        if (r.kind === 'invalid') {
          const first = r.errors[0];
          if (r.errors.length === 1 && first) return rejected({ kind: 'setting', problem: first.problem }, 'baseUrl');
          const message = r.errors.map((e) => e.message).join(' ');
          return rejected({ kind: 'setting', problem: { kind: 'other', message } }, 'baseUrl');
        }
      }
    }
    if (!settings.get().baseUrl) return rejected({ kind: 'base-url-first' }, 'baseUrl');
    if (!host.current) host.rebuild();
    let verified: 'status' | 'lookup' | 'not-verified' = 'not-verified';
    let statusAnswer: StatusAnswer | undefined;
    const mode = req.verify ?? 'free';
    const service = host.current;
    if (mode !== 'skip' && service) {
      const v = await service.verifyKey(key, mode);
      if (v.needsConfirmation) return { kind: 'needs-confirmation' };
      if (!v.ok) {
        const p = v.outcome
          ? verifyFact(v.outcome, settings.get().baseUrl)
          : { field: null, fact: { kind: 'not-verified' as const } };
        return rejected(p.fact, p.field ?? undefined);
      }
      verified = v.via;
      statusAnswer = v.statusAnswer;
    }
    const { profile: name, baseUrl } = settings.get();
    if (req.origin !== undefined && originOf(baseUrl) !== req.origin)
      // Verified at one origin, the base URL moved meanwhile (another window, a command): not saved for the new one.
      return rejected({ kind: 'origin-changed', baseUrl, origin: req.origin }, 'baseUrl', { reason: 'origin-changed' });
    const before = await snapshots.keyInfo();
    try {
      // Saved for this base URL's origin only: it is never sent anywhere else.
      await vault.set(keyAccount(name, baseUrl), key, { sessionOnly: req.sessionOnly === true });
    } catch (err) {
      return keychainWriteFailed(deps, err, 'saving the key failed');
    }
    db.writeKv(keyOriginKv(name), originOf(baseUrl));
    const after = await snapshots.keyInfo();
    // A replaced key (e.g. compromised and reset): the old key's figures no longer apply.
    if (before.hasKey && before.masked !== after.masked) host.dropProfileState(name);
    host.rebuild();
    if (statusAnswer) host.current?.takeStatusAnswer(statusAnswer);
    if (verified === 'not-verified') void host.current?.probeStatus();
    await snapshots.push();
    const where =
      after.storage === 'keychain' ? 'keychain' : snapshots.keychain.store === 'memory' ? 'preview' : 'session';
    const said: KeySaved = { kind: 'saved', where, verified: verified !== 'not-verified' };
    return { kind: 'saved', key: after, verified, said };
  }

  return { saveKey, useLegacyKey: legacyKeyHandler(deps), removeKey: removeKeyHandler(deps) };
}

/** A key that could not be written: no keychain (learnt for the snapshot), or a failure logged by its name only. */
function keychainWriteFailed(deps: KeyHandlersDeps, err: unknown, what: string): SaveKeyOutcome {
  if (err instanceof KeychainUnavailableError) {
    deps.snapshots.keychain = { available: false };
    return { kind: 'no-keychain' };
  }
  deps.logger.error(what, { error: err instanceof Error ? err.name : 'unknown' });
  return rejected({ kind: 'keychain-write' });
}

/**
 * The key an earlier version saved under the bare profile name (copied into this folder by keychain-folder.ts),
 * bound to `origin` because the user confirmed it in the window — never to a base URL read from a file alone.
 * The folder's copy moves to the origin's account; the earlier version's own item stays where it was.
 */
function legacyKeyHandler(deps: KeyHandlersDeps): Handlers['useLegacyKey'] {
  const { settings, vault, db, host, snapshots } = deps;
  return async ({ origin }: { origin: string }): Promise<SaveKeyOutcome> => {
    const { profile: name, baseUrl } = settings.get();
    if (!originOf(baseUrl) || originOf(baseUrl) !== origin) return rejected({ kind: 'legacy-moved' }, 'baseUrl');
    let legacy: string | null;
    try {
      legacy = await vault.get(name);
      if (!legacy) return rejected({ kind: 'legacy-gone' });
      await vault.set(keyAccount(name, baseUrl), legacy);
      await vault.delete(name);
    } catch (err) {
      return keychainWriteFailed(deps, err, 'using the earlier key failed');
    }
    db.writeKv(keyOriginKv(name), origin);
    host.rebuild();
    void host.current?.probeStatus();
    await snapshots.push();
    return savedAs({ kind: 'legacy', origin }, await snapshots.keyInfo());
  };
}

/** Removing the profile's key: every account it may be under (this origin's, the one it was saved for, the bare one). */
function removeKeyHandler(deps: KeyHandlersDeps): Handlers['removeKey'] {
  const { settings, vault, db, host, snapshots, logger } = deps;
  return async () => {
    const { profile: name, baseUrl } = settings.get();
    const savedFor = db.readKv(keyOriginKv(name));
    const accounts = new Set([keyAccount(name, baseUrl), name]);
    if (typeof savedFor === 'string') accounts.add(keyAccount(name, savedFor));
    for (const account of accounts) {
      try {
        await vault.delete(account);
      } catch (err) {
        logger.warn('removing the key failed', { error: err instanceof Error ? err.name : 'unknown' });
      }
    }
    db.writeKv(keyOriginKv(name), undefined);
    host.dropProfileState(name);
    host.rebuild();
    await snapshots.push();
    return snapshots.keyInfo();
  };
}
