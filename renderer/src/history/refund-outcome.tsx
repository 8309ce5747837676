import { useTranslation } from 'react-i18next';
import type { IpcResult, RefundResult } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';

/**
 * What a refund answered, in words: a counter's own refund, or a refund of another
 * counter's payment from All counters, which answers in the same terms.
 */
export function RefundOutcome({
  answer,
}: {
  answer: IpcResult<{ outcome: RefundResult['outcome']; failure: RefundResult['failure'] }>;
}) {
  const { t } = useTranslation();
  if (!answer.ok) return <ErrorNotice error={answer.error} />;
  const { outcome, failure } = answer.value;
  if (outcome === 'refunded') {
    return (
      <p className="notice notice-success" role="status">
        {t('refund.done')}
      </p>
    );
  }
  if (outcome === 'in-doubt') {
    return (
      <p className="notice notice-warning" role="status">
        {t('refund.inDoubt')}
      </p>
    );
  }
  return failure ? (
    <ErrorNotice error={failure} title={t('refund.refused')} />
  ) : (
    <p className="notice notice-error" role="alert">
      {t('refund.refused')}
    </p>
  );
}
