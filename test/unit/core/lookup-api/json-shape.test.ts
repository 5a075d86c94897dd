/** The pass over a JSON text that refuses, before JSON.parse, bodies nested too deep or holding too many objects. */
import { describe, expect, it } from 'vitest';
import { jsonShapeProblem, MAX_JSON_DEPTH } from '../../../../electron/core/lookup-api/json-shape';

const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('jsonShapeProblem', () => {
  it('lets a lookup answer through and refuses one level past the depth limit', () => {
    expect(jsonShapeProblem('{"data":{"location":{"city":{"name":"Mountain View"}}},"tags":[1,[2]]}')).toBeNull();
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH + 1))).toBe('too-deep');
    expect(jsonShapeProblem(`{"a":${'{"b":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}}`)).toBe('too-deep');
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    const inside = `{"note":"${'['.repeat(500)}\\"${'{'.repeat(500)}\\\\"}`;
    expect(JSON.parse(inside)).toHaveProperty('note');
    expect(jsonShapeProblem(inside)).toBeNull();
  });

  it('counts arrays and objects, not their depth, for the second limit', () => {
    const many = `[${'{},'.repeat(99)}{}]`;
    expect(jsonShapeProblem(many, { containers: 100 })).toBe('too-many-values');
    expect(jsonShapeProblem(many, { containers: 101 })).toBeNull();
  });
});
