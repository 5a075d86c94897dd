import type { Notice, NotificationEvent } from '../../../shared/ipc';
import { useWords } from '../words-context';
import type { RunningJob } from '../use-running-job';
import { notificationText } from '../../../shared/alert-fact';

/** One-time notices from the core (e.g. a damaged settings file was reset), dismissible, in the window's words. */
export function Notices({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: string) => void }) {
  const { w } = useWords();
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.level}`} role={n.level === 'error' ? 'alert' : 'status'}>
          {/* Worded here from what it is about (file names and paths as they are). */}
          <p>{w.notices.notice(n.fact)}</p>
          <button type="button" className="icon" aria-label={w.uiNav.dismiss} onClick={() => onDismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** In-page copies of the notifications the core asked for (the web preview has no native ones). */
export function Toasts({ items, onClose }: { items: NotificationEvent[]; onClose: (id: string) => void }) {
  const { w } = useWords();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {items.map((t) => {
        // Worded here, in the window's language, from what it is about (the core's words when it sent no fact).
        const { title, body } = t.fact ? notificationText(t.fact, w.alerts) : t;
        return (
          <div key={t.id} className="toast">
            <div>
              <strong>{title}</strong>
              <p>{body}</p>
            </div>
            <button type="button" className="icon" aria-label={w.uiNav.closeNotification} onClick={() => onClose(t.id)}>
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** A bulk job runs (it outlived a reload of the window, or runs for another profile): where to see it. */
export function RunningJobBar({ job, onShow }: { job: RunningJob; onShow: () => void }) {
  const { w } = useWords();
  return (
    <div className="notices">
      <div className="notice running-job" role="status">
        <p>
          {w.uiNav.runningJob} <span translate="no">“{job.label}”</span>{' '}
          {w.uiNav.runningJobDone(job.done + job.failed, job.total)}
        </p>
        <button type="button" className="secondary small" onClick={onShow}>
          {w.uiNav.show}
        </button>
      </div>
    </div>
  );
}
