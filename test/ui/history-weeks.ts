/**
 * Six weeks of use for History's screens (history, a11y-states, i18n-pseudo and i18n-german specs): a chart with
 * two months, to the 18th.
 */
import { expect, type Preview } from './fixtures';

const DAY = 86_400_000;

/** The previous month (steady use) and this one up to its 18th (busier), one lookup a day, through the core. */
export async function sixWeeksOfUse(preview: Preview): Promise<void> {
  const now = new Date(preview.clock.now());
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 9);
  const second = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).getUTCMonth();
  preview.advance(first - preview.clock.now());
  let used = 0;
  let month = -1;
  for (let d = 0; ; d++) {
    const t = new Date(preview.clock.now());
    const thisMonth = t.getUTCMonth() === second;
    if (thisMonth && t.getUTCDate() === 18) break;
    if (t.getUTCMonth() !== month) [month, used] = [t.getUTCMonth(), 0];
    used += thisMonth ? 420 + ((d * 37) % 90) : 250 + ((d * 53) % 60);
    preview.sim.setUsage(preview.apiKey, { month: Math.min(9_999, used) });
    const out = await preview.core.handlers.lookup({ ip: `198.51.100.${(d % 250) + 1}`, refresh: true });
    expect(out.kind).toBe('ok');
    preview.advance(DAY);
  }
}
