import { afterEach, describe, expect, it } from 'vitest';
import { KEY_MINUTE, KEY_NOMINUTE } from '../../../helpers/simulator-helpers';
import { DEC1, NEXT_MINUTE, T0, startService, settle, type ServiceHarness } from '../../../helpers/service-harness';
import { withWords } from '../../../helpers/outcome-words';

let h: ServiceHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Spends the minute's 5 requests, then sends a sixth anyway ("Try anyway"): the service answers 429. */
async function hitMinuteLimit(s: ServiceHarness): Promise<void> {
  for (let i = 1; i <= 5; i++) await s.service.lookup(`8.8.4.${i}`);
  expect((await s.service.lookup('8.8.4.6', { force: true })).kind).toBe('rate-limited');
}

describe('cooldowns, roll-over and clock skew (service over real HTTP, shared ManualClock)', () => {
  it('during a minute cooldown lookups are answered locally with a countdown; the log proves nothing was sent', async () => {
    h = await startService();
    await hitMinuteLimit(h);
    const sent = h.sim.log.length;
    h.clock.advance(13_000);
    const o = await h.service.lookup('9.9.9.9');
    expect(withWords(o)).toEqual({
      kind: 'cooldown',
      scope: 'minute',
      resetAt: NEXT_MINUTE,
      at: expect.any(Number),
      message: 'Minute limit reached — resets in 0:37. Nothing was sent; use “Try anyway” to send regardless.',
    });
    expect(h.sim.log.length).toBe(sent);
  });

  it('the cooldown ends by itself at the reset with one timer and one change event; lookups are sent again', async () => {
    h = await startService();
    await hitMinuteLimit(h);
    expect(h.clock.pendingTimers()).toBe(1);
    const before = h.changes.length;
    h.clock.advance(NEXT_MINUTE - T0 - 1);
    expect(h.changes.length).toBe(before);
    h.clock.advance(1);
    expect(h.changes.length).toBe(before + 1);
    const s = h.changes[h.changes.length - 1]!;
    expect(s.cooldown).toBeNull();
    expect(s.minute).toMatchObject({ remaining: 5, estimated: true });
    expect(h.clock.pendingTimers()).toBe(1); // only the month window's reset remains (month not full)
    const sent = h.sim.log.length;
    expect((await h.service.lookup('9.9.9.9')).kind).toBe('ok');
    expect(h.sim.log.length).toBe(sent + 1);
    expect(h.service.state().minute).toMatchObject({ remaining: 4, estimated: false });
  });

  it('a month cooldown refuses locally with the date; a forced lookup is sent and a plan upgrade lifts it', async () => {
    h = await startService();
    h.sim.setUsage(KEY_MINUTE, { month: 100 });
    expect((await h.service.lookup('8.8.8.8')).kind).toBe('rate-limited');
    const local = await h.service.lookup('1.1.1.1');
    expect(withWords(local)).toEqual({
      kind: 'cooldown',
      scope: 'month',
      resetAt: DEC1,
      at: expect.any(Number),
      message:
        'Monthly quota exhausted — resets Dec 1, 00:00 UTC. Upgrade your plan or wait. Nothing was sent; use “Try anyway” to send regardless.',
    });
    expect(h.sim.log).toHaveLength(1);
    // Forced, still exhausted: sent, 429 again.
    expect(await h.service.lookup('1.1.1.1', { force: true })).toMatchObject({ kind: 'rate-limited', scope: 'month' });
    expect(h.sim.log).toHaveLength(2);
    // The user upgrades the plan, then forces: sent, answered, cooldown gone.
    h.sim.setKey(KEY_MINUTE, { monthLimit: 1000, minuteLimit: 5 });
    expect(await h.service.lookup('1.1.1.1', { force: true })).toMatchObject({ kind: 'ok', source: 'network' });
    expect(h.sim.log).toHaveLength(3);
    expect(h.service.state()).toMatchObject({ cooldown: null, month: { limit: 1000, remaining: 899, level: 'ok' } });
  });

  it('a forced lookup during a minute cooldown is sent (and answered 429 while the minute lasts)', async () => {
    h = await startService();
    await hitMinuteLimit(h);
    const sent = h.sim.log.length;
    expect(await h.service.lookup('9.9.9.9', { force: true })).toMatchObject({ kind: 'rate-limited', scope: 'minute' });
    expect(h.sim.log.length).toBe(sent + 1);
  });

  it('4: at 0 of 5 left this minute the next lookup is not sent; it is sent again once the minute resets', async () => {
    h = await startService();
    for (let i = 1; i <= 5; i++) expect((await h.service.lookup(`8.8.4.${i}`)).kind).toBe('ok');
    expect(h.service.state().cooldown).toEqual({ scope: 'minute', until: NEXT_MINUTE, since: T0 });
    const sent = h.sim.log.length;
    expect(withWords(await h.service.lookup('9.9.9.9'))).toEqual({
      kind: 'cooldown',
      scope: 'minute',
      resetAt: NEXT_MINUTE,
      at: expect.any(Number),
      message: 'Minute limit reached — resets in 0:50. Nothing was sent; use “Try anyway” to send regardless.',
    });
    expect(h.sim.log.length).toBe(sent); // no 429 spent
    expect(h.sim.log.some((l) => l.status === 429)).toBe(false);
    // A cached answer is still shown (nothing sent).
    expect(await h.service.lookup('8.8.4.1')).toMatchObject({ kind: 'ok', source: 'cache' });
    h.clock.set(NEXT_MINUTE);
    expect(h.changes.at(-1)!.cooldown).toBeNull();
    expect(await h.service.lookup('9.9.9.9')).toMatchObject({ kind: 'ok', source: 'network' });
    expect(h.sim.log.length).toBe(sent + 1);
  });

  it('4: at 0 of 50 left this month the next lookup is not sent until the reset day; "Try anyway" still sends', async () => {
    h = await startService({ key: KEY_NOMINUTE, config: { monthResetDay: 25 } });
    h.sim.setUsage(KEY_NOMINUTE, { month: 49 });
    expect(await h.service.lookup('8.8.8.8')).toMatchObject({ kind: 'ok' });
    const nov25 = Date.UTC(2026, 10, 25);
    expect(h.service.state().cooldown).toEqual({ scope: 'month', until: nov25, since: T0 });
    expect(withWords(await h.service.lookup('1.1.1.1'))).toEqual({
      kind: 'cooldown',
      scope: 'month',
      resetAt: nov25,
      at: expect.any(Number),
      message:
        'Monthly quota exhausted — resets Nov 25, 00:00 UTC. Upgrade your plan or wait. Nothing was sent; use “Try anyway” to send regardless.',
    });
    expect(h.sim.log).toHaveLength(1);
    expect(await h.service.lookup('1.1.1.1', { force: true })).toMatchObject({ kind: 'rate-limited', scope: 'month' });
    expect(h.sim.log).toHaveLength(2);
  });

  it('minute roll-over: the window shows as reset but estimated until the next response confirms it', async () => {
    h = await startService();
    await h.service.lookup('8.8.8.8');
    await h.service.lookup('8.8.4.4');
    h.clock.set(NEXT_MINUTE);
    const rolled = h.changes[h.changes.length - 1]!;
    expect(rolled.minute).toMatchObject({
      limit: 5,
      remaining: 5,
      estimated: true,
      observedAt: T0,
      resetAt: NEXT_MINUTE + 60_000,
    });
    expect(rolled.month).toMatchObject({ remaining: 98, estimated: false });
    h.clock.advance(5_000);
    await h.service.lookup('1.1.1.1');
    expect(h.service.state().minute).toMatchObject({ remaining: 4, estimated: false, observedAt: NEXT_MINUTE + 5_000 });
  });

  it('month roll-over on Dec 1 00:00 UTC: estimated full month, then confirmed', async () => {
    h = await startService();
    h.sim.setUsage(KEY_MINUTE, { month: 60 });
    await h.service.lookup('8.8.8.8');
    expect(h.service.state().month).toMatchObject({ remaining: 39 });
    h.clock.set(DEC1);
    expect(h.changes[h.changes.length - 1]!.month).toMatchObject({
      remaining: 100,
      estimated: true,
      resetAt: Date.UTC(2027, 0, 1),
    });
    expect(h.clock.pendingTimers()).toBe(0); // nothing left to wake up for
    await h.service.lookup('1.1.1.1');
    expect(h.service.state().month).toMatchObject({ remaining: 99, estimated: false });
  });

  it.each([
    ['behind', -5 * 60_000],
    ['ahead', 5 * 60_000],
  ])('a local clock 5 minutes %s does not break resets or countdowns', async (_label, skewMs) => {
    h = await startService({ skewMs });
    await hitMinuteLimit(h);
    const s = h.service.state();
    expect(s.skewMs).toBe(-skewMs);
    expect(s.asOf).toBe(T0);
    expect(s.cooldown).toEqual({ scope: 'minute', until: NEXT_MINUTE, since: T0 });
    h.clock.advance(13_000);
    expect(withWords(await h.service.lookup('9.9.9.9'))).toMatchObject({
      kind: 'cooldown',
      resetAt: NEXT_MINUTE,
      message: expect.stringContaining('resets in 0:37'),
    });
    // The cooldown ends exactly at the server's minute boundary.
    h.clock.advance(NEXT_MINUTE - T0 - 13_000 - 1);
    expect(h.service.state().cooldown).not.toBeNull();
    h.clock.advance(1);
    expect(h.changes[h.changes.length - 1]!.cooldown).toBeNull();
    expect((await h.service.lookup('9.9.9.9')).kind).toBe('ok');
    const month = h.service.state().month!;
    expect(month.resetAt).toBe(DEC1);
  });

  it('emits exactly one change per state change, none for cache hits or local refusals', async () => {
    h = await startService();
    await h.service.lookup('8.8.8.8');
    expect(h.changes).toHaveLength(1);
    await h.service.lookup('8.8.8.8');
    await h.service.lookup('not an ip');
    expect(h.changes).toHaveLength(1);
    await Promise.all([h.service.lookup('1.1.1.1'), h.service.lookup('1.1.1.1')]);
    expect(h.changes).toHaveLength(2);
    await settle();
    expect(h.changes).toHaveLength(2);
  });
});
