import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, normalizeBaseUrl } from '../../../shared/base-url';

function okUrl(input: string): string {
  const r = normalizeBaseUrl(input);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(input)} to be accepted, got: ${r.message}`);
  return r.url;
}

function refusal(input: string): string {
  const r = normalizeBaseUrl(input);
  if (r.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${r.url}`);
  return r.message;
}

describe('normalizeBaseUrl: accepted and normalised', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com///', 'https://api.example.com'],
    ['  https://api.example.com \n', 'https://api.example.com'],
    ['HTTPS://API.Example.COM', 'https://api.example.com'],
    ['https://api.example.com:443/', 'https://api.example.com'],
    ['https://api.example.com:8443', 'https://api.example.com:8443'],
    ['https://gw.example.com/ipapi', 'https://gw.example.com/ipapi'],
    ['https://gw.example.com/ipapi/', 'https://gw.example.com/ipapi'],
    ['https://gw.example.com/ipapi/v2/info?ip=8.8.8.8', 'https://gw.example.com/ipapi'],
  ])('%j -> %s', (input, expected) => {
    expect(okUrl(input)).toBe(expected);
  });

  it('strips a pasted /v2/info tail with its query, and never keeps a key pasted in the query', () => {
    const url = okUrl('https://api.example.com/v2/info?ip=1.1.1.1&apikey=FAKE-KEY-abcd1234');
    expect(url).toBe('https://api.example.com');
    expect(url).not.toContain('FAKE-KEY');
  });

  it('strips a pasted /v2/status tail, a bare /v2 and a fragment', () => {
    expect(okUrl('https://api.example.com/v2/status')).toBe('https://api.example.com');
    expect(okUrl('https://api.example.com/v2/')).toBe('https://api.example.com');
    expect(okUrl('https://api.example.com/#top')).toBe('https://api.example.com');
    expect(okUrl('https://api.example.com/v2/INFO/')).toBe('https://api.example.com');
  });

  it('allows http:// for loopback hosts only (the demo simulator)', () => {
    expect(okUrl('http://127.0.0.1:5123/')).toBe('http://127.0.0.1:5123');
    expect(okUrl('http://127.9.8.7')).toBe('http://127.9.8.7');
    expect(okUrl('http://localhost:3000/v2/info?ip=1.1.1.1')).toBe('http://localhost:3000');
    expect(okUrl('http://[::1]:8080')).toBe('http://[::1]:8080');
  });
});

describe('normalizeBaseUrl: refused with a message', () => {
  it('refuses empty and blank input', () => {
    expect(refusal('')).toMatch(/enter the service's base url/i);
    expect(refusal('   \n\t')).toMatch(/enter the service's base url/i);
  });

  it('refuses http:// to a non-loopback host, also hosts that only look like loopback', () => {
    expect(refusal('http://api.example.com')).toMatch(/must use https:\/\//);
    expect(refusal('http://127.0.0.1.nip.io')).toMatch(/must use https:\/\//);
    expect(refusal('http://192.168.1.10:8080')).toMatch(/must use https:\/\//);
    expect(refusal('http://[::2]')).toMatch(/must use https:\/\//);
  });

  it('refuses credentials in the URL without echoing them', () => {
    const msg = refusal('https://user:FAKE-SECRET-9f3a@api.example.com');
    expect(msg).toMatch(/user name and password/i);
    expect(msg).not.toContain('FAKE-SECRET');
    expect(refusal('https://FAKE-KEY-77aa@api.example.com')).not.toContain('FAKE-KEY');
  });

  it('refuses other schemes and scheme-less input', () => {
    expect(refusal('ftp://files.example.com')).toMatch(/must use https:\/\//i);
    expect(refusal('javascript:alert(1)')).toMatch(/must use https:\/\//i);
    expect(refusal('file:///etc/passwd')).toMatch(/must use https:\/\//i);
    expect(refusal('api.example.com')).toMatch(/must use https:\/\//);
  });

  it('refuses garbage', () => {
    expect(refusal('https://')).toMatch(/not a valid url/i);
    expect(refusal('https://exa mple.com')).toMatch(/not a valid url/i);
    expect(refusal('https://[zz]')).toMatch(/not a valid url/i);
    expect(refusal(`https://${'a'.repeat(3000)}.com`)).toMatch(/too long/i);
  });
});

describe('plain http only to this computer', () => {
  it('refuses `localhost.` (a fully-qualified name resolvers send to DNS): the key would travel in clear', () => {
    for (const u of ['http://localhost.:8080', 'http://LOCALHOST./', 'http://localhost.:1/v2/info']) {
      const r = normalizeBaseUrl(u);
      expect(r.ok, u).toBe(false);
    }
    expect(normalizeBaseUrl('https://localhost.:8443')).toEqual({ ok: true, url: 'https://localhost.:8443' });
    expect(isLoopbackHost('localhost.')).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback from the rest', () => {
    expect(['localhost', '127.0.0.1', '127.255.0.9', '[::1]'].map(isLoopbackHost)).toEqual([true, true, true, true]);
    expect(['example.com', '128.0.0.1', '10.0.0.1', '[::2]', '127.0.0.1.example'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('normalizeBaseUrl: properties', () => {
  const anyInput = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.webUrl().map((u) => u.replace(/^https?:/, 'http:')),
    fc
      .tuple(
        fc.constantFrom('http://', 'https://', 'HTTP://', 'ftp://', ''),
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 40 }),
      )
      .map(([a, b, c]) => `${a}${b}/${c}`),
  );

  it('never throws; accepted URLs are https:// or http:// to loopback, and normalising is idempotent', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const r = normalizeBaseUrl(input);
        if (!r.ok) {
          expect(r.message.length).toBeGreaterThan(0);
          return;
        }
        const u = new URL(r.url);
        expect(u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname))).toBe(true);
        expect(r.url.startsWith('https://') || r.url.startsWith('http://')).toBe(true);
        expect(u.username + u.password + u.search + u.hash).toBe('');
        expect(r.url.endsWith('/')).toBe(false);
        expect(normalizeBaseUrl(r.url)).toEqual(r);
      }),
      { numRuns: 3000 },
    );
  });
});
