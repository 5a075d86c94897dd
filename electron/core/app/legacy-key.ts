import type { KeyVault } from '../secrets/key-vault';

/**
 * Whether a key an earlier version saved (keychain account = the bare profile name, bound to no service) waits in
 * this folder (keychain-folder.ts copies it into the app's own folder only). Such a key is never bound to the base
 * URL a settings file names: the user confirms the service first (the window's "Use it for …", useLegacyKey).
 */
export async function legacyKeyWaits(vault: KeyVault, profile: string): Promise<boolean> {
  try {
    return Boolean(await vault.get(profile));
  } catch {
    return false; // no keychain: status() says so
  }
}
