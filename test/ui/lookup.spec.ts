/** The lookup box and the result region, in Chromium against the real core and simulator. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { expectedData, infoRequests, ipField, lookUp, lookUpButton, monthMeter, result } from './ui-helpers';

test('a lookup shows a readable summary, the full JSON, where it came from, and spends exactly one request', async ({
  page,
  preview,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await preview.open(page);
  await expect(ipField(page)).toBeFocused();
  const exp = expectedData('8.8.8.8');

  await lookUp(page, '  8.8.8.8 \n');
  const region = result(page);
  await expect(region.getByText('8.8.8.8 (IPv4)')).toBeVisible();
  await expect(region).toContainText(exp.country);
  await expect(region).toContainText(exp.city);
  await expect(region).toContainText(exp.region);
  await expect(region).toContainText(exp.organization);
  await expect(region).toContainText(`AS${exp.asn}`);
  await expect(region).toContainText('Threat score');
  await expect(region).toContainText('From the network · just now');
  await expect(region.getByRole('button', { name: 'Refresh (uses 1 request)' })).toBeVisible();
  // The full tree is there (collapsed below level 2) and can be expanded.
  await expect(region.getByText('range_type')).toBeVisible();
  expect(infoRequests(preview)).toBe(1);
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '9999');

  await region.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(region.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { data: { ip: string } };
  expect(copied.data.ip).toBe('8.8.8.8');
  await region.getByRole('button', { name: 'Copy City' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(exp.city);
});

test('invalid input is explained inline and nothing is sent', async ({ page, preview }) => {
  await preview.open(page);
  for (const bad of ['999.1.1.1', 'example.com', '10.0.0.0/8', '8.8.8.8:53', '']) {
    await lookUp(page, bad);
    await expect(page.locator('#ip-error')).not.toBeEmpty();
    await expect(ipField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(ipField(page)).toHaveAccessibleDescription(/IP|address|range|port/i);
  }
  await expect(result(page)).toContainText('Enter an IP address to see');
  // Only the free /v2/status probe may have happened: no lookup reached the service.
  expect(infoRequests(preview)).toBe(0);
  expect(preview.sim.log.filter((e) => e.ip !== null)).toEqual([]);
  // Typing clears the message.
  await ipField(page).fill('1.1.1.1');
  await expect(page.locator('#ip-error')).toBeEmpty();
});

test('an invalid address submitted after a result replaces that result, not sits above it', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  await lookUp(page, '8.8.8');
  await expect(page.locator('#ip-error')).not.toBeEmpty();
  // The previous address's facts are gone: nothing on screen belongs to an address other than the typed one.
  await expect(result(page)).not.toContainText('8.8.8.8');
  await expect(result(page).getByRole('button', { name: 'Refresh (uses 1 request)' })).toHaveCount(0);
  await expect(result(page)).toContainText('Enter an IP address to see');
  expect(infoRequests(preview)).toBe(1);
});

test('a second lookup of the same IP comes from the cache for free; recent lookups and Refresh', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await lookUp(page, '1.1.1.1');
  await expect(result(page)).toContainText('From the network');
  await lookUp(page, '9.9.9.9');
  await expect(result(page)).toContainText('9.9.9.9 (IPv4)');
  expect(infoRequests(preview)).toBe(2);

  const recent = page.getByRole('region', { name: 'Recent lookups' }).or(page.locator('section.recent'));
  await recent.getByRole('button', { name: /1\.1\.1\.1/ }).click();
  await expect(result(page)).toContainText('1.1.1.1 (IPv4)');
  await expect(result(page)).toContainText('From cache · fetched');
  await lookUp(page, '9.9.9.9');
  await expect(result(page)).toContainText('9.9.9.9 (IPv4)');
  await expect(result(page)).toContainText('From cache');
  expect(infoRequests(preview)).toBe(2);

  await result(page).getByRole('button', { name: 'Refresh (uses 1 request)' }).click();
  await expect(result(page)).toContainText('From the network');
  expect(infoRequests(preview)).toBe(3);
});

test('an invalid key says so and leads to Settings', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.removeKey(preview.apiKey);
  await lookUp(page, '8.8.4.4');
  await expect(result(page).getByRole('heading')).toContainText('does not accept your API key');
  await result(page).getByRole('button', { name: 'Open Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace key' })).toBeVisible();
});

test('a network fault offers Retry, which works once the network is back', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setFaults({ reset: true });
  await lookUp(page, '8.8.8.8');
  await expect(result(page).getByRole('heading')).toContainText(/reach the service/);
  preview.sim.clearFaults();
  await result(page).getByRole('button', { name: 'Retry' }).click();
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
});

test('a network fault gives its advice once, not twice', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setFaults({ reset: true });
  await lookUp(page, '8.8.8.8');
  const problem = result(page).locator('.problem');
  await expect(problem.getByRole('heading')).toContainText(/reach the service/);
  // The sentences only (the Retry button is the action, not advice).
  const words = (await problem.locator('p').allInnerTexts()).join(' ');
  expect(words).toContain('The connection to the service was cut off.');
  expect(words.match(/\bretry\b/gi) ?? []).toHaveLength(1);
  expect(words.match(/\bcheck\b/gi)?.length ?? 0).toBeLessThanOrEqual(1);
});

test('server errors, plan refusals and non-JSON answers each have their own message', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setFaults({ status500: true });
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('The service had a problem (500)');
  await expect(result(page)).toContainText('Retry later');
  // Said once: the core's sentence gives the advice, the hint below only why nothing was counted.
  expect(((await result(page).textContent()) ?? '').match(/retry later/gi) ?? []).toHaveLength(1);

  preview.sim.setFaults({ status500: false, forbidden: true });
  await lookUp(page, '8.8.8.9');
  await expect(result(page)).toContainText('Your plan does not allow this');
  await expect(result(page)).toContainText('Upgrade your plan');

  preview.sim.setFaults({ forbidden: false, nonJson: true });
  await lookUp(page, '8.8.8.10');
  await expect(result(page)).toContainText('does not understand');
  await expect(result(page).getByLabel('Raw response', { exact: true })).toContainText('<');
});

test('a navigate event from the tray prefills and runs a lookup', async ({ page, preview }) => {
  await preview.open(page);
  preview.core.emit('navigate', { view: 'lookup', ip: '8.8.4.4' });
  await expect(ipField(page)).toHaveValue('8.8.4.4');
  await expect(result(page)).toContainText('8.8.4.4 (IPv4)');
  await expect(lookUpButton(page)).toBeEnabled();
});

test.describe('at the window size', () => {
  test.use({ viewport: { width: 380, height: 640 } });

  test("Coordinates' Copy lines up with every other row's Copy, at the right edge", async ({ page, preview }) => {
    await preview.open(page);
    await lookUp(page, '8.8.8.8');
    const region = result(page);
    await expect(region.getByRole('button', { name: 'Copy Coordinates' })).toBeVisible();
    // UX_SHOTS=before|after: the facts as a person sees them, into docs/screenshots/lookup/.
    if (process.env.UX_SHOTS) {
      const dir = join(process.cwd(), 'docs', 'screenshots', 'lookup');
      mkdirSync(dir, { recursive: true });
      await region.locator('dl.facts').screenshot({
        path: join(dir, `coordinates-copy-${process.env.UX_SHOTS}.png`),
        animations: 'disabled',
        caret: 'hide',
      });
    }
    const right = async (name: string): Promise<number> => {
      const box = await region.getByRole('button', { name }).boundingBox();
      if (!box) throw new Error(`${name} has no box`);
      return Math.round(box.x + box.width);
    };
    const city = await right('Copy City');
    expect(await right('Copy Country')).toBe(city);
    expect(await right('Copy Coordinates')).toBe(city);
    // Map sits just before Copy, not somewhere in the middle of the row.
    const map = await region.getByRole('button', { name: 'Map: open the coordinates in OpenStreetMap' }).boundingBox();
    const copy = await region.getByRole('button', { name: 'Copy Coordinates' }).boundingBox();
    expect(map && copy && copy.x - (map.x + map.width)).toBeLessThan(12);
  });
});
