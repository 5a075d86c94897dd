/**
 * A save's or the data folder's answer as the window says it in English (shared/save.ts's facts worded by the
 * `uiSaved` area): the tests keep asserting the sentences a user reads.
 */
import { wordsFor } from '../../shared/i18n';
import type { FolderSaid, SaveOutcome } from '../../shared/save';

const w = wordsFor('en').w.uiSaved;

export function savedInEnglish(r: SaveOutcome): { saved: boolean; where?: string; message: string } {
  return { saved: r.saved, ...(r.where === undefined ? {} : { where: r.where }), message: w.saved(r) };
}

export function folderInEnglish(r: { opened: boolean; said: FolderSaid }): { opened: boolean; message: string } {
  return { opened: r.opened, message: w.folder(r.said) };
}
