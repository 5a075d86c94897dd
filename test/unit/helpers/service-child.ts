/**
 * A second process using one data folder with the test (shared-state.test.ts; run with `node --import tsx`):
 * a real QuotaService on the folder's state.db looks up the given addresses in order, then prints the outcome
 * kinds as JSON. The key comes on stdin, never in argv.
 */
import readline from 'node:readline';
import { systemClock } from '../../../electron/core/lib/ports';
import { dbQuotaStore } from '../../../electron/core/service/store/db-quota-store';
import { QuotaService } from '../../../electron/core/service/quota-service';
import { StateDb } from '../../../electron/core/storage/state-db';
import { baseConfig } from './service-harness';

const [dir = '', baseUrl = '', ...ips] = process.argv.slice(2);
const lines = readline.createInterface({ input: process.stdin });
const key = await new Promise<string>((resolve) => lines.once('line', resolve));
lines.close();
const db = StateDb.open({ dir });
const service = new QuotaService({
  clock: systemClock,
  fetch,
  profile: 'default',
  getKey: async () => key,
  store: dbQuotaStore(db, 'default'),
  config: baseConfig(baseUrl),
});
const kinds: string[] = [];
for (const ip of ips) kinds.push((await service.lookup(ip)).kind);
service.dispose(); // writes what is pending
db.close();
process.stdout.write(JSON.stringify({ kinds, month: service.state().month?.remaining ?? null }));
