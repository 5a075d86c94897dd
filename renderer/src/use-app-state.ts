import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSnapshot } from '../../shared/ipc';
import type { QuotaState } from '../../shared/quota';
import { useApi } from './api-context';
import { minuteCountsDown } from './components/quota-gauge';
import { useServiceNow } from './use-service-now';

interface QuotaBox {
  quota: QuotaState;
  /** Service clock minus local clock, from `asOf` at reception. */
  offset: number;
}

/**
 * The app's snapshot and live quota as the core publishes them, and "now" on the service clock (ticking while
 * something counts down). `refresh` asks the core again; `failed` says the last ask did not get through.
 */
export function useAppState() {
  const api = useApi();
  const [snapshot, setSnapshot] = useState<AppSnapshot | null>(null);
  const [box, setBox] = useState<QuotaBox | null>(null);
  const [failed, setFailed] = useState(false);

  // Events arrive in order; a getSnapshot answer may be overtaken by an event sent after it was made,
  // so an answer only replaces the quota when no quota event came in while it was on its way.
  const quotaEvents = useRef(0);
  const latestQuota = useRef<QuotaState | null>(null);
  const applyQuota = useCallback((q: QuotaState) => {
    quotaEvents.current++;
    latestQuota.current = q;
    setBox({ quota: q, offset: q.asOf - Date.now() });
  }, []);
  // The same for the snapshot: an answer made before a snapshot event (a notice raised, a setting saved) must not
  // replace what that event brought.
  const snapshotEvents = useRef(0);
  const applySnapshot = useCallback(
    (s: AppSnapshot, seenEvents?: number, seenSnapshots?: number) => {
      if (seenSnapshots === undefined || seenSnapshots === snapshotEvents.current) setSnapshot(s);
      if (seenEvents === undefined || seenEvents === quotaEvents.current) applyQuota(s.quota);
    },
    [applyQuota],
  );
  const refresh = useCallback(async () => {
    const seen = quotaEvents.current;
    const seenSnapshots = snapshotEvents.current;
    try {
      applySnapshot(await api.getSnapshot(), seen, seenSnapshots);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api, applySnapshot]);

  // Cooldowns come only from the core's quota state. The core publishes a 429's cooldown (quota-changed)
  // before the lookup answers, but the web preview carries events and answers on separate connections, so
  // if the answer overtook the event, ask for the state instead of keeping a cooldown of our own.
  const onRateLimited = useCallback(
    (resetAt: number) => {
      const held = latestQuota.current?.cooldown;
      if (!held || held.until < resetAt) void refresh();
    },
    [refresh],
  );

  useEffect(() => {
    const offs = [
      api.onQuotaChanged(applyQuota),
      api.onSnapshotChanged((snap) => {
        snapshotEvents.current++;
        applySnapshot(snap);
      }),
    ];
    void refresh();
    return () => offs.forEach((off) => off());
  }, [api, applyQuota, applySnapshot, refresh]);

  // Live "now" on the service clock; ticks only while something counts down and the window is visible.
  const offset = box?.offset ?? 0;
  const probe = Date.now() + offset;
  const quota = box?.quota ?? null;
  const rawCooldown = quota?.cooldown ?? null;
  const counting =
    (rawCooldown !== null && rawCooldown.until > probe) || minuteCountsDown(quota?.minute ?? null, probe);
  const now = useServiceNow(offset, counting);
  const offsetRef = useRef(offset);
  useEffect(() => {
    offsetRef.current = offset;
  }, [offset]);
  const serviceNow = useCallback(() => Date.now() + offsetRef.current, []);
  const cooldown = rawCooldown !== null && rawCooldown.until > now ? rawCooldown : null;

  // When a countdown ends, ask the core for the rolled-over state (it emits too; this is the fallback).
  const rolled = useRef(new Set<number>());
  useEffect(() => {
    const ends = [rawCooldown?.until, quota?.minute && !quota.minute.estimated ? quota.minute.resetAt : undefined];
    for (const t of ends) {
      if (t !== undefined && now >= t && !rolled.current.has(t)) {
        rolled.current.add(t);
        void refresh();
      }
    }
  }, [now, rawCooldown, quota, refresh]);

  /** A notice is dismissed: gone at once, and the core is told. */
  const dismissNotice = (id: string): void => {
    setSnapshot((s) => (s ? { ...s, notices: s.notices.filter((n) => n.id !== id) } : s));
    void api.dismissNotice({ id });
  };

  return {
    snapshot,
    quota,
    failed,
    now,
    serviceNow,
    cooldown,
    refresh,
    applySnapshot,
    onRateLimited,
    dismissNotice,
  };
}
