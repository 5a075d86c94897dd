/**
 * docs/bulk.md shows a report's Markdown as `report --markdown` writes it: every line of its sample escapes exactly
 * what reportToMarkdown's escapeMarkdown escapes (no stale escapes of an older version, none missing).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../../shared/report';

const doc = readFileSync(new URL('../../../docs/bulk.md', import.meta.url), 'utf8');

/** The ```text block that follows "report --markdown" in the prose. */
function sample(): string[] {
  const at = doc.indexOf('`report --markdown`');
  const start = doc.indexOf('```text\n', at);
  const end = doc.indexOf('\n```', start + 8);
  expect(at).toBeGreaterThan(0);
  return doc.slice(start + 8, end).split('\n');
}

const unescape = (s: string) => s.replace(/\\(.)/g, '$1');

describe("docs/bulk.md's report sample", () => {
  it('escapes each text as the Markdown export does', () => {
    const lines = sample();
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      if (line.startsWith('| ---')) continue;
      if (line.startsWith('|')) {
        for (const cell of line.slice(2, -2).split(' | ')) expect(escapeMarkdown(unescape(cell))).toBe(cell);
      } else if (line.startsWith('#')) {
        const text = line.replace(/^#+ (Report: )?/, '');
        expect(escapeMarkdown(unescape(text))).toBe(text);
      } else if (/^\*\*.+\*\*$/.test(line)) {
        const text = line.slice(2, -2);
        expect(escapeMarkdown(unescape(text))).toBe(text);
      } else if (line !== '') expect(escapeMarkdown(unescape(line))).toBe(line);
    }
  });
});
