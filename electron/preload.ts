/**
 * The preload (built as CommonJS, runs sandboxed): `window.lookupTray` built by shared/bridge.ts from the
 * contract's lists, one named method per capability and one subscription per event, over ipcRenderer.
 * No generic invoke, no ipcRenderer and no IPC event object reach the page.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { buildBridge, type BridgeInvoke, type BridgeSubscribe } from '../shared/bridge';
import {
  DROP_FILE_CHANNEL,
  eventChannel,
  invokeChannel,
  type BulkOpenedFile,
  type Events,
  type Invokes,
  type LookupTrayDropApi,
} from '../shared/ipc';

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

/**
 * A dropped file for the core to read (docs/bulk.md, "Reading a file"): its path comes from the File itself
 * (webUtils.getPathForFile, the documented way; '' for a File the page made, which is refused here), goes to the
 * main process and never to the page, which gets the core's id for it.
 */
const drop: LookupTrayDropApi = {
  bulkDropFile: async (file: File) => {
    let path: string;
    try {
      path = webUtils.getPathForFile(file);
    } catch {
      return null; // not a File
    }
    if (!path) return null;
    return (await ipcRenderer.invoke(DROP_FILE_CHANNEL, path)) as BulkOpenedFile | null;
  },
};

contextBridge.exposeInMainWorld('lookupTrayDrop', drop);
