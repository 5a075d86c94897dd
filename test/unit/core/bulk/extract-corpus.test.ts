import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractAddresses } from '../../../../electron/core/bulk/extract';

/**
 * Real logs of public sample sets (test/fixtures/logs/SOURCES.md), each with the addresses it holds as checked by an
 * independent reference (test/fixtures/logs/reference.py: Python's ipaddress over delimiter-split tokens, with
 * reviewed exclusions) and read by eye. Extraction must find exactly the public ones (no lookup spent on a piece of
 * a version, a C++ scope, a MAC…) and none of the others as public.
 */
const ROOT = join(__dirname, '../../../fixtures/logs');

interface CorpusLog {
  kind: string;
  file: string;
  text: string;
  publicAddresses: string[];
  reserved: string[];
}

function corpus(): CorpusLog[] {
  const logs: CorpusLog[] = [];
  for (const kind of readdirSync(ROOT, { withFileTypes: true })) {
    if (!kind.isDirectory()) continue;
    for (const file of readdirSync(join(ROOT, kind.name))) {
      if (file.endsWith('.expected')) continue;
      const path = join(ROOT, kind.name, file);
      const expected = readFileSync(`${path}.expected`, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t') as [string, string]);
      logs.push({
        kind: kind.name,
        file: `${kind.name}/${file}`,
        text: readFileSync(path, 'utf8'),
        publicAddresses: expected.filter(([, k]) => k === 'public').map(([ip]) => ip),
        reserved: expected.filter(([, k]) => k === 'reserved').map(([ip]) => ip),
      });
    }
  }
  return logs;
}

const logs = corpus();

describe('bulk input: a corpus of real logs from public sample sets', () => {
  it('covers at least eight kinds of system', () => {
    const kinds = new Set(logs.map((l) => l.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(8);
    for (const k of ['web', 'sshd', 'firewall', 'windows', 'macos', 'linux-kernel', 'proxy', 'cloud', 'siem'])
      expect(kinds).toContain(k);
  });

  it.each(logs)('$file: every public address found, nothing else sent (100 percent precision and recall)', (log) => {
    const r = extractAddresses(log.text);
    expect(r.addresses.map((a) => a.ip).sort()).toEqual([...log.publicAddresses].sort());
    const left = new Set(r.excluded.map((a) => a.ip));
    expect(log.reserved.filter((ip) => !left.has(ip))).toEqual([]);
  });

  it('holds real addresses of every family the logs use (so the test above cannot pass empty)', () => {
    const all = logs.flatMap((l) => l.publicAddresses);
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(all.some((ip) => ip.includes(':'))).toBe(true);
  });
});
