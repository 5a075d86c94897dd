/**
 * Issue 27, what users with other display settings see: forced colours (Windows high contrast), 200 % zoom (the
 * 380 px window is 190 CSS px wide) and WCAG 1.4.12 text spacing, on the lookup view with a result, Settings,
 * Bulk with a finished job and History with its chart. Screenshots go to .tmp/screens/a11y/, or with
 * A11Y_SHOTS=1 to docs/screenshots/a11y/ (kept there, looked at by hand: see docs/screenshots/a11y/README.md).
 * Asserted: no sideways scrolling of the page (the results table and the JSON tree scroll inside themselves),
 * nothing clipped inside a box that hides overflow, and under forced colours the meters, the bulk progress bar
 * and focus rings keep a visible system colour.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type Preview } from './fixtures';
import { ipField, lookUp, result } from './ui-helpers';

const DIR = process.env.A11Y_SHOTS
  ? join(process.cwd(), 'docs', 'screenshots', 'a11y')
  : join(process.cwd(), '.tmp', 'screens', 'a11y');
const DAY = 86_400_000;

test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 60 } });

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(DIR, `${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
}

/** Page-level sideways scrolling in CSS px (0: none), and the elements that stick out past the window's right edge. */
async function sideways(page: Page): Promise<{ px: number; out: string[] }> {
  return page.evaluate(() => {
    const s = document.scrollingElement as HTMLElement;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > s.clientWidth + 0.5 && !el.closest('.sr-only'))
        out.push(`${el.tagName.toLowerCase()}.${String(el.className)} right ${Math.round(r.right)}`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width > 0 && r.right > s.clientWidth + 0.5 && !n.parentElement?.closest('.sr-only'))
        out.push(`text "${(n.textContent ?? '').trim().slice(0, 30)}" right ${Math.round(r.right)}`);
    }
    return { px: s.scrollWidth - s.clientWidth, out: out.slice(0, 8) };
  });
}

/**
 * Elements whose text is cut off: a box that hides its overflow (hidden/clip, not a scrolling one) with content
 * larger than it, or text ellipsised. The results table's cells are ellipsised by design with the whole text in
 * their title, and the sr-only texts are clipped on purpose: both left out.
 */
function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('.sr-only, .bulk-table, svg, canvas') || el.offsetParent === null) continue;
      const cs = getComputedStyle(el);
      const hides = (v: string): boolean => v === 'hidden' || v === 'clip';
      const wide = hides(cs.overflowX) && el.scrollWidth > el.clientWidth + 1;
      const tall = hides(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if ((wide || tall) && (el.textContent ?? '').trim() !== '')
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`,
        );
    }
    return out;
  });
}

/** A few days of use, so History has a chart and Recent and the gauges have figures. */
async function someUse(preview: Preview): Promise<void> {
  for (let d = 0; d < 5; d++) {
    preview.sim.setUsage(preview.apiKey, { month: 300 * (d + 1) });
    expect((await preview.core.handlers.lookup({ ip: `198.51.100.${d + 1}`, refresh: true })).kind).toBe('ok');
    preview.advance(DAY);
  }
}

/** Walks the four views, calling `check` in each (after the view's content is there). */
async function walk(page: Page, preview: Preview, check: (name: string) => Promise<void>): Promise<void> {
  await someUse(preview);
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  await check('lookup');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await check('settings');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Bulk', exact: true }).click();
  await page.getByLabel(/Addresses/).fill('8.8.8.8\n1.1.1.1\n9.9.9.9\n2a03:2880:f12f:1083:face:b00c:1234:25de\n');
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await cost.getByRole('button', { name: /^Start/ }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Finished');
  await expect(page.getByRole('table', { name: 'Bulk results' }).getByRole('row')).toHaveCount(5);
  await check('bulk');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect(page.locator('.history-chart canvas').first()).toBeVisible();
  await page.getByText('Per-day table').click();
  await check('history');
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`forced colours, ${scheme}`, () => {
    test.use({ colorScheme: scheme });
    test(`forced colours (${scheme}): meters, progress and focus rings keep a system colour`, async ({
      page,
      preview,
    }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
      await walk(page, preview, async (name) => {
        // A focus ring on the first button of the view, as a keyboard user would see it.
        await page.locator('main button:visible').first().focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        await shoot(page, `forced-colors-${scheme}-${name}`);
        const ring = await page.evaluate(() => {
          const cs = getComputedStyle(document.activeElement as Element);
          return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth) };
        });
        expect.soft(ring.style, `focus ring style in ${name}`).not.toBe('none');
        expect.soft(ring.width, `focus ring width in ${name}`).toBeGreaterThanOrEqual(2);
        // Filled bars: their fill must differ from the track (forced colours drop background colours).
        const bars = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.meter-fill:not(.gauge-swatch), .bulk-progress > span')].map(
            (fill) => {
              const track = fill.parentElement as HTMLElement;
              return {
                fill: getComputedStyle(fill).backgroundColor,
                track: getComputedStyle(track).backgroundColor,
                border: getComputedStyle(track).borderTopStyle,
              };
            },
          ),
        );
        for (const b of bars) {
          expect.soft(b.fill, `a bar's fill differs from its track in ${name}`).not.toBe(b.track);
          expect.soft(b.border, `a bar's track has an outline in ${name}`).not.toBe('none');
        }
      });
    });
  });
}

test('200 % zoom (190 CSS px): nothing needs sideways scrolling, nothing is clipped', async ({ page, preview }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 190, height: 300 });
  await walk(page, preview, async (name) => {
    await shoot(page, `zoom-200-${name}`);
    const side = await sideways(page);
    expect.soft(side.px, `sideways scrolling at 200 % in ${name}: ${side.out.join(', ')}`).toBeLessThanOrEqual(0);
    expect.soft(await clipped(page), `clipped at 200 % in ${name}`).toEqual([]);
  });
});

test('text spacing (WCAG 1.4.12): line height 1.5, letter 0.12 em, word 0.16 em, paragraphs 2 em', async ({
  page,
  preview,
}) => {
  test.setTimeout(120_000);
  // A constructed style sheet (the CSSOM): the page's policy allows no inline <style>, as a user's own sheet would be.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const s = new CSSStyleSheet();
      s.replaceSync(
        '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }' +
          ' p { margin-bottom: 2em !important; }',
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, s];
    });
  });
  await walk(page, preview, async (name) => {
    await shoot(page, `text-spacing-${name}`);
    const side = await sideways(page);
    expect
      .soft(side.px, `sideways scrolling with text spacing in ${name}: ${side.out.join(', ')}`)
      .toBeLessThanOrEqual(0);
    expect.soft(await clipped(page), `clipped with text spacing in ${name}`).toEqual([]);
  });
});
