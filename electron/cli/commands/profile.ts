/** `lookup-tray profile list|add|use|rename|remove`: the app's profiles (Settings → Profiles). */
import type { CommandDef } from '../command-def';

const list: CommandDef = {
  name: 'list',
  description: 'every profile, the one in use marked *, with its base URL and month figures',
  options: [
    { flags: '--json', description: 'print JSON' },
    // For completion scripts: the names alone, read from settings.json without creating or changing anything.
    { flags: '--names', description: 'print the names only', hidden: true },
  ],
  examples: ['lookup-tray profile list', 'lookup-tray profile list --json'],
  load: async () => (await import('../handlers/profile')).profileListCommand,
};

const add: CommandDef = {
  name: 'add',
  description: 'add a profile and switch to it (its key comes next: lookup-tray key set)',
  arguments: [{ name: '<name>', description: 'its name, e.g. Work' }],
  options: [{ flags: '--base-url <url>', description: 'the base URL of its service' }],
  examples: ['lookup-tray profile add Work --base-url https://api.example.com', 'lookup-tray key set'],
  exitCodes: { ok: 'added', invalidInput: 'a name or base URL that cannot be used' },
  load: async () => (await import('../handlers/profile')).profileAddCommand,
};

const use: CommandDef = {
  name: 'use',
  description: 'switch the app and the command line to another profile',
  arguments: [{ name: '<name>', description: 'a profile (any case: "default" or "Default")', completes: 'profiles' }],
  examples: ['lookup-tray profile use Work'],
  exitCodes: { ok: 'switched', usage: 'unknown profile' },
  load: async () => (await import('../handlers/profile')).profileUseCommand,
};

const rename: CommandDef = {
  name: 'rename',
  description: 'rename a profile; its key, figures and history follow',
  arguments: [
    { name: '<old>', description: 'a profile', completes: 'profiles' },
    { name: '<new>', description: 'its new name' },
  ],
  examples: ['lookup-tray profile rename Work Office'],
  exitCodes: {
    ok: 'renamed',
    failure: 'no keychain',
    usage: 'unknown profile',
    invalidInput: 'a name that cannot be used',
  },
  load: async () => (await import('../handlers/profile')).profileRenameCommand,
};

const remove: CommandDef = {
  name: 'remove',
  description: 'remove a profile not in use, with its key (keychain), figures, history and cached answers',
  arguments: [{ name: '<name>', description: 'a profile', completes: 'profiles' }],
  options: [{ flags: '--yes', description: 'remove without asking (scripts)' }],
  examples: ['lookup-tray profile remove Work', 'lookup-tray profile remove Work --yes'],
  exitCodes: {
    ok: 'removed',
    failure: 'no keychain',
    usage: 'unknown profile or the one in use',
    needsConsent: 'needs --yes',
    interrupted: 'Ctrl+C at the prompt',
  },
  load: async () => (await import('../handlers/profile')).profileRemoveCommand,
};

export const profile: CommandDef = {
  name: 'profile',
  description:
    "the app's profiles (Settings → Profiles): each its own base URL, key, warning levels and figures; names in any case",
  examples: [
    'lookup-tray profile list',
    'lookup-tray profile add Work --base-url https://api.example.com',
    'lookup-tray profile use default',
    'lookup-tray --profile Work quota',
  ],
  commands: [list, add, use, rename, remove],
};
