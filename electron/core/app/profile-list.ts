/** The profile list with month lines: zod-free, so the CLI's quick paths (status, quota) can show it cheaply. */
import { originOf } from '../../../shared/base-url';
import type { ProfileInfo } from '../../../shared/ipc';
import { levelFor, type QuotaWindow } from '../../../shared/quota';
import { profileLabel, type ProfileSettings, type Settings } from '../../../shared/settings';
import { restoreEngine } from '../quota/persisted-engine';
import { stateScope } from '../storage/state-scope';

/**
 * Every profile of `s`, "default" first then by name, each with its month figures: the live ones `liveMonth` gives
 * (the service in use's, a watched profile's), else the stored engine's of the profile's origin.
 */
export function profileList(
  s: Readonly<Settings>,
  liveMonth: (name: string, active: boolean) => QuotaWindow | null | undefined,
  /** The stored engine of a profile at an origin (storage/state-scope.ts). */
  readEngine: (scope: string) => unknown,
): ProfileInfo[] {
  const names = [s.profile, ...Object.keys(s.profiles)].sort((a, b) =>
    a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b),
  );
  return names.map((name) => {
    const active = name === s.profile;
    const own = active ? s : (s.profiles[name] as ProfileSettings);
    const live = liveMonth(name, active);
    const month = live !== undefined ? live : restoreEngine(readEngine(stateScope(name, originOf(own.baseUrl))))?.month;
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
