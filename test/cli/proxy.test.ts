/**
 * `lookup-tray` at work: the service over https:// reachable through an HTTP proxy (a real squid), its certificate
 * issued by a private CA through an intermediate (made per run with openssl). The proxy comes from HTTPS_PROXY /
 * https_proxy (NO_PROXY bypasses it), its credentials from its address; the CA is trusted through NODE_EXTRA_CA_CERTS
 * or the system's store (SSL_CERT_FILE pointing at a bundle of this run's: the machine's own store is not touched).
 * Each failure names what failed and what to do, with an exit code of its own, and is tried once.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { spawn } from 'node:child_process';
import { TOKEN_HEADER } from '../../electron/preview/http-util';
import type { LookupOutcome } from '../../shared/ipc';
import { cli, hasKeyring, ROOT, tempDir, testKey, track } from './helpers';
import { hasLab, makeCa, startSquid, type Ca, type Squid } from '../helpers/net-lab';
import { withWords } from '../helpers/outcome-words';

const KEY = testKey('proxy');
const TAG = randomBytes(3).toString('hex');
console.log(`[proxy] CA tag of this run: ${TAG}`);
const PASSWORD = `pw-${randomBytes(6).toString('hex')}`;

let ca: Ca;
let sim: Simulator;
let squid: Squid;
let authSquid: Squid;
let data: ReturnType<typeof tempDir>;
let lab: ReturnType<typeof tempDir>;
/** An empty bundle and folder: the "system store" of a machine that does not know the CA. */
let emptyStore: { file: string; dir: string };
/** A bundle holding this run's root: the system store of a machine set up for the network. */
let caStore: { file: string; dir: string };
let base: string;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;

/** The environment of a run: none of this machine's proxy or CA variables, then `env`. */
function net(env: Record<string, string>): NodeJS.ProcessEnv {
  const cleared: NodeJS.ProcessEnv = {};
  for (const k of Object.keys(process.env))
    if (
      /^(https?_proxy|no_proxy|all_proxy|node_extra_ca_certs|ssl_cert_file|ssl_cert_dir|node_use_env_proxy|node_use_system_ca)$/i.test(
        k,
      )
    )
      cleared[k] = undefined;
  return { ...cleared, SSL_CERT_FILE: emptyStore.file, SSL_CERT_DIR: emptyStore.dir, ...env };
}

const viaProxy = () => net({ HTTPS_PROXY: squid.url, NODE_EXTRA_CA_CERTS: ca.rootFile });
const lookup = (env: NodeJS.ProcessEnv) => cli(data.dir, ['lookup', '8.8.8.8', '--refresh', '--fields', 'ip'], { env });

const ready = hasKeyring && hasLab;

beforeAll(async () => {
  if (!ready) return;
  lab = tempDir('lt-lab-');
  ca = makeCa(lab.dir, TAG);
  const store = (name: string, pem: string) => {
    const dir = join(lab.dir, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'bundle.pem'), pem);
    return { file: join(dir, 'bundle.pem'), dir };
  };
  emptyStore = store('empty-store', '');
  caStore = store('ca-store', readFileSync(ca.rootFile, 'utf8'));
  sim = await startSimulator({ tls: ca.leaf, keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'proxy' } } });
  // By name, as a service is: the proxy resolves it (squid's hosts file), the certificate is for it.
  base = sim.url.replace('127.0.0.1', 'localhost');
  squid = await startSquid({ track });
  authSquid = await startSquid({ auth: { user: 'tray', password: PASSWORD }, track });
  data = tempDir();
  const r = await cli(data.dir, ['key', 'set', '--stdin', '--base-url', base], { input: KEY, env: viaProxy() });
  expect(r.stderr).toContain('saved');
  expect(r.code).toBe(0);
});
afterAll(async () => {
  if (!ready) return;
  await cli(data.dir, ['key', 'remove']);
  await sim.close();
  data.remove();
  lab.remove();
});

describe.runIf(ready)('through a proxy', () => {
  it('HTTPS_PROXY and https_proxy: the lookup goes through the proxy (a CONNECT tunnel) and is answered', async () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy']) {
      const before = sent();
      const tunnels = squid
        .accessLog()
        .split('\n')
        .filter((l) => l.includes('CONNECT localhost:')).length;
      const r = await lookup(net({ [name]: squid.url, NODE_EXTRA_CA_CERTS: ca.rootFile }));
      expect(r.stderr, name).toBe('');
      expect(JSON.parse(r.stdout), name).toEqual({ ip: '8.8.8.8' });
      expect(r.code, name).toBe(0);
      expect(sent(), name).toBe(before + 1);
      const log = squid
        .accessLog()
        .split('\n')
        .filter((l) => l.includes(`CONNECT localhost:${sim.port}`));
      expect(log.length, name).toBeGreaterThan(tunnels);
      // Through the tunnel the proxy sees where, never what: not the key, not the address looked up.
      expect(squid.accessLog()).not.toContain(KEY);
      expect(squid.accessLog()).not.toContain('8.8.8.8');
    }
  });

  it('a proxy where nothing listens is named, not the service; NO_PROXY goes around it', async () => {
    const dead = `http://127.0.0.1:${squid.port === 9 ? 10 : 9}`;
    const before = sent();
    const r = await lookup(net({ HTTPS_PROXY: dead, NODE_EXTRA_CA_CERTS: ca.rootFile }));
    expect(r.stderr).toBe(
      `8.8.8.8: The proxy ${new URL(dead).host} could not be reached (the connection was refused). Check the proxy’s address and that it runs; the service was not asked.\n`,
    );
    expect(r.code).toBe(11);
    expect(sent()).toBe(before);

    for (const name of ['NO_PROXY', 'no_proxy']) {
      const around = await lookup(net({ HTTPS_PROXY: dead, [name]: 'localhost', NODE_EXTRA_CA_CERTS: ca.rootFile }));
      expect(around.stderr, name).toBe('');
      expect(around.code, name).toBe(0);
    }
  });

  it('proxy credentials: right ones pass; wrong or none read 407 with the proxy named, never the password', async () => {
    const host = new URL(authSquid.url).host;
    const withCreds = (pw: string) => authSquid.url.replace('//', `//tray:${pw}@`);
    const ok = await lookup(net({ HTTPS_PROXY: withCreds(PASSWORD), NODE_EXTRA_CA_CERTS: ca.rootFile }));
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);

    const denied = () =>
      authSquid
        .accessLog()
        .split('\n')
        .filter((l) => l.includes('TCP_DENIED/407')).length;
    const n = denied();
    const wrong = await lookup(net({ HTTPS_PROXY: withCreds('not-the-password'), NODE_EXTRA_CA_CERTS: ca.rootFile }));
    expect(wrong.stderr).toBe(
      `8.8.8.8: The proxy ${host} did not accept the user name and password in its address (407). Check them (in the proxy setting, or HTTPS_PROXY for the command line).\n`,
    );
    expect(wrong.stderr + wrong.stdout).not.toContain('not-the-password');
    expect(wrong.code).toBe(11);
    expect(denied()).toBe(n + 1); // asked once: not retried

    const none = await lookup(net({ HTTPS_PROXY: authSquid.url, NODE_EXTRA_CA_CERTS: ca.rootFile }));
    expect(none.stderr).toBe(
      `8.8.8.8: The proxy ${host} asks for a user name and password (407). Give them in its address: http://user:password@${host}.\n`,
    );
    expect(none.code).toBe(11);
  });
});

describe.runIf(ready)("the service's certificate", () => {
  it('a chain from a CA this computer does not trust: the authority is named, and the fix', async () => {
    const before = sent();
    const r = await lookup(net({ HTTPS_PROXY: squid.url }));
    expect(r.stderr).toBe(
      `8.8.8.8: The certificate of localhost:${sim.port} is not trusted: it was issued under "${ca.rootName}", an authority this computer does not trust. If your network has its own certificate authority, add its root certificate to the system's certificate store (the command line also reads NODE_EXTRA_CA_CERTS).\n`,
    );
    expect(r.code).toBe(12);
    expect(sent()).toBe(before); // nothing reached the service, the key included
  });

  it("the CA in the system's store (SSL_CERT_FILE, as OpenSSL reads it on Linux) is trusted", async () => {
    const r = await lookup(net({ HTTPS_PROXY: squid.url, SSL_CERT_FILE: caStore.file, SSL_CERT_DIR: caStore.dir }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a certificate for another host, and an expired one, each say so', async () => {
    try {
      sim.setCertificate(ca.otherHost);
      const other = await lookup(viaProxy());
      expect(other.stderr).toBe(
        `8.8.8.8: The certificate of localhost:${sim.port} is for another host name. Check the base URL's host (use the name the service's certificate is for).\n`,
      );
      expect(other.code).toBe(12);

      sim.setCertificate(ca.expired);
      const expired = await lookup(viaProxy());
      expect(expired.stderr).toBe(
        `8.8.8.8: The certificate of localhost:${sim.port} has expired. The service has to renew it (or this computer's clock is wrong).\n`,
      );
      expect(expired.code).toBe(12);
    } finally {
      sim.setCertificate(ca.leaf);
    }
  });
});

/** The web preview (scripts/preview-web.ts, as `npm run preview:web` runs it) on the data folder, with `env`. */
async function startPreview(env: NodeJS.ProcessEnv): Promise<{ lookup(ip: string): Promise<LookupOutcome> }> {
  const child = track(
    spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/preview-web.ts', '--port', '0', '--keychain', '--data-dir', data.dir],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
      },
    ),
  );
  let out = '';
  const open = await new Promise<URL>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /open: +(\S+)/.exec(out);
      if (m) resolve(new URL(m[1]!));
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`the preview ended (${code}): ${out}`)));
  });
  const token = open.searchParams.get('token')!;
  return {
    async lookup(ip) {
      const res = await fetch(`${open.origin}/api/lookup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ ip, force: true }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: LookupOutcome }).result;
    },
  };
}

describe.runIf(ready)('the web preview', () => {
  it("looks up through the proxy, trusting the CA, and says a proxy's 407 as the command line does", async () => {
    const before = sent();
    const preview = await startPreview(viaProxy());
    expect(await preview.lookup('1.1.1.1')).toMatchObject({ kind: 'ok', source: 'network' });
    expect(sent()).toBe(before + 1);
    // (squid logs a tunnel when it closes, and the preview keeps its connection: the 407 below shows the way it took.)

    const host = new URL(authSquid.url).host;
    const refused = await startPreview(net({ HTTPS_PROXY: authSquid.url, NODE_EXTRA_CA_CERTS: ca.rootFile }));
    // Another address: the first preview may have written 1.1.1.1's answer to the shared state.db by now (its cache is
    // saved a moment after the lookup), and this one would answer it from there, free, without the proxy.
    expect(withWords(await refused.lookup('9.9.9.9'))).toEqual({
      kind: 'proxy-error',
      reason: 'auth',
      proxy: host,
      sent: false,
      message: `The proxy ${host} asks for a user name and password (407). Give them in its address: http://user:password@${host}.`,
    });
    expect(sent()).toBe(before + 1);
  });
});

describe.runIf(ready)('an IPv6 literal', () => {
  it('a base URL https://[::1]:PORT (a service on IPv6 only) works directly and through the proxy', async (ctx) => {
    const v6 = await startSimulator({
      host: '::1',
      tls: ca.leaf,
      keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'v6' } },
    }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT') return null;
      throw err;
    });
    if (!v6) return ctx.skip(); // no IPv6 loopback on this machine
    const folder = tempDir();
    try {
      expect(v6.url).toBe(`https://[::1]:${v6.port}`);
      const direct = net({ NODE_EXTRA_CA_CERTS: ca.rootFile });
      const set = await cli(folder.dir, ['key', 'set', '--stdin', '--base-url', v6.url], { input: KEY, env: direct });
      expect(set.code, set.stderr).toBe(0);
      const r = await cli(folder.dir, ['lookup', '8.8.8.8', '--refresh', '--fields', 'ip'], { env: direct });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({ ip: '8.8.8.8' });

      const proxied = await cli(folder.dir, ['lookup', '1.1.1.1', '--refresh', '--fields', 'ip'], { env: viaProxy() });
      expect(proxied.stderr).toBe('');
      expect(proxied.code).toBe(0);
      expect(squid.accessLog()).toContain(`CONNECT [::1]:${v6.port}`);
      expect(v6.log.filter((e) => e.path === '/v2/info')).toHaveLength(2);
    } finally {
      await cli(folder.dir, ['key', 'remove']);
      await v6.close();
      folder.remove();
    }
  });
});
