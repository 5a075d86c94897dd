import type { Handlers } from '../../../../shared/ipc';
import { fileStamp } from '../../lib/file-stamp';
import type { Logger, SaveTextFile } from '../../lib/ports';
import { saveTextThrough } from '../../lib/save-text';
import type { LargeAnswers } from '../large-answers';
import type { ServiceHost } from '../service-host';
import type { Snapshots } from '../snapshots';

type LookupHandlers = Pick<Handlers, 'lookup' | 'cancelLookup' | 'checkQuota' | 'saveAnswer'>;

export interface LookupHandlersDeps {
  host: ServiceHost;
  snapshots: Snapshots;
  /** Too-large answers: summarised before they cross IPC, kept for saveAnswer. */
  largeAnswers: LargeAnswers;
  saveTextFile: SaveTextFile | undefined;
  logger: Logger;
  /** Wall-clock now, for the suggested file name. */
  now: () => number;
}

/** e.g. "answer-2001-db8--1-20261123-180347.json": no path separators or colons, whatever the IP. */
export function answerFileName(ip: string, at: number): string {
  return `answer-${ip.replace(/[^0-9A-Za-z.]/g, '-')}-${fileStamp(at)}.json`;
}

/** Lookups, quota checks and saving a too-large answer, through the service in use; refused locally without a key. */
export function lookupHandlers(deps: LookupHandlersDeps): LookupHandlers {
  const { host, snapshots, largeAnswers } = deps;
  const ready = async () => {
    const service = host.current;
    return service && (await snapshots.hasKey()) ? service : null;
  };
  return {
    lookup: async (req) => {
      const service = await ready();
      if (!service) return { kind: 'no-key' };
      const outcome = await service.lookup(req.ip, {
        refresh: req.refresh === true,
        force: req.force === true,
        stored: req.stored === true,
      });
      return largeAnswers.take(outcome); // a huge body never crosses IPC whole
    },
    cancelLookup: async () => host.current?.cancel(),
    checkQuota: async (req) => {
      const service = await ready();
      if (!service) return { kind: 'failed', outcome: { kind: 'no-key' } };
      return service.checkQuota({ spend: req?.spend === true });
    },
    saveAnswer: async ({ ip }) => {
      const text = largeAnswers.get(ip);
      if (text === null) return { saved: false, said: { kind: 'answer-gone', ip } };
      return saveTextThrough(deps.saveTextFile, deps.logger, {
        what: 'answer',
        content: () => ({ suggestedName: answerFileName(ip, deps.now()), text }),
        logAs: 'saving an answer failed',
      });
    },
  };
}
