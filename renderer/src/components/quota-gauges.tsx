import { useRef, useState } from 'react';
import type { Forecast, QuotaState } from '../../../shared/quota';
import { monthAtRisk, nextMinuteBoundary, nextMonthBoundary } from '../../../shared/quota';
import { formatUtcDay } from '../format';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { useFading } from '../use-fading';
import { QuotaGauge, shownWindow } from './quota-gauge';
import { useApi } from '../api-context';

interface Props {
  quota: QuotaState;
  now: number;
  monthResetDay: number;
}

function forecastText(f: Forecast, now: number): string | null {
  if (f.kind === 'runs-out')
    return `At this pace the month quota runs out on ${formatUtcDay(f.runsOutAt, undefined, now)}.`;
  if (f.kind === 'lasts') return 'At this pace it lasts the month.';
  return null;
}

type CheckState =
  | { phase: 'idle' }
  | { phase: 'busy' }
  | { phase: 'confirm'; message: string }
  | { phase: 'done'; message: string; failed: boolean };

export function QuotaGauges({ quota, now, monthResetDay }: Props) {
  const api = useApi();
  const [check, setCheck] = useState<CheckState>({ phase: 'idle' });
  const noData = quota.month === null && quota.minute === null;
  const costs = quota.statusCheck === 'unsupported';
  const checkButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirming = check.phase === 'confirm';
  useEscapeToClose(confirming, () => setCheck({ phase: 'idle' }));
  useConfirmFocus(confirming, cancelButton, checkButton);
  // "Quota checked …" fades after a while; a failure stays until the next check.
  useFading(check.phase === 'done' && !check.failed ? check.message : null, () => setCheck({ phase: 'idle' }));

  const runCheck = async (spend: boolean): Promise<void> => {
    setCheck({ phase: 'busy' });
    try {
      const r = await api.checkQuota(spend ? { spend: true } : {});
      if (r.kind === 'needs-confirmation') setCheck({ phase: 'confirm', message: r.message });
      else setCheck({ phase: 'done', message: r.message, failed: r.kind === 'failed' });
    } catch {
      setCheck({ phase: 'done', message: 'Could not check the quota. Try again.', failed: true });
    }
  };

  const month = quota.month ? shownWindow(quota.month, now, (t) => nextMonthBoundary(t, monthResetDay)) : null;
  const minute = quota.minute ? shownWindow(quota.minute, now, nextMinuteBoundary) : null;
  // The forecast describes this month only while it is the month shown (not one that has since reset).
  const forecast = month && !month.estimated && month.remaining > 0 ? forecastText(quota.forecast, now) : null;
  const atRisk = month !== null && !month.estimated && monthAtRisk(quota, now);

  return (
    <section className="gauges" aria-label="Quota">
      {noData && <p className="no-data">No quota data yet — it appears after your first lookup, or Check quota.</p>}
      {month && (
        <QuotaGauge scope="month" window={month} now={now} atRisk={atRisk}>
          {forecast && <p className={`forecast ${quota.forecast.kind}`}>{forecast}</p>}
        </QuotaGauge>
      )}
      {minute && quota.minutePlan !== 'none' && <QuotaGauge scope="minute" window={minute} now={now} />}
      {quota.minutePlan === 'none' && <p className="no-minute">No per-minute limit</p>}
      <div className="check-row">
        {check.phase === 'confirm' ? (
          <div className="confirm" role="group" aria-label="Confirm quota check">
            <p>{check.message || 'Checking uses 1 request of your quota.'}</p>
            <button type="button" onClick={() => void runCheck(true)}>
              Check quota (uses 1 request)
            </button>
            <button ref={cancelButton} type="button" className="secondary" onClick={() => setCheck({ phase: 'idle' })}>
              Cancel
            </button>
          </div>
        ) : (
          <>
            <button
              ref={checkButton}
              type="button"
              className="link"
              disabled={check.phase === 'busy'}
              onClick={() => void runCheck(false)}
            >
              Check quota
            </button>
            {costs && check.phase === 'idle' && <span className="hint">costs 1 request — asks first</span>}
            {check.phase === 'busy' && <span className="hint">Checking…</span>}
            {check.phase === 'done' && (
              <span className={check.failed ? 'hint error-text' : 'hint'} role="status">
                {check.message}
              </span>
            )}
          </>
        )}
      </div>
    </section>
  );
}
