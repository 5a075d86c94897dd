import type { Notice } from '../../../shared/ipc';

/** One-time notices shown to the user until dismissed. */
export class NoticeBoard {
  private items: Notice[];
  constructor(initial: Notice[] = []) {
    this.items = [...initial];
  }
  list(): Notice[] {
    return [...this.items];
  }
  add(n: Notice): void {
    if (!this.items.some((x) => x.id === n.id)) this.items.push(n);
  }
  dismiss(id: string): void {
    this.items = this.items.filter((x) => x.id !== id);
  }
}
