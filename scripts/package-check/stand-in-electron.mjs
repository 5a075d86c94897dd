// A stand-in Electron dist for `electron-builder --dir` where no Electron binary can be downloaded.
// electron-builder only copies the dist (renaming `electron` to the app's executable name) and then flips the fuses
// with @electron/fuses, which looks for the fuse sentinel in the binary. So the stand-in is a tiny shell script that
// carries a fuse wire in Electron's format with Electron's default states; after packing, the wire shows exactly what
// electron-builder wrote from electron-builder.yml.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'; // @electron/fuses constants.SENTINEL
// Electron's defaults, in FuseV1Options order: RunAsNode on, EnableCookieEncryption off, NODE_OPTIONS on,
// inspect args on, embedded asar integrity off, only-load-from-asar off, browser V8 snapshot off, file:// privileges on.
export const DEFAULT_WIRE = '10110001';

/** Writes the stand-in dist into `dir` (created): `electron` (executable), `LICENSE`, `version`. */
export function writeStandInElectron(dir, electronVersion) {
  mkdirSync(dir, { recursive: true });
  const binary = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in Electron for the packaging check; it cannot run the app" >&2\nexit 1\n# '),
    Buffer.from(SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]), // fuse wire version 1, length
    Buffer.from(`${DEFAULT_WIRE}\n`),
  ]);
  writeFileSync(join(dir, 'electron'), binary, { mode: 0o755 });
  writeFileSync(join(dir, 'LICENSE'), 'Stand-in for the Electron licence (packaging check only).\n');
  writeFileSync(join(dir, 'version'), electronVersion);
}

/** electron-builder.yml fuse key → @electron/fuses FuseV1Options name. */
export const FUSE_NAMES = {
  runAsNode: 'RunAsNode',
  enableCookieEncryption: 'EnableCookieEncryption',
  enableNodeOptionsEnvironmentVariable: 'EnableNodeOptionsEnvironmentVariable',
  enableNodeCliInspectArguments: 'EnableNodeCliInspectArguments',
  enableEmbeddedAsarIntegrityValidation: 'EnableEmbeddedAsarIntegrityValidation',
  onlyLoadAppFromAsar: 'OnlyLoadAppFromAsar',
  grantFileProtocolExtraPrivileges: 'GrantFileProtocolExtraPrivileges',
};
