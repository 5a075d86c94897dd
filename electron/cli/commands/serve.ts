/** `lookup-tray serve --metrics`: a long-running Prometheus exporter of every profile's figures (issue 41). */
import type { CommandDef } from '../command-def';

export const serve: CommandDef = {
  name: 'serve',
  description:
    "a Prometheus exporter: checks each profile's quota for free (/v2/status) at its auto-check interval and serves /metrics",
  options: [
    {
      flags: '--metrics <host:port>',
      description: 'where to serve /metrics, e.g. 127.0.0.1:9464 (loopback unless --allow-remote)',
      required: true,
    },
    {
      flags: '--allow-remote',
      description: 'allow a non-loopback address for --metrics (no authentication: put a proxy in front)',
    },
  ],
  examples: ['lookup-tray serve --metrics 127.0.0.1:9464', 'lookup-tray --profile Work serve --metrics [::1]:9464'],
  exitCodes: { ok: 'stopped by SIGINT or SIGTERM', usage: 'a bad --metrics', failure: 'cannot listen there' },
  load: async () => (await import('../handlers/serve')).serveCommand,
};
