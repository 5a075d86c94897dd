/**
 * Files a save wrote (saveAnswer, exportHistory, bulkExport, through save-file.ts), handed to the browser: the
 * answer's `where` becomes `/__download/<random id>/<name>` (the window then downloads it), which serves it once
 * as an attachment and deletes it from the data folder.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { sendJson } from './http-util';
import type { SaveOutcome, SaveSaid } from '../../shared/save';
import { DOWNLOAD_PREFIX, downloadType, takeSavedFile } from './save-file';

export class Downloads {
  /** Saved files waiting for the browser to fetch them, by their random id. */
  private readonly waiting = new Map<string, { path: string; name: string }>();

  /**
   * A save's answer, with the file it wrote offered as a download: `where` is then the address to fetch it from, and
   * what it says is that it was downloaded (to the browser's downloads, not the data folder), as a fact the window
   * words. Any other answer as it is.
   */
  offer(result: unknown): unknown {
    const r = result as Partial<SaveOutcome> | null;
    if (!r || r.saved !== true || typeof r.where !== 'string' || !takeSavedFile(r.where)) return result;
    const path = r.where;
    const name = path.split(/[\\/]/).pop() || 'download';
    const id = randomBytes(16).toString('hex');
    this.waiting.set(id, { path, name });
    const rows = r.said?.kind === 'saved' ? r.said.rows : undefined;
    const said: SaveSaid = { kind: 'downloaded', name, ...(rows === undefined ? {} : { rows }) };
    return { ...r, where: `${DOWNLOAD_PREFIX}${id}/${encodeURIComponent(name)}`, said };
  }

  /** `GET /__download/<id>/<name>`: the file once, as an attachment, then deleted (HEAD neither serves nor deletes). */
  async serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const id = url.pathname.slice(DOWNLOAD_PREFIX.length).split('/')[0] ?? '';
    const file = this.waiting.get(id);
    if (!file) {
      sendJson(res, 404, { error: 'Not found (a download is served once)' });
      return;
    }
    let body: Buffer;
    try {
      body = await fs.readFile(file.path);
    } catch {
      this.waiting.delete(id);
      sendJson(res, 404, { error: 'Not found' });
      return;
    }
    const type = downloadType(file.name);
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end();
      return;
    }
    this.waiting.delete(id);
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': body.length,
      'Content-Disposition': `attachment; filename="${file.name.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Cache-Control': 'no-store',
    });
    res.end(body);
    // Handed over: the (usually temporary) data folder does not keep a copy nobody was told about.
    await fs.rm(file.path, { force: true }).catch(() => undefined);
  }
}
