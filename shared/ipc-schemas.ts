/**
 * Runtime validation of every request the renderer may send (one schema per channel of `Invokes`).
 * Main side only (electron/shell/ipc.ts, the web preview server): the renderer bundle does not import zod.
 * Schemas check shape and types; the core still checks meaning (e.g. a base URL's scheme) and answers
 * with typed outcomes.
 */
import { z } from 'zod';
import type { Channel, Invokes } from './ipc';

const none = z.undefined();
const text = (max: number) => z.string().max(max);
const percent = z.number().finite().min(0).max(100);

const settingsPatch = z.strictObject({
  baseUrl: text(2_048).optional(),
  profile: text(200).optional(),
  thresholds: z
    .strictObject({
      monthLow: percent.optional(),
      monthCritical: percent.optional(),
      minuteLow: percent.optional(),
      minuteCritical: percent.optional(),
    })
    .optional(),
  notifications: z
    .strictObject({
      monthLow: z.boolean().optional(),
      monthCritical: z.boolean().optional(),
      monthExhausted: z.boolean().optional(),
      minuteHit: z.boolean().optional(),
      forecast: z.boolean().optional(),
      restored: z.boolean().optional(),
    })
    .optional(),
  monthResetDay: z.number().int().min(1).max(28).optional(),
  cache: z
    .strictObject({ ttlMinutes: z.number().finite().min(0).optional(), maxEntries: z.number().int().min(0).optional() })
    .optional(),
  autoCheck: z
    .strictObject({
      enabled: z.boolean().nullable().optional(),
      intervalMinutes: z.number().finite().positive().optional(),
      allowSpending: z.boolean().optional(),
    })
    .optional(),
  launchAtLogin: z.boolean().optional(),
  shortcut: text(100).optional(),
  language: text(10).optional(),
});

type Schemas = { [K in Channel]: z.ZodType<Invokes[K]['req']> };

export const requestSchemas = {
  getSnapshot: none,
  // Long junk is allowed through so the core can refuse it with a friendly message (it never reaches the network).
  lookup: z.strictObject({ ip: text(100_000), refresh: z.boolean().optional(), force: z.boolean().optional() }),
  cancelLookup: none,
  recentLookups: none,
  checkQuota: z.strictObject({ spend: z.boolean().optional() }),
  saveKey: z.strictObject({
    key: text(4_096),
    baseUrl: text(2_048).optional(),
    verify: z.enum(['free', 'spend', 'skip']).optional(),
    sessionOnly: z.boolean().optional(),
  }),
  removeKey: none,
  updateSettings: settingsPatch,
  dismissNotice: z.strictObject({ id: text(200) }),
  pauseNotifications: z.strictObject({ until: z.number().finite().nullable() }),
  startDemo: none,
  stopDemo: none,
  demoFastForward: z.strictObject({ by: z.enum(['minute', 'day', 'week', 'month']) }),
  openExternal: z.strictObject({ url: text(2_048) }),
} satisfies Schemas;

export type ParseResult<C extends Channel> = { ok: true; value: Invokes[C]['req'] } | { ok: false };

/** Validates a request for `channel`; never throws. */
export function parseRequest<C extends Channel>(channel: C, arg: unknown): ParseResult<C> {
  const schema = (requestSchemas as Schemas)[channel] as z.ZodType<Invokes[C]['req']> | undefined;
  if (!schema) return { ok: false };
  const r = schema.safeParse(arg);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}
