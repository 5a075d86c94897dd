/**
 * Issue 27, keyboard alone: each task done with key presses and typing only — no click, no focus() — from the
 * state the window opens in. On the way, every control Tab stops on shows a focus ring (an outline at least
 * 2 px wide, or a box shadow) and is on screen, not scrolled away or under something else.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectedData, infoRequests, ipField, result } from './ui-helpers';

/** What a sighted keyboard user sees of the focused element: its name, and whether its focus ring shows. */
async function focusSeen(page: Page): Promise<{ what: string; ring: boolean; onScreen: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', ring: true, onScreen: true };
    const cs = getComputedStyle(el);
    const ring =
      (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) ||
      (cs.boxShadow !== 'none' && cs.boxShadow !== '') ||
      // A control drawn inside a wrapper that shows the ring for it (:focus-within).
      (el.parentElement !== null && getComputedStyle(el.parentElement).outlineStyle !== 'none');
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 8), 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    const onScreen =
      r.bottom > 0 &&
      r.top < innerHeight &&
      r.right > 0 &&
      r.left < innerWidth &&
      !!top &&
      (el.contains(top) || top.contains(el));
    const name =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.closest('label')?.textContent ??
      el.textContent ??
      '';
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name.trim().slice(0, 40)}" at ${Math.round(r.top)},${Math.round(r.left)} ${Math.round(r.width)}x${Math.round(r.height)} (top: ${top?.tagName ?? 'none'}.${String(top?.className ?? '')})`;
    return { what, ring, onScreen };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. Every stop on the way must
 * show its focus ring and be on screen.
 */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  const key = opts.back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < (opts.max ?? 60); i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
    const seen = await focusSeen(page);
    expect.soft(seen.ring, `focus ring on ${seen.what}`).toBe(true);
    expect.soft(seen.onScreen, `${seen.what} is on screen when focused`).toBe(true);
  }
  throw new Error(`${target} not reached with ${opts.max ?? 60} presses of ${key}`);
}

test.describe('first run', () => {
  test.use({ previewSetup: 'first-run' });
  test('first run to the first lookup: the service and key typed, saved with Enter, then an address', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await tabTo(page, page.getByLabel('Base URL'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(preview.sim.url);
    await tabTo(page, page.getByLabel('API key', { exact: true }));
    await page.keyboard.type(preview.apiKey);
    await page.keyboard.press('Enter');
    await expect(ipField(page)).toBeFocused();
    await page.keyboard.type('8.8.8.8');
    await page.keyboard.press('Enter');
    await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
    expect(infoRequests(preview)).toBe(1);
  });
});

test('a lookup to copying one of its facts, and the full response opened from the keyboard', async ({
  page,
  preview,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  await expect(ipField(page)).toBeFocused();
  await page.keyboard.type('8.8.8.8');
  await page.keyboard.press('Enter');
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  const copyCity = result(page).getByRole('button', { name: 'Copy City' });
  await tabTo(page, copyCity);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expectedData('8.8.8.8').city);
  // The full response: one Tab stop; arrows move, End and Home jump, Enter and Space close and open a node.
  const tree = result(page).locator('.json-tree-wrap');
  const toggles = tree.locator('[role=button][aria-expanded]');
  await tabTo(page, tree.locator('[role=button][tabindex="0"]'));
  await page.keyboard.press('End');
  await expect(toggles.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(toggles.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const second = toggles.nth(1);
  await expect(second).toBeFocused();
  const node = second; // closing it removes the nodes after it inside, not the ones before
  const was = await node.getAttribute('aria-expanded');
  await page.keyboard.press('Enter');
  await expect(node).toHaveAttribute('aria-expanded', was === 'true' ? 'false' : 'true');
  await page.keyboard.press(' ');
  await expect(node).toHaveAttribute('aria-expanded', was ?? '');
  // Shift+Tab goes back the same way.
  await tabTo(page, ipField(page), { back: true });
});

test('Settings: a change typed and saved with the keyboard, then Escape back to the lookup', async ({
  page,
  preview,
}) => {
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  await tabTo(page, page.getByRole('button', { name: 'Settings', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const keep = page.getByLabel('Keep results for');
  await tabTo(page, keep);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('60');
  await tabTo(page, page.getByRole('combobox', { name: 'Unit' }));
  await page.keyboard.press('ArrowUp'); // days → hours
  await page.keyboard.press('ArrowUp'); // → minutes
  await tabTo(page, page.getByRole('button', { name: 'Save settings' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await preview.core.handlers.getSnapshot()).settings.cache.ttlMinutes).toBe(60);
  await page.keyboard.press('Escape');
  await expect(ipField(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeFocused();
});

test.describe('bulk', () => {
  test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 60 } });
  test('a bulk job from a pasted list to the CSV export', async ({ page, preview }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await tabTo(page, page.getByRole('button', { name: 'Bulk', exact: true }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Bulk lookups', level: 1 })).toBeVisible();
    await tabTo(page, page.getByLabel(/Addresses/));
    await page.keyboard.insertText('8.8.8.8\n1.1.1.1\n9.9.9.9\n'); // what a paste puts in
    await tabTo(page, page.getByRole('button', { name: 'Check cost' }));
    await page.keyboard.press('Enter');
    const cost = page.getByRole('region', { name: 'Cost before sending' });
    await expect(cost).toContainText('3 unique addresses');
    await tabTo(page, cost.getByRole('button', { name: /^Start/ }));
    await page.keyboard.press('Enter');
    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    await expect(job.getByRole('heading')).toContainText('Finished');
    // The results table's scrolling list takes focus and scrolls with the arrow keys.
    await tabTo(page, page.getByRole('rowgroup', { name: 'Results, scrollable' }));
    await tabTo(page, job.getByRole('button', { name: 'CSV' }), { back: true });
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const lines = readFileSync(await (await download).path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    await expect(job.getByRole('status').filter({ hasText: 'Downloaded as' })).toBeVisible();
  });
});

test('switching profile from the title bar with the arrow keys', async ({ page, preview }) => {
  const added = await preview.core.handlers.addProfile({ name: 'Lab' });
  expect(added.kind).toBe('done');
  const back = await preview.core.handlers.switchProfile({ name: 'default' });
  expect(back.kind).toBe('done');
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  const picker = page.getByRole('combobox', { name: 'Profile', exact: true });
  await expect(picker).toHaveValue('default');
  await tabTo(page, picker, { back: true });
  await page.keyboard.press('ArrowDown');
  await expect(picker).toHaveValue('Lab');
  await expect(picker).toBeFocused(); // the switch re-renders the window; focus stays on the picker
  const active = async (): Promise<string | undefined> =>
    (await preview.core.handlers.getSnapshot()).profiles.find((p) => p.active)?.name;
  await expect.poll(active).toBe('Lab');
  await page.keyboard.press('ArrowUp');
  await expect(picker).toHaveValue('default');
  await expect.poll(active).toBe('default');
  await expect(picker).toBeFocused();
  await expect(ipField(page)).toBeVisible();
});

test.describe('history', () => {
  test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: null } });
  test("reading History's per-day table", async ({ page, preview }) => {
    for (let d = 0; d < 3; d++) {
      preview.sim.setUsage(preview.apiKey, { month: 100 * (d + 1) });
      expect((await preview.core.handlers.lookup({ ip: `198.51.100.${d + 1}`, refresh: true })).kind).toBe('ok');
      preview.advance(86_400_000);
    }
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await tabTo(page, page.getByRole('button', { name: 'History', exact: true }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
    const summary = page.locator('.history-table summary');
    await tabTo(page, summary);
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'Requests used per day this month' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Used' })).toBeVisible();
    expect(await table.getByRole('row').count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'History', exact: true })).toBeFocused();
  });
});
