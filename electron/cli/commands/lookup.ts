/** `lookup-tray lookup`: what the command line is for. */
import type { CommandDef } from '../command-def';

export const lookup: CommandDef = {
  name: 'lookup',
  description: 'look up one or more IP addresses (from the cache when fresh: cache hits spend nothing)',
  arguments: [
    { name: '<ip...>', description: 'IPv4 or IPv6 addresses, or - to read them from standard input (one a line)' },
  ],
  options: [
    {
      flags: '--json',
      description:
        'print JSON (one object for one address, an array for several); the default when stdout is no terminal',
    },
    { flags: '--csv', description: 'print CSV with a header row' },
    {
      flags: '--fields <list>',
      description:
        "only these fields: bulk's summary columns (ip,country,city,asn …) or dotted paths (e.g. location.city.name)",
    },
    { flags: '--refresh', description: 'ask the service even when a fresh answer is cached (spends a request)' },
    { flags: '--force', description: 'send even while a rate-limit cooldown is recorded' },
    { flags: '--yes', description: 'look up private, loopback and reserved addresses without asking (a request each)' },
  ],
  examples: [
    'lookup-tray lookup 8.8.8.8',
    'lookup-tray lookup 8.8.8.8 2001:4860:4860::8888 --json',
    'lookup-tray lookup 1.1.1.1 --fields ip,location.country.name --csv',
    'lookup-tray lookup 1.1.1.1 --refresh',
    'cut -d, -f2 clients.csv | lookup-tray lookup - --fields ip,country --csv',
  ],
  exitCodes: {
    ok: 'all answered',
    usage: 'unknown field',
    noKey: true,
    invalidInput: 'not an IP address',
    rateLimited: true,
    invalidKey: true,
    network: 'network/server error',
    proxy: true,
    certificate: true,
    needsConsent: 'a private or reserved address needs --yes',
    interrupted: 'Ctrl+C at the prompt',
  },
  load: async () => (await import('../handlers/lookup')).lookupCommand,
};
