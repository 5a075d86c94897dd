import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonFileStore } from '../../../../electron/core/storage/json-file-store';
import type { Logger } from '../../../../electron/core/lib/ports';
import { canTestReadOnly, isRoot, runStoreInReadOnlyDir } from '../../../helpers/read-only-dir';
import { noticeText } from '../../../helpers/notice-words';

interface State {
  count: number;
  names: string[];
}

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ASIDE = 'state.corrupt-2026-11-22T12-00-00-000Z.json';

let dir: string;
let file: string;
let logLines: string[];

function logger(): Logger {
  const rec = (level: string) => (msg: string, extra?: Record<string, unknown>) =>
    logLines.push(`${level} ${msg} ${JSON.stringify(extra ?? {})}`);
  return { info: rec('info'), warn: rec('warn'), error: rec('error') };
}

const validate = (raw: unknown): State | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.count !== 'number' || !Array.isArray(r.names) || !r.names.every((n) => typeof n === 'string'))
    return null;
  return { count: r.count, names: r.names as string[] };
};

function open(p = file): JsonFileStore<State> {
  return new JsonFileStore<State>(p, {
    defaults: () => ({ count: 0, names: [] }),
    validate,
    logger: logger(),
    now: () => NOW,
    label: 'saved quota state',
  });
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jfs-test-'));
  file = path.join(dir, 'state.json');
  logLines = [];
});

afterEach(() => {
  fs.chmodSync(dir, 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('JsonFileStore: normal life', () => {
  it('starts with defaults and no notice when the file does not exist, and creates it (and its directory) on write', () => {
    const nested = path.join(dir, 'a', 'b', 'state.json');
    const store = open(nested);
    expect(store.loadState).toBe('missing');
    expect(store.read()).toEqual({ count: 0, names: [] });
    expect(store.notice).toBeNull();
    expect(store.write({ count: 3, names: ['x'] })).toBe(true);
    expect(JSON.parse(fs.readFileSync(nested, 'utf8'))).toEqual({ count: 3, names: ['x'] });
    expect(open(nested).read()).toEqual({ count: 3, names: ['x'] });
  });

  it('writes atomically: no temp files left behind, a failed write leaves the old file intact and does not throw', () => {
    const store = open();
    store.write({ count: 1, names: ['a'] });
    const circular = { count: 2, names: [] } as State & { self?: unknown };
    circular.self = circular;
    expect(store.write(circular)).toBe(false);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ count: 1, names: ['a'] });
    expect(fs.readdirSync(dir)).toEqual(['state.json']);
  });

  it('read() hands out a copy', () => {
    const store = open();
    store.write({ count: 1, names: ['a'] });
    store.read().names.push('mutated');
    expect(store.read()).toEqual({ count: 1, names: ['a'] });
  });

  it('reads a file with a UTF-8 byte-order mark (hand-edited on Windows)', () => {
    fs.writeFileSync(file, '\uFEFF{"count": 7, "names": []}');
    expect(open().read()).toEqual({ count: 7, names: [] });
  });
});

describe('JsonFileStore: damaged files are moved aside, once', () => {
  const damaged: [string, Buffer | string][] = [
    ['garbage bytes', Buffer.from([0x00, 0xff, 0xfe, 0x13, 0x37, 0x89, 0x0a, 0x7b, 0xc3, 0x28])],
    ['an empty file', ''],
    ['whitespace only', '  \n\t'],
    ['truncated JSON', '{"count": 4, "names": ["a", "b'],
    ['valid JSON the validator rejects', '{"count": "four", "names": []}'],
    ['JSON null', 'null'],
  ];

  it.each(damaged)('%s: defaults, the file kept aside byte for byte, one notice naming it', (_label, content) => {
    fs.writeFileSync(file, content);
    const sibling = path.join(dir, 'settings.json');
    fs.writeFileSync(sibling, '{"keep": "me"}');

    const store = open();
    expect(store.loadState).toBe('corrupt');
    expect(store.read()).toEqual({ count: 0, names: [] });
    const aside = path.join(dir, ASIDE);
    expect(store.corruptPath).toBe(aside);
    expect(fs.readFileSync(aside)).toEqual(Buffer.from(content));
    expect(fs.existsSync(file)).toBe(false);
    expect(store.notices()).toHaveLength(1);
    expect(noticeText(store.notice)).toBe(
      `Your saved quota state file was damaged and has been reset. The old file was kept as ${aside}`,
    );
    // Other files in the directory are untouched.
    expect(fs.readFileSync(sibling, 'utf8')).toBe('{"keep": "me"}');

    // It starts clean and works; the next start has nothing to report.
    expect(store.write({ count: 1, names: [] })).toBe(true);
    const again = open();
    expect(again.read()).toEqual({ count: 1, names: [] });
    expect(again.notice).toBeNull();
    expect(logLines.some((l) => l.includes('moved aside'))).toBe(true);
  });

  it('never overwrites an earlier corrupt copy', () => {
    fs.writeFileSync(path.join(dir, ASIDE), 'older damage');
    fs.writeFileSync(file, 'new damage');
    const store = open();
    expect(store.corruptPath).toBe(path.join(dir, ASIDE.replace('.json', '-2.json')));
    expect(fs.readFileSync(path.join(dir, ASIDE), 'utf8')).toBe('older damage');
    expect(fs.readFileSync(store.corruptPath!, 'utf8')).toBe('new damage');
  });

  it('a notice can be dismissed', () => {
    fs.writeFileSync(file, '{');
    const store = open();
    const id = store.notice!.id;
    expect(store.dismissNotice(id)).toBe(true);
    expect(store.notices()).toEqual([]);
    expect(store.dismissNotice(id)).toBe(false);
  });
});

describe('JsonFileStore: unreadable and unwritable', () => {
  it('a path that cannot be read (a directory): defaults in memory, a notice, nothing written over it', () => {
    fs.mkdirSync(file);
    fs.writeFileSync(path.join(file, 'inside.txt'), 'x');
    const store = open();
    expect(store.loadState).toBe('unreadable');
    expect(store.read()).toEqual({ count: 0, names: [] });
    expect(noticeText(store.notice)).toMatch(/could not be read \(EISDIR\).*changes will not be saved/);
    expect(store.write({ count: 5, names: [] })).toBe(false);
    expect(store.read()).toEqual({ count: 5, names: [] });
    expect(fs.readdirSync(file)).toEqual(['inside.txt']);
  });

  it('write failures (the directory is a file) are logged and noticed once, never thrown', () => {
    const blocker = path.join(dir, 'blocker');
    fs.writeFileSync(blocker, 'i am a file');
    const store = open(path.join(blocker, 'state.json'));
    expect(store.write({ count: 1, names: [] })).toBe(false);
    expect(store.write({ count: 2, names: [] })).toBe(false);
    expect(store.read()).toEqual({ count: 2, names: [] });
    expect(store.notices()).toHaveLength(1);
    expect(noticeText(store.notice)).toMatch(/could not be saved \((ENOTDIR|EEXIST)\)/);
    expect(logLines.filter((l) => l.includes('could not save'))).toHaveLength(2);
    expect(fs.readFileSync(blocker, 'utf8')).toBe('i am a file');
  });

  describe.skipIf(!canTestReadOnly)(
    'in a read-only directory (chmod 555' + (isRoot ? ', store run as uid 65534 because root ignores it)' : ')'),
    () => {
      it('a valid file is read; a write fails softly and leaves it as it was', async () => {
        fs.writeFileSync(file, '{"count": 9, "names": ["kept"]}');
        const r = await runStoreInReadOnlyDir('json', dir, { count: 10 });
        expect(r.before).toEqual({ count: 9, names: ['kept'] });
        expect(r.outcome).toBe(false);
        expect(r.after).toEqual({ count: 10, names: ['kept'] });
        expect(r.notices.map((n) => n.message)).toEqual([
          expect.stringMatching(/could not be saved \((EACCES|EPERM|EROFS)\)/),
        ]);
        expect(fs.readFileSync(file, 'utf8')).toBe('{"count": 9, "names": ["kept"]}');
        expect(fs.readdirSync(dir)).toEqual(['state.json']);
      });

      it('a damaged file that cannot be moved aside is left in place, defaults are used, one notice', async () => {
        fs.writeFileSync(file, '{"count": 9,');
        const r = await runStoreInReadOnlyDir('json', dir, { count: 1 });
        expect(r.before).toEqual({ fresh: true });
        expect(r.persistent).toBe(false);
        expect(r.notices).toHaveLength(1);
        expect(r.notices[0]?.message).toMatch(/damaged and could not be moved aside \((EACCES|EPERM|EROFS)\)/);
        expect(fs.readFileSync(file, 'utf8')).toBe('{"count": 9,');
        expect(fs.readdirSync(dir)).toEqual(['state.json']);
      });
    },
  );
});
