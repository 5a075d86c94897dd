/**
 * The preload (built as CommonJS, runs sandboxed): one explicit method per capability of shared/ipc.ts and
 * one subscription per event. No generic invoke and no ipcRenderer reach the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  eventChannel,
  invokeChannel,
  type Channel,
  type EventName,
  type Events,
  type Invokes,
  type LookupTrayApi,
} from '../shared/ipc';

function invoke<C extends Channel>(channel: C, req?: Invokes[C]['req']): Promise<Invokes[C]['res']> {
  return ipcRenderer.invoke(invokeChannel(channel), req) as Promise<Invokes[C]['res']>;
}

function subscribe<E extends EventName>(name: E, cb: (payload: Events[E]) => void): () => void {
  // The page gets the payload only, never the IPC event (it carries `sender`).
  const listener = (_event: IpcRendererEvent, payload: Events[E]) => cb(payload);
  ipcRenderer.on(eventChannel(name), listener);
  return () => {
    ipcRenderer.removeListener(eventChannel(name), listener);
  };
}

const api = {
  getSnapshot: () => invoke('getSnapshot'),
  lookup: (req: Invokes['lookup']['req']) => invoke('lookup', req),
  cancelLookup: () => invoke('cancelLookup'),
  recentLookups: () => invoke('recentLookups'),
  checkQuota: (req: Invokes['checkQuota']['req']) => invoke('checkQuota', req),
  saveKey: (req: Invokes['saveKey']['req']) => invoke('saveKey', req),
  removeKey: () => invoke('removeKey'),
  updateSettings: (req: Invokes['updateSettings']['req']) => invoke('updateSettings', req),
  dismissNotice: (req: Invokes['dismissNotice']['req']) => invoke('dismissNotice', req),
  pauseNotifications: (req: Invokes['pauseNotifications']['req']) => invoke('pauseNotifications', req),
  startDemo: () => invoke('startDemo'),
  stopDemo: () => invoke('stopDemo'),
  demoFastForward: (req: Invokes['demoFastForward']['req']) => invoke('demoFastForward', req),
  openExternal: (req: Invokes['openExternal']['req']) => invoke('openExternal', req),
  onQuotaChanged: (cb: (s: Events['quota-changed']) => void) => subscribe('quota-changed', cb),
  onSnapshotChanged: (cb: (s: Events['snapshot-changed']) => void) => subscribe('snapshot-changed', cb),
  onNavigate: (cb: (e: Events['navigate']) => void) => subscribe('navigate', cb),
  onNotification: (cb: (e: Events['notification']) => void) => subscribe('notification', cb),
} satisfies LookupTrayApi;

export type Api = typeof api;

contextBridge.exposeInMainWorld('lookupTray', api);
