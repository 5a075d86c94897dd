import { useRef, useState } from 'react';
import type { Forecast, QuotaState } from '../../../shared/quota';
import { monthAtRisk, nextMinuteBoundary, nextMonthBoundary } from '../../../shared/quota';
import type { CheckQuotaOutcome } from '../../../shared/outcome';
import type { Words } from '../../../shared/i18n';
import { useWords } from '../words-context';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { useFading } from '../use-fading';
import { QuotaGauge, shownWindow } from './quota-gauge';
import { useApi } from '../api-context';

interface Props {
  quota: QuotaState;
  now: number;
  monthResetDay: number;
}

function forecastText(f: Forecast, now: number, w: Words): string | null {
  if (f.kind === 'runs-out') return w.uiQuota.runsOut(f.runsOutAt, now);
  if (f.kind === 'lasts') return w.uiQuota.lasts;
  return null;
}

/** The check's result in the window's words: how it was checked, or why it failed (the outcome's words). */
function checkedWords(r: Exclude<CheckQuotaOutcome, { kind: 'needs-confirmation' }> | null, w: Words): string {
  if (r === null) return w.uiQuota.checkFailed;
  return r.kind === 'checked' ? w.uiQuota.checked(r.via) : w.outcome.message(r.outcome);
}

/** `result`: the core's fact (null: the window could not ask it). */
type CheckState =
  | { phase: 'idle' }
  | { phase: 'busy' }
  | { phase: 'confirm' }
  | { phase: 'done'; result: Exclude<CheckQuotaOutcome, { kind: 'needs-confirmation' }> | null };

export function QuotaGauges({ quota, now, monthResetDay }: Props) {
  const api = useApi();
  const { w } = useWords();
  const q = w.uiQuota;
  const [check, setCheck] = useState<CheckState>({ phase: 'idle' });
  const noData = quota.month === null && quota.minute === null;
  const costs = quota.statusCheck === 'unsupported';
  const checkButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirming = check.phase === 'confirm';
  useEscapeToClose(confirming, () => setCheck({ phase: 'idle' }));
  useConfirmFocus(confirming, cancelButton, checkButton);
  const failed = check.phase === 'done' && check.result?.kind !== 'checked';
  const said = check.phase === 'done' ? checkedWords(check.result, w) : null;
  // "Quota checked …" fades after a while; a failure stays until the next check.
  useFading(check.phase === 'done' && !failed ? said : null, () => setCheck({ phase: 'idle' }));

  const runCheck = async (spend: boolean): Promise<void> => {
    setCheck({ phase: 'busy' });
    try {
      const r = await api.checkQuota(spend ? { spend: true } : {});
      setCheck(r.kind === 'needs-confirmation' ? { phase: 'confirm' } : { phase: 'done', result: r });
    } catch {
      setCheck({ phase: 'done', result: null });
    }
  };

  const month = quota.month ? shownWindow(quota.month, now, (t) => nextMonthBoundary(t, monthResetDay)) : null;
  const minute = quota.minute ? shownWindow(quota.minute, now, nextMinuteBoundary) : null;
  // The forecast describes this month only while it is the month shown (not one that has since reset).
  const forecast = month && !month.estimated && month.remaining > 0 ? forecastText(quota.forecast, now, w) : null;
  const atRisk = month !== null && !month.estimated && monthAtRisk(quota, now);

  return (
    <section className="gauges" aria-label={q.region}>
      {noData && <p className="no-data">{q.noData}</p>}
      {month && (
        <QuotaGauge scope="month" window={month} now={now} atRisk={atRisk}>
          {forecast && <p className={`forecast ${quota.forecast.kind}`}>{forecast}</p>}
        </QuotaGauge>
      )}
      {minute && quota.minutePlan !== 'none' && <QuotaGauge scope="minute" window={minute} now={now} />}
      {quota.minutePlan === 'none' && <p className="no-minute">{q.noMinute}</p>}
      <div className="check-row">
        {check.phase === 'confirm' ? (
          <div className="confirm" role="group" aria-label={q.confirmName}>
            <p>{q.needsSpend}</p>
            <button type="button" onClick={() => void runCheck(true)}>
              {q.checkSpend}
            </button>
            <button ref={cancelButton} type="button" className="secondary" onClick={() => setCheck({ phase: 'idle' })}>
              {q.cancel}
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
              {q.check}
            </button>
            {costs && check.phase === 'idle' && <span className="hint">{q.checkCosts}</span>}
            {check.phase === 'busy' && <span className="hint">{q.checking}</span>}
            {check.phase === 'done' && (
              <span className={failed ? 'hint error-text' : 'hint'} role="status">
                {said}
              </span>
            )}
          </>
        )}
      </div>
    </section>
  );
}
