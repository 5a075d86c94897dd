/** A console logger for the main process. Callers never pass the API key (see ports.Logger). */
import type { Logger } from '../core/lib/ports';

export function createConsoleLogger(prefix = 'lookup-tray'): Logger {
  const line = (level: string, msg: string, extra?: Record<string, unknown>) =>
    `[${prefix}] ${level} ${msg}${extra && Object.keys(extra).length > 0 ? ` ${JSON.stringify(extra)}` : ''}`;
  return {
    info: (msg, extra) => console.log(line('info', msg, extra)),
    warn: (msg, extra) => console.warn(line('warn', msg, extra)),
    error: (msg, extra) => console.error(line('error', msg, extra)),
  };
}
