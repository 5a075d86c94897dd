import type { Notice } from '../../../shared/ipc';

/** Something that raises one-time notices (the settings store, the state database) until they are dismissed. */
export interface NoticeSource {
  notices(): Notice[];
  dismissNotice(id: string): boolean;
}

/**
 * The notices shown to the user, read live from their sources: a write that fails after start-up shows its
 * notice in the window too, not only the ones known when the app started.
 */
export class NoticeBoard {
  constructor(private readonly sources: readonly NoticeSource[]) {}

  list(): Notice[] {
    const seen = new Set<string>();
    return this.sources.flatMap((s) => s.notices()).filter((n) => !seen.has(n.id) && seen.add(n.id));
  }

  dismiss(id: string): void {
    for (const s of this.sources) s.dismissNotice(id);
  }
}
