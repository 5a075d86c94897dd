import type { Notice, NoticeFact } from '../../../shared/ipc';
import { wordsFor } from '../../../shared/i18n';

/** A notice raised with its fact: its `message` is the fact in the English catalog's words (the `notices` area). */
export function raiseNotice(id: string, fact: NoticeFact, level: Notice['level'] = 'warning'): Notice {
  return { id, level, message: wordsFor('en').w.notices.notice(fact), fact };
}

/** Something that raises one-time notices (the settings store, the state database) until they are dismissed. */
export interface NoticeSource {
  /** Its notices as the store keeps them: id, level, English message. */
  notices(): Notice[];
  dismissNotice(id: string): boolean;
  /** What a notice is about (the window words it), when it was raised with a fact. */
  noticeFact?(id: string): NoticeFact | undefined;
}

/** A source's own notices, until dismissed: one per id, with a callback when a new one appears. */
export class PendingNotices implements NoticeSource {
  private readonly items: Notice[] = [];
  private readonly facts = new Map<string, NoticeFact>();
  private readonly listeners = new Set<() => void>();

  constructor(initial: readonly Notice[] = []) {
    for (const n of initial) this.keep(n);
  }

  add(n: Notice): void {
    if (this.items.some((x) => x.id === n.id)) return;
    this.keep(n);
    for (const cb of this.listeners) cb();
  }

  /** The notice as stored, its fact beside it (so `notices()` stays what the store says). */
  private keep({ fact, ...n }: Notice): void {
    this.items.push(n);
    if (fact) this.facts.set(n.id, fact);
  }

  noticeFact(id: string): NoticeFact | undefined {
    return this.facts.get(id);
  }

  /** The first notice not yet dismissed, or null. */
  get first(): Notice | null {
    return this.items[0] ?? null;
  }

  notices(): Notice[] {
    return this.items.map((n) => ({ ...n }));
  }

  dismissNotice(id: string): boolean {
    const i = this.items.findIndex((n) => n.id === id);
    if (i >= 0) this.items.splice(i, 1);
    this.facts.delete(id);
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

  noticeFact(id: string): NoticeFact | undefined {
    return this.pending.noticeFact(id);
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
    return this.sources
      .flatMap((s) =>
        s.notices().map((n) => {
          const fact = s.noticeFact?.(n.id);
          return fact ? { ...n, fact } : n;
        }),
      )
      .filter((n) => !seen.has(n.id) && seen.add(n.id));
  }

  dismiss(id: string): void {
    for (const s of this.sources) s.dismissNotice(id);
  }
}
