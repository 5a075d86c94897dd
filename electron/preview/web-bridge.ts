/**
 * Browser-side half of the web preview (served as /__bridge.js, compiled by bridge-bundle.ts).
 * Defines `window.lookupTray` with exactly the LookupTrayApi the Electron preload defines, over
 * HTTP (`POST /api/<channel>`) and server-sent events (`GET /api/events`), so the renderer cannot
 * tell which transport it runs on. Plain DOM code: no Node, no imports beyond shared/ipc.ts and core/lib/emitter.ts.
 */
import {
  CHANNELS,
  EVENT_NAMES,
  type Channel,
  type EventName,
  type Events,
  type Invokes,
  type LookupTrayApi,
} from '../../shared/ipc';
import { Emitter } from '../core/lib/emitter';

type BridgeState = 'connecting' | 'open' | 'closed';

/** Test/diagnostic hook (not part of LookupTrayApi; the renderer never reads it). */
export interface PreviewBridgeStatus {
  state: BridgeState;
  /** How many times the event stream (re)opened. */
  opens: number;
}

const TOKEN_HEADER = 'x-lookup-tray-token';

function readToken(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="lookup-tray-token"]');
  if (meta?.content) return meta.content;
  return new URLSearchParams(location.search).get('token') ?? '';
}

const token = readToken();
const status: PreviewBridgeStatus = { state: 'connecting', opens: 0 };

async function invoke<K extends Channel>(channel: K, req: Invokes[K]['req']): Promise<Invokes[K]['res']> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
    credentials: 'same-origin',
    cache: 'no-store',
  };
  if (req !== undefined) init.body = JSON.stringify(req);
  const res = await fetch(`/api/${channel}`, init);
  let payload: { result?: unknown; error?: unknown };
  try {
    payload = (await res.json()) as typeof payload;
  } catch {
    throw new Error(`The preview server answered ${res.status} without JSON`);
  }
  if (!res.ok)
    throw new Error(typeof payload.error === 'string' ? payload.error : `The preview server answered ${res.status}`);
  return (payload.result ?? undefined) as Invokes[K]['res'];
}

// ---- events: one shared EventSource, reconnecting by itself ----
const listeners = new Map<EventName, Emitter<unknown>>(
  EVENT_NAMES.map((n) => [n, new Emitter<unknown>((err) => console.error(err))]),
);
let source: EventSource | null = null;
let retryMs = 500;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function dispatch(name: EventName, ev: MessageEvent<string>): void {
  let payload: unknown;
  try {
    payload = JSON.parse(ev.data);
  } catch {
    console.error(`lookupTray: unreadable ${name} event`);
    return;
  }
  listeners.get(name)?.emit(payload);
}

function connect(): void {
  retryTimer = null;
  status.state = 'connecting';
  const es = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
  source = es;
  es.onopen = () => {
    retryMs = 500;
    status.state = 'open';
    status.opens++;
  };
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED) {
      // The browser gave up (e.g. the server was restarted): try again ourselves, with back-off.
      status.state = 'closed';
      source = null;
      if (!retryTimer) retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    } else {
      status.state = 'connecting';
    }
  };
  for (const name of EVENT_NAMES) es.addEventListener(name, (ev) => dispatch(name, ev as MessageEvent<string>));
}

function subscribe<E extends EventName>(name: E, cb: (payload: Events[E]) => void): () => void {
  const emitter = listeners.get(name);
  if (!emitter) return () => {};
  const off = emitter.on(cb as (payload: unknown) => void);
  if (!source && !retryTimer) connect();
  return off;
}

const api = {
  getSnapshot: () => invoke('getSnapshot', undefined),
  lookup: (req) => invoke('lookup', req),
  cancelLookup: () => invoke('cancelLookup', undefined),
  recentLookups: () => invoke('recentLookups', undefined),
  checkQuota: (req) => invoke('checkQuota', req),
  saveKey: (req) => invoke('saveKey', req),
  removeKey: () => invoke('removeKey', undefined),
  updateSettings: (req) => invoke('updateSettings', req),
  dismissNotice: (req) => invoke('dismissNotice', req),
  pauseNotifications: (req) => invoke('pauseNotifications', req),
  startDemo: () => invoke('startDemo', undefined),
  stopDemo: () => invoke('stopDemo', undefined),
  demoFastForward: (req) => invoke('demoFastForward', req),
  openExternal: (req) => invoke('openExternal', req),
  onQuotaChanged: (cb) => subscribe('quota-changed', cb),
  onSnapshotChanged: (cb) => subscribe('snapshot-changed', cb),
  onNavigate: (cb) => subscribe('navigate', cb),
  onNotification: (cb) => subscribe('notification', cb),
} satisfies LookupTrayApi;

// A channel added to shared/ipc.ts but not here is a type error above; this catches the reverse at run time.
for (const c of CHANNELS)
  if (typeof (api as Record<string, unknown>)[c] !== 'function') console.error(`lookupTray: no method for ${c}`);

Object.defineProperty(window, 'lookupTray', {
  value: Object.freeze(api),
  writable: false,
  configurable: false,
  enumerable: true,
});
Object.defineProperty(window, '__lookupTrayPreview', {
  value: status,
  writable: false,
  configurable: false,
  enumerable: false,
});

// Open the stream now, so events emitted while the app is still mounting are not missed by a slow subscribe.
connect();
