import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confinedPath, hostAllowed, injectBridge, tokenMatches } from '../../../electron/preview/http-util';

const VITE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Lookup Tray</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('injectBridge', () => {
  it('puts the bridge right after <meta charset>, ahead of the module script, and nothing else', () => {
    const out = injectBridge(VITE_HTML, '/__bridge.js');
    const charset = out.indexOf('<meta charset');
    const bridge = out.indexOf('<script src="/__bridge.js"></script>');
    const app = out.indexOf('type="module"');
    expect(charset).toBeGreaterThan(0);
    expect([charset < bridge, bridge < app]).toEqual([true, true]);
    expect(out.replace(/\s*<script src="\/__bridge.js"><\/script>\s*/, '')).toBe(
      VITE_HTML.replace(/(<meta charset="UTF-8" \/>)\s*/, '$1'),
    );
    expect(out).not.toContain('token');
  });

  it('goes before the first script when a script precedes <meta charset>, and copes without <head>', () => {
    const early = '<html><head><script type="module" src="/a.js"></script><meta charset="utf-8"></head></html>';
    const out = injectBridge(early, '/__bridge.js');
    expect(out.indexOf('/__bridge.js')).toBeLessThan(out.indexOf('/a.js'));
    const bare = injectBridge('<script type=module src="/b.js"></script>', '/__bridge.js');
    expect(bare.indexOf('/__bridge.js')).toBeLessThan(bare.indexOf('/b.js'));
    expect(injectBridge('<header>x</header>', '/__bridge.js').startsWith('<script src="/__bridge.js">')).toBe(true);
  });
});

describe('confinedPath', () => {
  const root = resolve('/srv/renderer');
  it('maps paths inside the root, directories to index.html', () => {
    expect(confinedPath(root, '/assets/app.js')).toBe(join(root, 'assets/app.js'));
    expect(confinedPath(root, '/assets/')).toBe(join(root, 'assets/index.html'));
    expect(confinedPath(root, '/a%20b.css')).toBe(join(root, 'a b.css'));
  });
  it.each([
    '/../etc/passwd',
    '/..%2f..%2fetc/passwd',
    '/%2e%2e/x',
    '/a/../../x',
    '/%00',
    '/..\\x',
    '/%E0%A4%A',
    '/'.padEnd(3, '.'),
  ])('refuses %s', (p) => expect(confinedPath(root, p)).toBeNull());
});

describe('tokenMatches and hostAllowed', () => {
  it('accepts only the exact token', () => {
    const token = 'abcDEF123_-xyz'.repeat(3);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token.slice(0, -1), token)).toBe(false);
    expect(tokenMatches(token + 'x', token)).toBe(false);
    expect(tokenMatches(token.toUpperCase(), token)).toBe(false);
    expect(tokenMatches('', token)).toBe(false);
    expect(tokenMatches(null, token)).toBe(false);
  });
  it('on an address of its own, accepts that address and port only (not localhost, not 127.0.0.1)', () => {
    expect(hostAllowed('127.44.3.9:5199', 5199, '127.44.3.9')).toBe(true);
    for (const h of ['127.0.0.1:5199', 'localhost:5199', '127.44.3.9:5198', '127.44.3.90:5199'])
      expect(hostAllowed(h, 5199, '127.44.3.9'), h).toBe(false);
  });

  it('accepts 127.0.0.1 and localhost on the server port only', () => {
    expect(hostAllowed('127.0.0.1:5199', 5199)).toBe(true);
    expect(hostAllowed('LOCALHOST:5199', 5199)).toBe(true);
    for (const h of [
      '127.0.0.1',
      '127.0.0.1:5198',
      'localhost',
      'evil.test:5199',
      '127.0.0.1.nip.io:5199',
      '[::1]:5199',
      '0.0.0.0:5199',
      undefined,
    ])
      expect(hostAllowed(h, 5199), String(h)).toBe(false);
  });
});
