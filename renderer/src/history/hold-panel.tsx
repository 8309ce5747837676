import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptDetail, HoldResult, IpcResult } from '../../../shared/ipc';
import { formatDateTime } from '../../../shared/format/date-text';
import { screenMoney } from '../format/screen-money';
import { isolate } from '../format/values';
import { Fact } from '../common/fact';
import { useLanguage } from '../i18n/use-language';
import type { Credentials } from '../operators/sign-in-form';
import { paydesk } from '../paydesk';
import { useNow } from '../sale/use-now';
import { useHistoryStore } from '../stores/history-store';
import { useSettingsStore } from '../stores/settings-store';
import { HoldActions, HoldOutcome, type HoldAction } from './hold-actions';
import { formatHoldAge, holdTiming } from './hold-timing';

/**
 * A hold in History: the amount held, its age and expiry, a warning from a day
 * before the issuer lets it lapse, and Capture or Release through a confirmation (and a
 * supervisor's approval where operators are on). Past the expiry the gateway is asked once,
 * so a lapsed hold reads as ended as soon as the gateway says so.
 */
export function HoldPanel({ detail }: { detail: AttemptDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow(60_000);
  const expiryDays = useSettingsStore((s) => s.view?.settings.holds.expiryDays ?? 7);
  const [answer, setAnswer] = useState<IpcResult<HoldResult> | null>(null);
  const { row } = detail;
  const timing = holdTiming(row, expiryDays, now);
  const expired = timing?.expired ?? false;

  useEffect(() => {
    if (!expired) return;
    void paydesk()
      .attemptCheck({ attemptId: row.attemptId })
      .then(() => useHistoryStore.getState().refreshAttempt(row.attemptId));
  }, [expired, row.attemptId]);

  if (!timing) return answer ? <HoldOutcome answer={answer} /> : null;
  const amount = screenMoney(row.amountMinor, row.currency, language);

  const send = (action: HoldAction, approver?: Credentials) =>
    action === 'capture'
      ? paydesk().holdCapture({ attemptId: row.attemptId, approver })
      : paydesk().holdRelease({ attemptId: row.attemptId, approver });
  const answered = (next: IpcResult<HoldResult>) => {
    setAnswer(next);
    if (next.ok && next.value.detail) useHistoryStore.getState().showDetail(next.value.detail);
    else void useHistoryStore.getState().refreshAttempt(row.attemptId);
  };

  return (
    <section className="detail-section hold-panel" aria-labelledby="hold-title">
      <h2 id="hold-title">{t('holds.heldAmount')}</h2>
      <dl className="facts facts-grid">
        <Fact label={t('holds.heldAmount')} value={amount} keepEmpty />
        <Fact
          label={t('holds.heldSince')}
          value={`${isolate(formatDateTime(timing.heldAt, language), language)} · ${t('holds.age', {
            age: isolate(formatHoldAge(now - timing.heldAt, language), language),
          })}`}
          keepEmpty
        />
        <Fact
          label={t('holds.expires')}
          value={formatDateTime(timing.expiresAt, language)}
          keepEmpty
        />
      </dl>
      {timing.warn ? (
        <p className="notice notice-warning" role="alert">
          {expired
            ? t('holds.expired')
            : t('holds.expiresSoon', {
                date: isolate(formatDateTime(timing.expiresAt, language), language),
              })}
        </p>
      ) : null}
      <HoldActions
        amount={isolate(amount, language)}
        payment={{ card: row.masked, reference: row.merchantReferenceId }}
        send={send}
        onAnswer={answered}
      />
      {answer ? <HoldOutcome answer={answer} /> : null}
    </section>
  );
}
