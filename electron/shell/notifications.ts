/** Native notifications. Policy (what, when, pause) lives in core/quota/alerts.ts; this only shows what it is asked. */
import { Notification } from 'electron';
import { notificationBody } from '../core/lib/notify-text';
import type { Logger, Notifier, NotifyRequest } from '../core/lib/ports';

export interface NotifierOptions {
  /** Clicking a notification opens the lookup window. */
  onClick: (n: NotifyRequest) => void;
  logger: Logger;
  /** Where bodies are shown (Linux reads them as markup); default the running one. */
  platform?: NodeJS.Platform;
}

export function createNotifier(opts: NotifierOptions): Notifier & { pending(): number } {
  // Keep shown notifications referenced until they are done: a garbage-collected Notification loses its click handler.
  const live = new Set<Notification>();
  return {
    notify(n) {
      if (!Notification.isSupported()) {
        opts.logger.warn('Notifications are not supported on this system', { id: n.id });
        return;
      }
      // Linux notification servers render markup in bodies: a service's words (a bulk job's stop) are escaped.
      const notification = new Notification({
        title: n.title,
        body: notificationBody(n.body, opts.platform),
        silent: false,
      });
      live.add(notification);
      const done = () => live.delete(notification);
      notification.on('click', () => {
        done();
        opts.onClick(n);
      });
      notification.on('close', done);
      notification.on('failed', (_event, error) => {
        done();
        opts.logger.warn('Notification failed', { id: n.id, error: String(error) });
      });
      notification.show();
    },
    pending: () => live.size,
  };
}
