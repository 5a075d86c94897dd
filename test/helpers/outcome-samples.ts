import type { Outcome, OutcomeKind } from '../../shared/outcome';

/**
 * Outcomes of every kind, as the core makes them (a new kind in shared/outcome.ts fails the typecheck here until it
 * has some): the tests of the outcome table, the window's words and the command's exit codes walk them all.
 */
export const OUTCOME_SAMPLES: { [K in OutcomeKind]: Outcome<K>[] } = {
  ok: [
    {
      kind: 'ok',
      ip: '8.8.8.8',
      body: { data: { location: { country: { name: 'United States' } } } },
      source: 'network',
      fetchedAt: 1_000,
      note: null,
    },
    { kind: 'ok', ip: '1.1.1.1', body: {}, source: 'cache', fetchedAt: 1_000, note: null },
  ],
  'invalid-ip': [{ kind: 'invalid-ip', problem: { kind: 'bad-v4', text: '8.8.8' } }],
  'not-cached': [{ kind: 'not-cached', ip: '8.8.4.4' }],
  'no-key': [{ kind: 'no-key' }],
  cooldown: [
    {
      kind: 'cooldown',
      scope: 'minute',
      resetAt: 61_000,
      at: 1_000,
    },
  ],
  'invalid-key': [
    {
      kind: 'invalid-key',
      status: 401,
    },
  ],
  forbidden: [
    {
      kind: 'forbidden',
      status: 403,
      said: 'the plan has no security data',
    },
  ],
  'invalid-input': [
    {
      kind: 'invalid-input',
      status: 422,
      said: 'The ip must be valid.',
    },
  ],
  'rate-limited': [
    {
      kind: 'rate-limited',
      scope: 'month',
      resetAt: 86_400_000,
      at: 0,
    },
  ],
  'server-error': [{ kind: 'server-error', status: 503 }],
  'proxy-error': [
    {
      kind: 'proxy-error',
      reason: 'auth',
      proxy: 'proxy.example:3128',
    },
    {
      kind: 'proxy-error',
      reason: 'unreachable',
      proxy: '127.0.0.1:9',
    },
  ],
  'certificate-error': [
    {
      kind: 'certificate-error',
      reason: 'untrusted',
      host: 'api.example',
      issuer: 'Example Corp Root CA',
    },
    { kind: 'certificate-error', reason: 'expired', host: 'api.example', issuer: null },
  ],
  'network-error': [
    { kind: 'network-error', reason: 'timeout' },
    { kind: 'network-error', reason: 'aborted' },
    { kind: 'network-error', reason: 'refused' },
  ],
  'bad-response': [
    {
      kind: 'bad-response',
      status: 200,
      ip: '8.8.8.8',
      why: { kind: 'not-json' },
      raw: '<html>',
    },
    {
      kind: 'bad-response',
      status: 302,
      why: { kind: 'redirect', to: 'https://elsewhere.example/' },
      raw: 'HTTP 302\nLocation: https://elsewhere.example/',
    },
  ],
};

/** Every sample, in one list. */
export const ALL_OUTCOME_SAMPLES = Object.values(OUTCOME_SAMPLES).flat();
