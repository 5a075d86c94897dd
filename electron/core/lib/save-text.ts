/**
 * Saving a file from the core (a too-large answer, the history's CSV, a bulk job's export): one flow around the
 * `SaveTextFile` port, which asks where and writes. The answer says what happened in words the window shows: saved
 * (and where), not saved (cancelled), not available (no port), refused before asking, or the write failed.
 */
import type { Logger, SaveTextFile } from './ports';

/** The answer of every save (saveAnswer, exportHistory, bulkExport). */
export interface SaveOutcome {
  saved: boolean;
  where?: string;
  message: string;
}

export const SAVING_UNAVAILABLE = 'Saving files is not available here.';

/** What to save (and what to say once saved: default "Saved to <where>"), or why not. */
export type SaveContent =
  { suggestedName: string; text: string; savedMessage?: (where: string) => string } | { refused: string };

export interface SaveRequest {
  /** The file's name and text, made once saving is known to be available; `{ refused }` stops before asking. */
  content: () => SaveContent;
  /** The message when writing failed. */
  failedMessage: (err: unknown) => string;
  /** What the log says when writing failed (with the error's name and code, never its text). */
  logAs: string;
}

/** " (<the error's message>)", or nothing: for "Could not save the answer (…)." */
export function errorDetail(err: unknown): string {
  return err instanceof Error && err.message ? ` (${err.message})` : '';
}

export async function saveTextThrough(
  port: SaveTextFile | undefined,
  logger: Logger,
  request: SaveRequest,
): Promise<SaveOutcome> {
  if (!port) return { saved: false, message: SAVING_UNAVAILABLE };
  const content = request.content();
  if ('refused' in content) return { saved: false, message: content.refused };
  try {
    const where = await port(content.suggestedName, content.text);
    if (where === null) return { saved: false, message: 'Not saved.' };
    return { saved: true, where, message: content.savedMessage?.(where) ?? `Saved to ${where}` };
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    logger.warn(request.logAs, {
      error: err instanceof Error ? err.name : 'unknown',
      ...(typeof code === 'string' ? { code } : {}),
    });
    return { saved: false, message: request.failedMessage(err) };
  }
}
