/**
 * Browser-side half of the web preview (served as /__bridge.js, compiled by bridge-bundle.ts).
 * Defines `window.lookupTray` with exactly the LookupTrayApi the Electron preload defines, over
 * HTTP (`POST /api/<channel>`) and server-sent events (`GET /api/events`), so the renderer cannot
 * tell which transport it runs on. The session cookie (HttpOnly, set when the printed address was opened)
 * and the session's page secret authenticate both: the secret came in the fragment of the address the exchange
 * redirected to (`#session=…`); the bridge takes it out of the address and keeps it in this origin's storage (no
 * other port's page can read it, unlike the cookie), and sends it with every call (`x-lookup-tray-session`) and on
 * the event stream (`?session=`, an EventSource cannot send headers). Plain DOM code: no Node, no imports beyond
 * shared/ and core/lib/emitter.ts.
 */
import { buildBridge, type BridgeInvoke, type BridgeSubscribe } from '../../shared/bridge';
import { EVENT_NAMES, type EventName, type Invokes } from '../../shared/ipc';
import { Emitter } from '../core/lib/emitter';

type BridgeState = 'connecting' | 'open' | 'closed';

/** Test/diagnostic hook (not part of LookupTrayApi; the renderer never reads it). */
export interface PreviewBridgeStatus {
  state: BridgeState;
  /** How many times the event stream (re)opened. */
  opens: number;
}

const status: PreviewBridgeStatus = { state: 'connecting', opens: 0 };

// ---- the session's page secret ----
const SECRET_STORE_KEY = 'lookupTray.previewSession';
/** This page's copy, for a browser that keeps no storage. */
let pageSecret = '';

/** Takes the secret out of the address the token exchange redirected to (`#session=…`), before the app starts. */
function takeSecretFromAddress(): void {
  const m = /^#session=([A-Za-z0-9_-]{16,128})$/.exec(location.hash);
  if (!m) return;
  pageSecret = m[1]!;
  try {
    localStorage.setItem(SECRET_STORE_KEY, pageSecret);
  } catch {
    // storage refused: this page keeps its copy
  }
  history.replaceState(history.state, '', location.pathname + location.search);
}

/** The newest secret: another tab that opened the printed address again (a new session, a new cookie) wrote it. */
function secret(): string {
  try {
    return localStorage.getItem(SECRET_STORE_KEY) ?? pageSecret;
  } catch {
    return pageSecret;
  }
}

takeSecretFromAddress();

const invoke: BridgeInvoke = async (channel, req) => {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lookup-tray-session': secret() },
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
  return (payload.result ?? undefined) as Invokes[typeof channel]['res'];
};

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
  const es = new EventSource(`/api/events?session=${encodeURIComponent(secret())}`);
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

const subscribe: BridgeSubscribe = (name, cb) => {
  const emitter = listeners.get(name);
  if (!emitter) return () => {};
  const off = emitter.on(cb as (payload: unknown) => void);
  if (!source && !retryTimer) connect();
  return off;
};

const api = buildBridge(invoke, subscribe);

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
