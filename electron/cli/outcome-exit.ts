import type { LookupOutcome } from '../../shared/outcome';
import { OUTCOMES } from '../../shared/outcome-table';
import { EXIT, type ExitCode } from './exit-codes';
import { isoText } from '../../shared/format-en';
import { wordsFor, type Lang } from '../../shared/i18n';
import { cliWords } from './cli-words';

/** The exit code of a lookup that did not answer (0 for one that did): its row in the outcome table. */
export function exitFor(o: LookupOutcome): ExitCode {
  return EXIT[OUTCOMES[o.kind].exit];
}

/**
 * The outcome in the command's words (shared/i18n's `outcome` area, as the command line says it: `lookup-tray key
 * set`, `--force` where the window names its controls), and when a limit resets, as an ISO instant. `lang`: 'en'
 * for machine-read output (JSON, NDJSON), which stays English in every language.
 */
export function cliMessage(o: LookupOutcome, skewMs = 0, lang?: Lang): string {
  const w = (lang ? wordsFor(lang) : cliWords()).w.outcome;
  const m = w.message(o, 'cli');
  if (o.kind === 'cooldown' || o.kind === 'rate-limited') return `${m} ${w.resetsAt(isoText(o.resetAt - skewMs))}`;
  return m;
}
