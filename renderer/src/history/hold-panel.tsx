import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptDetail, HoldResult, IpcResult } from '../../../shared/ipc';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ErrorNotice } from '../common/error-notice';
import { Fact } from '../common/fact';
import { useLanguage } from '../i18n/use-language';
import { withApproval } from '../operators/approval';
import { paydesk } from '../paydesk';
import { useNow } from '../sale/use-now';
import { useHistoryStore } from '../stores/history-store';
import { useSettingsStore } from '../stores/settings-store';
import { formatHoldAge, holdTiming } from './hold-timing';

type HoldAction = 'capture' | 'release';

const noticeKeys = {
  captured: 'holds.captured',
  released: 'holds.released',
  'hold-expired': 'holds.lapsed',
  'in-doubt': 'holds.inDoubt',
} as const;

/** What a capture or release answered, in words (the detail itself updates from it). */
function HoldOutcome({ answer }: { answer: IpcResult<HoldResult> }) {
  const { t } = useTranslation();
  if (!answer.ok) return <ErrorNotice error={answer.error} />;
  const { outcome, failure } = answer.value;
  if (outcome === 'refused' || outcome === 'error') {
    return failure ? (
      <ErrorNotice error={failure} title={t('holds.refused')} />
    ) : (
      <p className="notice notice-error" role="alert">
        {t('holds.refused')}
      </p>
    );
  }
  const tone = outcome === 'in-doubt' ? 'notice-warning' : 'notice-success';
  return (
    <p className={`notice ${tone}`} role="status">
      {t(noticeKeys[outcome])}
    </p>
  );
}

/**
 * A hold in History (issue 17): the amount held, its age and expiry, a warning from a day
 * before the issuer lets it lapse, and Capture or Release through a confirmation (and a
 * supervisor's approval where operators are on). Past the expiry the gateway is asked once,
 * so a lapsed hold reads as ended as soon as the gateway says so.
 */
export function HoldPanel({ detail }: { detail: AttemptDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow(60_000);
  const expiryDays = useSettingsStore((s) => s.view?.settings.holds.expiryDays ?? 7);
  const [confirming, setConfirming] = useState<HoldAction | null>(null);
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
  const amount = formatMoney(row.amountMinor, row.currency, language);

  const act = async (action: HoldAction) => {
    const request = (approver?: { operatorId: string; secret: string }) =>
      action === 'capture'
        ? paydesk().holdCapture({ attemptId: row.attemptId, approver })
        : paydesk().holdRelease({ attemptId: row.attemptId, approver });
    const next = await withApproval(request);
    setConfirming(null);
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
          value={`${formatDateTime(timing.heldAt, language)} · ${t('holds.age', {
            age: formatHoldAge(now - timing.heldAt, language),
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
            : t('holds.expiresSoon', { date: formatDateTime(timing.expiresAt, language) })}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          onClick={() => setConfirming('capture')}
        >
          {t('holds.capture')}
        </button>
        <button type="button" className="button" onClick={() => setConfirming('release')}>
          {t('holds.release')}
        </button>
      </div>
      {answer ? <HoldOutcome answer={answer} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={t(confirming === 'capture' ? 'holds.captureTitle' : 'holds.releaseTitle')}
          confirmLabel={t(
            confirming === 'capture' ? 'holds.captureConfirm' : 'holds.releaseConfirm',
          )}
          onClose={() => setConfirming(null)}
          onConfirm={() => act(confirming)}
        >
          <p>
            {t(confirming === 'capture' ? 'holds.captureBody' : 'holds.releaseBody', { amount })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
