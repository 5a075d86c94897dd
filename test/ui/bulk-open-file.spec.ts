/**
 * Issue 41, the window's part: Bulk → "Open file…" on a log of a few MB is read in the core, streamed (the page never
 * holds it): a progress bar with bytes read of the total and addresses found, then the cost preview — the same count
 * as the whole file gives — and a job labelled by the file's name. Cancel mid-read stops the core's reading and leaves
 * the text typed before. The read is held between chunks by the fixture's gate (preview.readGate), never by time.
 */
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accessLog } from '../../bench/log-gen';
import { extractAddresses } from '../../electron/core/bulk/extract';
import { formatCount } from '../../shared/format';
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';

test.use({ previewPlan: { monthLimit: 100_000, minuteLimit: null } });

const SEED = 4141;

/** A web-server log of about `bytes` bytes with `unique` client addresses (bench/log-gen.ts, seeded). */
function writeLog(path: string, unique: number, bytes: number): number {
  console.info(`bulk-open-file.spec: log seed ${SEED}`);
  writeFileSync(path, Buffer.concat([...accessLog({ unique, bytes, seed: SEED })]));
  return extractAddresses(readFileSync(path, 'utf8')).addresses.length;
}

test('Open file… reads a 3 MB log in the core with progress, costs it right, and a job runs on it', async ({
  page,
  preview,
}) => {
  const log = join(preview.dataDir, 'access.log');
  const unique = writeLog(log, 1500, 3_000_000);
  expect(unique).toBeGreaterThan(1000);
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  preview.openFile.next = log;
  preview.readGate.close();
  await page.getByRole('button', { name: 'Open file…' }).click();
  const bar = page.getByRole('progressbar', { name: 'Reading access.log' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', String(readFileSync(log).length));
  await expect(page.getByRole('status').filter({ hasText: 'Reading access.log' })).toBeVisible();
  // 40 chunks of 64 KiB let through: progress comes at least every 16 chunks (1 MiB), so it says 24 chunks or more.
  preview.readGate.step(40);
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(24 << 16);
  await expect(bar).toHaveAttribute('aria-valuetext', /^[12]\.\d MB of 3\.0 MB read, [\d,]+ addresses$/);
  await expect(page.getByText(/^[12]\.\d MB of 3\.0 MB read, [\d,]+ addresses$/)).toBeVisible();
  await shoot(page, 'bulk-reading', { dark: true });

  preview.readGate.open();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText(`${formatCount(unique, 'en-US')} unique addresses`);
  await expect(bar).toBeHidden();
  await expect(page.getByText('File: access.log')).toBeVisible();
  await cost.getByRole('button', { name: /^Start/ }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('access.log ·');
  await expect(page.getByRole('progressbar', { name: 'Bulk progress' })).toHaveAttribute(
    'aria-valuemax',
    String(unique),
  );
  await job.getByRole('button', { name: /Cancel/ }).click();
});

test('Cancel mid-read stops the reading at once; the text typed before stays', async ({ page, preview }) => {
  const log = join(preview.dataDir, 'big.log');
  writeLog(log, 500, 2_000_000);
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  const box = page.getByLabel(/Addresses/);
  await box.fill('8.8.8.8\n1.1.1.1\n');
  preview.openFile.next = log;
  preview.readGate.close();
  await page.getByRole('button', { name: 'Open file…' }).click();
  const bar = page.getByRole('progressbar', { name: 'Reading big.log' });
  preview.readGate.step(20);
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(4 << 16);
  await expect.poll(() => preview.readGate.held).toBe(1); // the read waits for its 21st chunk
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeHidden();
  await expect(box).toHaveValue('8.8.8.8\n1.1.1.1\n');
  await expect(page.getByRole('button', { name: 'Open file…' })).toBeEnabled();
  // The held chunk let go: the core finds the read cancelled and reads no further (no chunk asks the gate again).
  const passed = preview.readGate.passed;
  preview.readGate.open();
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText('2 unique addresses');
  expect(preview.readGate.passed).toBe(passed + 1);
  expect(preview.readGate.held).toBe(0);
});
