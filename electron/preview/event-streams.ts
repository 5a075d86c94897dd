/**
 * `GET /api/events`: server-sent events, `event: <name>` per core event, a heartbeat comment every so often; a
 * cap on the streams open at once (a tab opens one, so more is a leak or a flood).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENT_NAMES, type EventName } from '../../shared/ipc';
import type { AppCore } from '../core/app/app-core-types';
import type { Logger } from '../core/lib/ports';
import { errorMessage, sendJson } from './http-util';

interface EventClient {
  res: ServerResponse;
  unsubscribe: () => void;
}

export class EventStreams {
  private readonly clients = new Set<EventClient>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly core: AppCore,
    private readonly logger: Logger,
    private readonly max: number,
  ) {}

  /** Open event streams right now. */
  get size(): number {
    return this.clients.size;
  }

  /** A comment on every open stream each `ms` (keeps proxies and the browser from dropping an idle stream). */
  startHeartbeat(ms: number): void {
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) if (!c.res.destroyed && !c.res.writableEnded) c.res.write(': ping\n\n');
    }, ms);
    this.heartbeat.unref();
  }

  open(req: IncomingMessage, res: ServerResponse): void {
    const { clients, logger } = this;
    if (clients.size >= this.max) {
      logger.warn('preview: refused an event stream: too many open', { open: clients.size });
      sendJson(res, 503, { error: 'Too many open event streams' }, { 'Retry-After': '5' });
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 1000\n\n');
    const send = (name: EventName, payload: unknown) => {
      if (res.destroyed || res.writableEnded) return;
      let data: string;
      try {
        data = JSON.stringify(payload ?? null);
      } catch (err) {
        logger.error('preview: event not serialisable', { event: name, error: errorMessage(err) });
        return;
      }
      res.write(`event: ${name}\ndata: ${data}\n\n`);
    };
    const offs = EVENT_NAMES.map((name) => this.core.on(name, (payload) => send(name, payload)));
    const client: EventClient = { res, unsubscribe: () => offs.forEach((off) => off()) };
    clients.add(client);
    const drop = () => {
      if (clients.delete(client)) client.unsubscribe();
    };
    req.on('close', drop);
    res.on('error', drop);
  }

  /** Ends every stream and the heartbeat. */
  closeAll(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const c of this.clients) {
      c.unsubscribe();
      c.res.end();
    }
    this.clients.clear();
  }
}
