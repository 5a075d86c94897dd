/**
 * Bulk lookups through the app core's handlers (what the window and the web preview call): read a text, preview
 * the cost, start a job in demo mode, follow its progress events, page through the results, export them; and the
 * tray's one-line summary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import type { BulkProgress, BulkStartOutcome } from '../../../../shared/bulk';
import { savedInEnglish } from '../../../helpers/saved-words';
import { wordsFor } from '../../../../shared/i18n';

/** The tray menu's line for a job, in English (the tray area). */
const bulkTrayLine = (p: BulkProgress) => wordsFor('en').w.tray.bulk(p);

let core: AppCore | null = null;
let dir = '';
afterEach(async () => {
  await core?.dispose();
  core = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const TEXT = [
  'email,ip,signed_up',
  'a@example.com,8.8.8.8,2026-11-01',
  'b@example.com,2606:4700:0:0:0:0:0:1111,2026-11-02',
  'c@example.com,2606:4700::1111,2026-11-02',
  'd@example.com,192.168.1.10,2026-11-03',
  'e@example.com,not-an-ip,2026-11-03',
  'f@example.com,999.1.1.1,2026-11-04',
  'g@example.com,1.1.1.1,2026-11-05',
].join('\n');

describe('bulk lookups through the app core (demo mode, real HTTP to the embedded simulator)', () => {
  it('preview → start → progress → results → CSV export with the content checked', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lt-bulk-app-'));
    const saved: { name: string; text: string }[] = [];
    const notified: { title: string; body: string }[] = [];
    core = await createAppCore({
      clock: new OffsetClock(),
      fetch,
      secrets: new MemorySecretStore(),
      dataDir: dir,
      notifier: { notify: (n) => notified.push(n) },
      logger: { info() {}, warn() {}, error() {} },
      demo: true,
      saveTextFile: async (name, text) => {
        saved.push({ name, text });
        return `/tmp/${name}`;
      },
    });
    const h = core.handlers;
    const p = await h.bulkPreview({ text: TEXT });
    expect(p).toMatchObject({
      unique: 3,
      sample: ['8.8.8.8', '2606:4700::1111', '1.1.1.1'],
      excludedCount: 1,
      duplicates: 1,
      invalidCount: 1,
      invalid: [{ line: 7, text: '999.1.1.1' }],
      preview: { unique: 3, fromCache: 0, toSend: 3 },
    });
    expect(p.excluded[0]).toMatchObject({ ip: '192.168.1.10', line: 5 });

    const events: BulkProgress[] = [];
    const finished = new Promise<void>((resolve) =>
      core!.on('bulk-progress', (e) => {
        events.push(e);
        if (e.state === 'finished') resolve();
      }),
    );
    const started = await h.bulkStart({ text: TEXT, label: 'sign-ups' });
    expect(started).toMatchObject({ kind: 'started', job: { label: 'sign-ups', total: 3, state: 'running' } });
    if (started.kind !== 'started') throw new Error('not started');
    await finished;
    expect(events.at(-1)).toMatchObject({ done: 3, left: 0, failed: 0, rateLimited: 0 });
    expect(bulkTrayLine(events.at(-1)!)).toBe('Bulk: finished, 3 of 3');
    // The window was hidden: a notification says the job finished (once).
    expect(notified.filter((n) => n.title.includes('Bulk'))).toEqual([
      {
        id: expect.any(String),
        title: 'DEMO — Bulk lookup finished',
        body: 'Finished: 3 answered (0 from the cache), 0 failed.',
      },
    ]);

    const list = await h.bulkList();
    expect(list.map((j) => [j.label, j.state, j.done])).toEqual([['sign-ups', 'finished', 3]]);
    // Kept with the job: started in the window, in demo mode.
    expect(list[0]).toMatchObject({ origin: 'window', demo: true });
    const page = await h.bulkResults({ id: started.job.id, offset: 0, limit: 10 });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => [r.ip, r.line, r.status])).toEqual([
      ['8.8.8.8', 2, 'done'],
      ['2606:4700::1111', 3, 'done'],
      ['1.1.1.1', 8, 'done'],
    ]);
    expect(typeof page.rows[0]!.fields.country_code).toBe('string');

    const out = await h.bulkExport({ id: started.job.id, format: 'csv', columns: ['ip', 'status', 'country_code'] });
    expect(out).toMatchObject({ saved: true });
    expect(saved[0]!.name).toMatch(/^bulk-sign-ups-\d{8}-\d{6}\.csv$/);
    const lines = saved[0]!.text.trimEnd().split('\n');
    expect(lines[0]).toBe('ip,status,country_code');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '8.8.8.8,done',
      '2606:4700::1111,done',
      '1.1.1.1,done',
    ]);
    // The window's export asks for a byte-order mark (its toggle): the same core writer puts one before the header.
    expect(await h.bulkExport({ id: started.job.id, format: 'csv', columns: ['ip'], bom: true })).toMatchObject({
      saved: true,
    });
    expect(saved[1]!.text.startsWith('\uFEFFip\n8.8.8.8\n')).toBe(true);
    expect(saved[0]!.text.startsWith('ip,')).toBe(true);
    expect(savedInEnglish(await h.bulkExport({ id: started.job.id, format: 'csv', columns: ['nope'] }))).toMatchObject({
      saved: false,
      message: 'Unknown column: nope.',
    });
    // The job's report: from the answers held (nothing sent), saved as Markdown and as HTML.
    const report = await h.getBulkReport({ id: started.job.id });
    expect(report).toMatchObject({ label: 'sign-ups', requests: 0, coverage: { total: 3, answered: 3, hits: 4 } });
    expect(report!.top[0]).toMatchObject({ ip: '2606:4700::1111', hits: 2, line: 3, lastLine: 4 });
    expect(await h.getBulkReport({ id: 'nope' })).toBeNull();
    expect(await h.exportBulkReport({ id: started.job.id, format: 'markdown' })).toMatchObject({ saved: true });
    expect(await h.exportBulkReport({ id: started.job.id, format: 'html' })).toMatchObject({ saved: true });
    expect(saved.slice(-2).map((f) => f.name)).toEqual([
      expect.stringMatching(/^report-sign-ups-\d{8}-\d{6}\.md$/),
      expect.stringMatching(/^report-sign-ups-\d{8}-\d{6}\.html$/),
    ]);
    // A demo job's report says so in every format, as everything else in demo mode does.
    const demoNote = 'DEMO: simulated answers from the demo service, not a real lookup.';
    expect(saved.at(-2)!.text).toMatch(/^# Report: sign-ups — DEMO\n\n\*\*DEMO: simulated answers /);
    expect(saved.at(-1)!.text).toContain('<title>Report: sign-ups — DEMO</title>');
    expect(saved.at(-1)!.text).toContain(`<p><strong>${demoNote}`);
    expect(saved.at(-1)!.text).toContain('<svg');
    expect(savedInEnglish(await h.exportBulkReport({ id: 'nope', format: 'html' }))).toEqual({
      saved: false,
      message: 'No such bulk job.',
    });
    // Block lists: the addresses that need attention at the setting's score, or the rows a results filter shows.
    await h.updateSettings({ reports: { threatThreshold: 1 } });
    const attention = (await h.getBulkReport({ id: started.job.id }))!.attention;
    expect(attention.threshold).toBe(1);
    expect(attention.total).toBeGreaterThan(0);
    expect(await h.exportBlockList({ id: started.job.id, format: 'plain' })).toMatchObject({ saved: true });
    expect(saved.at(-1)!.name).toMatch(/^blocklist-sign-ups-\d{8}-\d{6}\.txt$/);
    expect(saved.at(-1)!.text).toBe(attention.rows.map((r) => `${r.ip}\n`).join(''));
    const cc = report!.top.find((t) => t.ip === '8.8.8.8')!.countryCode!;
    const byCountry = await h.exportBlockList({ id: started.job.id, format: 'nftables', filter: { country: cc } });
    expect(byCountry).toMatchObject({ saved: true });
    expect(saved.at(-1)!.name).toMatch(/^blocklist-sign-ups-\d{8}-\d{6}\.nft$/);
    expect(saved.at(-1)!.text).toContain('\t8.8.8.8');
    expect(saved.at(-1)!.text).toContain(`under its filter (country ${cc})`);
    expect(savedInEnglish(await h.exportBlockList({ id: 'nope', format: 'plain' }))).toEqual({
      saved: false,
      message: 'No such bulk job.',
    });

    // A lookup of one of the job's addresses is now free (the answers entered the cache).
    expect(await h.lookup({ ip: '1.1.1.1' })).toMatchObject({ kind: 'ok', source: 'cache' });
  });

  it('no notification when a job ends while the window is visible', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lt-bulk-app-'));
    const notified: unknown[] = [];
    core = await createAppCore({
      clock: new OffsetClock(),
      fetch,
      secrets: new MemorySecretStore(),
      dataDir: dir,
      notifier: { notify: (n) => notified.push(n) },
      logger: { info() {}, warn() {}, error() {} },
      demo: true,
    });
    core.setWindowVisible(true);
    const done = new Promise<void>((resolve) => core!.on('bulk-progress', (e) => e.state === 'finished' && resolve()));
    expect(await core.handlers.bulkStart({ text: '8.8.8.8' })).toMatchObject({ kind: 'started' });
    await done;
    expect(notified).toEqual([]);
  });

  it('refuses a text without addresses, and ranges over the cap, with a message', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lt-bulk-app-'));
    core = await createAppCore({
      clock: new OffsetClock(),
      fetch,
      secrets: new MemorySecretStore(),
      dataDir: dir,
      notifier: { notify: () => {} },
      logger: { info() {}, warn() {}, error() {} },
      demo: true,
    });
    // The refusal is a fact; its words are the catalog's (English here, as the window and the command line say it).
    const said = (o: BulkStartOutcome) =>
      o.kind === 'refused' ? wordsFor('en').w.bulkNote.refusal(o.refusal) : o.kind;
    expect(said(await core.handlers.bulkStart({ text: 'hello\nworld' }))).toBe(
      'No IP addresses were found in that text.',
    );
    expect(said(await core.handlers.bulkStart({ text: '10.0.0.1\n' }))).toBe(
      'Only private, loopback or reserved addresses were found: include them to look them up.',
    );
    const big = await core.handlers.bulkStart({ text: '11.0.0.0/8', expandRanges: true });
    expect(big).toMatchObject({ kind: 'refused' });
    expect(said(big)).toContain('at most 65,536 can be expanded');
  });
});

describe('the tray line of a bulk job', () => {
  const base: BulkProgress = {
    jobId: 'j',
    profile: 'default',
    label: 'x',
    state: 'running',
    reason: null,
    message: null,
    total: 300,
    done: 118,
    fromCache: 0,
    failed: 2,
    left: 180,
    sent: 118,
    rateLimited: 0,
    minuteLimit: 60,
    ratePerMinute: 60,
    etaMs: 170_000,
    waitingUntil: null,
  };
  it('says how far, and how long is left, in one line', () => {
    expect(bulkTrayLine(base)).toBe('Bulk: 120 of 300 · 3 min left');
    expect(bulkTrayLine({ ...base, etaMs: 20_000 })).toBe('Bulk: 120 of 300 · under a minute left');
    expect(bulkTrayLine({ ...base, etaMs: null })).toBe('Bulk: 120 of 300');
    expect(bulkTrayLine({ ...base, state: 'paused', reason: 'user' })).toBe('Bulk: paused at 120 of 300');
    expect(bulkTrayLine({ ...base, state: 'stopped', reason: 'budget-floor' })).toBe(
      'Bulk: stopped at the budget floor (120 of 300)',
    );
    expect(bulkTrayLine({ ...base, state: 'stopped', reason: 'month-exhausted' })).toBe(
      'Bulk: stopped, month used up (120 of 300)',
    );
    expect(bulkTrayLine({ ...base, total: 12_000, done: 1_200, failed: 0 })).toBe('Bulk: 1,200 of 12,000 · 3 min left');
  });
});
