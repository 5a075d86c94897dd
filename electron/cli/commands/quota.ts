/** `lookup-tray quota`: the figures, for people and for monitors. */
import type { CommandDef } from '../command-def';

export const quota: CommandDef = {
  name: 'quota',
  description: 'the month and minute figures, their reset times and age, the forecast',
  options: [
    { flags: '--check', description: 'ask the service for fresh figures (free where /v2/status exists)' },
    {
      flags: '--spend',
      description: 'with --check: allow spending one request when the service has no free status check',
    },
    { flags: '--json', description: 'print JSON' },
    {
      flags: '--nagios',
      description:
        "one Nagios plugin status line with perfdata; exit 0/1/2/3 = OK/WARNING/CRITICAL/UNKNOWN at the profile's warning levels",
    },
    {
      flags: '--prometheus',
      description:
        "every profile's figures (or --profile's) in the Prometheus text exposition format; with --check, each checked first (free)",
    },
    {
      flags: '-w, --warning <range>',
      description: 'with --nagios: WARNING range of requests left, or % of the limit (e.g. 2500:, 25%:, @500)',
    },
    { flags: '-c, --critical <range>', description: 'with --nagios: CRITICAL range, as -w (e.g. 1000:, 10%:)' },
    {
      flags: '--max-age <duration>',
      description: 'with --nagios: figures older than this are WARNING (e.g. 15m, 1h, 2d)',
    },
    {
      flags: '--warn-at-risk',
      description: 'with --nagios: WARNING when at this pace the month quota runs out before its reset',
    },
  ],
  examples: [
    'lookup-tray quota',
    'lookup-tray quota --check',
    'lookup-tray quota --check --spend --json',
    'lookup-tray --profile Work quota --check --nagios',
    'lookup-tray quota --check --nagios -w 20%: -c 5%: --max-age 1h --warn-at-risk',
    'lookup-tray quota --check --prometheus > lookup_tray.prom.tmp && mv lookup_tray.prom.tmp lookup_tray.prom',
  ],
  exitCodes: {
    ok: 'ok',
    noKey: 'no key (with --check)',
    rateLimited: true,
    invalidKey: true,
    network: true,
    proxy: true,
    certificate: true,
    needsConsent: '--check needs --spend',
  },
  helpAfter:
    '\nWith --nagios: 0 OK, 1 WARNING (at or below the low level or in -w, figures older than --max-age, at risk with\n--warn-at-risk), 2 CRITICAL (at or below the critical level or in -c, used up), 3 UNKNOWN (no figures yet, no key,\na failed --check, a bad -w/-c/--max-age).',
  load: async () => (await import('../handlers/quota')).quotaCommand,
};
