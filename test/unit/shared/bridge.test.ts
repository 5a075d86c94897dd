import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { buildBridge, type BridgeInvoke, type BridgeSubscribe } from '../../../shared/bridge';
import { CHANNELS, EVENT_METHODS, EVENT_NAMES, type LookupTrayApi } from '../../../shared/ipc';

function build() {
  const invoke = vi.fn((channel: string, req: unknown) => Promise.resolve({ channel, req }));
  const unsubscribes = new Map<string, () => void>();
  const subscribe = vi.fn((event: string, _cb: (payload: unknown) => void) => {
    const off = vi.fn();
    unsubscribes.set(event, off);
    return off;
  });
  const api = buildBridge(invoke as unknown as BridgeInvoke, subscribe as unknown as BridgeSubscribe);
  return { api, invoke, subscribe, unsubscribes };
}

describe('buildBridge (shared/bridge.ts): the object both the preload and the web preview expose', () => {
  it('has exactly one own enumerable function per channel and per event method, nothing else', () => {
    const { api } = build();
    const expected = [...CHANNELS, ...EVENT_NAMES.map((e) => EVENT_METHODS[e])].sort();
    expect(Object.keys(api).sort()).toEqual(expected);
    expect(Reflect.ownKeys(api).sort()).toEqual(expected);
    for (const k of expected) expect(typeof (api as Record<string, unknown>)[k], k).toBe('function');
    // A plain object (what contextBridge clones), and no generic door.
    expect(Object.getPrototypeOf(api)).toBe(Object.prototype);
    expect(api).not.toHaveProperty('invoke');
    expect(api).not.toHaveProperty('send');
    expect(api).not.toHaveProperty('on');
  });

  it('routes each method to invoke with its own channel and the request, and returns its answer', async () => {
    const { api, invoke, subscribe } = build();
    const call = api as unknown as Record<string, (req?: unknown) => Promise<unknown>>;
    for (const c of CHANNELS) {
      const req = { probe: c };
      await expect(call[c]!(req), c).resolves.toEqual({ channel: c, req });
      expect(invoke).toHaveBeenLastCalledWith(c, req);
    }
    await api.getSnapshot();
    expect(invoke).toHaveBeenLastCalledWith('getSnapshot', undefined);
    expect(invoke).toHaveBeenCalledTimes(CHANNELS.length + 1);
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('routes each on… method to subscribe with its own event, passing the callback and its unsubscribe back', () => {
    const { api, invoke, subscribe, unsubscribes } = build();
    for (const e of EVENT_NAMES) {
      const cb = vi.fn();
      const off = (api[EVENT_METHODS[e]] as (cb: (p: unknown) => void) => () => void)(cb);
      expect(subscribe).toHaveBeenLastCalledWith(e, cb);
      expect(off, e).toBe(unsubscribes.get(e));
    }
    expect(subscribe).toHaveBeenCalledTimes(EVENT_NAMES.length);
    expect(invoke).not.toHaveBeenCalled();
  });

  it('is typed as LookupTrayApi exactly (checked by tsc)', () => {
    expectTypeOf(buildBridge).returns.toEqualTypeOf<LookupTrayApi>();
  });
});
