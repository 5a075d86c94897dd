import type { StatusCheckSupport } from '../../../../shared/quota';
import type { KnownSupport } from '../store/quota-store';

/** Whether the free GET /v2/status exists, remembered per base URL (the one in use is asked each time). */
export class StatusSupport {
  private readonly known: Record<string, KnownSupport>;

  constructor(
    private readonly baseUrl: () => string,
    persisted: Record<string, KnownSupport>,
    /** Records what was learnt about a base URL (at once: it is rare, and other processes use it). */
    private readonly onLearn: (baseUrl: string, support: KnownSupport) => void = () => {},
  ) {
    this.known = { ...persisted };
  }

  /** What is known about the base URL in use. */
  current(): StatusCheckSupport {
    return this.known[this.baseUrl()] ?? 'unknown';
  }

  /** Takes in what an answer said about the base URL in use ('unknown' says nothing). */
  learn(s: StatusCheckSupport): void {
    if (s === 'unknown' || this.current() === s) return;
    const baseUrl = this.baseUrl();
    this.known[baseUrl] = s;
    this.onLearn(baseUrl, s);
  }
}
