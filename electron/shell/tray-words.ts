/**
 * The tray's facts (electron/core/tray/tray-model.ts) in words: the tooltip, the status lines, the profiles', the
 * bulk job's and the update's items, in the language the app speaks (the `tray` area of shared/i18n). The menu's
 * own items are worded by tray-menu.ts from the same area.
 */
import { wordsFor, type Lang, type Speaker } from '../../shared/i18n';
import type { IconModel } from '../core/tray/icon-model';
import { trayFacts, type TrayFacts, type TrayModelOptions } from '../core/tray/tray-model';

/** The tray in words. */
export interface TrayModel {
  iconModel: IconModel;
  /** Short (Windows cuts tooltips at 127 characters). */
  tooltip: string;
  /** Disabled lines at the top of the menu. */
  statusLines: string[];
  demo: boolean;
  /** A key (or the demo) is configured for the profile in use: lookups and Check quota make sense. */
  hasKey: boolean;
  checkQuotaLabel: string;
  /** Check quota spends one request (no free status check known): the click is the consent. */
  checkQuotaSpends: boolean;
  /** Local-clock instant notifications are paused until, null when not paused. */
  pausedUntil: number | null;
  /** Local-clock instant when the icon would change without a new state (cooldown end, staleness), or null. */
  nextChangeAt: number | null;
  /** With more than one profile (and not in demo): one radio item each, with its month line. */
  profiles: { name: string; label: string; active: boolean }[];
  /** The latest bulk job in this process: its line, and whether it can be paused or resumed. */
  bulk: { jobId: string; line: string; canPause: boolean; canResume: boolean } | null;
  /**
   * A downloaded update: "Restart to update to 0.2.0", disabled (and saying why) while a bulk job runs; or, with
   * `url`, a newer version an unsigned build does not install: the item opens its release page.
   */
  update: { label: string; enabled: boolean; url?: string } | null;
}

const TOOLTIP_MAX = 127;

/** `facts` in the words of `speaker`. */
export function wordTray(facts: TrayFacts, speaker: Speaker): TrayModel {
  const t = speaker.w.tray;
  let tooltip = [t.head(facts.tooltip.head), ...facts.tooltip.lines.map((l) => t.tipLine(l))].join('\n');
  if (tooltip.length > TOOLTIP_MAX) tooltip = `${tooltip.slice(0, TOOLTIP_MAX - 1)}…`;
  const { bulk, update } = facts;
  return {
    iconModel: facts.iconModel,
    tooltip,
    statusLines: facts.statusLines.map((l) => t.line(l)),
    demo: facts.demo,
    hasKey: facts.hasKey,
    checkQuotaLabel: t.menu.checkQuota(facts.checkQuotaSpends),
    checkQuotaSpends: facts.checkQuotaSpends,
    pausedUntil: facts.pausedUntil,
    nextChangeAt: facts.nextChangeAt,
    profiles: facts.profiles.map((p) => ({ name: p.name, label: t.profile(p), active: p.active })),
    bulk: bulk && {
      jobId: bulk.jobId,
      line: t.bulk(bulk.progress, bulk.owner),
      canPause: bulk.canPause,
      canResume: bulk.canResume,
    },
    update: update && {
      label: t.update(update),
      enabled: update.kind === 'available' || !update.held,
      ...(update.kind === 'available' ? { url: update.url } : {}),
    },
  };
}

/** What the tray shows for `snapshot` at `now`, in `opts.lang` (English by default). */
export function buildTrayModel(
  snapshot: Parameters<typeof trayFacts>[0],
  now: number,
  opts: TrayModelOptions & { lang?: Lang } = {},
): TrayModel {
  return wordTray(trayFacts(snapshot, now, opts), wordsFor(opts.lang ?? 'en'));
}

/** "Updated 3 min ago" (English). */
export const updatedText = (ageMs: number): string => wordsFor('en').w.tray.line({ kind: 'updated', ageMs });
