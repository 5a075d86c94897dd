/**
 * Saving a file from the core (a too-large answer, the history's CSV, a bulk job's export): one flow around the
 * `SaveTextFile` port, which asks where and writes. The answer says what happened as a fact the window words
 * (shared/save.ts): saved (and where), not saved (cancelled), not available (no port), refused before asking, or the
 * write failed.
 */
import type { SaveOutcome, SaveSaid, SaveWhat } from '../../../shared/save';
import type { Logger, SaveTextFile } from './ports';

export type { SaveOutcome } from '../../../shared/save';

/** What to save (and the rows it holds, when the answer counts them), or why not. */
export type SaveContent = { suggestedName: string; text: string; rows?: number } | { refused: SaveSaid };

export interface SaveRequest {
  /** What is saved: a failure names it. */
  what: SaveWhat;
  /** The file's name and text, made once saving is known to be available; `{ refused }` stops before asking. */
  content: () => SaveContent;
  /** Whether a failure shows the system's words for it (the history's does not: it says what to do instead). */
  detail?: boolean;
  /** What the log says when writing failed (with the error's name and code, never its text). */
  logAs: string;
}

/** The system's words for a failed write (data, one line, bounded), or null. */
function errorDetail(err: unknown): string | null {
  if (!(err instanceof Error) || !err.message) return null;
  const line = err.message.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export async function saveTextThrough(
  port: SaveTextFile | undefined,
  logger: Logger,
  request: SaveRequest,
): Promise<SaveOutcome> {
  if (!port) return { saved: false, said: { kind: 'unavailable' } };
  const content = request.content();
  if ('refused' in content) return { saved: false, said: content.refused };
  try {
    const where = await port(content.suggestedName, content.text);
    if (where === null) return { saved: false, said: { kind: 'cancelled' } };
    return {
      saved: true,
      where,
      said: { kind: 'saved', ...(content.rows === undefined ? {} : { rows: content.rows }) },
    };
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    logger.warn(request.logAs, {
      error: err instanceof Error ? err.name : 'unknown',
      ...(typeof code === 'string' ? { code } : {}),
    });
    return {
      saved: false,
      said: { kind: 'failed', what: request.what, detail: request.detail === false ? null : errorDetail(err) },
    };
  }
}
