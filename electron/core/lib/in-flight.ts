/** Operations in flight, so a caller can wait until none is left (graceful shutdown, tests). */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Registers `p` until it settles; returns it. */
  readonly track = <T>(p: Promise<T>): Promise<T> => {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  };

  /** Resolves when nothing is in flight, including what was started while waiting. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
