import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPackages, shippedPackages } from '../../../scripts/licences';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('the licences About lists', () => {
  it('include the packages bundled from shared/ although they are devDependencies (the report map’s)', () => {
    expect(importedPackages(resolve(ROOT, 'shared'))).toEqual(
      expect.arrayContaining(['d3-geo', 'topojson-client', 'world-atlas']),
    );
    const shipped = new Map(shippedPackages(ROOT).map((p) => [p.name, p.licence]));
    expect(shipped.get('d3-geo')).toBe('ISC');
    expect(shipped.get('d3-array')).toBe('ISC'); // d3-geo's own dependency, bundled with it
    expect(shipped.get('topojson-client')).toBe('ISC');
    expect(shipped.get('world-atlas')).toBe('ISC');
    expect(shipped.has('react')).toBe(true);
    expect(shipped.has('vitest')).toBe(false);
  });
});
