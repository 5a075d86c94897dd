import { normalizeBaseUrl } from '../../../../shared/base-url';
import type { Handlers, SaveKeyOutcome } from '../../../../shared/ipc';
import type { Logger } from '../../lib/ports';
import { KeychainUnavailableError, type KeyVault } from '../../secrets/key-vault';
import type { SettingsStore } from '../../storage/settings-store';
import type { ServiceHost } from '../service-host';
import type { Snapshots } from '../snapshots';

export interface KeyHandlersDeps {
  settings: SettingsStore;
  vault: KeyVault;
  host: ServiceHost;
  snapshots: Snapshots;
  logger: Logger;
}

type SaveKeyRequest = Parameters<Handlers['saveKey']>[0];

/** Saving (verified first, for free where the service allows), replacing and removing the profile's key. */
export function keyHandlers(deps: KeyHandlersDeps): Pick<Handlers, 'saveKey' | 'removeKey'> {
  const { settings, vault, host, snapshots, logger } = deps;

  async function saveKey(req: SaveKeyRequest): Promise<SaveKeyOutcome> {
    const key = req.key.trim();
    if (!key) return { kind: 'rejected', message: 'Enter your API key.' };
    if (/\s/.test(key))
      return { kind: 'rejected', message: 'An API key has no spaces inside it. Check what was pasted.' };
    if (req.baseUrl !== undefined) {
      const base = normalizeBaseUrl(req.baseUrl);
      if (!base.ok) return { kind: 'rejected', message: base.message };
      const r = settings.update({ baseUrl: base.url });
      if (r.kind === 'invalid') return { kind: 'rejected', message: r.errors.map((e) => e.message).join(' ') };
    }
    if (!settings.get().baseUrl) return { kind: 'rejected', message: 'Enter the base URL of the service first.' };
    if (host.demo) await host.stopDemo();
    if (!host.current) host.rebuild();
    let verified: 'status' | 'lookup' | 'not-verified' = 'not-verified';
    const mode = req.verify ?? 'free';
    const service = host.current;
    if (mode !== 'skip' && service) {
      const v = await service.verifyKey(key, mode);
      if (v.needsConfirmation)
        return {
          kind: 'needs-confirmation',
          message: 'This service has no free status check: verifying the key uses 1 request of your quota.',
        };
      if (!v.ok)
        return {
          kind: 'rejected',
          message: v.outcome && 'message' in v.outcome ? v.outcome.message : 'The key could not be verified.',
        };
      verified = v.via;
    }
    const name = settings.get().profile;
    const before = await snapshots.keyInfo();
    try {
      await vault.set(name, key, { sessionOnly: req.sessionOnly === true });
    } catch (err) {
      if (err instanceof KeychainUnavailableError) {
        snapshots.keychain = { available: false, message: err.message };
        return { kind: 'no-keychain', message: err.message };
      }
      logger.error('saving the key failed', { error: err instanceof Error ? err.name : 'unknown' });
      return { kind: 'rejected', message: 'The key could not be saved in the system keychain.' };
    }
    const after = await snapshots.keyInfo();
    // A replaced key (e.g. compromised and reset): the old key's figures no longer apply.
    if (before.hasKey && before.masked !== after.masked) host.dropProfileState(name);
    host.rebuild();
    if (verified === 'not-verified') void host.current?.probeStatus();
    await snapshots.push();
    const where = after.storage === 'memory' ? 'in memory for this session only' : 'in your system keychain';
    const how = verified === 'not-verified' ? 'not verified yet' : 'verified';
    return { kind: 'saved', key: after, verified, message: `Key saved ${where} (${how}).` };
  }

  return {
    saveKey,
    removeKey: async () => {
      const name = settings.get().profile;
      try {
        await vault.delete(name);
      } catch (err) {
        logger.warn('removing the key failed', { error: err instanceof Error ? err.name : 'unknown' });
      }
      host.dropProfileState(name);
      host.rebuild();
      await snapshots.push();
      return snapshots.keyInfo();
    },
  };
}
