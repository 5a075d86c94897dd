/**
 * The one HTTP status -> outcome kind mapping (electron/core/lookup-api/outcomes.ts), read from the outcome table's
 * `status` column: every status from 100 to 999 says what it said when the mapping was a list of ifs beside the table.
 */
import { describe, expect, it } from 'vitest';
import { outcomeKindForStatus } from '../../../../electron/core/lookup-api/outcomes';

/** The mapping as it was written by hand before the table held it. */
function before(status: number): string {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'invalid-key';
  if (status === 403) return 'forbidden';
  if (status === 422) return 'invalid-input';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server-error';
  return 'bad-response';
}

describe('an HTTP status says an outcome', () => {
  it('every status from 100 to 999 ends as it did: 2xx ok, 401, 403, 422, 429 their own, 5xx a service problem, the rest a bad response', () => {
    const differ: string[] = [];
    for (let status = 100; status <= 999; status++)
      if (outcomeKindForStatus(status) !== before(status))
        differ.push(`${status}: ${outcomeKindForStatus(status)}, was ${before(status)}`);
    expect(differ).toEqual([]);
    expect([200, 204, 301, 401, 403, 404, 422, 429, 503].map(outcomeKindForStatus)).toEqual([
      'ok',
      'ok',
      'bad-response',
      'invalid-key',
      'forbidden',
      'bad-response',
      'invalid-input',
      'rate-limited',
      'server-error',
    ]);
  });
});
