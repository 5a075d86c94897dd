/** The command on an older Node says the version package.json's `engines` asks for, not another. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tooOldNode } from '../../electron/cli/node-version';

const engines = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

describe('the Node.js the command needs', () => {
  it('refuses Node 20 and 24.14 naming the version engines asks for, and runs on it and later', () => {
    const wanted = /^>=(\d+\.\d+)$/.exec(engines)?.[1];
    expect(wanted).toBeDefined();
    expect(tooOldNode('v20.11.1')).toBe(`lookup-tray: needs Node.js ${wanted} or newer (this is v20.11.1).`);
    expect(tooOldNode('v24.14.0')).toContain(`needs Node.js ${wanted} or newer`);
    expect(tooOldNode(`v${wanted}.0`)).toBeNull();
    expect(tooOldNode('v25.0.0')).toBeNull();
    expect(tooOldNode('v24.16.2')).toBeNull();
  });
});
