/**
 * Builds `window.lookupTray` from the IPC contract's lists, for both transports: the Electron preload
 * (ipcRenderer) and the web preview's bridge (HTTP + server-sent events). Neither lists the methods by
 * hand, so neither can drift from shared/ipc.ts or from the other.
 *
 * What the page gets is a plain object whose own enumerable properties are functions (contextBridge can
 * clone it): one named method per capability in CHANNELS and one `on…` method per event in EVENT_METHODS.
 * `invoke` and `subscribe` stay in the closure: the page never receives a generic invoke, and whatever
 * `subscribe` hands to the callbacks is all they see.
 */
import {
  CHANNELS,
  EVENT_METHODS,
  EVENT_NAMES,
  type Channel,
  type EventName,
  type Events,
  type Invokes,
  type LookupTrayApi,
  type Unsubscribe,
} from './ipc';

/** Sends one capability's request over the transport. Void requests arrive as `undefined`. */
export type BridgeInvoke = <C extends Channel>(channel: C, req: Invokes[C]['req']) => Promise<Invokes[C]['res']>;

/** Delivers one event's payloads (the payload only) to `cb` until unsubscribed. */
export type BridgeSubscribe = <E extends EventName>(event: E, cb: (payload: Events[E]) => void) => Unsubscribe;

export function buildBridge(invoke: BridgeInvoke, subscribe: BridgeSubscribe): LookupTrayApi {
  const api: Record<string, (arg: never) => unknown> = {};
  for (const channel of CHANNELS) {
    api[channel] = (req: Invokes[typeof channel]['req']) => invoke(channel, req);
  }
  for (const event of EVENT_NAMES) {
    api[EVENT_METHODS[event]] = (cb: (payload: Events[typeof event]) => void) => subscribe(event, cb);
  }
  // The one cast: the loops above add exactly the keys of LookupTrayApi (shared/ipc.ts proves at compile time
  // that CHANNELS and EVENT_NAMES leave none out; test/unit/shared/bridge.test.ts checks the keys and the routing).
  return api as unknown as LookupTrayApi;
}
