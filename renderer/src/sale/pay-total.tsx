import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { screenMoney } from '../format/screen-money';
import type { Currency } from '../../../shared/money/currencies';
import { useLanguage } from '../i18n/use-language';

/** The total of a sale or a link in its pay bar, read out as it changes (a dash until valid). */
export function PayTotal({
  amountMinor,
  currency,
  children,
}: {
  amountMinor: number | null;
  currency: Currency;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="pay-total" aria-live="polite">
      <span className="pay-total-label">{t('sale.total')}</span>
      <span className="pay-total-amount">
        {amountMinor === null ? t('common.none') : screenMoney(amountMinor, currency, language)}
      </span>
      {children}
    </div>
  );
}
