import type { Notice, NoticeFact } from '../../../shared/ipc';

/** A notice raised with its fact (what the faces word: shared/i18n's `notices` area). */
export function raiseNotice(id: string, fact: NoticeFact, level: Notice['level'] = 'warning'): Notice {
  return { id, level, fact };
}

/** Something that raises one-time notices (the settings store, the state database) until they are dismissed. */
export interface NoticeSource {
  /** Its notices as the store keeps them: id, level, fact. */
  notices(): Notice[];
  dismissNotice(id: string): boolean;
}

/** A source's own notices, until dismissed: one per id, with a callback when a new one appears. */
export class PendingNotices implements NoticeSource {
  private readonly items: Notice[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(initial: readonly Notice[] = []) {
    for (const n of initial) this.items.push(n);
  }

  add(n: Notice): void {
    if (this.items.some((x) => x.id === n.id)) return;
    this.items.push(n);
    for (const cb of this.listeners) cb();
  }

  /** The first notice not yet dismissed, or null. */
  get first(): Notice | null {
    return this.items[0] ?? null;
  }

  notices(): Notice[] {
    return this.items.map((n) => ({ ...n, fact: { ...n.fact } }));
  }

  dismissNotice(id: string): boolean {
    const i = this.items.findIndex((n) => n.id === id);
    if (i >= 0) this.items.splice(i, 1);
    return i >= 0;
  }

  onNotice(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
}

/**
 * A store that raises notices (the settings file's store, the state database): its pending notices and the getters
 * the window's notices and its dismiss button read.
 */
export abstract class NoticeHolder implements NoticeSource {
  protected readonly pending: PendingNotices;

  protected constructor(initial: readonly Notice[] = []) {
    this.pending = new PendingNotices(initial);
  }

  /** The first notice not yet dismissed, or null. */
  get notice(): Notice | null {
    return this.pending.first;
  }

  /** All notices not yet dismissed. */
  notices(): Notice[] {
    return this.pending.notices();
  }

  dismissNotice(id: string): boolean {
    return this.pending.dismissNotice(id);
  }

  /** Called when a new notice appears (a write failed after start-up), so the window can show it at once. */
  onNotice(cb: () => void): () => void {
    return this.pending.onNotice(cb);
  }
}

/**
 * The notices shown to the user, read live from their sources: a write that fails after start-up shows its
 * notice in the window too, not only the ones known when the app started.
 */
export class NoticeBoard {
  constructor(private readonly sources: readonly NoticeSource[]) {}

  /** Each notice once, with its fact (what the window words). */
  list(): Notice[] {
    const seen = new Set<string>();
    return this.sources.flatMap((s) => s.notices()).filter((n) => !seen.has(n.id) && seen.add(n.id));
  }

  dismiss(id: string): void {
    for (const s of this.sources) s.dismissNotice(id);
  }
}
