import type { Handlers } from '../../../../shared/ipc';
import { NO_KEY } from '../../service/service-types';
import type { ServiceHost } from '../service-host';
import type { Snapshots } from '../snapshots';

type LookupHandlers = Pick<Handlers, 'lookup' | 'cancelLookup' | 'recentLookups' | 'checkQuota'>;

/** Lookups and quota checks, through the service in use; refused locally without a key. */
export function lookupHandlers(host: ServiceHost, snapshots: Snapshots): LookupHandlers {
  const ready = async () => {
    const service = host.current;
    return service && (await snapshots.hasKey()) ? service : null;
  };
  return {
    lookup: async (req) => {
      const service = await ready();
      if (!service) return { kind: 'no-key', message: NO_KEY };
      return service.lookup(req.ip, { refresh: req.refresh === true, force: req.force === true });
    },
    cancelLookup: async () => host.current?.cancel(),
    recentLookups: async () => host.current?.recent() ?? [],
    checkQuota: async (req) => {
      const service = await ready();
      if (!service) return { kind: 'failed', outcome: { kind: 'no-key', message: NO_KEY }, message: NO_KEY };
      return service.checkQuota({ spend: req?.spend === true });
    },
  };
}
