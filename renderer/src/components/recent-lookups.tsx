import { Fragment } from 'react';
import type { RecentLookup } from '../../../shared/ipc';
import { useWords } from '../words-context';

/** An address that may break after its colons (a long IPv6 address in a narrow window), not mid-group. */
function Breakable({ ip }: { ip: string }) {
  const parts = ip.split(':');
  return parts.map((p, i) => (
    <Fragment key={i}>
      {p}
      {i < parts.length - 1 && (
        <>
          :<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** Recent lookups from the cache: a click shows one again without spending a request. */
export function RecentLookups({
  items,
  now,
  onPick,
  busy,
}: {
  items: RecentLookup[];
  now: number;
  onPick: (ip: string) => void;
  busy: boolean;
}) {
  const { w } = useWords();
  if (items.length === 0) return null;
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">{w.uiLookup.recentHeading}</h2>
      <ul>
        {items.slice(0, 8).map((r) => (
          <li key={r.ip}>
            <button type="button" className="recent-item" disabled={busy} onClick={() => onPick(r.ip)}>
              <span className="recent-ip" translate="no">
                <Breakable ip={r.ip} />
              </span>
              <span className="recent-label" translate="no">
                {r.label}
              </span>
              <span className="recent-age">{w.uiResult.age(now - r.fetchedAt)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
