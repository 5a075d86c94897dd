/** A fake AppCore for wiring tests: handlers are vi.fn, events go through a real emitter. */
import { vi } from 'vitest';
import type { AppCore } from '../../electron/core/app/app-core-types';
import type { Lang } from '../../shared/i18n';
import { CHANNELS, type AppSnapshot, type Events, type Handlers } from '../../shared/ipc';
import { emptyQuotaState, levelFor, type QuotaState } from '../../shared/quota';
import { DEFAULT_SETTINGS } from '../../shared/settings';

export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
export const DEC1 = Date.UTC(2026, 11, 1);

export function snapshot(over: Partial<AppSnapshot> = {}, quota: Partial<QuotaState> = {}): AppSnapshot {
  return {
    settings: DEFAULT_SETTINGS,
    key: { hasKey: true, masked: '••••••3f9a', storage: 'keychain' },
    keychain: { available: true },
    demo: { active: false },
    quota: { ...emptyQuotaState('default', NOW), ...quota },
    notifications: { pausedUntil: null },
    notices: [],
    profiles: [{ name: 'default', label: 'Default', active: true, baseUrl: '', month: null }],
    watched: [],
    ...over,
  };
}

export const win = (remaining: number, limit: number, o: { observedAt?: number; resetAt?: number } = {}) => ({
  limit,
  remaining,
  observedAt: o.observedAt ?? NOW - 60_000,
  resetAt: o.resetAt ?? DEC1,
  level: levelFor(remaining, limit),
  estimated: false,
});

export type FakeCore = AppCore & {
  handlers: { [K in keyof Handlers]: ReturnType<typeof vi.fn> & Handlers[K] };
  current: AppSnapshot;
  /** The language `lang()` answers (English unless a test sets another). */
  speaks: Lang;
};

export function fakeCore(initial: AppSnapshot = snapshot()): FakeCore {
  const listeners = new Map<keyof Events, Set<(p: unknown) => void>>();
  const handlers = Object.fromEntries(
    CHANNELS.map((c) => [c, vi.fn(async () => undefined)]),
  ) as unknown as FakeCore['handlers'];
  const core: FakeCore = {
    current: initial,
    speaks: 'en',
    handlers,
    on(event, cb) {
      const set = listeners.get(event) ?? new Set();
      set.add(cb as (p: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(cb as (p: unknown) => void);
    },
    emit(event, payload) {
      for (const cb of listeners.get(event) ?? []) cb(payload);
    },
    setWindowVisible: vi.fn(),
    grantDroppedFile: vi.fn(async () => null),
    setSuspended: vi.fn(),
    lang: () => core.speaks,
    whenIdle: vi.fn(async () => {}),
    dispose: vi.fn(async () => {}),
  };
  handlers.getSnapshot.mockImplementation(async () => core.current);
  handlers.checkQuota.mockImplementation(async () => ({ kind: 'checked', via: 'status', message: 'ok' }));
  return core;
}
