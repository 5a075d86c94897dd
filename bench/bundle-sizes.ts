/** Initial JS and CSS of the built renderer (out/renderer), raw and gzip, read from its index.html. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDERER_OUT } from '../scripts/ensure-renderer-build';

export interface BundleSizes {
  /** Heuristic: the initial JS has long lines (a minified production build), not a development build. */
  minified: boolean;
  js: { raw: number; gzip: number; files: string[] };
  css: { raw: number; gzip: number; files: string[] };
  lazy: { raw: number; gzip: number; files: string[] };
}

const gz = (b: Buffer) => gzipSync(b).length;

export function bundleSizes(dir = RENDERER_OUT): BundleSizes {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const refs = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1] as string).filter((u) => !/^[a-z]+:/i.test(u));
  const js = new Set([
    ...refs(/<script[^>]*\ssrc="([^"]+)"/g),
    ...refs(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ]);
  const css = new Set(refs(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g));
  const sum = (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    const names: string[] = [];
    for (const f of files) {
      const p = resolve(dir, f.replace(/^\//, './'));
      if (!existsSync(p)) continue;
      const b = readFileSync(p);
      raw += b.length;
      gzip += gz(b);
      names.push(f);
    }
    return { raw, gzip, files: names };
  };
  const initial = new Set([...js, ...css].map((f) => resolve(dir, f.replace(/^\//, './'))));
  const assets = existsSync(join(dir, 'assets')) ? readdirSync(join(dir, 'assets')).map((f) => `./assets/${f}`) : [];
  const lazy = assets.filter((f) => /\.(js|css)$/.test(f) && !initial.has(resolve(dir, f)));
  const jsText = [...js].map((f) => {
    const p = resolve(dir, f.replace(/^\//, './'));
    return existsSync(p) ? readFileSync(p, 'utf8') : '';
  });
  const lines = jsText.reduce((a, t) => a + t.split('\n').length, 0);
  const chars = jsText.reduce((a, t) => a + t.length, 0);
  return { minified: lines > 0 && chars / lines > 500, js: sum(js), css: sum(css), lazy: sum(lazy) };
}
