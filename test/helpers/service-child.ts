/**
 * A second process using one data folder with the test (shared-state.test.ts; run with `node --import tsx`):
 * a real QuotaService on the folder's state.db looks up the given addresses in order, then prints the outcome
 * kinds as JSON. The key comes on stdin, never in argv.
 */
import readline from 'node:readline';
import { StateDb } from '../../electron/core/storage/state-db';
import { serviceOnDb } from './service-harness';

const [dir = '', baseUrl = '', ...ips] = process.argv.slice(2);
const lines = readline.createInterface({ input: process.stdin });
const key = await new Promise<string>((resolve) => lines.once('line', resolve));
lines.close();
const db = StateDb.open({ dir });
const service = serviceOnDb(db, key, baseUrl);
const kinds: string[] = [];
for (const ip of ips) kinds.push((await service.lookup(ip)).kind);
service.dispose(); // writes what is pending
db.close();
process.stdout.write(JSON.stringify({ kinds, month: service.state().month?.remaining ?? null }));
