/**
 * The window's build leaves the non-English catalogs out of its initial bundle (issue 43): shared/i18n/index.ts and
 * ui.ts import every language for the main process, the command line, the preview server and the unit tests
 * (synchronous `wordsFor`), and in the renderer's build their imports of `./de/*` become stubs (every export
 * `undefined`). renderer/src/lang-catalog.ts loads the real German catalog as its own chunk when German is spoken.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = '\0lazy-words-stub:';

export function lazyWords(): Plugin {
  return {
    name: 'lookup-tray-lazy-words',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[/\\]shared[/\\]i18n[/\\](index|ui)\.ts$/.test(importer)) return null;
      if (!source.startsWith('./de/')) return null;
      return `${PREFIX}${resolve(dirname(importer), source)}.ts`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const text = readFileSync(id.slice(PREFIX.length), 'utf8');
      const names = [...text.matchAll(/^export const (\w+)/gm)].map((m) => m[1]);
      return names.map((n) => `export const ${n} = undefined;`).join('\n') || 'export {};';
    },
  };
}
