import { useTranslation } from 'react-i18next';
import type { AttemptDetail, AttemptResult } from '../../../shared/ipc';
import { currencySchema } from '../../../shared/ipc';
import { auditWords } from './audit-words';
import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import { en } from '../i18n/en';
import { useLanguage } from '../i18n/use-language';
import { operatorLabel, useOperatorNames } from '../operators/operator-names';

type Transaction = NonNullable<AttemptResult['order']>['transactions'][number];

/** Gateway date text (ISO 8601, with or without Z) in the operator's format, else as sent. */
function gatewayTime(text: string | null, format: (ms: number) => string): string | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text : format(ms);
}

const { types, statuses } = en.transaction;

/** A gateway word in the operator's language when we know it, else exactly as sent. */
function useGatewayWord() {
  const { t } = useTranslation();
  return {
    type: (value: string) =>
      Object.hasOwn(types, value) ? t(`transaction.types.${value as keyof typeof types}`) : value,
    status: (value: string) =>
      Object.hasOwn(statuses, value)
        ? t(`transaction.statuses.${value as keyof typeof statuses}`)
        : value,
  };
}

/** The order's transactions as the gateway reports them (Authentication, Pay, Refund…). */
export function TransactionTable({ transactions }: { transactions: readonly Transaction[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const word = useGatewayWord();
  if (transactions.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="transactions-title">
      <h2 id="transactions-title">{t('detail.transactions')}</h2>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('detail.type')}</th>
              <th scope="col">{t('history.columns.status')}</th>
              <th scope="col">{t('history.columns.amount')}</th>
              <th scope="col">{t('result.authCode')}</th>
              <th scope="col">{t('result.gatewayCode')}</th>
              <th scope="col">{t('detail.time')}</th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((transaction, index) => {
              const currency = currencySchema.safeParse(transaction.currency);
              return (
                <tr key={index}>
                  <td>{word.type(transaction.type)}</td>
                  <td>{word.status(transaction.status)}</td>
                  <td>
                    {currency.success
                      ? formatMoney(transaction.amountMinor, currency.data, language)
                      : `${transaction.amountMinor} ${transaction.currency}`}
                  </td>
                  <td dir="ltr">{transaction.authorizationCode ?? t('common.none')}</td>
                  <td dir="ltr">{transaction.responseCode ?? t('common.none')}</td>
                  <td>
                    {gatewayTime(transaction.createdAt, (ms) => formatDateTime(ms, language)) ??
                      t('common.none')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The journal's append-only audit trail for this attempt (never holds card data). */
export function AuditTable({ events }: { events: AttemptDetail['events'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useOperatorNames((s) => s.names);
  return (
    <section className="detail-section" aria-labelledby="audit-title">
      <h2 id="audit-title">{t('detail.audit')}</h2>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('detail.time')}</th>
              <th scope="col">{t('detail.step')}</th>
              <th scope="col">{t('detail.outcome')}</th>
              <th scope="col">{t('detail.note')}</th>
              <th scope="col">{t('detail.operator')}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, index) => {
              const words = auditWords(t, event);
              return (
                <tr key={index}>
                  <td>{formatDateTime(event.at, language)}</td>
                  <td>{words.step}</td>
                  <td>{words.outcome}</td>
                  <td>{words.note ?? t('common.none')}</td>
                  <td>
                    {operatorLabel(event.operator, names, (operator, approver) =>
                      t('detail.approvedBy', { operator, approver }),
                    ) ?? t('common.none')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
