/**
 * LogTail (electron/core/bulk/follow-tail.ts) on an in-memory file system and a manual clock: whole lines only, in
 * order, whatever the sizes of the appends (property, fast-check's fixed seed: test/helpers/fast-check-seed.ts); a
 * rename + new file read after the old one's last lines; copytruncate read again from the start; a stored position
 * going on in the same file only; the poll without a watch, the watch without waiting for the poll.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../helpers/manual-clock';
import { MemFs, bytes } from '../../../helpers/mem-tail-fs';
import { LogTail, MAX_LINE, type TailPosition } from '../../../../electron/core/bulk/follow-tail';

/** A tail of `path` on `fs` that collects what it gives. */
function tailOf(fs: MemFs, opts: { from?: TailPosition | null; path?: string } = {}) {
  const clock = new ManualClock();
  const chunks: string[] = [];
  const notices: string[] = [];
  let at: TailPosition | null = null;
  const tail = new LogTail({
    fs,
    clock,
    path: opts.path ?? '/log',
    from: opts.from ?? null,
    onLines: (text, p) => {
      chunks.push(text);
      at = p;
    },
    onNotice: (m) => notices.push(m),
  });
  return { tail, clock, chunks, notices, text: () => chunks.join(''), at: () => at };
}

describe('LogTail', () => {
  it('gives exactly the whole lines written, in order, whatever the sizes of the appends and reads between them (property)', async () => {
    // Multi-byte characters too: a cut may fall inside one.
    const line = fc
      .array(fc.constantFrom('a', ' ', '1', '.', ':', 'é', 'ß', '€', '😀'), { maxLength: 40 })
      .map((cs) => `${cs.join('')}\n`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(200), fc.boolean()), { minLength: 1, maxLength: 40 }),
        async (lines, cuts) => {
          const whole = bytes(lines.join(''));
          const fs = new MemFs();
          fs.watchable = false;
          fs.write('/log', '');
          const t = tailOf(fs);
          await t.tail.start();
          let pos = 0;
          for (const [size, check] of cuts) {
            const end = Math.min(whole.length, pos + size);
            fs.append('/log', whole.slice(pos, end)); // may cut a line, or a character, in two
            pos = end;
            if (check) await t.tail.check();
          }
          fs.append('/log', whole.slice(pos));
          await t.tail.check();
          await t.tail.stop();
          expect(t.text()).toBe(lines.join(''));
          for (const c of t.chunks) expect(c.endsWith('\n')).toBe(true);
          expect(t.at()?.offset).toBe(whole.length);
        },
      ),
    );
  });

  it('a line without its newline waits for it; one longer than MAX_LINE is given as it is (memory stays bounded)', async () => {
    const fs = new MemFs();
    fs.write('/log', 'a 1.2.3.4\nb 5.6');
    const t = tailOf(fs);
    await t.tail.start();
    expect(t.text()).toBe('a 1.2.3.4\n');
    fs.append('/log', '.7.8\n');
    await t.tail.check();
    expect(t.chunks).toEqual(['a 1.2.3.4\n', 'b 5.6.7.8\n']);
    fs.append('/log', 'x'.repeat(MAX_LINE + 10));
    await t.tail.check();
    expect(t.chunks).toHaveLength(3);
    expect(t.chunks[2]!.length).toBeGreaterThanOrEqual(MAX_LINE);
    await t.tail.stop();
  });

  it('rename + new file: the old file is read to its end, then the new one from its start', async () => {
    const fs = new MemFs();
    fs.write('/log', 'one\n');
    const t = tailOf(fs);
    await t.tail.start();
    fs.append('/log', 'two (the last line of the old file)\n');
    fs.rename('/log', '/log.1');
    await t.tail.check(); // no file at the path yet: the old one is still read
    fs.write('/log', 'three\n');
    await t.tail.check();
    expect(t.text()).toBe('one\ntwo (the last line of the old file)\nthree\n');
    expect(t.notices.join(' ')).toContain('was replaced (rotated)');
    fs.append('/log', 'four\n');
    await t.tail.check();
    expect(t.text()).toMatch(/three\nfour\n$/);
    await t.tail.stop();
  });

  it('copytruncate: a file that shrank is read again from its start', async () => {
    const fs = new MemFs();
    fs.write('/log', 'a long first line of the log\nanother one\n');
    const t = tailOf(fs);
    await t.tail.start();
    fs.truncate('/log');
    fs.append('/log', 'new\n');
    await t.tail.check();
    expect(t.chunks.at(-1)).toBe('new\n');
    expect(t.notices.join(' ')).toContain('shrank (truncated)');
    expect(t.at()).toEqual({ id: 'ino1', offset: 4 });
    await t.tail.stop();
  });

  it('a stored position goes on in the same file; another file at the path (rotated meanwhile) is read from its start', async () => {
    const fs = new MemFs();
    fs.write('/log', 'old\nnew\n');
    const same = tailOf(fs, { from: { id: 'ino1', offset: 4 } });
    await same.tail.start();
    expect(same.text()).toBe('new\n');
    await same.tail.stop();
    const other = tailOf(fs, { from: { id: 'ino0', offset: 4 } });
    await other.tail.start();
    expect(other.text()).toBe('old\nnew\n');
    await other.tail.stop();
    const shorter = tailOf(fs, { from: { id: 'ino1', offset: 999 } });
    await shorter.tail.start();
    expect(shorter.text()).toBe('old\nnew\n');
    await shorter.tail.stop();
  });

  it('a missing file is waited for (said once); without a watch the poll reads every second, and only then', async () => {
    const fs = new MemFs();
    fs.watchable = false;
    const t = tailOf(fs);
    await t.tail.start();
    expect(t.notices).toEqual(['/log does not exist (yet): waiting for it.']);
    fs.write('/log', 'here\n');
    const looks = fs.looks;
    t.clock.advance(999);
    expect(fs.looks).toBe(looks);
    t.clock.advance(1);
    expect(fs.looks).toBe(looks + 1); // the poll began a reading
    await t.tail.check(); // the poll's reading, under way, finished
    expect(t.text()).toBe('here\n');
    t.clock.advance(5000);
    await t.tail.check();
    expect(t.notices).toHaveLength(1);
    await t.tail.stop();
    expect(t.clock.pendingTimers()).toBe(0);
  });

  it('with a watch, a change is read at once (no poll needed)', async () => {
    const fs = new MemFs();
    fs.write('/log', '');
    const t = tailOf(fs);
    await t.tail.start();
    const before = fs.reads;
    fs.append('/log', 'now\n'); // the watch calls check()
    expect(fs.reads).toBeGreaterThan(before);
    await t.tail.check();
    expect(t.text()).toBe('now\n');
    await t.tail.stop();
  });

  it('a file that cannot be read stops the tail and says why once (no poll left)', async () => {
    const fs = new MemFs();
    fs.write('/log', 'a\n');
    const errors: unknown[] = [];
    const clock = new ManualClock();
    const tail = new LogTail({ fs, clock, path: '/log', onLines: () => undefined, onError: (e) => errors.push(e) });
    await tail.start();
    fs.failReads = 'EIO';
    fs.append('/log', 'b\n');
    await tail.check();
    clock.advance(5000);
    await tail.check();
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['EIO']);
    expect(clock.pendingTimers()).toBe(0);
    await tail.stop();
  });
});
