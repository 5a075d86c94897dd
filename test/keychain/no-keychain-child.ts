/**
 * Run as a child process by key-vault.test.ts with DBUS_SESSION_BUS_ADDRESS pointing nowhere:
 * exercises the real @napi-rs/keyring without a keychain and prints what the vault did as JSON.
 * Never prints a key.
 */
import {
  KeychainUnavailableError,
  KeyVault,
  loadKeytar,
  UnavailableSecretStore,
} from '../../electron/core/secrets/key-vault';

const FAKE_KEY = process.env.FAKE_KEY ?? 'FAKE-TEST-KEY-nokeychain-0000';

async function attempt(
  op: () => Promise<unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false; error: string; message: string }> {
  try {
    const value = await op();
    return { ok: true, value: value === FAKE_KEY ? '<the key>' : value };
  } catch (err) {
    const e = err as Error;
    return {
      ok: false,
      error: err instanceof KeychainUnavailableError ? 'KeychainUnavailableError' : e.name,
      message: e.message,
    };
  }
}

const real = new KeyVault(await loadKeytar());
// The order matters: @napi-rs/keyring answers the first read of a process with a benign null
// even without a keychain, so the parent runs this once with status() first and once with get() first.
const statusFirst = process.env.FIRST_OP === 'status';
const first = statusFirst ? await attempt(() => real.status()) : await attempt(() => real.get('default'));
const result = {
  realGet: statusFirst ? await attempt(() => real.get('default')) : first,
  realStatus: statusFirst ? first : await attempt(() => real.status()),
  realSet: await attempt(() => real.set('default', FAKE_KEY)),
  realDelete: await attempt(() => real.delete('default')),
  realInfo: await attempt(() => real.info('default')),
  realSessionSet: await attempt(() => real.set('default', ` ${FAKE_KEY}\n`, { sessionOnly: true })),
  realSessionGetIsKey: await attempt(async () => (await real.get('default')) === FAKE_KEY),
  realSessionInfo: await attempt(() => real.info('default')),
  realSessionDelete: await attempt(() => real.delete('default')),
  realAfterDelete: await attempt(() => real.info('default')),
};

const stub = new KeyVault(new UnavailableSecretStore());
const stubResult = {
  set: await attempt(() => stub.set('default', FAKE_KEY)),
  sessionSet: await attempt(() => stub.set('default', FAKE_KEY, { sessionOnly: true })),
  sessionGetIsKey: await attempt(async () => (await stub.get('default')) === FAKE_KEY),
};

process.stdout.write(JSON.stringify({ ...result, stub: stubResult }));
