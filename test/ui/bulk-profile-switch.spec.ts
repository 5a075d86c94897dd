/**
 * Issue 28 through the web preview: a bulk job of 12 addresses on a plan of 5 a minute; while it waits for the next
 * minute window a second profile is added (and comes into use). The app keeps answering, the job finishes on its
 * own profile's service, the Bulk view shows it (marked with its profile) from the other profile, and after a
 * reload the Lookup view offers to show the running job.
 */
import type { BulkProgress } from '../../shared/bulk';
import { expect, test } from './fixtures';
import { toStartOfNextMinute } from './ui-helpers';
import { shoot } from './ux-shots';

test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 5 } });

const TWELVE = Array.from({ length: 12 }, (_, i) => `8.8.4.${i + 1}`).join('\n');

test('a profile switch while a bulk job waits: the app answers, the job finishes on its own profile', async ({
  page,
  preview,
}) => {
  test.setTimeout(90_000); // several minute windows, each waited for
  toStartOfNextMinute(preview);
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  await page.getByLabel(/Addresses/).fill(TWELVE);
  await page.getByRole('button', { name: 'Check cost' }).click();
  await page.getByRole('button', { name: /^Start/ }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job).toContainText('4 done · 8 left'); // one slot of the window kept for single lookups
  await expect(job).toContainText('Waiting for the next minute window');

  // Another profile comes into use (added = switched to), with no key of its own yet.
  await page.getByRole('button', { name: /Back/ }).click();
  expect((await preview.core.handlers.addProfile({ name: 'Work', baseUrl: 'https://work.example' })).kind).toBe('done');

  // A reload while the job runs: the Lookup view offers to show it.
  await page.reload();
  await page.waitForFunction(
    () => (window as unknown as { __lookupTrayPreview?: { state: string } }).__lookupTrayPreview?.state === 'open',
  );
  const bar = page.getByRole('status').filter({ hasText: /Bulk job .* is running/ });
  await expect(bar).toContainText('4 of 12 done');
  await shoot(page, 'bulk-running-bar', { dark: true });
  await bar.getByRole('button', { name: 'Show' }).click();
  await expect(job.getByRole('heading')).toContainText('· profile Default'); // not the profile in use: named

  // Minute windows pass: the window keeps answering, and the job goes on to the end on the Default service. Each
  // step waits for the job to use the new window before the next one opens (a busy machine answers slowly).
  // The clock only moves while the job waits for a window with nothing in flight: moving it past a request's
  // timeout would cut off an answer the service already counted (the job would then ask for that address again).
  let last: BulkProgress | null = null;
  const off = preview.core.on('bulk-progress', (p) => (last = p));
  const job0 = async () => (await preview.core.handlers.bulkList())[0]!;
  for (let i = 0; i < 10 && (await job0()).state !== 'finished'; i++) {
    const before = (await job0()).done;
    await expect
      .poll(async () => {
        await preview.core.whenIdle();
        const p = last as BulkProgress | null; // null: nothing since the job was seen waiting above
        return p === null || p.state !== 'running' || p.waitingUntil !== null;
      })
      .toBe(true);
    preview.advance(60_000);
    await expect(page.getByRole('heading', { name: 'Bulk lookups' })).toBeVisible();
    const answered = await preview.core.handlers.getSnapshot(); // the core answers
    expect(answered.settings.profile).toBe('Work');
    await expect.poll(async () => (await job0()).done, { timeout: 15_000 }).toBeGreaterThan(before);
  }
  off();
  await expect(job.getByRole('heading')).toContainText('Finished');
  await expect(job).toContainText('12 done · 0 left');
  await shoot(page, 'bulk-other-profile-finished', { dark: true, fullPage: true });
  const info = preview.sim.log.filter((l) => l.path === '/v2/info');
  expect(info).toHaveLength(12);
  expect(info.every((l) => l.status === 200)).toBe(true);

  // Once it ended, the Lookup view no longer offers it.
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /Bulk job .* is running/ })).toHaveCount(0);
});
