import type { Handlers } from '../../../../shared/ipc';
import type { BulkReadProgress } from '../../../../shared/bulk';
import type { FileReads } from '../../bulk/file-read';
import { previewOf, startJob, type BulkHandlersDeps } from './bulk-handlers';

type BulkFileHandlers = Pick<Handlers, 'bulkOpenFile' | 'bulkReadFile' | 'bulkCancelRead' | 'bulkStartFile'>;

export interface BulkFileHandlersDeps extends Pick<BulkHandlersDeps, 'bulk' | 'hasKey'> {
  files: FileReads;
  /** The open dialog (the shell's; the preview's stand-in): a path, or null. Absent: nothing can be opened. */
  openFile: (() => Promise<string | null>) | undefined;
  progress: (p: BulkReadProgress) => void;
}

/**
 * The window's "Open file…" and drop (docs/bulk.md, "Reading a file"): the dialog's path is granted in the core and
 * only an id reaches the page; the core reads the file in chunks (file-read.ts) with progress events, Cancel stops it,
 * and the cost preview and Start work as for pasted text.
 */
export function bulkFileHandlers(deps: BulkFileHandlersDeps): BulkFileHandlers {
  const { files } = deps;
  return {
    bulkOpenFile: async () => {
      const path = deps.openFile ? await deps.openFile() : null;
      return path ? files.grant(path) : null;
    },
    bulkReadFile: async (req) => {
      const got = await files.read(req.id, req, deps.progress);
      if (got.kind !== 'read') return got;
      return { kind: 'read', prepared: await previewOf(deps, got.result, req.floor) };
    },
    bulkCancelRead: async ({ id }) => files.cancel(id),
    bulkStartFile: async (req) => {
      const file = files.file(req.id);
      const got = await files.read(req.id, req, deps.progress);
      if (got.kind === 'cancelled') return { kind: 'refused', refusal: { kind: 'read-cancelled' } };
      if (got.kind === 'refused') return got;
      const started = await startJob(deps, got.result, { ...req, label: req.label ?? file?.name });
      // The job holds the addresses now: the file's result is not kept twice.
      if (started.kind === 'started') files.forget(req.id);
      return started;
    },
  };
}
