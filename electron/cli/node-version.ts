/**
 * The Node.js the command needs: package.json's `engines` (">=24.15"; node:sqlite as Electron 45's Node has it).
 * No imports: main.ts reads it before anything else is loaded.
 */
export const NEEDS_NODE = [24, 15] as const;

/** The sentence refusing `version` (process.version, "v20.11.1"), or null when it is new enough. */
export function tooOldNode(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor] = NEEDS_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `lookup-tray: needs Node.js ${needMajor}.${needMinor} or newer (this is ${version}).`;
}
