/**
 * Issue 39, "Load": a test of this layer that ends before what it started (it timed out, or failed while waiting)
 * leaves nothing running. The first test starts `lookup-tray demo` (it runs until stopped) and a shell pipeline and
 * ends without waiting for them, as a timed-out test abandons its `await`; the next test finds them gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, it } from 'vitest';
import { cli, groupRunning, track } from './helpers';

const left: { demo?: number; group?: number } = {};

/** Whether a process still exists. */
function alive(id: number): boolean {
  try {
    process.kill(id, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

it('a test that ends before its processes (here: without awaiting them) …', () => {
  let demo: ChildProcess | undefined;
  void cli(null, ['demo'], { started: (c) => (demo = c) }).catch(() => undefined);
  const pipeline = track(spawn('/bin/sh', ['-c', 'sleep 600 | cat'], { detached: true, stdio: 'ignore' }), true);
  left.demo = demo?.pid;
  left.group = pipeline.pid;
  expect(alive(left.demo!)).toBe(true);
  expect(groupRunning(left.group!)).toBe(true);
});

it('… leaves none of them running once it ended', () => {
  expect(left.demo).toBeTypeOf('number');
  expect(alive(left.demo!), 'lookup-tray demo still running').toBe(false);
  expect(groupRunning(left.group!), 'the pipeline (sh, sleep, cat) still running').toBe(false);
});
