/**
 * The JSON tree's pages (renderer/src/json-pages.ts): a long array or object opens as pages of at most PAGE entries,
 * pages of pages for very long ones, and a small answer is shown as it came.
 */
import { describe, expect, it } from 'vitest';
import { childCount, PAGE, pagedForDisplay } from '../../../renderer/src/json-pages';

describe('pagedForDisplay', () => {
  it('leaves an answer of at most PAGE entries per node as it is', () => {
    const small = { ip: '1.1.1.1', tlds: ['.us'], nested: { list: Array.from({ length: PAGE }, (_, i) => i) } };
    expect(pagedForDisplay(small)).toEqual(small);
    for (const v of [null, 1, 'x', true]) expect(pagedForDisplay(v)).toBe(v);
  });

  it('splits a long array into pages labelled by their first and last index', () => {
    const list = Array.from({ length: 250 }, (_, i) => i);
    const paged = pagedForDisplay(list) as Record<string, number[]>;
    expect(Object.keys(paged)).toEqual(['[0 … 99]', '[100 … 199]', '[200 … 249]']);
    expect(paged['[200 … 249]']).toEqual(list.slice(200));
  });

  it('splits a long object into pages of its keys, in their order', () => {
    const obj = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    const paged = pagedForDisplay(obj) as Record<string, Record<string, number>>;
    expect(Object.keys(paged)).toEqual(['{0 … 99}', '{100 … 100}']);
    expect(paged['{100 … 100}']).toEqual({ k100: 100 });
  });

  it('makes pages of pages so that no node shows more than PAGE children (numbers grouped as 1,000)', () => {
    const list = Array.from({ length: 20_001 }, (_, i) => i);
    const paged = pagedForDisplay(list) as Record<string, Record<string, number[]>>;
    expect(Object.keys(paged)).toEqual(['[0 … 9,999]', '[10,000 … 19,999]', '[20,000 … 20,000]']);
    const first = paged['[0 … 9,999]']!;
    expect(childCount(first)).toBe(PAGE);
    expect(Object.keys(first)[1]).toBe('[100 … 199]');
    expect(first['[9,900 … 9,999]']).toEqual(list.slice(9900, 10_000));
  });
});

describe('childCount', () => {
  it('counts entries of arrays and objects, and nothing for a value', () => {
    expect(childCount([1, 2, 3])).toBe(3);
    expect(childCount({ a: 1 })).toBe(1);
    for (const v of [null, 0, '', false]) expect(childCount(v)).toBe(0);
  });
});
