/**
 * The preload (built as CommonJS, runs sandboxed): `window.lookupTray` built by shared/bridge.ts from the
 * contract's lists, one named method per capability and one subscription per event, over ipcRenderer.
 * No generic invoke, no ipcRenderer and no IPC event object reach the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildBridge, type BridgeInvoke, type BridgeSubscribe } from '../shared/bridge';
import { eventChannel, invokeChannel, type Events, type Invokes } from '../shared/ipc';

const invoke: BridgeInvoke = (channel, req) =>
  ipcRenderer.invoke(invokeChannel(channel), req) as Promise<Invokes[typeof channel]['res']>;

const subscribe: BridgeSubscribe = (name, cb) => {
  // The page gets the payload only, never the IPC event (it carries `sender`).
  const listener = (_event: IpcRendererEvent, payload: Events[typeof name]) => cb(payload);
  ipcRenderer.on(eventChannel(name), listener);
  return () => {
    ipcRenderer.removeListener(eventChannel(name), listener);
  };
};

const api = buildBridge(invoke, subscribe);

contextBridge.exposeInMainWorld('lookupTray', api);
