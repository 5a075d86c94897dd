/**
 * The pseudo-locale check (issue 43) run in the page: every visible text node, accessible name (aria-label, title,
 * placeholder, alt, a label's text) and live-region announcement outside a `translate="no"` element must come from
 * the catalog — in the pseudo-locale every catalog text is bracketed ⟦…⟧ (shared/i18n/pseudo.ts), so what is left
 * once the bracketed parts are taken out must hold no letter — and no text may be cut off (its box narrower than
 * its text) or stick out of the 380 px window.
 */
import type { Page } from '@playwright/test';

export interface PseudoFinding {
  kind: 'not from the catalog' | 'cut off' | 'overflows';
  /** The nearest element with a class or id, as `tag.class` (where the text is). */
  where: string;
  text: string;
}

/** What the page shows now that fails the check; `gaps` are CSS selectors of parts not converted yet. */
export async function pseudoFindings(page: Page, gaps: readonly string[]): Promise<PseudoFinding[]> {
  return page.evaluate((gapSelectors) => {
    const out: { kind: 'not from the catalog' | 'cut off' | 'overflows'; where: string; text: string }[] = [];
    const width = document.documentElement.clientWidth;
    const isData = (el: Element | null): boolean => !!el?.closest('[translate="no"]');
    const inGap = (el: Element | null): boolean => !!el && gapSelectors.some((s) => el.closest(s));
    const where = (el: Element): string => {
      const at = el.closest('[class],[id]') ?? el;
      const cls =
        typeof at.className === 'string' && at.className ? `.${at.className.trim().split(/\s+/).join('.')}` : '';
      return `${at.tagName.toLowerCase()}${at.id ? `#${at.id}` : ''}${cls}`;
    };
    // Letters left once the catalog's bracketed texts are taken out: a text that did not come from the catalog.
    const foreign = (s: string): boolean => /\p{L}/u.test(s.replace(/⟦[^⟧]*⟧/g, ''));
    const shown = (el: Element): boolean => {
      if (el.closest('[hidden],[aria-hidden="true"]')) return false;
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
      // sr-only text is read out: it counts (its box is 1 px on purpose, so it is not checked for size).
      return el.getClientRects().length > 0 || el.closest('.sr-only') !== null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const boxes = new Set<Element>();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = (n.textContent ?? '').trim();
      if (!el || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
      if (el.tagName === 'OPTION' ? !shown(el.closest('select') ?? el) : !shown(el)) continue;
      if (isData(el) || inGap(el)) continue;
      if (foreign(text)) out.push({ kind: 'not from the catalog', where: where(el), text: text.slice(0, 80) });
      if (el.tagName !== 'OPTION' && !el.closest('.sr-only')) boxes.add(el);
    }
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      if (!shown(el) || isData(el) || inGap(el)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        // A placeholder shows an example of data (an address, a URL): not a sentence.
        if (v && a !== 'placeholder' && foreign(v))
          out.push({ kind: 'not from the catalog', where: `${where(el)}[${a}]`, text: v.slice(0, 80) });
      }
    }
    for (const el of boxes) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > width + 1 || r.left < -1)
        out.push({ kind: 'overflows', where: where(el), text: (el.textContent ?? '').trim().slice(0, 80) });
      const cs = getComputedStyle(el);
      const clips = cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1)
        out.push({ kind: 'cut off', where: where(el), text: (el.textContent ?? '').trim().slice(0, 80) });
    }
    return out;
  }, gaps);
}

/** Opens the preview's pages in the pseudo-locale: the system's language, as the page sees it, is "pseudo". */
export async function speakPseudo(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'languages', { get: () => ['pseudo'], configurable: true });
    Object.defineProperty(navigator, 'language', { get: () => 'pseudo', configurable: true });
  });
}
