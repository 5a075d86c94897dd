import { describe, expect, it } from 'vitest';
import { packAnswer, unpackAnswer } from '../../../../electron/core/storage/answer-codec';
import { fakeIpData } from '../../../../electron/demo/fake-ip-data';

describe('a bulk answer as state.db keeps it', () => {
  it('reads back exactly the JSON text it was given, in under a third of its bytes for a realistic answer', () => {
    const json = JSON.stringify({ data: fakeIpData('81.2.69.142', 4, 'unicast', Date.UTC(2026, 10, 22)) });
    const packed = packAnswer(json);
    expect(unpackAnswer(packed)).toBe(json);
    expect(packed.length).toBeLessThan(json.length / 3);
  });

  it('keeps text the dictionary never saw (another language, odd characters) exactly', () => {
    const json = JSON.stringify({ data: { city: { name: 'São Paulo 東京 \u0000 "' }, extra: [1, null, true] } });
    expect(unpackAnswer(packAnswer(json))).toBe(json);
  });

  it('an answer stored as JSON text by an older build is read as it is; an unknown format or a damaged one is none', () => {
    expect(unpackAnswer('{"data":{"ip":"8.8.8.8"}}')).toBe('{"data":{"ip":"8.8.8.8"}}');
    expect(unpackAnswer(null)).toBeNull();
    const packed = packAnswer('{"data":{}}');
    expect(unpackAnswer(Uint8Array.from([9, ...packed.subarray(1)]))).toBeNull();
    expect(unpackAnswer(Uint8Array.from([1, 0xff, 0xff, 0xff]))).toBeNull();
  });
});
