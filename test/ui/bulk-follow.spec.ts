/**
 * Issue 41, the window's Bulk → Follow a file…: a log the test appends to, picked by the preview's stand-in for the
 * main process's open dialog (preview.followPick), followed as one job whose table grows as lines arrive; Stop reads
 * nothing more; Follow again reads on from where it stopped. Every step waits for what the user sees, never a sleep.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { expectNoViolations } from './a11y-axe';
import { infoRequests } from './ui-helpers';
import { shoot } from './ux-shots';

test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 600 } });

const line = (ip: string, n: number) =>
  `${ip} - - [11/Nov/2026:12:00:${String(n).padStart(2, '0')} +0000] "GET /p/${n} HTTP/1.1" 200 512 "-" "Mozilla/5.0 Chrome/120.0.6099.109"\n`;

test('follow a growing log: new rows appear, Stop reads nothing more, Follow again reads on', async ({
  page,
  preview,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'lt-ui-follow-'));
  try {
    const log = join(dir, 'access.log');
    writeFileSync(log, line('8.8.8.8', 1) + line('1.1.1.1', 2) + line('8.8.8.8', 3));
    await preview.open(page);
    await page.getByRole('button', { name: 'Bulk' }).click();
    preview.followPick.answer(log);
    await page.getByRole('button', { name: 'Follow a file…' }).click();

    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    await expect(job.getByRole('heading')).toHaveText('Following access.log');
    const state = job.getByRole('status', { name: 'Follow' });
    const rows = page.getByRole('table', { name: 'Bulk results' }).getByRole('row');
    await expect(rows).toHaveCount(3); // the header and two addresses
    await expect(state).toContainText(/^Following · 2 addresses · last read \d\d:\d\d$/);

    appendFileSync(log, line('9.9.9.9', 4) + line('1.1.1.1', 5) + line('2606:4700::1111', 6));
    await expect(rows).toHaveCount(5);
    await expect(rows.filter({ hasText: '2606:4700::1111' })).toHaveCount(1);
    await expect(state).toContainText('Following · 4 addresses');
    await expect(job).toContainText('4 done · 0 left');
    await shoot(page, 'bulk-follow-following', { dark: true, fullPage: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoViolations(page, `a followed log (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await job.getByRole('button', { name: 'Stop' }).click();
    await expect(state).toContainText(/^Stopped · 4 addresses · last read \d\d:\d\d$/);
    await expect(job.getByRole('button', { name: 'Follow again' })).toBeVisible();
    appendFileSync(log, line('4.4.4.4', 7) + line('9.9.9.9', 8));
    preview.advance(5_000); // a poll of the file would be due: none is left
    await expect(state).toContainText('Stopped · 4 addresses');
    await expect(rows).toHaveCount(5);
    expect(infoRequests(preview)).toBe(4);
    await shoot(page, 'bulk-follow-stopped', { dark: true, fullPage: true });

    await job.getByRole('button', { name: 'Follow again' }).click();
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: '4.4.4.4' })).toHaveCount(1);
    await expect(state).toContainText('Following · 5 addresses');
    expect(infoRequests(preview)).toBe(5); // nothing looked up twice

    // Its Report grows as answers arrive.
    await job.getByRole('button', { name: 'Report' }).click();
    const coverage = page.getByLabel('Coverage');
    await expect(coverage).toContainText('5 addresses');
    appendFileSync(log, line('208.67.222.222', 9));
    await expect(coverage).toContainText('6 addresses');
    await expect(coverage).toContainText('6 answered');
    await shoot(page, 'bulk-follow-report', { dark: true, fullPage: true });
    await page.getByRole('button', { name: /Back/ }).click();
    await expect(job.getByRole('status', { name: 'Follow' })).toContainText('Following · 6 addresses');

    // One follow at a time per file.
    preview.followPick.answer(log);
    await page.getByRole('button', { name: 'Follow a file…' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'access.log is followed already.' })).toBeVisible();
    expect(preview.logs.join('\n')).not.toContain(preview.apiKey);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
