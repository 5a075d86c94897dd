/**
 * docs/cli.md names every export format the command writes, read from the one list (shared/file-formats.ts's
 * EXPORT_FORMATS): a format added there fails here until the docs name it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT_IDS, EXPORT_FORMATS } from '../../../shared/file-formats';
import { orList } from '../../../shared/format-en';

const doc = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
const LABELS = EXPORT_FORMAT_IDS.map((id) => EXPORT_FORMATS[id].label);

describe("docs/cli.md's export formats", () => {
  it('bulk export says every format it writes', () => {
    const sentence = `\`bulk export JOB\` writes a job's results again, as ${orList(LABELS)} (`;
    expect(doc.includes(sentence), `docs/cli.md says: ${sentence}`).toBe(true);
  });

  it("bulk's results name every format", () => {
    const at = doc.indexOf('results as ');
    const end = doc.indexOf('`--budget-floor', at);
    expect(at).toBeGreaterThan(0);
    for (const label of LABELS) expect(doc.slice(at, end), label).toMatch(new RegExp(`\\b${label}\\b`));
  });
});
