import { useTranslation } from 'react-i18next';
import { type AttemptDetail, type AttemptResult, currencySchema } from '../../../shared/ipc';
import { DataTable, type Column } from '../common/data-table';
import { auditTrailWords, type AuditLine } from './audit-words';
import { ErrorDetails } from '../common/error-notice';
import { formatDateTime } from '../../../shared/format/date-text';
import { screenMoney } from '../format/screen-money';
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

/**
 * A table of the attempt's detail screen under its own heading. Its rows (the gateway's
 * transactions, the journal's events) only ever grow at the end: their place is their key.
 */
function DetailTable<Row>({
  id,
  title,
  columns,
  rows,
}: {
  id: string;
  title: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
}) {
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <DataTable columns={columns} rows={rows} rowKey={(_row, index) => index} />
    </section>
  );
}

/** The order's transactions as the gateway reports them (Authentication, Pay, Refund…). */
export function TransactionTable({ transactions }: { transactions: readonly Transaction[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const word = useGatewayWord();
  if (transactions.length === 0) return null;
  const amount = (transaction: Transaction) => {
    const currency = currencySchema.safeParse(transaction.currency);
    return currency.success
      ? screenMoney(transaction.amountMinor, currency.data, language)
      : `${transaction.amountMinor} ${transaction.currency}`;
  };
  const columns: Column<Transaction>[] = [
    { header: t('detail.type'), cell: (transaction) => word.type(transaction.type) },
    { header: t('history.columns.status'), cell: (transaction) => word.status(transaction.status) },
    { header: t('history.columns.amount'), cell: amount },
    {
      header: t('result.authCode'),
      ltr: true,
      cell: (transaction) => transaction.authorizationCode ?? t('common.none'),
    },
    {
      header: t('result.gatewayCode'),
      ltr: true,
      cell: (transaction) => transaction.responseCode ?? t('common.none'),
    },
    {
      header: t('detail.time'),
      cell: (transaction) =>
        gatewayTime(transaction.createdAt, (ms) => formatDateTime(ms, language)) ??
        t('common.none'),
    },
  ];
  return (
    <DetailTable
      id="transactions-title"
      title={t('detail.transactions')}
      columns={columns}
      rows={transactions}
    />
  );
}

type AuditEvent = AttemptDetail['events'][number];
type AuditRow = AuditEvent & { words: AuditLine };

/** The journal's append-only audit trail for this attempt (never holds card data). */
export function AuditTable({ events }: { events: AttemptDetail['events'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useOperatorNames((s) => s.names);
  const rows: AuditRow[] = auditTrailWords(t, events);
  const columns: Column<AuditRow>[] = [
    { header: t('detail.time'), cell: (row) => formatDateTime(row.at, language) },
    { header: t('detail.step'), cell: (row) => row.words.step },
    { header: t('detail.outcome'), cell: (row) => row.words.outcome },
    {
      header: t('detail.note'),
      cell: ({ words }) => (
        <>
          {words.note ?? t('common.none')}
          {words.codes.length > 0 ? <ErrorDetails codes={words.codes} /> : null}
        </>
      ),
    },
    {
      header: t('detail.operator'),
      cell: (row) =>
        operatorLabel(row.operator, names, (operator, approver) =>
          t('detail.approvedBy', { operator, approver }),
        ) ?? t('common.none'),
    },
  ];
  return <DetailTable id="audit-title" title={t('detail.audit')} columns={columns} rows={rows} />;
}
