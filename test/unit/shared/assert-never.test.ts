import { describe, expect, it } from 'vitest';
import { assertNever } from '../../../shared/assert-never';

describe('assertNever', () => {
  it('throws, naming the value that came through where none could', () => {
    expect(() => assertNever('surprise' as never)).toThrow('Unexpected value: "surprise"');
    expect(() => assertNever(7 as never, 'no such phase')).toThrow('no such phase');
  });
});
