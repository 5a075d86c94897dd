/**
 * The schema of `state.db` and its migrations, keyed by `PRAGMA user_version`.
 *
 * Rules for changing it: never edit a migration that has shipped; append one. Each migration runs inside the
 * caller's `BEGIN IMMEDIATE` transaction together with the `user_version` bump, so a second process that opens
 * the same folder at the same moment waits, then finds the work done.
 *
 * Time columns hold milliseconds (local or service clock, as the caller defines); they are not STRICT so a
 * fractional fake-clock instant is kept as it is.
 */
import type { DatabaseSync } from 'node:sqlite';
import { BULK_FACTS_SCHEMA, BULK_HITS_SCHEMA, BULK_NOTES_SCHEMA, BULK_SCHEMA } from './state-db-bulk';

const V1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- One quota engine's persisted JSON per profile (the caller validates it on the way back in).
CREATE TABLE engine (profile TEXT PRIMARY KEY, json TEXT NOT NULL, updated_at INTEGER NOT NULL);

-- Quota observations. The unique index makes appends idempotent and serves "one profile, by time".
CREATE TABLE history (
  id INTEGER PRIMARY KEY,
  profile TEXT NOT NULL,
  at INTEGER NOT NULL,
  remaining INTEGER NOT NULL,
  quota_limit INTEGER NOT NULL
);
CREATE UNIQUE INDEX history_profile_at ON history (profile, at, remaining, quota_limit);
-- Rows per profile, kept by triggers, so bounding the history needs no count or scan.
CREATE TABLE history_stats (profile TEXT PRIMARY KEY, n INTEGER NOT NULL);
CREATE TRIGGER history_ins AFTER INSERT ON history BEGIN
  INSERT INTO history_stats (profile, n) VALUES (NEW.profile, 1) ON CONFLICT (profile) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER history_del AFTER DELETE ON history BEGIN
  UPDATE history_stats SET n = n - 1 WHERE profile = OLD.profile;
END;

CREATE TABLE cooldown (
  profile TEXT PRIMARY KEY,
  scope TEXT NOT NULL CHECK (scope IN ('minute', 'month')),
  until INTEGER NOT NULL,
  since INTEGER NOT NULL
);

-- Alert memory, one JSON document per scope (a profile).
CREATE TABLE alerts (scope TEXT PRIMARY KEY, json TEXT NOT NULL);

-- Small app-wide values (pausedUntil, …) as JSON text.
CREATE TABLE kv (key TEXT PRIMARY KEY, json TEXT NOT NULL);

CREATE TABLE status_support (
  base_url TEXT PRIMARY KEY,
  support TEXT NOT NULL CHECK (support IN ('supported', 'unsupported')),
  updated_at INTEGER NOT NULL
);

-- Lookup cache. used_seq is a database-wide use counter (LRU order that does not depend on any clock).
CREATE TABLE cache (
  profile TEXT NOT NULL,
  ip TEXT NOT NULL,
  language TEXT NOT NULL,
  body TEXT NOT NULL,
  fetched_at INTEGER NOT NULL,
  stored_at INTEGER NOT NULL,
  used_seq INTEGER NOT NULL,
  note TEXT,
  PRIMARY KEY (profile, ip, language)
);
CREATE INDEX cache_profile_used ON cache (profile, used_seq);
CREATE INDEX cache_used ON cache (used_seq);
CREATE INDEX cache_stored ON cache (stored_at);

-- Row count and last use number of the cache, kept by triggers so neither costs a scan.
CREATE TABLE cache_stats (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL, seq INTEGER NOT NULL);
INSERT INTO cache_stats (id, n, seq) VALUES (1, 0, 0);
CREATE TRIGGER cache_ins AFTER INSERT ON cache BEGIN
  UPDATE cache_stats SET n = n + 1, seq = max(seq, NEW.used_seq) WHERE id = 1;
END;
CREATE TRIGGER cache_del AFTER DELETE ON cache BEGIN
  UPDATE cache_stats SET n = n - 1 WHERE id = 1;
END;
CREATE TRIGGER cache_use AFTER UPDATE OF used_seq ON cache BEGIN
  UPDATE cache_stats SET seq = max(seq, NEW.used_seq) WHERE id = 1;
END;
`;

/** Cached answers a bulk job got (1) are kept apart from the user's own lookups (0) in Recent. */
const V3_CACHE_BULK = `ALTER TABLE cache ADD COLUMN bulk INTEGER NOT NULL DEFAULT 0;`;

/** migrations[i] takes user_version i to i + 1. */
const MIGRATIONS: readonly string[] = [
  V1,
  BULK_SCHEMA,
  V3_CACHE_BULK,
  BULK_HITS_SCHEMA,
  BULK_FACTS_SCHEMA,
  BULK_NOTES_SCHEMA,
];

/** The newest schema this build knows. A database with a higher user_version was made by a newer build. */
export const SCHEMA_VERSION = MIGRATIONS.length;

export function userVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}

/**
 * Bring `db` to SCHEMA_VERSION in one immediate transaction. Returns the version found before (0: new).
 * Throws on SQLite errors (the opener decides what a failure means); never runs a migration twice.
 */
export function migrate(db: DatabaseSync): number {
  // Cheap read first: the common case (already current) takes no write lock at all.
  const seen = userVersion(db);
  if (seen >= SCHEMA_VERSION) return seen;
  db.exec('BEGIN IMMEDIATE');
  try {
    const from = userVersion(db); // another process may have migrated while we waited for the lock
    for (let v = from; v < SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v] as string);
    if (from < SCHEMA_VERSION) db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec('COMMIT');
    return from;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
