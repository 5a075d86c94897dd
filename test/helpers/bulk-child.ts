/**
 * A second process running a bulk job on the test's data folder (bulk-crash.test.ts; run with `node --import tsx`):
 * a real QuotaService and BulkJobs on the folder's state.db run the job given; prints "running" when it starts,
 * then how it ended as JSON. The key comes on stdin, never in argv. The test kills it with SIGKILL mid-job.
 */
import readline from 'node:readline';
import { BulkJobs, oneProfile } from '../../electron/core/bulk/bulk-jobs';
import { systemClock } from '../../electron/core/lib/ports';
import { StateDb } from '../../electron/core/storage/state-db';
import { serviceOnDb } from './service-harness';

const [dir = '', baseUrl = '', jobId = '', ttl = '30000'] = process.argv.slice(2);
const lines = readline.createInterface({ input: process.stdin });
const key = await new Promise<string>((resolve) => lines.once('line', resolve));
lines.close();
const db = StateDb.open({ dir });
const service = serviceOnDb(db, key, baseUrl);
const bulk = new BulkJobs({
  db,
  clock: systemClock,
  owner: `child:${process.pid}`,
  ...oneProfile('default', service),
  run: { leaseTtlMs: Number(ttl) },
});
process.stdout.write('running\n');
const end = await bulk.start(jobId);
await bulk.dispose();
service.dispose();
db.close();
process.stdout.write(`${JSON.stringify(end)}\n`);
