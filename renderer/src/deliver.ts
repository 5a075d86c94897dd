/**
 * A saved file's answer ({ saved, where, said }: shared/save.ts). In the app, `where` is the path the user chose in the
 * save dialog. The web preview has no save dialog and a temporary data folder, so it answers with an address of its
 * own (`/__download/…`, electron/preview/save-file.ts): the window hands that to the browser as a download.
 */
import type { SaveOutcome } from '../../shared/save';
import type { UiSavedWords } from '../../shared/i18n/words';

const DOWNLOAD_PREFIX = '/__download/';

/** Starts the browser download a preview answer offers (nothing otherwise); returns the sentence to show. */
export function deliver(r: SaveOutcome, w: UiSavedWords): string {
  if (r.saved && r.where?.startsWith(DOWNLOAD_PREFIX)) {
    const a = document.createElement('a');
    a.href = r.where;
    a.download = decodeURIComponent(r.where.split('/').pop() ?? '');
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
  }
  return w.saved(r);
}
