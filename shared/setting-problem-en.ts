/** A setting's problem in English (the shared checks' `message`): the catalog's words, made once. */
import { makeFmt } from './i18n/fmt';
import { settingProblem } from './i18n/en/setting-problem';
import type { SettingProblem } from './setting-problem';

let english: ReturnType<typeof settingProblem> | null = null;

/** The English words of a problem as settings.json names the setting (the checks' `message`, the file's errors). */
export function englishProblem(p: SettingProblem): string {
  english ??= settingProblem(makeFmt('en-US'));
  return english.say(p, 'cli');
}
