/**
 * The web preview's `pickFollowFile` port (Bulk → Follow a file…, core/app/bulk-follows.ts). A browser tab has no
 * open dialog of the main process here: the file is one a test (or the person running the preview) named beforehand,
 * never a path the page sends.
 */
export class PreviewFollowPicker {
  private next: string | null;

  /** `path`: what the first "Follow a file…" picks, or null: cancelled. */
  constructor(path: string | null = null) {
    this.next = path;
  }

  /** What the next "Follow a file…" picks; null: the dialog is cancelled. Taken once. */
  answer(path: string | null): void {
    this.next = path;
  }

  /** The port: the named file, once. */
  readonly pick = async (): Promise<string | null> => {
    const p = this.next;
    this.next = null;
    return p;
  };
}
