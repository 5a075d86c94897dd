/**
 * A too-large answer (over 1 MiB of JSON) crosses IPC as a small summary marked `tooLarge`; the app core keeps the
 * full answer (the last few, by IP) and `saveAnswer` writes it through the saveTextFile port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { answerFileName } from '../../../../electron/core/app/handlers/lookup-handlers';
import { LargeAnswers, summarizeLargeAnswer } from '../../../../electron/core/app/large-answers';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { savedInEnglish } from '../../../helpers/saved-words';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';

const KEY = 'FAKE-large-save-key-0000-1111';
const BASE = 'https://api.example.com';

/** 2 MB for 8.8.8.8 (an object whose `data.rows` is huge), 2 MB of top-level array for 9.9.9.9; else small. */
function bodyFor(ip: string): string {
  if (ip === '9.9.9.9') return JSON.stringify(Array.from({ length: 20_000 }, (_, n) => ({ n, note: 'y'.repeat(80) })));
  const rows = ip === '8.8.8.8' ? 20_000 : 1;
  return JSON.stringify({
    data: {
      ip,
      location: { city: 'Mountain View', country: { name: 'United States', code: 'US' } },
      rows: Array.from({ length: rows }, (_, n) => ({ n, note: 'x'.repeat(80) })),
    },
  });
}

const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(String(input));
  if (url.pathname !== '/v2/info') return new Response('not found', { status: 404 });
  const ip = url.searchParams.get('ip') ?? '';
  return new Response(bodyFor(ip), { status: 200, headers: { 'content-type': 'application/json' } });
};

let dir: string;
let core: AppCore | null = null;
let saved: { name: string; text: string }[];

async function makeCore(saveTextFile?: (name: string, text: string) => Promise<string | null>): Promise<AppCore> {
  core = await createAppCore({
    clock: new OffsetClock(),
    fetch: fakeFetch,
    secrets: new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify() {} },
    logger: { info() {}, warn() {}, error() {} },
    saveTextFile,
  });
  const r = await core.handlers.saveKey({ key: KEY, baseUrl: BASE, verify: 'skip' });
  expect(r.kind).toBe('saved');
  return core;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-large-save-'));
  saved = [];
});

afterEach(async () => {
  await core?.dispose();
  core = null;
  rmSync(dir, { recursive: true, force: true });
});

describe('a too-large answer', () => {
  it('reaches the window as a small summary marked tooLarge; saveAnswer writes exactly the original body', async () => {
    const c = await makeCore(async (name, text) => (saved.push({ name, text }), `/home/u/${name}`));
    const original = bodyFor('8.8.8.8');
    expect(original.length).toBeGreaterThan(2_000_000);
    const outcome = await c.handlers.lookup({ ip: '8.8.8.8' });
    expect(outcome).toMatchObject({ kind: 'ok', ip: '8.8.8.8', tooLarge: { bytes: original.length } });
    expect(JSON.stringify(outcome).length).toBeLessThan(64 * 1024);
    // The facts the window can show survive; the huge array is described.
    expect((outcome as { body: unknown }).body).toEqual({
      data: {
        ip: '8.8.8.8',
        location: { city: 'Mountain View', country: { name: 'United States', code: 'US' } },
        rows: '[array of 20,000 items]',
      },
    });

    const r = await c.handlers.saveAnswer({ ip: '8.8.8.8' });
    expect(saved).toHaveLength(1);
    expect(saved[0]?.text).toBe(original);
    expect(saved[0]?.name).toMatch(/^answer-8\.8\.8\.8-\d{8}-\d{6}\.json$/);
    expect(savedInEnglish(r)).toEqual({
      saved: true,
      where: `/home/u/${saved[0]?.name}`,
      message: `Saved to /home/u/${saved[0]?.name}`,
    });
  });

  it('a 2 MB top-level array (a bad response) crosses IPC without its body or raw text, and can be saved', async () => {
    const c = await makeCore(async (name, text) => (saved.push({ name, text }), `/tmp/${name}`));
    const outcome = await c.handlers.lookup({ ip: '9.9.9.9' });
    expect(outcome).toMatchObject({ kind: 'bad-response', ip: '9.9.9.9', raw: '', tooLarge: {} });
    expect(outcome).not.toHaveProperty('body');
    expect(JSON.stringify(outcome).length).toBeLessThan(64 * 1024);
    expect(await c.handlers.saveAnswer({ ip: '9.9.9.9' })).toMatchObject({ saved: true });
    expect(saved[0]?.text).toBe(bodyFor('9.9.9.9'));
  });

  it('a normal answer is sent whole, without tooLarge, and there is nothing to save for it', async () => {
    const c = await makeCore(async () => '/nowhere');
    const outcome = await c.handlers.lookup({ ip: '1.1.1.1' });
    expect(outcome).toMatchObject({ kind: 'ok' });
    expect(outcome).not.toHaveProperty('tooLarge');
    expect((outcome as { body: unknown }).body).toEqual(JSON.parse(bodyFor('1.1.1.1')));
    expect(await c.handlers.saveAnswer({ ip: '1.1.1.1' })).toMatchObject({ saved: false });
  });

  it('a cancelled save says "Not saved."; without the port it says saving is not available', async () => {
    const c = await makeCore(async () => null);
    await c.handlers.lookup({ ip: '8.8.8.8' });
    expect(savedInEnglish(await c.handlers.saveAnswer({ ip: '8.8.8.8' }))).toEqual({
      saved: false,
      message: 'Not saved.',
    });
    await c.dispose();
    const c2 = await makeCore(undefined);
    await c2.handlers.lookup({ ip: '8.8.8.8' });
    expect(savedInEnglish(await c2.handlers.saveAnswer({ ip: '8.8.8.8' }))).toEqual({
      saved: false,
      message: 'Saving files is not available here.',
    });
  });
});

describe('LargeAnswers', () => {
  const ok = (ip: string, body: unknown) =>
    ({ kind: 'ok', ip, body, source: 'network', fetchedAt: 0, note: null, tooLarge: { bytes: 9 } }) as const;

  it('keeps the last three by IP, the latest answer for an IP winning', () => {
    const kept = new LargeAnswers();
    for (const ip of ['1.0.0.1', '1.0.0.2', '1.0.0.3']) kept.take(ok(ip, { ip }));
    kept.take(ok('1.0.0.1', { ip: 'again' })); // refreshes 1.0.0.1: now the newest
    kept.take(ok('1.0.0.4', { ip: '4' })); // drops the oldest, 1.0.0.2
    expect(kept.get('1.0.0.1')).toBe('{"ip":"again"}');
    expect(kept.get('1.0.0.2')).toBeNull();
    expect(kept.get('1.0.0.3')).not.toBeNull();
    expect(kept.get('1.0.0.4')).not.toBeNull();
  });

  it('summarises an array as null and bounds a wide or deep object', () => {
    expect(summarizeLargeAnswer([1, 2, 3])).toBeNull();
    const wide = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, 'v'.repeat(150)]));
    const s = summarizeLargeAnswer({ wide, text: 'y'.repeat(10_000), n: 1, ok: true });
    expect(JSON.stringify(s).length).toBeLessThan(20_000);
    expect(s).toMatchObject({ text: '[text of 10,000 characters]', n: 1, ok: true });
  });

  it('a "__proto__" key in the answer stays an own data key of the summary; nothing appears inherited', () => {
    const body = JSON.parse('{"data":{"__proto__":{"isAdmin":true,"city":"Evil"},"ip":"8.8.8.8"},"__proto__":[1]}');
    const s = summarizeLargeAnswer(body) as Record<string, unknown>;
    const data = s.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.keys(data)).toEqual(['__proto__', 'ip']);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ isAdmin: true, city: 'Evil' });
    expect('isAdmin' in data).toBe(false);
    expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
    expect(Object.keys(s)).toEqual(['data', '__proto__']);
    expect(JSON.stringify(s)).toBe(
      '{"data":{"__proto__":{"isAdmin":true,"city":"Evil"},"ip":"8.8.8.8"},"__proto__":[1]}',
    );
  });

  it('suggests a file name without colons for an IPv6 address', () => {
    expect(answerFileName('2001:db8::1', Date.UTC(2026, 10, 23, 18, 3, 47))).toBe(
      'answer-2001-db8--1-20261123-180347.json',
    );
  });
});
