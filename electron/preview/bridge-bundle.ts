/**
 * Compiles electron/preview/web-bridge.ts (plus what it imports from shared/) into one classic browser
 * script, once per process. esbuild is already in the tree (tsx and vite both use it).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: Promise<string> | null = null;

function bridgeSource(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'web-bridge.ts');
}

async function compile(): Promise<string> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [bridgeSource()],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('The web bridge compiled to nothing');
  return file.text;
}

/** The bridge script's JavaScript. A failed compile is not cached, so the next request retries. */
export function bridgeScript(): Promise<string> {
  if (!cached) {
    cached = compile().catch((err: unknown) => {
      cached = null;
      throw err;
    });
  }
  return cached;
}
