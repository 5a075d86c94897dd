/**
 * Runtime validation of every request the renderer may send: one schema per channel of `Invokes`, each
 * required by the type checker to produce exactly that channel's request type (see the check below).
 * Main side only (electron/shell/ipc.ts, the web preview server): the renderer bundle does not import zod.
 * Schemas check shape and types; the core still checks meaning (e.g. a lookup's IP) and answers with typed
 * outcomes. A settings change is checked with the settings' own patch schema (shared/settings-schema.ts):
 * the same types and ranges the core applies, unknown keys refused.
 */
import { z } from 'zod';
import { BLOCK_LIST_FORMAT_IDS, EXPORT_FORMAT_IDS, REPORT_FORMAT_IDS } from './file-formats';
import { type Channel, type Invokes } from './ipc';

/** The largest instant a Date holds (ECMAScript: ±8.64e15 ms). */
const MAX_DATE_MS = 8.64e15;
import { settingsPatchSchema } from './settings-schema';
import type { Same } from './types';

const none = z.undefined();
const text = (max: number) => z.string().max(max);
const id = z.strictObject({ id: text(100) });
const budgetFloor = z.union([
  z.strictObject({ percent: z.number().finite().min(0).max(100) }),
  z.strictObject({ count: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
]);
/** A results table's filter (bulkResults, exportBlockList). */
const resultsFilter = z.strictObject({
  flag: z.enum(['vpn', 'tor', 'proxy', 'datacenter', 'threat']).optional(),
  threatMin: z.number().finite().min(0).max(100).optional(),
  country: text(20).optional(),
});

/** Pasted text: up to 32 MiB. An opened or dropped file never travels: the core reads it (bulkReadFile). */
const bulkInput = {
  text: text(32 * 1024 * 1024),
  includeReserved: z.boolean().optional(),
  expandRanges: z.boolean().optional(),
  floor: budgetFloor.optional(),
};

/** An opened file (by the id the core gave it, never a path) and how to read it. */
const bulkFile = {
  id: text(100),
  includeReserved: z.boolean().optional(),
  expandRanges: z.boolean().optional(),
  floor: budgetFloor.optional(),
};

/** The contract's request type for a channel; `void` (no argument) arrives as `undefined`. */
export type RequestOf<C extends Channel> = [Invokes[C]['req']] extends [void] ? undefined : Invokes[C]['req'];

export type RequestSchemas = { [K in Channel]: z.ZodType<RequestOf<K>> };

/** The channels of `S` whose schema's output is not exactly the contract's request type (never = none). */
export type MismatchedChannels<S extends RequestSchemas> = {
  [K in Channel]: Same<z.output<S[K]>, RequestOf<K>> extends true ? never : K;
}[Channel];

export const requestSchemas = {
  getSnapshot: none,
  // Long junk is allowed through so the core can refuse it with a friendly message (it never reaches the network).
  lookup: z.strictObject({
    ip: text(100_000),
    refresh: z.boolean().optional(),
    force: z.boolean().optional(),
    stored: z.boolean().optional(),
  }),
  cancelLookup: none,
  recentLookups: none,
  checkQuota: z.strictObject({ spend: z.boolean().optional() }),
  saveKey: z.strictObject({
    key: text(4_096),
    baseUrl: text(2_048).optional(),
    verify: z.enum(['free', 'spend', 'skip']).optional(),
    sessionOnly: z.boolean().optional(),
    origin: text(2_048).optional(),
  }),
  removeKey: none,
  useLegacyKey: z.strictObject({ origin: text(2_048) }),
  updateSettings: settingsPatchSchema,
  dismissNotice: z.strictObject({ id: text(200) }),
  // A pause ends within 30 days (the core bounds it again, and when it reads it back).
  pauseNotifications: z.strictObject({
    until: z
      .number()
      .finite()
      // An instant a Date can hold; how far ahead a pause may end (30 days, MAX_PAUSE_MS) is the core's to bound on its
      // own clock (alert-center.ts), not the PC's: in demo mode and the web preview the two differ by weeks or more.
      .refine((t) => Math.abs(t) <= MAX_DATE_MS, 'Not an instant.')
      .nullable(),
  }),
  startDemo: none,
  stopDemo: none,
  demoFastForward: z.strictObject({ by: z.enum(['minute', 'day', 'week', 'month']) }),
  openExternal: z.strictObject({ url: text(2_048) }),
  saveAnswer: z.strictObject({ ip: text(100) }),
  getDataInfo: none,
  getUpdateStatus: none,
  checkForUpdates: none,
  restartToUpdate: none,
  clearCache: none,
  clearRecent: none,
  openDataFolder: none,
  getHistory: none,
  exportHistory: none,
  bulkPreview: z.strictObject(bulkInput),
  bulkStart: z.strictObject({ ...bulkInput, label: text(200).optional() }),
  bulkOpenFile: none,
  bulkReadFile: z.strictObject({ ...bulkFile }),
  bulkCancelRead: id,
  bulkStartFile: z.strictObject({ ...bulkFile, label: text(200).optional() }),
  bulkPause: id,
  bulkResume: id,
  bulkCancel: id,
  bulkList: none,
  bulkResults: z.strictObject({
    id: text(100),
    offset: z.number().int().min(0),
    limit: z.number().int().min(0).max(1000),
    status: z.enum(['pending', 'done', 'failed']).optional(),
    sort: z.enum(['input', 'hits']).optional(),
    filter: resultsFilter.optional(),
  }),
  bulkExport: z.strictObject({
    id: text(100),
    format: z.enum(EXPORT_FORMAT_IDS),
    columns: z.array(text(40)).max(64).optional(),
    bom: z.boolean().optional(),
  }),
  getBulkReport: id,
  exportBulkReport: z.strictObject({ id: text(100), format: z.enum(REPORT_FORMAT_IDS) }),
  exportBlockList: z.strictObject({
    id: text(100),
    format: z.enum(BLOCK_LIST_FORMAT_IDS),
    filter: resultsFilter.optional(),
  }),
  addProfile: z.strictObject({ name: text(200), baseUrl: text(2_048).optional() }),
  switchProfile: z.strictObject({ name: text(200) }),
  renameProfile: z.strictObject({ from: text(200), to: text(200) }),
  removeProfile: z.strictObject({ name: text(200) }),
  bulkFollow: z.strictObject({ includeReserved: z.boolean().optional(), floor: budgetFloor.optional() }),
  bulkFollowAgain: id,
  bulkFollowStop: id,
  bulkFollows: none,
} satisfies RequestSchemas;

// `satisfies RequestSchemas` requires a schema for every channel whose output fits the request type; this requires it
// to be exactly that type (a schema missing an optional field, or allowing a wider type, fails typecheck).
const _everySchemaIsExact: [MismatchedChannels<typeof requestSchemas>] extends [never]
  ? true
  : { mismatched: MismatchedChannels<typeof requestSchemas> } = true;
void _everySchemaIsExact;

export type ParseResult<C extends Channel> = { ok: true; value: Invokes[C]['req'] } | { ok: false };

/** Validates a request for `channel`; never throws. */
export function parseRequest<C extends Channel>(channel: C, arg: unknown): ParseResult<C> {
  const schema = (requestSchemas as RequestSchemas)[channel] as z.ZodType<Invokes[C]['req']> | undefined;
  if (!schema) return { ok: false };
  const r = schema.safeParse(arg);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}
