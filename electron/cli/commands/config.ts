/** `lookup-tray config get|set`: read and change settings. */
import type { CommandDef } from '../command-def';

const get: CommandDef = {
  name: 'get',
  description: 'print all settings, or one',
  arguments: [{ name: '[name]', description: 'a setting, e.g. cache.ttlMinutes', completes: 'settings' }],
  options: [{ flags: '--json', description: 'print JSON' }],
  examples: ['lookup-tray config get', 'lookup-tray config get thresholds.monthLow'],
  exitCodes: { ok: 'printed', usage: 'unknown setting' },
  load: async () => (await import('../handlers/config')).configGetCommand,
};

const set: CommandDef = {
  name: 'set',
  description: 'change one setting (checked like the app checks it)',
  arguments: [
    { name: '<name>', description: 'a setting, e.g. thresholds.monthLow', completes: 'settable' },
    { name: '<value>', description: 'a number, on/off, "default" (autoCheck.enabled) or text' },
  ],
  examples: [
    'lookup-tray config set cache.ttlMinutes 60',
    'lookup-tray config set autoCheck.enabled off',
    'lookup-tray config set answerLanguage de',
  ],
  exitCodes: {
    ok: 'saved',
    usage: 'unknown setting (or profile, which "profile use" changes)',
    invalidInput: 'invalid value',
  },
  load: async () => (await import('../handlers/config')).configSetCommand,
};

export const config: CommandDef = {
  name: 'config',
  description: 'read and change settings (the same settings.json and rules as the app)',
  commands: [get, set],
};
