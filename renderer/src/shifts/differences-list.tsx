import { useTranslation } from 'react-i18next';
import type { Difference } from '../../../shared/ipc-shifts';
import { brandNames } from '../../../shared/card/brand-names';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { DataTable, type Column } from '../common/data-table';
import { useLanguage } from '../i18n/use-language';

/**
 * The open differences with the gateway, each with what identifies the payment to a
 * supervisor (reference, time, card, amount) and, where adopting is the fix, the button
 * that asks to confirm it. Differences an earlier Z left open are among them until resolved.
 */
export function DifferencesList({
  differences,
  onAdopt,
}: {
  differences: readonly Difference[];
  onAdopt(difference: Difference): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const brand = (name: string) =>
    Object.hasOwn(brandNames[language], name)
      ? brandNames[language][name as keyof (typeof brandNames)['en']]
      : name;
  const columns: Column<Difference>[] = [
    { header: t('shifts.differenceWhat'), cell: (d) => t(`shifts.kinds.${d.kind}`) },
    {
      header: t('shifts.differenceReference'),
      ltr: true,
      cell: (d) => <bdi dir="ltr">{d.merchantReferenceId ?? d.orderId ?? ''}</bdi>,
    },
    {
      header: t('shifts.differenceTime'),
      cell: (d) => (d.createdAt === null ? '' : <bdi>{formatDateTime(d.createdAt, language)}</bdi>),
    },
    {
      header: t('shifts.differenceCard'),
      cell: (d) => (
        <>
          {d.brand ? `${brand(d.brand)} ` : ''}
          {d.maskedCard ? <bdi dir="ltr">{d.maskedCard}</bdi> : null}
        </>
      ),
    },
    {
      header: t('shifts.differenceAmount'),
      cell: (d) => {
        const amount = d.gatewayAmountMinor ?? d.journalAmountMinor;
        return amount === null ? '' : <bdi>{formatMoney(amount, d.currency, language)}</bdi>;
      },
    },
    {
      header: t('shifts.adopt'),
      hiddenHeader: true,
      cell: (d) =>
        d.adopted ? (
          t('shifts.adoptedDone')
        ) : d.action === 'adopt-gateway' && d.orderId ? (
          <button type="button" className="button" onClick={() => onAdopt(d)}>
            {t('shifts.adopt')}
          </button>
        ) : (
          t(`shifts.actions.${d.action}`)
        ),
    },
  ];
  return (
    <section className="notice notice-warning" aria-labelledby="differences-title">
      <h2 id="differences-title">{t('shifts.differencesTitle')}</h2>
      <p>{t('shifts.differencesCarried')}</p>
      <DataTable
        columns={columns}
        rows={differences}
        rowKey={(d, index) => `${d.orderId ?? d.attemptId ?? ''}-${index}`}
      />
    </section>
  );
}
