/**
 * The web preview's stand-in for the open dialog (Bulk → "Open file…"; docs/bulk.md, "Reading a file"): a browser
 * page cannot hand the core a path, so the preview answers with the path it is told — `next` (tests set it before
 * they click), else LOOKUP_TRAY_PREVIEW_OPEN_FILE for `npm run preview:web` — or null (nothing opened). The core
 * reads that file as the window's does. `ReadGate` lets a test hold a read between chunks, never by time.
 */
export class PreviewOpenFile {
  /** What the next "Open file…" answers (null: the user cancels). */
  next: string | null;

  constructor(initial: string | null = process.env.LOOKUP_TRAY_PREVIEW_OPEN_FILE || null) {
    this.next = initial;
  }

  /** The core's `openFile` port. */
  readonly port = async (): Promise<string | null> => this.next;
}

/** Holds a file's read before each chunk while closed; `step(n)` lets n chunks through, `open()` all of them. */
export class ReadGate {
  private closed = false;
  private credit = 0;
  private readonly waiting: (() => void)[] = [];
  /** Chunks held right now. */
  get held(): number {
    return this.waiting.length;
  }
  /** Chunks that went through the gate. */
  passed = 0;

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.closed = false;
    for (const go of this.waiting.splice(0)) go();
  }

  step(n = 1): void {
    this.credit += n;
    while (this.credit > 0 && this.waiting.length > 0) {
      this.credit--;
      this.waiting.shift()!();
    }
  }

  /** The core's `beforeFileChunk` port. */
  readonly port = (): Promise<void> => {
    if (!this.closed) {
      this.passed++;
      return Promise.resolve();
    }
    if (this.credit > 0) {
      this.credit--;
      this.passed++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) =>
      this.waiting.push(() => {
        this.passed++;
        resolve();
      }),
    );
  };
}
