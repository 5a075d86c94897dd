import type { ApiClient, RawResult } from '../../lookup-api/client';

export type ApiPath = '/v2/info' | '/v2/status';

/** One request with `key` to the base URL in use. Resolves to a RawResult; never throws. */
export type Send = (path: ApiPath, key: string, query?: Record<string, string>) => Promise<RawResult>;

/**
 * Requests sent for one purpose (lookups; status checks and key verifications), each with its own abort
 * controller: abort() ends the ones in flight as network-error 'aborted'.
 */
export class RequestGroup {
  private readonly controllers = new Set<AbortController>();

  constructor(
    private readonly api: ApiClient,
    private readonly baseUrl: () => string,
  ) {}

  /** One request of this group (bind it, or call it on the group: it is a method). */
  async send(path: ApiPath, key: string, query: Record<string, string> = {}): Promise<RawResult> {
    const controller = new AbortController();
    this.controllers.add(controller);
    try {
      return await this.api.request({ baseUrl: this.baseUrl(), key, path, query, controller });
    } finally {
      this.controllers.delete(controller);
    }
  }

  abort(): void {
    for (const c of this.controllers) c.abort();
  }
}
