/**
 * A network as users have it at work, made per run in a temporary folder: a private certificate authority (a root,
 * an intermediate, leaves issued by the intermediate — as corporate CAs issue them) made with openssl, and a real
 * squid (from apt) on a free loopback port with its own configuration, optionally asking for credentials (basic
 * auth through squid's basic_ncsa_auth helper). Nothing of the machine's own trust store or squid is touched.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';

export const SQUID = '/usr/sbin/squid';
export const NCSA_AUTH = '/usr/lib/squid/basic_ncsa_auth';
/** Whether this machine can run the lab (squid with its basic auth helper, and openssl). */
export const hasLab = existsSync(SQUID) && existsSync(NCSA_AUTH) && commandExists('openssl');
if (!hasLab) console.warn('[cli] SKIPPING the proxy and CA tests: apt install squid openssl');

function commandExists(cmd: string): boolean {
  try {
    execFileSync(cmd, ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface Ca {
  /** The root's certificate (PEM file): what a user adds to the system's store or NODE_EXTRA_CA_CERTS. */
  rootFile: string;
  rootName: string;
  intermediateName: string;
  /** A leaf for localhost, 127.0.0.1 and ::1, and the intermediate after it (the chain a server sends). */
  leaf: { key: string; cert: string };
  /** The same names, expired yesterday. */
  expired: { key: string; cert: string };
  /** A leaf for another name only (not.this.host.invalid). */
  otherHost: { key: string; cert: string };
}

/** A root → intermediate → leaves CA in `dir`, its names carrying `tag` (one CA per run). */
export function makeCa(dir: string, tag: string): Ca {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const rootName = `Lookup Test Root CA ${tag}`;
  const intermediateName = `Lookup Test Issuing CA ${tag}`;
  openssl(dir, [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '2',
    '-subj',
    `/CN=${rootName}`,
  ]);
  writeFileSync(
    join(dir, 'ca.ext'),
    'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\n',
  );
  openssl(dir, ['req', ...ec, '-keyout', 'int.key', '-out', 'int.csr', '-subj', `/CN=${intermediateName}`]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'int.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-set_serial',
    '2',
    '-days',
    '2',
    '-extfile',
    'ca.ext',
    '-out',
    'int.pem',
  ]);
  const leaf = (name: string, san: string, days: string, serial: string) => {
    writeFileSync(
      join(dir, `${name}.ext`),
      `basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=${san}\n`,
    );
    openssl(dir, ['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`]);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'int.pem',
      '-CAkey',
      'int.key',
      '-set_serial',
      serial,
      '-days',
      days,
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    return { key: read(`${name}.key`), cert: read(`${name}.pem`) + read('int.pem') };
  };
  const here = 'DNS:localhost,IP:127.0.0.1,IP:::1';
  return {
    rootFile: join(dir, 'root.pem'),
    rootName,
    intermediateName,
    leaf: leaf('leaf', here, '2', '3'),
    // -days -1: not after yesterday, whatever today is.
    expired: leaf('expired', here, '-1', '4'),
    otherHost: leaf('other', 'DNS:not.this.host.invalid', '2', '5'),
  };
}

/** A free TCP port on 127.0.0.1 (asked of the system, then released for squid to take). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

export interface Squid {
  url: string;
  port: number;
  /** Its folder (configuration, logs), removed once squid has ended. */
  dir: string;
  stop(): void;
  /** What squid logged of each request (its access log). */
  accessLog(): string;
}

/**
 * Starts squid on a free loopback port with a configuration of its own in `dir` (cache, logs, pid there; no disk
 * cache). With `auth`, every request must carry those credentials (basic auth). `stop()` ends it.
 */
export async function startSquid(
  opts: {
    auth?: { user: string; password: string };
    /** Names squid resolves itself (its hosts file), e.g. a service's made-up name → 127.0.0.1. */
    hosts?: Record<string, string>;
    /** Registers the squid process to be ended with its test (the cli layer's `track`). */
    track?: (child: ChildProcess) => void;
  } = {},
): Promise<Squid> {
  const { auth } = opts;
  // A folder of its own (not inside another private one: squid started by root writes as another user).
  const dir = mkdtempSync(join(tmpdir(), 'lt-squid-'));
  const port = await freePort();
  const lines = [
    `http_port 127.0.0.1:${port}`,
    `pid_filename ${join(dir, 'squid.pid')}`,
    `cache_log ${join(dir, 'cache.log')}`,
    `access_log stdio:${join(dir, 'access.log')}`,
    `coredump_dir ${dir}`,
    'cache deny all',
    'cache_mem 1 MB',
    'pinger_enable off',
    'shutdown_lifetime 0 seconds',
    'netdb_filename none',
    'acl CONNECT method CONNECT',
  ];
  if (auth) {
    const hash = execFileSync('openssl', ['passwd', '-apr1', auth.password], { encoding: 'utf8' }).trim();
    writeFileSync(join(dir, 'passwd'), `${auth.user}:${hash}\n`);
    lines.push(
      `auth_param basic program ${NCSA_AUTH} ${join(dir, 'passwd')}`,
      'auth_param basic realm lookup-test',
      'acl authed proxy_auth REQUIRED',
      'http_access allow authed',
    );
  } else lines.push('http_access allow localhost');
  lines.push('http_access deny all');
  if (opts.hosts) {
    writeFileSync(
      join(dir, 'hosts'),
      Object.entries(opts.hosts)
        .map(([name, ip]) => `${ip} ${name}\n`)
        .join(''),
    );
    lines.push(`hosts_file ${join(dir, 'hosts')}`);
  }
  // squid started by root runs as an unprivileged user: that user writes its logs here.
  if (process.getuid?.() === 0) {
    lines.push('cache_effective_user proxy');
    const uid = Number(execFileSync('id', ['-u', 'proxy'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'proxy'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const conf = join(dir, 'squid.conf');
  writeFileSync(conf, `${lines.join('\n')}\n`);
  const child = spawn(SQUID, ['-N', '-f', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  opts.track?.(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  // Ready when it accepts connections (bounded): a poll of its port, nothing waited for blindly.
  const end = Date.now() + 20_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > end) {
      const log = existsSync(join(dir, 'cache.log')) ? readFileSync(join(dir, 'cache.log'), 'utf8') : '';
      throw new Error(`squid did not start: ${stderr}\n${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    stop: () => {
      child.kill('SIGTERM');
    },
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : ''),
  };
}
