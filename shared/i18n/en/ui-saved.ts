/** English: what a save or opening the data folder did (shared/save.ts's facts), under the button that did it. */
import type { Fmt } from '../fmt';
import type { FolderSaid, SaveOutcome, SaveWhat } from '../../save';

const WHAT: Record<SaveWhat, string> = {
  answer: 'the answer',
  history: 'the history',
  export: 'the export',
  report: 'the report',
  'block-list': 'the block list',
};

export const uiSaved = (f: Fmt) => ({
  saved: (r: SaveOutcome): string => {
    const s = r.said;
    switch (s.kind) {
      case 'saved':
        return s.rows === undefined ? `Saved to ${r.where ?? ''}` : `Saved ${f.num(s.rows)} rows to ${r.where ?? ''}`;
      case 'downloaded':
        return `Downloaded ${s.rows === undefined ? '' : `${f.num(s.rows)} rows `}as ${s.name} (see your browser's downloads).`;
      case 'unavailable':
        return 'Saving files is not available here.';
      case 'cancelled':
        return 'Not saved.';
      case 'no-history':
        return 'There is no history to export yet.';
      case 'answer-gone':
        return `No large answer for ${s.ip} is kept any more. Look it up again.`;
      case 'no-such-job':
        return 'No such bulk job.';
      case 'unknown-columns':
        return `Unknown column: ${s.columns.join(', ')}.`;
      case 'failed':
        return s.what === 'history'
          ? 'The file could not be written. Choose another place and try again.'
          : `Could not save ${WHAT[s.what]}${s.detail ? ` (${s.detail})` : ''}.`;
    }
  },
  folder: (s: FolderSaid): string => {
    switch (s.kind) {
      case 'opened':
        return 'Opened the data folder.';
      case 'where':
        return `The data folder is ${s.dir}`;
      case 'failed':
        return `Could not open the data folder: ${s.detail}`;
    }
  },
});
