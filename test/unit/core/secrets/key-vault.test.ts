/** The vault reads the keychain once per profile: every lookup needs the key, and a keychain read is slow. */
import { describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, KeyVault, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';

class CountingStore extends MemorySecretStore {
  reads = 0;
  override async getPassword(service: string, account: string): Promise<string | null> {
    this.reads++;
    return super.getPassword(service, account);
  }
}

describe('KeyVault read cache', () => {
  it('reads the keychain once, then answers from memory; replace and remove keep it true', async () => {
    const store = new CountingStore();
    await store.setPassword(KEYCHAIN_SERVICE, 'default', 'FAKE-cache-key-1111');
    const vault = new KeyVault(store);
    for (let i = 0; i < 5; i++) expect(await vault.get('default')).toBe('FAKE-cache-key-1111');
    expect((await vault.info('default')).masked).toBe('••••••1111');
    expect(store.reads).toBe(1);
    await vault.set('default', 'FAKE-cache-key-2222');
    expect(await vault.get('default')).toBe('FAKE-cache-key-2222');
    expect(store.reads).toBe(1);
    await vault.delete('default');
    expect(await vault.get('default')).toBeNull();
    expect((await vault.info('default')).hasKey).toBe(false);
    expect(store.reads).toBe(2);
  });

  it('a profile with no key is remembered as empty too, and other profiles are read separately', async () => {
    const store = new CountingStore();
    const vault = new KeyVault(store);
    expect(await vault.get('work')).toBeNull();
    expect(await vault.get('work')).toBeNull();
    await store.setPassword(KEYCHAIN_SERVICE, 'home', 'FAKE-cache-key-3333');
    expect(await vault.get('home')).toBe('FAKE-cache-key-3333');
    expect(store.reads).toBe(2);
  });
});
