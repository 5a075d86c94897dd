/**
 * The German catalog is its own chunk (issue 43, renderer/src/lang-catalog.ts): the window waits for it without
 * showing English to a German user, and a switch to Deutsch keeps the window in English until German is there.
 * The chunk's answer is held back by the test (a gate it opens), so the waiting state is seen on every run.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Holds the German chunk's answer until `release()`; `asked` resolves when the window asks for it. */
async function holdGermanChunk(page: Page) {
  let release!: () => void;
  let askedFor!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const asked = new Promise<void>((r) => (askedFor = r));
  await page.route(/\/assets\/words-de-[^/]*\.js$/, async (route) => {
    askedFor();
    await gate;
    await route.continue();
  });
  return { asked, release };
}

test('a switch to Deutsch keeps the window in English until the German catalog is loaded', async ({
  page,
  preview,
}) => {
  const chunk = await holdGermanChunk(page);
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await chunk.asked;
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  chunk.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test.describe('on a German system', () => {
  test.use({ locale: 'de-DE' });

  test('the window shows nothing in English while the German catalog loads', async ({ page, preview }) => {
    const chunk = await holdGermanChunk(page);
    const opened = preview.open(page);
    await chunk.asked;
    await expect(page.locator('#root')).toHaveText('');
    chunk.release();
    await opened;
    await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
  });
});
