/**
 * `lookup-tray serve --metrics HOST:PORT`: a long-running Prometheus exporter (issue 41). Each profile is checked on
 * its own schedule with the free status check only (/v2/status, as `quota --check` without --spend: never a lookup),
 * at the app's auto-check cadence — the profile's interval (Settings → Auto-check), halved when the month is low,
 * quartered when critical, never under a minute, backing off after failures, and never during a cooldown (the
 * service said 429). `GET /metrics` answers from what the last checks found (a scrape sends nothing) in the text
 * exposition format, written by the one writer `quota --prometheus` uses. Loopback only unless --allow-remote: the
 * figures say how much a plan is used and what it is called, and the exporter has no authentication.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { autoCheckDelay, profileNames } from '../../core/app/one-shot';
import { MIN_AUTO_CHECK_MS } from '../../../shared/auto-check';
import { profileLabel } from '../../../shared/settings';
import type { QuotaState } from '../../../shared/quota';
import type { ActionInput } from '../action';
import { CliError, EXIT } from '../exit-codes';
import { cliMessage } from '../outcome-exit';
import { processIo, type Io } from '../output';
import { withContext, type GlobalOptions } from '../with-context';
import { prometheusText, type ProfileFigures } from './quota-monitor';
import { cliWords } from '../cli-words';

interface ServeOptions {
  metrics?: string;
  allowRemote?: boolean;
}

/** `HOST:PORT` (`[::1]:PORT` for IPv6), checked; the host must be loopback unless `allowRemote`. */
export function parseListen(text: string, allowRemote: boolean): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text);
  const host = m?.[1] ?? m?.[2];
  const port = Number(m?.[3]);
  if (!host || !Number.isInteger(port) || port > 65_535 || (m?.[1] !== undefined && isIP(m[1]) !== 6))
    throw new CliError(
      '--metrics takes HOST:PORT, e.g. 127.0.0.1:9464 or [::1]:9464 (port 0: any free port).',
      EXIT.usage,
    );
  if (!allowRemote && !isLoopback(host))
    throw new CliError(
      `--metrics ${host} is not a loopback address: the exporter has no authentication and its figures say how a plan is used. Bind 127.0.0.1 (a local Prometheus or a proxy in front), or add --allow-remote.`,
      EXIT.usage,
    );
  return { host, port };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** What the exporter knows of one profile. */
interface ProfileSlot {
  name: string;
  figures: ProfileFigures | null;
  failures: number;
  timer: NodeJS.Timeout | null;
}

/** The delay before a profile's next check: the app's cadence, and not before a cooldown ends. */
function nextDelay(state: QuotaState | null, intervalMs: number, failures: number, now: number): number {
  const base = autoCheckDelay(intervalMs, state?.month?.level ?? null, failures);
  const cooldown = state?.cooldown ? state.cooldown.until - (now + state.skewMs) : 0;
  return Math.max(MIN_AUTO_CHECK_MS, base, cooldown);
}

/** One free check of `name`; the figures after it, whether it succeeded, the profile's interval. */
async function checkProfile(
  global: GlobalOptions,
  name: string,
  io: Io,
): Promise<{ figures: ProfileFigures | null; intervalMs: number }> {
  try {
    return await withContext({ ...global, profile: name }, async (ctx) => {
      const intervalMs = ctx.current.autoCheck.intervalMinutes * 60_000;
      if (!ctx.current.baseUrl) return { figures: null, intervalMs };
      const service = ctx.service();
      const r = await service.checkQuota({ spend: false });
      const ok = r.kind === 'checked';
      if (!ok)
        io.err(
          `${profileLabel(name)}: ${r.kind === 'failed' ? cliMessage(r.outcome, service.state().skewMs) : cliWords().w.cli.serve.noFreeCheck}`,
        );
      return { figures: { profile: profileLabel(name), state: service.state(), checkSuccess: ok }, intervalMs };
    });
  } catch (err) {
    io.err(`${profileLabel(name)}: ${err instanceof CliError ? err.message : cliWords().w.cli.quota.checkFailed}`);
    return { figures: null, intervalMs: MIN_AUTO_CHECK_MS };
  }
}

export async function serveCommand(input: ActionInput<ServeOptions>, io: Io = processIo): Promise<void> {
  if (input.opts.metrics === undefined) throw new CliError('serve needs --metrics HOST:PORT.', EXIT.usage);
  const listen = parseListen(input.opts.metrics, input.opts.allowRemote === true);
  const names = await withContext(input.global, async (ctx) =>
    input.global.profile !== undefined ? [ctx.profile] : profileNames(ctx.appSettings),
  );
  const slots: ProfileSlot[] = names.map((name) => ({ name, figures: null, failures: 0, timer: null }));
  let stopping = false;
  const inFlight = new Set<Promise<unknown>>();

  const run = (slot: ProfileSlot): void => {
    slot.timer = null;
    const p = checkProfile(input.global, slot.name, io).then(({ figures, intervalMs }) => {
      inFlight.delete(p);
      const failed = figures?.checkSuccess !== true;
      slot.failures = failed ? slot.failures + 1 : 0;
      // A failed check without figures keeps the last ones known, with check_success 0.
      slot.figures = figures ?? (slot.figures ? { ...slot.figures, checkSuccess: false } : null);
      if (!stopping)
        slot.timer = setTimeout(
          () => run(slot),
          nextDelay(figures?.state ?? null, intervalMs, slot.failures, Date.now()),
        );
    });
    inFlight.add(p);
  };

  const server = createServer((req, res) => answer(req, res, slots));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new CliError(cliWords().w.cli.serve.cannotListen(input.opts.metrics ?? '', err.code ?? 'error'), EXIT.failure),
      ),
    );
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  const shown = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  io.err(cliWords().w.cli.serve.serving(names.length, `http://${shown}:${port}/metrics`));
  for (const slot of slots) run(slot);

  await new Promise<void>((resolve) => {
    const stop = () => {
      if (stopping) return;
      stopping = true;
      for (const slot of slots) if (slot.timer) clearTimeout(slot.timer);
      server.close();
      server.closeAllConnections();
      void Promise.allSettled([...inFlight]).then(() => resolve());
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  io.err(cliWords().w.cli.serve.stopped);
}

/** GET /metrics: the figures as last checked (a scrape sends nothing); anything else 404, other methods 405. */
function answer(req: IncomingMessage, res: ServerResponse, slots: readonly ProfileSlot[]): void {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/metrics') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  const figures = slots.flatMap((s) => (s.figures ? [s.figures] : []));
  const body = prometheusText(figures, Date.now());
  res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}
