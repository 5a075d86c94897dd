/**
 * A data folder's own files are read by name, never through a symbolic link: a folder someone hands over could link
 * its `keychain-folder.json`, `settings.json` or `state.db` to the user's (and take that folder's keychain id, read
 * its settings, write its state). The command line refuses such a folder up front (data-folder.ts
 * `refuseLinkedFiles`); these reads refuse a link again where the file is opened (`O_NOFOLLOW`: ELOOP), whoever calls.
 * Windows has no O_NOFOLLOW (0): creating a symbolic link there takes a privilege the folder's giver does not have.
 */
import fs from 'node:fs';

export const O_NOFOLLOW: number = fs.constants.O_NOFOLLOW ?? 0;

/** `file`'s text, read through no symbolic link (a link throws ELOOP, as a missing file throws ENOENT). */
export function readTextNoFollow(file: string): string {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | O_NOFOLLOW);
  try {
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `text` to `file` (created `mode` if missing, else replaced), never through a symbolic link (ELOOP). */
export function writeTextNoFollow(file: string, text: string, mode = 0o600): void {
  const c = fs.constants;
  const fd = fs.openSync(file, c.O_WRONLY | c.O_CREAT | c.O_TRUNC | O_NOFOLLOW, mode);
  try {
    fs.writeFileSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether `file` is a symbolic link (false when it is missing or cannot be looked at). */
export function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
