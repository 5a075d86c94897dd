import { originOf } from '../../../shared/base-url';
import type { QuotaState } from '../../../shared/quota';
import type { Settings } from '../../../shared/settings';
import type { Clock, FetchFn, Logger } from '../lib/ports';
import { keyAccount } from '../secrets/key-account';
import type { KeyVault } from '../secrets/key-vault';
import { dbQuotaStore } from '../service/store/db-quota-store';
import { QuotaService } from '../service/quota-service';
import type { QuotaStore } from '../service/store/quota-store';
import type { StateDb } from '../storage/state-db';
import { serviceConfig } from './service-config';

export interface ProfileServiceDeps {
  clock: Clock;
  fetch: FetchFn;
  logger: Logger;
  vault: KeyVault;
  db: StateDb;
}

/**
 * A profile's QuotaService (the one in use, or a watched one): its key read from the vault for its base URL's origin
 * only (never another's), its state in state.db. `s`: settings with that profile's own fields at the top level.
 */
export function profileService(
  deps: ProfileServiceDeps,
  s: Settings,
  store: (own: QuotaStore) => QuotaStore = (own) => own,
): QuotaService {
  const { clock, fetch, logger, vault, db } = deps;
  const account = keyAccount(s.profile, s.baseUrl);
  return new QuotaService({
    clock,
    fetch,
    logger,
    profile: s.profile,
    getKey: () => vault.get(account).catch(() => null),
    config: serviceConfig(s),
    store: store(dbQuotaStore(db, s.profile, originOf(s.baseUrl))),
  });
}

/** Subscribes to a service's state changes, each given with the state before it; returns the unsubscribe. */
export function onEachChange(service: QuotaService, cb: (prev: QuotaState, next: QuotaState) => void): () => void {
  let last = service.state();
  return service.onChange((next) => {
    const prev = last;
    last = next;
    cb(prev, next);
  });
}
