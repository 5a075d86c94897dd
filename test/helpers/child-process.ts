/**
 * A TypeScript script in a second, real Node process (through tsx), for the tests that need two processes on one
 * data folder or a process with another environment. The child runs from the repository root, so `--import tsx`
 * resolves from its node_modules wherever the clone lives.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildOptions {
  /** Added to (or, where undefined, removed from) this process's environment. */
  env?: NodeJS.ProcessEnv;
}

/** Starts `script` with `args`; stdin, stdout and stderr are pipes. */
export function startChild(
  script: string,
  args: string[] = [],
  opts: ChildOptions = {},
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...opts.env },
  });
}

/**
 * Runs `script` to its end, with `stdin` written to it (then closed). Resolves with what it printed; rejects with
 * its exit code (or signal) and stderr when it fails or outlives `timeoutMs`.
 */
export function runChild(
  script: string,
  args: string[] = [],
  opts: ChildOptions & { stdin?: string; timeoutMs?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = startChild(script, args, opts);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`child ${code ?? signal}: ${stderr}`));
    });
    child.stdin.end(opts.stdin ?? '');
  });
}
