/** Validates a web-preview API request body for a channel before it reaches the core. */
import type { z } from 'zod';
import { CHANNELS, type Channel } from '../../shared/ipc';
import { requestSchemas } from '../../shared/ipc-schemas';

export type CheckResult = { ok: true; value: unknown } | { ok: false; message: string };

const CHANNEL_SET: ReadonlySet<string> = new Set(CHANNELS);

export function isChannel(name: string): name is Channel {
  return CHANNEL_SET.has(name);
}

/** Parse the raw body text: empty → undefined. */
export function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Validates a request with the same zod schema the Electron IPC uses (shared/ipc-schemas.ts). The message
 * names the offending fields, never their values (a saveKey body holds the key).
 */
export function checkRequest(channel: Channel, body: unknown): CheckResult {
  const schema = requestSchemas[channel] as z.ZodType<unknown>;
  const r = schema.safeParse(body === null && schema.safeParse(undefined).success ? undefined : body);
  if (r.success) return { ok: true, value: r.data };
  const fields = [...new Set(r.error.issues.map((i) => i.path.map(String).join('.') || '(request)'))];
  return { ok: false, message: `Invalid request for ${channel}: check ${fields.join(', ')}` };
}
