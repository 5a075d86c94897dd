/**
 * English: what is wrong with a setting (shared/setting-problem.ts's facts). The window names its fields as the form
 * labels them (`face` 'window'); the command line and the settings file's errors as the setting is called there
 * ('cli'), with the numbers as settings.json holds them.
 */
import type { Fmt } from '../fmt';
import type { Face } from './outcome';
import type { BaseUrlWhy, NumberSettingPath, ProxyUrlWhy, SettingProblem, ShortcutWhy } from '../../setting-problem';

const EXAMPLE = 'https://api.example.com';
const PROXY_EXAMPLE = 'http://proxy.example:3128';

/** A number setting as the form labels it. */
const windowLabel: Record<NumberSettingPath, string> = {
  'thresholds.monthLow': 'Month "low"',
  'thresholds.monthCritical': 'Month "critical"',
  'thresholds.minuteLow': 'Minute "low"',
  'thresholds.minuteCritical': 'Minute "critical"',
  monthResetDay: 'The reset day',
  'cache.ttlMinutes': 'The cache lifetime',
  'cache.maxEntries': 'The cache size',
  'autoCheck.intervalMinutes': 'The interval',
  'reports.threatThreshold': 'The threat score',
};

/** A number setting as settings.json and `config set` name it. */
const fileLabel: Record<NumberSettingPath, string> = {
  'thresholds.monthLow': 'Month "low" threshold (% remaining)',
  'thresholds.monthCritical': 'Month "critical" threshold (% remaining)',
  'thresholds.minuteLow': 'Minute "low" threshold (% remaining)',
  'thresholds.minuteCritical': 'Minute "critical" threshold (% remaining)',
  monthResetDay: 'Month reset day',
  'cache.ttlMinutes': 'Cache lifetime (minutes)',
  'cache.maxEntries': 'Cache size (entries)',
  'autoCheck.intervalMinutes': 'Auto-check interval (minutes)',
  'reports.threatThreshold': '"Needs attention" threat score',
};

const baseUrl: Record<BaseUrlWhy, string> = {
  empty: `Enter the service's base URL, e.g. ${EXAMPLE}.`,
  'too-long': 'That base URL is far too long.',
  https: `The base URL must use https://, e.g. ${EXAMPLE} (plain http:// only for this computer: localhost, 127.0.0.1 or [::1]).`,
  invalid: `That is not a valid URL. Use the form ${EXAMPLE}.`,
  'no-host': `The base URL needs a host name, e.g. ${EXAMPLE}.`,
  credentials: 'Remove the user name and password from the base URL. The API key is entered in its own field.',
};

const proxyUrl = (why: ProxyUrlWhy, max: number): string => {
  switch (why) {
    case 'needed':
      return `Give the proxy’s address, e.g. ${PROXY_EXAMPLE}.`;
    case 'invalid':
      return `The proxy’s address must be a URL such as ${PROXY_EXAMPLE} (http, https or socks5).`;
    case 'credentials':
      return 'Leave the user name and password out of the proxy’s address: settings are a plain file. A proxy that asks for them is best set as the system’s proxy.';
    case 'too-long':
      return `The proxy’s address must be at most ${max} characters.`;
  }
};

const shortcut = (s: ShortcutWhy): string => {
  switch (s.why) {
    case 'none':
      return 'Choose a shortcut, e.g. Ctrl+Shift+L.';
    case 'blank':
      return 'Shortcut must not be empty (e.g. CommandOrControl+Shift+L).';
    case 'too-long':
      return 'Shortcut is too long.';
    case 'joined':
      return 'A shortcut is keys joined by "+" (the + key itself is "Plus").';
    case 'no-key':
      return 'A shortcut needs a key after its modifiers, e.g. Ctrl+Shift+L.';
    case 'not-modifier':
      return `"${s.text}" is not a modifier key (Ctrl, Alt, Shift…).`;
    case 'twice':
      return `${s.modifier} appears twice in the shortcut.`;
    case 'not-key':
      return `"${s.text}" is not a key a shortcut can use.`;
    case 'weak':
      return 'A shortcut needs Ctrl, Alt or Super (⌘ on a Mac) with its key, or it would take that key from typing.';
    case 'key-unusable':
      return 'That key cannot be used in a shortcut. Try a letter or digit.';
  }
};

/** "1 minute", "12 hours", "30 days". */
const minutes = (f: Fmt, m: number): string =>
  m % 1440 === 0
    ? f.count(m / 1440, { one: 'day', other: 'days' })
    : m % 60 === 0
      ? f.count(m / 60, { one: 'hour', other: 'hours' })
      : f.count(m, { one: 'minute', other: 'minutes' });

export const settingProblem = (f: Fmt) => ({
  /** The problem in a sentence, for the window or the command line. */
  say(p: SettingProblem, face: Face): string {
    switch (p.kind) {
      case 'range':
        if (face === 'cli') return `${fileLabel[p.path]} must be a whole number from ${p.min} to ${p.max}.`;
        if (p.path === 'cache.ttlMinutes')
          return `${windowLabel[p.path]} must be from ${minutes(f, p.min)} to ${minutes(f, p.max)}.`;
        return `${windowLabel[p.path]} must be a whole number from ${f.num(p.min)} to ${f.num(p.max)}.`;
      case 'order':
        return `${p.path === 'thresholds.monthCritical' ? 'Month' : 'Minute'} "critical" must be below "low" (${p.low} %).`;
      case 'base-url':
        return baseUrl[p.why];
      case 'shortcut':
        return shortcut(p);
      case 'proxy-url':
        return proxyUrl(p.why, p.max);
      case 'other':
        return p.message;
    }
  },
});
