/**
 * Every relative link in README.md and docs/*.md leads somewhere: the file (or folder) exists, and a #fragment
 * names a heading of the page it points to (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens,
 * repeats numbered -1, -2, …). Links to the web are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and inline code (links there are examples, not links). */
function prose(md: string): string {
  return md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The link targets of a page: inline links and images, reference definitions, and HTML src/href attributes. */
function targets(md: string): string[] {
  const text = prose(md);
  const found: string[] = [];
  for (const m of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push(m[1]!);
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) found.push(m[1]!);
  for (const m of text.matchAll(/\s(?:src|href)="([^"]+)"/g)) found.push(m[1]!);
  return found;
}

/** GitHub's anchor for a heading's text. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link in a heading anchors by its text
    .replace(/<[^>]+>/g, '')
    .replace(/[*`]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs (repeats numbered) and explicit id/name attributes. */
function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of md.matchAll(/\s(?:id|name)="([^"]+)"/g)) out.add(m[1]!);
  return out;
}

function problems(page: string): string[] {
  const md = readFileSync(join(ROOT, page), 'utf8');
  const out: string[] = [];
  for (const target of targets(md)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // https:, mailto:, …
    const [rawPath = '', fragment] = target.split('#', 2);
    const path = decodeURIComponent(rawPath.split('?')[0]!);
    const file = path === '' ? join(ROOT, page) : join(path.startsWith('/') ? ROOT : dirname(join(ROOT, page)), path);
    const shown = relative(ROOT, file) || '.';
    if (!existsSync(file)) {
      out.push(`${page}: ${target} (no ${shown})`);
      continue;
    }
    if (fragment && file.endsWith('.md') && statSync(file).isFile()) {
      if (!anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(fragment).toLowerCase()))
        out.push(`${page}: ${target} (no heading #${fragment} in ${shown})`);
    }
  }
  return out;
}

describe('links in README.md and docs/', () => {
  it('the pages are found', () => {
    expect(PAGES).toContain('README.md');
    expect(PAGES.length).toBeGreaterThan(1);
  });

  it.each(PAGES)('every relative link in %s resolves', (page) => {
    expect(problems(page)).toEqual([]);
  });

  it('the check itself: a missing file and a missing heading are caught, a real one passes', () => {
    expect(slug('Where this differs from the design card')).toBe('where-this-differs-from-the-design-card');
    expect(slug('The `lookup-tray` command (CLI)')).toBe('the-lookup-tray-command-cli');
    expect(anchors('# A\n## A\n```\n# not a heading\n```\n')).toEqual(new Set(['a', 'a-1']));
    expect(targets('[x](docs/a.md#b) `[y](no.md)` ![i](s.png "t")\n[r]: c.md\n<img src="d.png">')).toEqual([
      'docs/a.md#b',
      's.png',
      'c.md',
      'd.png',
    ]);
  });
});
