/** The profile list with month lines: zod-free, so the CLI's quick paths (status, quota) can show it cheaply. */
import type { ProfileInfo } from '../../../shared/ipc';
import { levelFor, type QuotaWindow } from '../../../shared/quota';
import { profileLabel, type ProfileSettings, type Settings } from '../../../shared/settings';
import { restoreEngine } from '../quota/persisted-engine';

/**
 * Every profile of `s`, "default" first then by name, each with its month figures: the active one's `activeMonth`
 * when given (the live service's), the others' from their stored engine.
 */
export function profileList(
  s: Readonly<Settings>,
  activeMonth: QuotaWindow | null | undefined,
  readEngine: (profile: string) => unknown,
): ProfileInfo[] {
  const names = [s.profile, ...Object.keys(s.profiles)].sort((a, b) =>
    a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b),
  );
  return names.map((name) => {
    const active = name === s.profile;
    const own = active ? s : (s.profiles[name] as ProfileSettings);
    const month = active && activeMonth !== undefined ? activeMonth : restoreEngine(readEngine(name))?.month;
    return {
      name,
      label: profileLabel(name),
      active,
      baseUrl: own.baseUrl,
      month: month
        ? {
            remaining: month.remaining,
            limit: month.limit,
            resetAt: month.resetAt,
            level: levelFor(month.remaining, month.limit, {
              low: own.thresholds.monthLow / 100,
              critical: own.thresholds.monthCritical / 100,
            }),
          }
        : null,
    };
  });
}
