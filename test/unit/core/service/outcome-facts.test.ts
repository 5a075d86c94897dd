/**
 * What a lookup ends in crosses to the faces as a fact — its kind and typed parameters — never as a finished English
 * sentence (issue 43): the window, the command line and a bulk job word it in their own language. Each refusal and
 * failure the service makes on its real paths (refused before sending, the service's statuses, nothing listening,
 * a quota check without a key) carries no `message`, and no English words for it anywhere in it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { wordsFor } from '../../../../shared/i18n';
import type { LookupOutcome } from '../../../../shared/outcome';
import type { KeychainStatus, Notice, SaveKeyOutcome } from '../../../../shared/ipc';
import { startService, type ServiceHarness } from '../../../helpers/service-harness';
import { closedPort } from '../../../helpers/local-server';

const open: ServiceHarness[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

async function service(setup: Parameters<typeof startService>[0] = {}): Promise<ServiceHarness> {
  const h = await startService(setup);
  open.push(h);
  return h;
}

function expectFactOnly(o: LookupOutcome, kind: LookupOutcome['kind']): void {
  expect(o.kind).toBe(kind);
  expect(o, kind).not.toHaveProperty('message');
  // Nor its sentence under another name: the English words are the faces' (shared/i18n's outcome area).
  expect(JSON.stringify(o), kind).not.toContain(JSON.stringify(wordsFor('en').w.outcome.message(o)).slice(1, -1));
}

describe('a lookup ends in a fact, worded by the faces', () => {
  it('refused before anything is sent: not an address, no answer kept, no key, and a quota check without a key', async () => {
    const h = await service({ key: null });
    expectFactOnly(await h.service.lookup('not an ip'), 'invalid-ip');
    expectFactOnly(await h.service.lookup('8.8.4.4', { stored: true }), 'not-cached');
    expectFactOnly(await h.service.lookup('8.8.8.8'), 'no-key');
    const check = await h.service.checkQuota();
    expect(check.kind).toBe('failed');
    if (check.kind === 'failed') expectFactOnly(check.outcome, 'no-key');
    expect(h.sim.log).toHaveLength(0);
  });

  it("the service's refusals and failures, and nothing listening", async () => {
    const h = await service();
    h.sim.setFaults({ forbidden: true });
    expectFactOnly(await h.service.lookup('8.8.8.8'), 'forbidden');
    h.sim.setFaults({ forbidden: false, status500: true });
    expectFactOnly(await h.service.lookup('8.8.8.8'), 'server-error');
    h.sim.clearFaults();
    h.service.updateConfig({ baseUrl: `${h.sim.url}/wrong` });
    expectFactOnly(await h.service.lookup('8.8.8.8'), 'bad-response');
    const revoked = await service({ key: 'FAKE-revoked-key-9999' });
    expectFactOnly(await revoked.service.lookup('8.8.8.8'), 'invalid-key');
    const nobody = await service({ config: { baseUrl: `http://127.0.0.1:${await closedPort()}` } });
    expectFactOnly(await nobody.service.lookup('8.8.8.8'), 'network-error');
  });
});

/**
 * The results that once carried an English `message` beside their facts: a member of that name coming back fails
 * the typecheck here (`npx tsc --noEmit`), before any test runs.
 */
type WithMessage<T> = T extends unknown ? ('message' extends keyof T ? T : never) : never;
const NO_SENTENCES: [
  WithMessage<LookupOutcome>,
  WithMessage<SaveKeyOutcome>,
  WithMessage<KeychainStatus>,
  WithMessage<Notice>,
] extends [never, never, never, never]
  ? true
  : false = true;

it('no outcome, key save, keychain status or notice type has a message member', () => {
  expect(NO_SENTENCES).toBe(true);
});
