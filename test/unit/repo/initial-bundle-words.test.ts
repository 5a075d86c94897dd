/**
 * Issue 43: the window's first bundle carries the English catalog only; German comes as its own chunk when spoken
 * (scripts/lazy-words.ts, renderer/src/lang-catalog.ts). Reads the built renderer (built here when stale).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSizes } from '../../../bench/bundle-sizes';
import { ensureRendererBuild, RENDERER_OUT } from '../../../scripts/ensure-renderer-build';
import { wordsFor } from '../../../shared/i18n';

const text = (files: string[]) => files.map((f) => readFileSync(resolve(RENDERER_OUT, f), 'utf8')).join('\n');

describe('the window’s initial bundle', () => {
  let sizes: ReturnType<typeof bundleSizes>;
  beforeAll(() => {
    ensureRendererBuild({ log: () => {} });
    sizes = bundleSizes();
  }, 180_000);

  // Sentences only the German catalog has, read from it (not typed here), with an English one as the control.
  const de = wordsFor('de').w;
  const en = wordsFor('en').w;
  const german = [de.uiNav.unreachableRestart, de.uiSettings.save];

  it('holds the English catalog and no German sentence', () => {
    expect(german.length).toBeGreaterThan(0);
    const initial = text(sizes.js.files);
    expect(initial.includes(en.uiNav.unreachableRestart), 'English in the initial JS').toBe(true);
    for (const s of german) expect(initial.includes(s), `German in the initial JS: ${s}`).toBe(false);
  });

  it('ships the German catalog as a chunk loaded later', () => {
    const lazy = text(sizes.lazy.files.filter((f) => f.endsWith('.js')));
    for (const s of german) expect(lazy.includes(s), `German not in a later chunk: ${s}`).toBe(true);
  });
});
