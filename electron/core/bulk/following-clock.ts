import type { Clock, TimerHandle } from '../lib/ports';

/**
 * A clock that is whichever clock `current()` names at the moment (the demo service's fast-forwardable clock in
 * demo mode, the real one otherwise): bulk jobs pace on the clock of the service they drive. A timer is cleared
 * on the clock that armed it.
 */
export function followingClock(current: () => Clock): Clock {
  const owners = new Map<TimerHandle, Clock>();
  return {
    now: () => current().now(),
    setTimeout(fn, ms) {
      const c = current();
      const h = c.setTimeout(() => {
        owners.delete(h);
        fn();
      }, ms);
      owners.set(h, c);
      return h;
    },
    clearTimeout(h) {
      (owners.get(h) ?? current()).clearTimeout(h);
      owners.delete(h);
    },
  };
}
