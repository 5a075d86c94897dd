/** `lookup-tray key set|status|remove`: the API key in the OS keychain. */
import type { CommandDef } from '../command-def';

const set: CommandDef = {
  name: 'set',
  description: 'save (or replace) the key: asked for on the terminal without echo, or read from stdin with --stdin',
  options: [
    { flags: '--stdin', description: 'read the key from standard input (for scripts)' },
    { flags: '--base-url <url>', description: 'the base URL of the service (needed once, unless the app has it)' },
    { flags: '--spend', description: 'verify with one lookup (1 request) when the service has no free status check' },
    { flags: '--no-verify', description: 'save without asking the service whether the key works' },
  ],
  examples: ['lookup-tray key set --base-url https://api.example.com', 'lookup-tray key set --stdin < key.txt'],
  exitCodes: {
    ok: 'saved',
    failure: 'no keychain',
    usage: 'no base URL yet (--base-url) or no terminal to ask on (--stdin)',
    invalidInput: 'not a usable key',
    invalidKey: true,
    network: true,
    proxy: true,
    certificate: true,
    needsConsent: 'verifying needs --spend',
    originChanged: 'the base URL moved to another origin meanwhile (nothing saved)',
    interrupted: 'Ctrl+C at the prompt',
  },
  load: async () => (await import('../handlers/key')).keySetCommand,
};

const status: CommandDef = {
  name: 'status',
  description: 'whether a key is saved for the current base URL (only its last four characters are shown)',
  options: [{ flags: '--json', description: 'print JSON' }],
  examples: ['lookup-tray key status'],
  exitCodes: { ok: 'a key is saved', failure: 'no keychain', noKey: true },
  load: async () => (await import('../handlers/key')).keyStatusCommand,
};

const remove: CommandDef = {
  name: 'remove',
  description: "remove the profile's key from the keychain (and forget its quota figures)",
  examples: ['lookup-tray key remove'],
  load: async () => (await import('../handlers/key')).keyRemoveCommand,
};

export const key: CommandDef = {
  name: 'key',
  description:
    'the API key in the OS keychain (the same item the app uses); it is never taken from arguments or the environment',
  hidesTyped: true,
  examples: [
    'lookup-tray key set',
    'printf %s "$KEY" | lookup-tray key set --stdin',
    'lookup-tray key status',
    'lookup-tray key remove',
  ],
  commands: [set, status, remove],
};
