/**
 * The command's language: its words and formatter (shared/i18n), set once at start from `--lang` and the
 * environment (`commandLang`, program.ts's hook), English until then. Only human sentences read these; the stable,
 * machine-read texts (help, usage errors, exit-code lines, JSON, CSV, …: docs/cli.md, "Languages") stay English.
 */
import { wordsFor, type Lang } from '../../shared/i18n';
import type { Speaker } from '../../shared/i18n';

let speaker: Speaker | null = null;

/** The command's words (English unless `setCliLang` chose another language). */
export function cliWords(): Speaker {
  return (speaker ??= wordsFor('en'));
}

/** Speak `lang` from now on (the command's start, once its options are read). */
export function setCliLang(lang: Lang): void {
  speaker = wordsFor(lang);
}
