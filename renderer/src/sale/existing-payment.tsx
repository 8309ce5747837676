import { useTranslation } from 'react-i18next';
import type { ExistingPayment } from '../../../shared/ipc';
import { Fact } from '../common/fact';
import { formatDateTime } from '../../../shared/format/date-text';
import { screenMoney } from '../format/screen-money';
import { useLanguage } from '../i18n/use-language';
import { useHistoryStore } from '../stores/history-store';
import { useScreenStore } from '../stores/screen-store';

/**
 * The payment that already holds the merchant reference a new sale was refused for: which
 * one it is (reference, amount, status, date) and a way to open it in History, so the
 * operator checks it instead of charging the customer a second time.
 */
export function ExistingPaymentFacts({ payment }: { payment: ExistingPayment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const open = () => {
    void useHistoryStore.getState().open(payment.attemptId);
    useScreenStore.getState().go('history');
  };
  return (
    <div className="existing-payment">
      <p className="notice-title">{t('sale.existing.title')}</p>
      <dl className="facts">
        <Fact label={t('result.reference')} value={payment.merchantReferenceId} ltr />
        <Fact
          label={t('history.columns.amount')}
          value={screenMoney(payment.amountMinor, payment.currency, language)}
        />
        <Fact label={t('history.columns.status')} value={t(`status.${payment.status}`)} />
        <Fact
          label={t('history.columns.date')}
          value={formatDateTime(payment.createdAt, language)}
        />
        <Fact label={t('result.orderId')} value={payment.orderId} ltr />
      </dl>
      <button type="button" className="button" onClick={open}>
        {t('sale.existing.open')}
      </button>
    </div>
  );
}
