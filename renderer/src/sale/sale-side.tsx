import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../../shared/ipc';
import { screenMoney } from '../format/screen-money';
import { Money, When } from '../format/values';
import { parseAmount } from '../../../shared/money/amount';
import { formatCustomerPhone, validateCustomerPhone } from '../../../shared/phone';
import { StatusBadge } from '../history/status-badge';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useSaleStore } from '../stores/sale-store';
import { useSettingsStore } from '../stores/settings-store';
import { useStoreCallingCode } from './store-calling-code';

const recentCount = 5;

/**
 * The second column of wide screens: the sale being keyed (amount, reference, phone) and the
 * last few sales, so the cashier answers "did the last one go through?" without leaving.
 * Below the wide breakpoint CSS does not draw it.
 */
export function SaleSide() {
  const { t } = useTranslation();
  const language = useLanguage();
  const draft = useSaleStore((s) => s.draft);
  const defaultCurrency = useSettingsStore((s) => s.view?.settings.defaultCurrency);
  const currency = draft.currency ?? defaultCurrency ?? 'SAR';
  const [recent, setRecent] = useState<readonly HistoryRow[]>([]);
  const amount = parseAmount(draft.amount, currency);
  const storeCallingCode = useStoreCallingCode();
  const checkedPhone = validateCustomerPhone({
    countryCode: draft.phoneCountryCode ?? storeCallingCode,
    number: draft.phoneNumber,
  });
  // As it will be sent, once it is a phone number; nothing while it is still being typed.
  const phone = checkedPhone.ok ? checkedPhone.value : null;

  useEffect(() => {
    let live = true;
    void paydesk()
      .historySearch({ filters: {}, cursor: null, limit: recentCount })
      .then((answer) => {
        if (live && answer.ok) setRecent(answer.value.rows);
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <aside className="sale-side" aria-label={t('side.label')}>
      <section className="side-panel" aria-labelledby="side-current">
        <h2 id="side-current">{t('side.current')}</h2>
        <p className="side-amount">
          {amount.ok ? screenMoney(amount.value, currency, language) : t('common.none')}
        </p>
        <p>
          {t('sale.reference')}: <bdi dir="ltr">{draft.merchantReferenceId}</bdi>
        </p>
        {draft.customer ? (
          <p>
            {t('savedCards.customer')}: <bdi>{draft.customer.name}</bdi>
          </p>
        ) : null}
        {phone ? (
          <p>
            {t('sale.phone')}: <bdi dir="ltr">{formatCustomerPhone(phone)}</bdi>
          </p>
        ) : null}
      </section>
      <section className="side-panel" aria-labelledby="side-recent">
        <h2 id="side-recent">{t('side.recent')}</h2>
        {recent.length === 0 ? <p>{t('side.none')}</p> : null}
        <ul className="recent-list">
          {recent.map((row) => (
            <li key={row.attemptId}>
              <span className="recent-time">
                <When at={row.createdAt} />
              </span>
              <strong>
                <Money minor={row.amountMinor} currency={row.currency} />
              </strong>
              <StatusBadge status={row.status} failureCode={row.failureCode} />
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
