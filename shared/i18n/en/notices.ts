/** English: the notices about a data file that cannot be used (electron/core/storage raises them as facts). */
import type { Fmt } from '../fmt';
import type { NoticeFact } from '../../notice-fact';

export const notices = (_f: Fmt) => ({
  /** The notice's sentence; file names, codes and paths as they are. */
  notice: (n: NoticeFact): string => {
    switch (n.kind) {
      case 'unreadable':
        if (n.then === 'not-imported')
          return `Your ${n.file} file could not be read (${n.code}), so it was not imported. The file was left as it is: ${n.path}`;
        return n.then === 'defaults'
          ? `Your ${n.file} file could not be read (${n.code}), so defaults are in use for this session and changes will not be saved. The file was left as it is: ${n.path}`
          : `Your ${n.file} file could not be opened (${n.code}), so empty state is in use for this session and changes will not be saved. The file was left as it is: ${n.path}`;
      case 'reset':
        return `Your ${n.file} file ${n.newer ? 'was made by a newer version of Lookup Tray' : 'was damaged'} and has been reset. The old file was kept as ${n.aside}`;
      case 'stuck':
        if (n.then === 'not-imported')
          return `Your ${n.file} file was damaged and could not be moved aside (${n.code}), so it was not imported. The damaged file is still at ${n.path}`;
        return `Your ${n.file} file was damaged and could not be moved aside (${n.code}). ${
          n.then === 'defaults' ? 'Defaults are' : 'Empty state is'
        } in use for this session and changes will not be saved. The damaged file is still at ${n.path}`;
      case 'unwritable':
        return `Your ${n.file} could not be saved (${n.code}). Changes apply until you quit.${
          n.dir ? ` Check that ${n.dir} is writable.` : ''
        }`;
    }
  },
});
