import type { Outcome, OutcomeKind } from '../../shared/outcome';
import { wordsFor } from '../../shared/i18n';

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
  'invalid-ip': [
    { kind: 'invalid-ip', problem: { kind: 'bad-v4', text: '8.8.8' }, message: '“8.8.8” is not an IP address.' },
  ],
  'not-cached': [{ kind: 'not-cached', ip: '8.8.4.4', message: 'No answer is kept for 8.8.4.4 any more.' }],
  'no-key': [{ kind: 'no-key', message: 'No API key yet. Add your key in Settings, or try the demo.' }],
  cooldown: [
    {
      kind: 'cooldown',
      scope: 'minute',
      resetAt: 61_000,
      at: 1_000,
      message: 'Minute limit reached — resets in 1:00.',
    },
  ],
  'invalid-key': [
    {
      kind: 'invalid-key',
      status: 401,
      message: 'The API key was not accepted (401). Check or replace it in Settings.',
    },
  ],
  forbidden: [
    {
      kind: 'forbidden',
      status: 403,
      said: 'the plan has no security data',
      message:
        'Your plan does not allow this request (403): the plan has no security data. Check or upgrade your plan.',
    },
  ],
  'invalid-input': [
    {
      kind: 'invalid-input',
      status: 422,
      said: 'The ip must be valid.',
      message: 'The service refused the input (422): The ip must be valid.',
    },
  ],
  'rate-limited': [
    {
      kind: 'rate-limited',
      scope: 'month',
      resetAt: 86_400_000,
      at: 0,
      message: 'Monthly quota exhausted — resets 2 January. Upgrade your plan or wait.',
    },
  ],
  'server-error': [{ kind: 'server-error', status: 503, message: 'The service had a problem (503). Retry later.' }],
  'proxy-error': [
    {
      kind: 'proxy-error',
      reason: 'auth',
      proxy: 'proxy.example:3128',
      message: 'The proxy proxy.example:3128 did not accept the user name and password in its address (407).',
    },
    {
      kind: 'proxy-error',
      reason: 'unreachable',
      proxy: '127.0.0.1:9',
      message: 'The proxy 127.0.0.1:9 could not be reached (the connection was refused).',
    },
  ],
  'certificate-error': [
    {
      kind: 'certificate-error',
      reason: 'untrusted',
      host: 'api.example',
      issuer: 'Example Corp Root CA',
      message: 'The certificate of api.example is not trusted.',
    },
    { kind: 'certificate-error', reason: 'expired', host: 'api.example', issuer: null, message: 'Expired.' },
  ],
  'network-error': [
    { kind: 'network-error', reason: 'timeout', message: 'The service did not answer within 10 s.' },
    { kind: 'network-error', reason: 'aborted', message: 'The lookup was cancelled.' },
    { kind: 'network-error', reason: 'refused', message: 'Nothing answered at the base URL (connection refused).' },
  ],
  'bad-response': [
    {
      kind: 'bad-response',
      status: 200,
      ip: '8.8.8.8',
      why: { kind: 'not-json' },
      message: 'The service answered 200 but the body was not JSON. It is shown as received.',
      raw: '<html>',
    },
    {
      kind: 'bad-response',
      status: 302,
      why: { kind: 'redirect', to: 'https://elsewhere.example/' },
      message: 'The service redirected to https://elsewhere.example/ (302); not followed.',
      raw: 'HTTP 302\nLocation: https://elsewhere.example/',
    },
  ],
};

// As the core makes them: each message is the English words for the outcome's facts (as outcomes.ts's `worded`).
for (const o of Object.values(OUTCOME_SAMPLES).flat())
  if (o.kind !== 'ok') o.message = wordsFor('en').w.outcome.message(o);

/** Every sample, in one list. */
export const ALL_OUTCOME_SAMPLES = Object.values(OUTCOME_SAMPLES).flat();
