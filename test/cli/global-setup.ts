import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The cli layer runs the command as users get it: the esbuild bundle in out/cli (built fresh, ~1 s). */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, stdio: 'inherit' });
}
