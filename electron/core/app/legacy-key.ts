import { originOf } from '../../../shared/base-url';
import type { Settings } from '../../../shared/settings';
import type { StateDb } from '../storage/state-db';
import { keyAccount, keyOriginKv } from '../secrets/key-account';
import type { KeyVault } from '../secrets/key-vault';

/**
 * Once, on the first start after the upgrade: a key saved by an earlier version (keychain account = the profile
 * name, bound to nothing) was entered for the base URL in the settings then, so it becomes that origin's key.
 */
export async function adoptLegacyKey(vault: KeyVault, db: StateDb, settings: Settings): Promise<void> {
  const { profile, baseUrl } = settings;
  if (!originOf(baseUrl) || db.readKv(keyOriginKv(profile)) !== null) return;
  try {
    const legacy = await vault.get(profile);
    if (!legacy) return;
    await vault.set(keyAccount(profile, baseUrl), legacy);
    db.writeKv(keyOriginKv(profile), originOf(baseUrl));
    await vault.delete(profile);
  } catch {
    // No keychain, or it refused: the key stays where it was and the user is asked for it.
  }
}
