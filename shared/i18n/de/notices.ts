/** Deutsch: die Hinweise zu einer Datendatei, die sich nicht verwenden lässt. */
import type { Fmt } from '../fmt';
import type { NoticesWords } from '../words';
import type { NoticeThen } from '../../notice-fact';

const THEN: Record<NoticeThen, string> = {
  defaults: 'In dieser Sitzung gelten die Standardwerte, und Änderungen werden nicht gespeichert.',
  'empty-state': 'In dieser Sitzung wird ein leerer Zustand verwendet, und Änderungen werden nicht gespeichert.',
  'not-imported': 'Sie wurde daher nicht übernommen.',
};

export const notices = (_f: Fmt): NoticesWords => ({
  notice: (n) => {
    switch (n.kind) {
      case 'unreadable':
        return `Ihre Datei ${n.file} konnte nicht ${n.then === 'empty-state' ? 'geöffnet' : 'gelesen'} werden (${n.code}). ${THEN[n.then]} Die Datei blieb unverändert: ${n.path}`;
      case 'reset':
        return `Ihre Datei ${n.file} ${n.newer ? 'stammt von einer neueren Version von Lookup Tray' : 'war beschädigt'} und wurde zurückgesetzt. Die alte Datei liegt unter ${n.aside}`;
      case 'stuck':
        return `Ihre Datei ${n.file} ist beschädigt und konnte nicht beiseitegelegt werden (${n.code}). ${THEN[n.then]} Die beschädigte Datei liegt weiter unter ${n.path}`;
      case 'unwritable':
        return `„${n.file}“ konnte nicht gespeichert werden (${n.code}). Änderungen gelten bis zum Beenden.${
          n.dir ? ` Prüfen Sie, ob ${n.dir} beschreibbar ist.` : ''
        }`;
    }
  },
});
