import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactJson, redactThenCut } from '../../../../electron/core/lib/redact';
import { ManualClock } from '../../../helpers/manual-clock';
import { createApiClient } from '../../../../electron/core/lookup-api/client';
import { MAX_RAW_CHARS, toLookupOutcome } from '../../../../electron/core/lookup-api/outcomes';
import { QuotaEngine } from '../../../../electron/core/quota/engine';
import { cleanOutcome } from '../../../../electron/core/service/lookup/lookup-outcome';
import { DEFAULT_THRESHOLDS } from '../../../../shared/quota';
import { wordsFor } from '../../../../shared/i18n';

const KEY = 'FAKE-redact-key-0123456789';
const T0 = Date.UTC(2026, 10, 22, 12, 0, 10);

function engine(clock = new ManualClock(T0)) {
  return new QuotaEngine({
    profile: 'p',
    clock,
    thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
    monthResetDay: 1,
  });
}

describe('redact', () => {
  it('replaces every occurrence of the key, trimmed; leaves text alone for no key or a too-short one', () => {
    expect(redact(`${KEY} and ${KEY}`, KEY)).toBe(`${REDACTED} and ${REDACTED}`);
    expect(redact(`a ${KEY} b`, `  ${KEY}\n`)).toBe(`a ${REDACTED} b`);
    expect(redact('abc abc', 'abc')).toBe('abc abc');
    expect(redact('text', null)).toBe('text');
  });

  it('redacts before truncating: a key cut at the limit leaves no beginning behind', () => {
    const text = `${'x'.repeat(10)}${KEY}tail`;
    const cut = redactThenCut(text, KEY, 14, '…');
    expect(cut).toBe(`${'x'.repeat(10)}${REDACTED.slice(0, 4)}…`);
    expect(cut).not.toContain(KEY.slice(0, 4));
  });

  it('a bad response whose key straddles the 64 KB cut shows none of it', async () => {
    const body = `${'x'.repeat(MAX_RAW_CHARS - 6)}${KEY}${'y'.repeat(100)}`;
    const clock = new ManualClock(T0);
    const client = createApiClient({ clock, fetch: async () => new Response(body, { status: 200 }) });
    const raw = await client.request({ baseUrl: 'https://api.example.test', key: KEY, path: '/v2/info' });
    const o = cleanOutcome(toLookupOutcome(raw, '8.8.8.8', engine(clock)), KEY);
    expect(o.kind).toBe('bad-response');
    if (o.kind !== 'bad-response') return;
    expect(o.raw).toContain('(cut at 64 KB)');
    expect(o.raw).not.toContain(KEY.slice(0, 4));
  });

  it('redacts every string of a JSON body, at any depth (property names too), and keeps an untouched body as is', () => {
    const body = { message: 'fine', data: { list: [1, `echo ${KEY}`, { deep: [KEY] }], [KEY]: true }, n: 3 };
    const safe = redactJson(body, KEY);
    expect(JSON.stringify(safe)).not.toContain(KEY);
    expect(safe).toEqual({
      message: 'fine',
      data: { list: [1, `echo ${REDACTED}`, { deep: [REDACTED] }], [REDACTED]: true },
      n: 3,
    });
    expect(body.data.list[1]).toBe(`echo ${KEY}`);
    const clean = { a: { b: ['c'] } };
    expect(redactJson(clean, KEY)).toBe(clean);
  });

  it('a "__proto__" key in a redacted body stays an own data key; nothing appears inherited', () => {
    const key = 'FAKE-proto-key-0001';
    const body = JSON.parse(`{"__proto__":{"isAdmin":true,"echo":"${key}"},"data":{"__proto__":{"x":1},"k":"${key}"}}`);
    const out = redactJson(body, key) as Record<string, unknown>;
    expect(out).not.toBe(body);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'data']);
    expect('isAdmin' in out).toBe(false);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ isAdmin: true, echo: REDACTED });
    const data = out.data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['__proto__', 'k']);
    expect('x' in data).toBe(false);
    expect(JSON.stringify(out)).toBe(
      `{"__proto__":{"isAdmin":true,"echo":"${REDACTED}"},"data":{"__proto__":{"x":1},"k":"${REDACTED}"}}`,
    );
  });

  it('finds a key with a quote in it in the JSON and in its raw text, where it is spelt escaped', async () => {
    const key = 'FAKE"quoted\\key-42';
    const clock = new ManualClock(T0);
    const text = JSON.stringify([{ error: { detail: [`bad key ${key}`] } }]);
    expect(text).not.toContain(key);
    const client = createApiClient({ clock, fetch: async () => new Response(text, { status: 200 }) });
    const raw = await client.request({ baseUrl: 'https://api.example.test', key, path: '/v2/info' });
    const o = cleanOutcome(toLookupOutcome(raw, '8.8.8.8', engine(clock)), key);
    expect(o.kind).toBe('bad-response');
    if (o.kind !== 'bad-response') return;
    expect(JSON.stringify(o.body)).toContain(REDACTED);
    expect(o.body).toEqual([{ error: { detail: [`bad key ${REDACTED}`] } }]);
    expect(o.raw).not.toContain('quoted');
  });

  it('a JSON body that spells the key only through \\u escapes is still redacted once parsed', async () => {
    const clock = new ManualClock(T0);
    const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const text = `{"data":{"echo":"${escaped}","city":"Reykjavík"}}`;
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text)).toEqual({ data: { echo: KEY, city: 'Reykjavík' } });
    const client = createApiClient({ clock, fetch: async () => new Response(text, { status: 200 }) });
    const raw = await client.request({ baseUrl: 'https://api.example.test', key: KEY, path: '/v2/info' });
    expect(raw.kind === 'response' && raw.json).toEqual({ data: { echo: REDACTED, city: 'Reykjavík' } });
  });

  it('a key echoed percent-encoded (%2B, %2F, %3D, either hex case, wholly or in part) is redacted too', async () => {
    const key = 'FAKE+redact/key=0123456789';
    const partly = encodeURIComponent(key); // FAKE%2Bredact%2Fkey%3D0123456789
    const lower = partly.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
    const whole = [...key].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
    for (const spelt of [partly, lower, whole]) {
      expect(spelt).not.toBe(key);
      expect(redact(`GET /v2/info?apikey=${spelt}&ip=8.8.8.8`, key)).toBe(`GET /v2/info?apikey=${REDACTED}&ip=8.8.8.8`);
    }
    expect(redact('100% fine, 50%2B more', key)).toBe('100% fine, 50%2B more');

    // Through the client: a 400 whose JSON echoes the request URL with the key encoded shows none of it.
    const clock = new ManualClock(T0);
    const text = JSON.stringify({ message: `invalid request /v2/info?apikey=${partly}`, echo: { url: lower } });
    const client = createApiClient({ clock, fetch: async () => new Response(text, { status: 400 }) });
    const raw = await client.request({ baseUrl: 'https://api.example.test', key, path: '/v2/info' });
    const o = cleanOutcome(toLookupOutcome(raw, '8.8.8.8', engine(clock)), key);
    expect(o.kind).toBe('bad-response');
    if (o.kind !== 'bad-response') return;
    expect(wordsFor('en').w.outcome.message(o)).toBe(
      `The service answered 400: invalid request /v2/info?apikey=${REDACTED}.`,
    );
    for (const part of ['redact%2F', 'redact%2f', '0123456789']) expect(JSON.stringify(o)).not.toContain(part);
  });

  it('a bad-response body that reaches cleanOutcome with the key nested is redacted there too', () => {
    const o = cleanOutcome(
      {
        kind: 'bad-response',
        status: 500,
        why: { kind: 'other', said: `s ${KEY}` },

        raw: `r ${KEY}`,
        body: { a: [{ b: KEY }] },
      },
      KEY,
    );
    expect(JSON.stringify(o)).not.toContain(KEY);
  });
});
