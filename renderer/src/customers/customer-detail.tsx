import { useTranslation } from 'react-i18next';
import type { CustomerView, SavedCardView } from '../../../shared/ipc-customers';
import { DataTable, type Column } from '../common/data-table';
import { When } from '../format/values';
import { useRoleAtLeast } from '../operators/role-gate';
import { savedCardState } from './saved-card-facts';
import { SavedCardExpiry, SavedCardName } from './saved-card-name';
import { CustomerPhoneValue } from './customer-phone-value';

/**
 * One customer: their details and saved cards (brand, last 4, expiry; expired and refused
 * ones marked, as the sale form does not offer them). Delete and Remove are a supervisor's
 * (main's permission table); both ask first.
 */
export function CustomerDetail({
  customer,
  onEdit,
  onDelete,
  onRemoveCard,
}: {
  customer: CustomerView;
  onEdit(): void;
  onDelete(): void;
  onRemoveCard(card: SavedCardView): void;
}) {
  const { t } = useTranslation();
  const supervisor = useRoleAtLeast('supervisor');
  const now = new Date();
  const columns: Column<SavedCardView>[] = [
    { header: t('customers.cards.card'), cell: (card) => <SavedCardName card={card} /> },
    { header: t('customers.cards.expiry'), cell: (card) => <SavedCardExpiry card={card} /> },
    {
      header: t('customers.cards.state'),
      cell: (card) => {
        const state = savedCardState(card, now);
        return (
          <span className={`saved-card-state saved-card-${state}`}>
            {t(`customers.cards.${state}`)}
          </span>
        );
      },
    },
    {
      header: t('customers.cards.agreement'),
      cell: (card) =>
        card.agreement
          ? t(`customers.agreementType.${card.agreement.type}`)
          : t('customers.cards.noAgreement'),
    },
    { header: t('customers.cards.savedAt'), cell: (card) => <When at={card.savedAt} /> },
    ...(supervisor
      ? [
          {
            header: t('customers.cards.remove'),
            hiddenHeader: true,
            className: 'table-actions',
            cell: (card: SavedCardView) => (
              <button
                type="button"
                className="button button-danger-quiet"
                aria-label={t('customers.cards.removeOne', { last4: card.last4 })}
                onClick={() => onRemoveCard(card)}
              >
                {t('customers.cards.remove')}
              </button>
            ),
          },
        ]
      : []),
  ];

  return (
    <section className="customer-detail side-panel" aria-labelledby="customer-detail-name">
      <h2 id="customer-detail-name" dir="auto">
        {customer.name}
      </h2>
      <dl className="customer-facts">
        <dt>{t('customers.phone')}</dt>
        <dd>{customer.phone ? <CustomerPhoneValue phone={customer.phone} /> : t('common.none')}</dd>
        <dt>{t('customers.email')}</dt>
        <dd>{customer.email ? <bdi dir="ltr">{customer.email}</bdi> : t('common.none')}</dd>
        <dt>{t('customers.since')}</dt>
        <dd>
          <When at={customer.createdAt} />
        </dd>
        {customer.notes ? (
          <>
            <dt>{t('customers.notes')}</dt>
            <dd dir="auto" className="customer-notes">
              {customer.notes}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="button-row">
        <button type="button" className="button" onClick={onEdit}>
          {t('customers.edit')}
        </button>
        {supervisor ? (
          <button type="button" className="button button-danger-quiet" onClick={onDelete}>
            {t('customers.delete')}
          </button>
        ) : null}
      </div>
      <h3>{t('customers.cards.title')}</h3>
      {customer.cards.length === 0 ? (
        <p>{t('customers.cards.none')}</p>
      ) : (
        <DataTable
          caption={t('customers.cards.caption', { name: customer.name })}
          columns={columns}
          rows={customer.cards}
          rowKey={(card) => card.cardId}
        />
      )}
    </section>
  );
}
