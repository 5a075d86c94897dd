import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../../electron/core/lib/emitter';

describe('Emitter', () => {
  it('calls every listener in order; one that throws is reported and does not stop the others', () => {
    const errors: unknown[] = [];
    const seen: string[] = [];
    const e = new Emitter<number>((err) => errors.push(err));
    e.on((n) => seen.push(`a${n}`));
    e.on(() => {
      throw new Error('boom');
    });
    const off = e.on((n) => seen.push(`c${n}`));
    e.emit(1);
    off();
    e.emit(2);
    expect(seen).toEqual(['a1', 'c1', 'a2']);
    expect(errors).toHaveLength(2);
    expect(e.size).toBe(2);
  });

  it('a listener added during an emit waits for the next one; clear() drops them all', () => {
    const e = new Emitter<string>();
    const seen: string[] = [];
    e.on((s) => {
      seen.push(`first ${s}`);
      e.on((t) => seen.push(`late ${t}`));
    });
    e.emit('x');
    expect(seen).toEqual(['first x']);
    e.clear();
    e.emit('y');
    expect(seen).toEqual(['first x']);
  });
});
