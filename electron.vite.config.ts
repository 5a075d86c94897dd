import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { APP_CSP_META } from './shared/csp';
import { aboutModule } from './scripts/licences';
import { lazyWords } from './scripts/lazy-words';

/** `virtual:about`: the version and the shipped packages' licences, read from package(-lock).json at build time. */
function aboutInfo(): Plugin {
  const id = 'virtual:about';
  return {
    name: 'lookup-tray-about',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (loaded) => (loaded === `\0${id}` ? aboutModule(resolve('.')) : null),
  };
}

/** Production builds carry the CSP in index.html too: file:// loads in Electron get no response headers. */
function cspMeta(): Plugin {
  return {
    name: 'lookup-tray-csp-meta',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        '<meta charset="UTF-8" />',
        `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${APP_CSP_META}" />`,
      ),
  };
}

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: { main: resolve('electron/main.ts') },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { preload: resolve('electron/preload.ts') },
        // CommonJS so the window can stay sandboxed.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react(), cspMeta(), aboutInfo(), lazyWords()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
