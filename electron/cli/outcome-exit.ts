import type { LookupOutcome } from '../../shared/outcome';
import { OUTCOMES } from '../../shared/outcome-table';
import { EXIT, type ExitCode } from './exit-codes';
import { isoText } from '../../shared/format-en';

/** The exit code of a lookup that did not answer (0 for one that did): its row in the outcome table. */
export function exitFor(o: LookupOutcome): ExitCode {
  return EXIT[OUTCOMES[o.kind].exit];
}

/** The outcome's sentence, worded for the command line (the window's "Try anyway" is --force here). */
export function cliMessage(o: LookupOutcome, skewMs = 0): string {
  if (o.kind === 'ok') return `${o.ip} answered.`;
  let m = o.message
    .replace(/use “Try anyway” to send regardless\./, 'use --force to send regardless.')
    .replace('Add your key in Settings, or try the demo.', 'Run: lookup-tray key set')
    .replace(/Check or replace it in Settings\./, 'Check it, or replace it with: lookup-tray key set')
    .replace(/Check the base URL in Settings\./, 'Check the base URL: lookup-tray config get baseUrl');
  if (o.kind === 'cooldown' || o.kind === 'rate-limited') m += ` (resets at ${isoText(o.resetAt - skewMs)})`;
  return m;
}
