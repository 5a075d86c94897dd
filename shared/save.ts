/**
 * What saving a file or opening the data folder did, as facts (the window words them: the `uiSaved` area). `where`,
 * a folder, a column's name and an error's detail are data: shown as they are.
 */

/** What was being saved: its failure names it. */
export type SaveWhat = 'answer' | 'history' | 'export' | 'report' | 'block-list';

export type SaveSaid =
  /** Saved to the answer's `where`; `rows`: the rows written, when the save counts them (the history). */
  | { kind: 'saved'; rows?: number }
  /** No save dialog here (the core has no port to save through). */
  | { kind: 'unavailable' }
  /** The web preview handed the file to the browser as a download named `name` (its data folder keeps no copy). */
  | { kind: 'downloaded'; name: string; rows?: number }
  /** The dialog was cancelled. */
  | { kind: 'cancelled' }
  /** The history holds nothing to export yet. */
  | { kind: 'no-history' }
  /** An export asked for columns there are not. */
  | { kind: 'unknown-columns'; columns: string[] }
  /** The too-large answer to save is not kept any more (looked up again since, or the app restarted). */
  | { kind: 'answer-gone'; ip: string }
  /** The bulk job to export is gone. */
  | { kind: 'no-such-job' }
  /** Writing failed; `detail`: the system's words for it (data, bounded), or null. */
  | { kind: 'failed'; what: SaveWhat; detail: string | null };

/** The answer of every save (saveAnswer, exportHistory, bulkExport, exportBulkReport, exportBlockList). */
export interface SaveOutcome {
  saved: boolean;
  /** The file written (the app's path, or the web preview's download address). */
  where?: string;
  said: SaveSaid;
}

/** What opening the data folder did: opened, no file manager here (the folder named), or failed (why, data). */
export type FolderSaid = { kind: 'opened' } | { kind: 'where'; dir: string } | { kind: 'failed'; detail: string };
