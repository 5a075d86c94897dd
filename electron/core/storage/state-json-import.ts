/**
 * One-time import of the previous version's `state.json` (`{ version: 1, quota: { <profile>: { engine, cache,
 * statusCheck } }, alerts, pausedUntil }`; the engine holds its history and cooldown) into `state.db`.
 *
 * - Imported once, in one transaction that also sets `meta.state_json`; a second process opening the same
 *   folder at the same moment waits for that transaction and then finds the flag.
 * - Afterwards the file is kept aside as `state.json.imported-<timestamp>` (never deleted).
 * - A damaged file (not JSON, empty, not version 1) is moved aside as `state.corrupt-<timestamp>.json`, like
 *   the JSON store does, with the same notice; an unreadable one is left alone (retried next start).
 * - Engine JSON and alert memory are stored as they are (their owners validate them when reading them back);
 *   history samples, cooldowns, cache entries and status-check support are checked field by field.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Notice } from '../../../shared/ipc';
import { raiseNotice } from './notice-board';
import { isKnownStatusSupport, type QuotaSample } from '../../../shared/quota';
import {
  errorCode,
  isCooldown,
  isNum,
  isObj,
  isSample,
  type CachePutEntry,
  type CooldownRow,
  type StatusSupport,
  type StorageLogger,
} from './storage-types';

export const STATE_JSON_FILE = 'state.json';
const FLAG = 'state_json';

export type ImportOutcome = 'imported' | 'absent' | 'already' | 'damaged' | 'unreadable' | 'failed';

/** What the import needs of the database (StateDb implements it). */
export interface ImportTarget {
  tx<T>(fn: () => T): T;
  readMeta(key: string): string | null;
  writeMeta(key: string, value: string): boolean;
  writeEngine(profile: string, json: unknown): boolean;
  appendHistory(profile: string, samples: readonly QuotaSample[]): boolean;
  writeCooldown(profile: string, c: CooldownRow | null): boolean;
  cachePut(entries: readonly CachePutEntry[]): number;
  writeStatusSupport(baseUrl: string, support: StatusSupport): boolean;
  writeAlerts(scope: string, json: unknown): boolean;
  writeKv(key: string, json: unknown): boolean;
}

const stamp = (at: number): string => new Date(at).toISOString().replace(/[:.]/g, '-');

function unusedName(dir: string, make: (suffix: string) => string): string {
  for (let i = 1; ; i++) {
    const candidate = path.join(dir, make(i === 1 ? '' : `-${i}`));
    if (!fs.existsSync(candidate)) return candidate;
  }
}

/** The previous version's document, or null when it is damaged (not JSON, empty, not version 1, no `quota`). */
export function parseStateJson(text: string): Record<string, unknown> | null {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return null;
  }
  return isObj(raw) && raw.version === 1 && isObj(raw.quota) ? raw : null;
}

function cacheEntries(cache: unknown): CachePutEntry[] {
  if (!isObj(cache) || cache.version !== 1 || !Array.isArray(cache.entries)) return [];
  const out: CachePutEntry[] = [];
  for (const e of cache.entries as unknown[]) {
    if (!isObj(e) || typeof e.profile !== 'string' || typeof e.ip !== 'string' || typeof e.language !== 'string')
      continue;
    if (!isNum(e.fetchedAt) || !isNum(e.storedAt) || !('body' in e)) continue;
    const note = typeof e.note === 'string' ? e.note : null;
    out.push({
      profile: e.profile,
      ip: e.ip,
      language: e.language,
      body: e.body,
      fetchedAt: e.fetchedAt,
      storedAt: e.storedAt,
      note,
    });
  }
  return out;
}

/** Write the document into the database (inside the caller's transaction). */
function importDocument(db: ImportTarget, doc: Record<string, unknown>): void {
  for (const [profile, data] of Object.entries(doc.quota as Record<string, unknown>)) {
    if (!isObj(data) || data.version !== 1) continue;
    const engine = data.engine;
    if (isObj(engine) && engine.version === 1) {
      db.writeEngine(profile, engine);
      if (Array.isArray(engine.history)) db.appendHistory(profile, (engine.history as unknown[]).filter(isSample));
      if (isCooldown(engine.cooldown)) db.writeCooldown(profile, engine.cooldown);
    }
    // Least recently used first in the file: put in that order, so the LRU order carries over.
    db.cachePut(cacheEntries(data.cache));
    if (isObj(data.statusCheck))
      for (const [url, s] of Object.entries(data.statusCheck))
        if (isKnownStatusSupport(s)) db.writeStatusSupport(url, s);
  }
  const alerts = doc.alerts;
  if (isObj(alerts) && isObj(alerts.profiles))
    for (const [scope, memory] of Object.entries(alerts.profiles)) if (isObj(memory)) db.writeAlerts(scope, memory);
  if (isNum(doc.pausedUntil)) db.writeKv('pausedUntil', doc.pausedUntil);
}

export interface ImportResult {
  outcome: ImportOutcome;
  notice: Notice | null;
  /** Where the file was moved to, if it was. */
  aside: string | null;
}

export function importStateJsonFile(
  db: ImportTarget,
  file: string,
  opts: { now: () => number; logger: StorageLogger },
): ImportResult {
  const { logger } = opts;
  const dir = path.dirname(file);
  const name = path.basename(file);
  const result = (outcome: ImportOutcome, notice: Notice | null = null, aside: string | null = null) => ({
    outcome,
    notice,
    aside,
  });
  // Set the flag unless another process already did; false when it had.
  const claim = (value: string, work?: () => void): boolean =>
    db.tx(() => {
      if (db.readMeta(FLAG) !== null) return false;
      work?.();
      db.writeMeta(FLAG, value);
      return true;
    });

  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      try {
        return result(claim('absent') ? 'absent' : 'already');
      } catch (e) {
        logger.warn('could not record that there is no state.json to import', { code: errorCode(e) });
        return result('failed');
      }
    }
    logger.warn('old state file unreadable; not imported', { file, code });
    const fact = { kind: 'unreadable', file: name, code, path: file, then: 'not-imported' } as const;
    return result('unreadable', raiseNotice(`store-unreadable:${name}`, fact));
  }

  const doc = parseStateJson(text);
  try {
    if (!claim(doc ? 'imported' : 'damaged', doc ? () => importDocument(db, doc) : undefined)) return result('already');
  } catch (err) {
    logger.warn('could not import old state file; will retry next start', { file, code: errorCode(err) });
    return result('failed');
  }

  const at = opts.now();
  if (doc) {
    const aside = unusedName(dir, (n) => `${name}.imported-${stamp(at)}${n}`);
    try {
      fs.renameSync(file, aside);
      logger.info('old state file imported and kept aside', { file, aside });
      return result('imported', null, aside);
    } catch (err) {
      logger.warn('old state file imported but could not be kept aside', { file, code: errorCode(err) });
      return result('imported');
    }
  }
  const stem = path.basename(name, path.extname(name));
  const aside = unusedName(dir, (n) => `${stem}.corrupt-${stamp(at)}${n}${path.extname(name) || '.json'}`);
  try {
    fs.renameSync(file, aside);
    logger.warn('old state file damaged; moved aside, not imported', { file, aside });
    return result(
      'damaged',
      raiseNotice(`store-damaged:${name}`, { kind: 'reset', file: name, newer: false, aside }),
      aside,
    );
  } catch (err) {
    const code = errorCode(err);
    logger.warn('old state file damaged and could not be moved aside', { file, code });
    const fact = { kind: 'stuck', file: name, code, path: file, then: 'not-imported' } as const;
    return result('damaged', raiseNotice(`store-damaged:${name}`, fact));
  }
}
