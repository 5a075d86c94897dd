/**
 * The real tools a block list is for (shared/block-list.ts), run on a file in a private network namespace
 * (`unshare -n`, as root), so nothing on the machine's own firewall changes: `nft --check -f FILE` (nothing is
 * applied) and `ipset restore < FILE` followed by `ipset list` (in the namespace, gone when it ends). Where the tool
 * or the namespace is not there, `why` says so and the test using it is skipped with that reason printed; CI installs
 * both (.ci/run's apt line: nftables, ipset).
 */
import { spawnSync } from 'node:child_process';

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], input?: string): ToolRun {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? (r.error ? String(r.error) : '') };
}

/** Why `tool` cannot be run in a private network namespace here, or null when it can. */
function unavailable(tool: string, probe: string[]): string | null {
  const where = run('sh', ['-c', `command -v ${tool} || ls /usr/sbin/${tool} /sbin/${tool} 2>/dev/null`]);
  if (where.status !== 0 || where.stdout.trim() === '') return `${tool} is not installed (apt-get install ${tool})`;
  const r = run('unshare', ['-n', tool, ...probe]);
  if (r.status !== 0) return `cannot run ${tool} in a private network namespace (unshare -n): ${r.stderr.trim()}`;
  return null;
}

export const NFT_MISSING = unavailable('nft', ['--version']);
export const IPSET_MISSING = unavailable('ipset', ['list', '-n']);

/** `nft --check -f FILE` in a private network namespace. */
export function nftCheck(file: string): ToolRun {
  return run('unshare', ['-n', 'nft', '--check', '-f', file]);
}

/** `ipset restore < FILE`, loaded twice (a list is loaded again as it changes), then `ipset save`, in one namespace. */
export function ipsetRestore(file: string): ToolRun {
  return run('unshare', ['-n', 'sh', '-c', 'ipset restore < "$1" && ipset restore < "$1" && ipset save', 'sh', file]);
}

/** `nft -f FILE` loaded twice in one namespace, then `nft list ruleset`. */
export function nftLoad(file: string): ToolRun {
  return run('unshare', ['-n', 'sh', '-c', 'nft -f "$1" && nft -f "$1" && nft list ruleset', 'sh', file]);
}
