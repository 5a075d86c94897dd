/** The GitHub Actions expression evaluator the workflow tests read env values with (test/helpers/gha-expression.ts). */
import { describe, expect, it } from 'vitest';
import { evaluate, interpolate } from '../../helpers/gha-expression';

const ctx = { matrix: { name: 'Windows' }, secrets: { S: 'x' }, vars: {} as Record<string, string> };

describe('GitHub expressions', () => {
  it('&& and || return an operand; a missing property is null; null and "" are falsy', () => {
    expect(evaluate("matrix.name == 'Windows' && secrets.S || ''", ctx)).toBe('x');
    expect(evaluate("matrix.name == 'macOS' && secrets.S || ''", ctx)).toBe('');
    expect(evaluate("matrix.name == 'Windows' && secrets.MISSING || 'none'", ctx)).toBe('none');
    expect(evaluate('vars.MISSING', ctx)).toBeNull();
  });

  it("== compares text case-insensitively, and null with '' as numbers (both 0)", () => {
    expect(evaluate("matrix.name == 'windows'", ctx)).toBe(true);
    expect(evaluate("vars.MISSING == ''", ctx)).toBe(true);
    expect(evaluate("vars.MISSING != ''", ctx)).toBe(false);
    expect(evaluate("secrets.S != ''", ctx)).toBe(true);
    expect(evaluate("!(secrets.S != '') || (matrix.name == 'Windows' && 'it''s')", ctx)).toBe("it's");
  });

  it('interpolates ${{ }} as the runner sets env (booleans as true/false, null as nothing)', () => {
    expect(interpolate("a-${{ matrix.name }}-${{ secrets.S != '' }}-${{ vars.X }}", ctx)).toBe('a-Windows-true-');
    expect(() => evaluate('matrix.name ==', ctx)).toThrow();
  });
});
