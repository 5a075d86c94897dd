/**
 * Every IPC handler goes through one typed helper: the sender frame must be the app's own page, and the
 * argument must pass the channel's schema. Bad payloads and strangers get a rejected promise, never a crash.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  CHANNELS,
  EVENT_NAMES,
  eventChannel,
  invokeChannel,
  type Channel,
  type Handlers,
  type Invokes,
} from '../../shared/ipc';
import { parseRequest } from '../../shared/ipc-schemas';
import type { AppCore } from '../core/app/app-core-types';
import type { Logger } from '../core/lib/ports';

export type SenderCheck = (url: string | undefined | null) => boolean;

/**
 * The app's pages: the built renderer file (any query/hash) or, in development, the Vite dev server origin.
 */
export function createSenderCheck(opts: { appUrl: string; devServerUrl?: string | undefined }): SenderCheck {
  const app = new URL(opts.appUrl);
  const dev = opts.devServerUrl ? new URL(opts.devServerUrl) : null;
  return (raw) => {
    if (typeof raw !== 'string' || raw === '') return false;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    if (url.protocol === app.protocol) return url.host === app.host && url.pathname === app.pathname;
    if (dev) return url.origin === dev.origin;
    return false;
  };
}

export interface IpcDeps {
  isAppSender: SenderCheck;
  logger: Logger;
}

/** Register one handler for `channel`, guarded by the sender check and the channel's schema. */
export function handle<C extends Channel>(
  channel: C,
  listener: (req: Invokes[C]['req']) => Promise<Invokes[C]['res']>,
  deps: IpcDeps,
): void {
  ipcMain.handle(invokeChannel(channel), async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
    const url = event.senderFrame?.url;
    if (!deps.isAppSender(url)) {
      deps.logger.warn('IPC from an unknown sender refused', { channel });
      throw new Error(`Refused ${channel}: unknown sender`);
    }
    if (args.length > 1) throw new Error(`Invalid request for ${channel}`);
    const parsed = parseRequest(channel, args[0]);
    if (!parsed.ok) {
      deps.logger.warn('IPC request failed validation', { channel });
      throw new Error(`Invalid request for ${channel}`);
    }
    try {
      return await listener(parsed.value);
    } catch (err) {
      // The core answers with typed outcomes; anything thrown is a bug. Do not forward its text (it could
      // carry details that do not belong in the renderer).
      deps.logger.error('IPC handler failed', { channel, error: err instanceof Error ? err.name : typeof err });
      // eslint-disable-next-line preserve-caught-error -- deliberately not chained: the cause stays in the main process log.
      throw new Error(`${channel} failed`);
    }
  });
}

/** Registers every capability of `handlers`; returns a function that removes them again. */
export function registerIpcHandlers(handlers: Handlers, deps: IpcDeps): () => void {
  for (const channel of CHANNELS) {
    handle(channel, handlers[channel] as (req: unknown) => Promise<never>, deps);
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(invokeChannel(channel));
  };
}

/** Pushes every core event to the window's page (when there is one). Returns an unsubscribe. */
export function forwardEvents(core: Pick<AppCore, 'on'>, target: () => WebContents | null | undefined): () => void {
  const offs = EVENT_NAMES.map((name) =>
    core.on(name, (payload) => {
      const wc = target();
      if (wc && !wc.isDestroyed()) wc.send(eventChannel(name), payload);
    }),
  );
  return () => offs.forEach((off) => off());
}
