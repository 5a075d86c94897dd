/**
 * The release workflow's first step: the tag that triggered it must be `v` + package.json's version, so the
 * installers, their update metadata (latest*.yml) and the app's About all carry the version the tag names.
 *
 *   node scripts/check-release-tag.ts v0.2.0        (default: $GITHUB_REF_NAME)
 *
 * Exits 0 when they match, 1 with one line saying what to do otherwise. Plain Node 24 (types stripped), no install.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Why `tag` cannot release `version`, or null when it can. */
export function tagProblem(tag: string, version: string): string | null {
  if (!tag) return 'no tag given (pass it, or run in a workflow started by a tag: GITHUB_REF_NAME)';
  if (!/^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(tag))
    return `tag "${tag}" is not v<major>.<minor>.<patch> (e.g. v${version})`;
  if (tag.slice(1) !== version)
    return `tag ${tag} does not match package.json's version ${version}: set "version": "${tag.slice(1)}" in package.json (npm version ${tag.slice(1)} --no-git-tag-version), commit, and tag that commit`;
  return null;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tag = process.argv[2] ?? process.env.GITHUB_REF_NAME ?? '';
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const problem = tagProblem(tag, version);
  if (problem) {
    console.error(`release: ${problem}`);
    process.exit(1);
  }
  console.log(`release: tag ${tag} matches package.json's version ${version}`);
}
