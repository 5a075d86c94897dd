/**
 * English: what `lookup-tray bulk` (and `bulk export`, `bulk list`, `bulk --follow`) tells a person on stderr beyond
 * the preview (bulkPreview) and a job's notes (bulkNote). Commands to run, options and job ids are named as typed
 * (stable); file names and labels are data. Usage errors stay English in every language (docs/cli.md, "Languages").
 */
import type { Fmt } from '../fmt';

export const cliBulk = (f: Fmt) => {
  const rows = (n: number) => f.count(n, { one: 'row', other: 'rows' });
  return {
    /** After Ctrl+C. */
    interrupted: 'Interrupted: run "lookup-tray bulk --resume" to go on.',
    /** A job that stopped with addresses left (at the floor: a lower floor goes on now). */
    keptResume: (atFloor: boolean): string =>
      atFloor
        ? 'The answers so far are kept: "lookup-tray bulk --resume" goes on later, with a lower --budget-floor now.'
        : 'The answers so far are kept: "lookup-tray bulk --resume" goes on later.',
    /** --resume picked a job: its label (data, quoted) and what is left. */
    resuming: (label: string, left: number, total: number) =>
      `Resuming "${label}": ${f.num(left)} of ${f.num(total)} left.`,
    /** The results written to --out. */
    wrote: (n: number, out: string) => `Wrote ${rows(n)} to ${out}.`,
    /** Writing --out failed after the run: the answers are in state.db. */
    cannotWriteKept: (out: string, code: string, id: string) =>
      `Cannot write ${out} (${code}). The answers are kept: lookup-tray bulk export ${id} --out FILE writes them.`,
    /** --resume looked nothing up: nothing written. */
    nothingNew: (id: string) =>
      `Nothing new was looked up, so nothing was written: lookup-tray bulk export ${id} writes what it holds.`,
    /** `bulk export` of a job with addresses left. */
    pendingExported: (label: string, left: number, total: number) =>
      `"${label}" has ${f.num(left)} of ${f.count(total, { one: 'address', other: 'addresses' })} not looked up yet: they are exported as pending.`,
    /** `bulk list` with no job. */
    noJobs: 'No bulk jobs yet: lookup-tray bulk FILE starts one.',
    /** Under `bulk list`'s table. */
    exportAgain: "lookup-tray bulk export ID --out FILE writes a job's results again.",
    /** Why --out cannot take the results (checked before anything is sent). */
    unwritable: {
      folder: (file: string) => `${file} is a folder: give a file name for --out.`,
      code: (file: string, code: string) => `Cannot write ${file} (${code}).`,
      notAFolder: (file: string, dir: string) => `Cannot write ${file}: ${dir} is not a folder.`,
      noFolder: (file: string, dir: string) => `Cannot write ${file}: the folder ${dir} does not exist.`,
      noPermissionFile: (file: string) => `Cannot write ${file}: no permission to change it.`,
      noPermissionDir: (dir: string) => `Cannot write in ${dir}: no permission.`,
      /** After the reason, when a run would have sent something. */
      nothingSent: ' Nothing was sent.',
    },
    /** The export options a job was started with that this run does not repeat (`options`: as a shell reads them). */
    keptChoice: (options: string, where: string | null) =>
      `It was started with ${options}: this run writes to ${where ?? 'standard output'} as its own options say (give them again to use them).`,
    follow: {
      /** Consent to follow (`floor`: the budget floor in words, bulkPreview.floor). */
      ask: (file: string, floor: string) =>
        `Follow ${file} and look up each new address as it appears (the cache first; keeping ${floor})?`,
      nothingSent: 'Nothing sent.',
      needsYes: 'Following spends a request for each new address (down to the budget floor): add --yes to go ahead.',
      resuming: (file: string, id: string, left: number, total: number) =>
        `Resuming the follow of ${file} (job ${id}): ${f.num(left)} of ${f.num(total)} pending.`,
      noneToResume: (file: string) => `No follow of ${file} to resume: lookup-tray bulk --follow FILE starts one.`,
      started: (file: string, id: string) =>
        `Following ${file} (job ${id}): one NDJSON line per new address answered. Ctrl+C stops; lookup-tray bulk --follow FILE --resume goes on.`,
      stillFollowing:
        'Still following: new addresses are kept in the job, pending; each new one tries again (nothing is sent below the floor). lookup-tray bulk --resume --budget-floor N looks them up.',
      cannotRead: (file: string, code: string) => `Cannot read ${file} (${code}).`,
      notWritten: (code: string) => `The data folder's state.db could not be written (${code}).`,
      stopped: (file: string, c: { done: number; fromCache: number; failed: number; left: number }, id: string) =>
        `Stopped following ${file}: ${f.num(c.done)} answered (${f.num(c.fromCache)} from the cache), ${f.num(c.failed)} failed, ${f.num(c.left)} pending in job ${id}. lookup-tray bulk --follow FILE --resume goes on; lookup-tray report ${id} shows it.`,
    },
  };
};
