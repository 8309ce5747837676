import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money-text';
import { useLanguage } from '../i18n/use-language';
import { useHistoryStore } from '../stores/history-store';
import { useSaleStore } from '../stores/sale-store';
import { useScreenStore } from '../stores/screen-store';
import { useUnsettledStore } from '../stores/unsettled-store';

/** Shows one payment in History. */
export function openInHistory(attemptId: string): void {
  void useHistoryStore.getState().open(attemptId);
  useScreenStore.getState().go('history');
}

/**
 * A compact line on the sale form while a payment of this counter still awaits the bank
 * (running, or in doubt): its amount, or how many, and a way to open the newest. Read again
 * whenever the form appears and whenever a payment settles.
 */
export function UnsettledIndicator() {
  const { t } = useTranslation();
  const language = useLanguage();
  const payments = useUnsettledStore((s) => s.payments);
  const settled = useSaleStore((s) => s.settled);
  useEffect(() => {
    void useUnsettledStore.getState().load();
  }, [settled]);
  const newest = payments[0];
  if (!newest) return null;
  return (
    // A zero-height anchor that sticks to the top of the scrolling screen: the line stays in
    // view however far the form is scrolled, and takes no height from it.
    <div className="unsettled-anchor">
      <p className="unsettled-indicator" role="status">
        <span className="unsettled-mark" aria-hidden="true" />
        {payments.length === 1 ? (
          <span>
            {t('sameCard.indicatorOne')}{' '}
            <bdi className="unsettled-amount">
              {formatMoney(newest.amountMinor, newest.currency, language)}
            </bdi>
          </span>
        ) : (
          <span>{t('sameCard.indicatorSeveral', { count: payments.length })}</span>
        )}
        <button
          type="button"
          className="button button-quiet unsettled-open"
          aria-label={t('sameCard.openLabel')}
          onClick={() => openInHistory(newest.attemptId)}
        >
          {t('sameCard.open')}
        </button>
      </p>
    </div>
  );
}
