import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerView, SavedCardView } from '../../../shared/ipc-customers';
import { DataTable, type Column } from '../common/data-table';
import { ErrorNotice } from '../common/error-notice';
import { Screen } from '../common/screen';
import { TextField } from '../common/text-field';
import { isolate } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { CustomerDetail } from './customer-detail';
import { CustomerDialog } from './customer-dialog';
import { CustomerPhoneValue } from './customer-phone-value';
import { DeleteCustomerDialog, RemoveCardDialog } from './customer-removal-dialogs';
import { SavedCardName } from './saved-card-name';
import { useCustomerSearch } from './use-customer-search';

type Open =
  | { kind: 'new' }
  | { kind: 'edit'; customer: CustomerView }
  | { kind: 'delete'; customer: CustomerView }
  | { kind: 'remove'; customer: CustomerView; card: SavedCardView }
  | null;

/**
 * The Customers screen: find a customer by name, phone or a saved card's last 4, add one
 * or change their details, see their saved cards, remove a card or delete the customer
 * (both asked first). Cards are never added here: a card is saved only on a sale, with the
 * customer's agreement.
 */
export function CustomersScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const [generation, setGeneration] = useState(0);
  const search = useCustomerSearch(query, generation);
  const [chosen, setChosen] = useState<CustomerView | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // A save, removal or deletion changes what the list shows: ask again for the same text.
  const changed = (customer: CustomerView | null, said: string) => {
    setOpen(null);
    setChosen(customer);
    setNotice(said);
    setGeneration((n) => n + 1);
  };
  const saved = (customer: CustomerView) =>
    changed(customer, t('customers.saved', { name: isolate(customer.name, language) }));

  const columns: Column<CustomerView>[] = [
    { header: t('customers.name'), cell: (c) => <bdi>{c.name}</bdi> },
    {
      header: t('customers.phone'),
      cell: (c) => (c.phone ? <CustomerPhoneValue phone={c.phone} /> : t('common.none')),
    },
    {
      header: t('customers.cards.title'),
      cell: (c) =>
        c.cards.length === 0 ? (
          t('common.none')
        ) : (
          <ul className="saved-card-plain-list">
            {c.cards.map((card) => (
              <li key={card.cardId}>
                <SavedCardName card={card} />
              </li>
            ))}
          </ul>
        ),
    },
    {
      header: t('customers.open'),
      hiddenHeader: true,
      className: 'table-actions',
      cell: (c) => (
        <button
          type="button"
          className="button"
          aria-pressed={chosen?.customerId === c.customerId}
          aria-label={t('customers.openOne', { name: c.name })}
          onClick={() => {
            setNotice(null);
            setChosen(c);
          }}
        >
          {t('customers.open')}
        </button>
      ),
    },
  ];

  const nothingFound =
    search.answered !== null && !search.searching && !search.error && search.customers.length === 0;
  return (
    <Screen id="customers-title" title={t('customers.title')} className="customers-screen">
      <div className="customers-layout">
        <div className="customers-main">
          <div className="customers-search input-with-action">
            <TextField
              label={t('customers.find')}
              hint={t('customers.findHint')}
              type="search"
              maxLength={128}
              spellCheck={false}
              dir="auto"
              autoFocus
              value={query}
              onValueChange={setQuery}
            />
            <button
              type="button"
              className="button"
              onClick={() => {
                setNotice(null);
                setOpen({ kind: 'new' });
              }}
            >
              {t('customers.newCustomer')}
            </button>
          </div>
          <div role="status" className="customers-status">
            {notice ? <p className="notice notice-success">{notice}</p> : null}
            {search.searching ? <p>{t('customers.searching')}</p> : null}
            {nothingFound ? <p>{t('customers.noMatch')}</p> : null}
          </div>
          {search.error ? <ErrorNotice error={search.error} /> : null}
          {search.customers.length > 0 ? (
            <DataTable
              caption={t('customers.caption')}
              columns={columns}
              rows={search.customers}
              rowKey={(c) => c.customerId}
            />
          ) : null}
        </div>
        {chosen ? (
          <CustomerDetail
            customer={chosen}
            onEdit={() => setOpen({ kind: 'edit', customer: chosen })}
            onDelete={() => setOpen({ kind: 'delete', customer: chosen })}
            onRemoveCard={(card) => setOpen({ kind: 'remove', customer: chosen, card })}
          />
        ) : null}
      </div>
      {open?.kind === 'new' || open?.kind === 'edit' ? (
        <CustomerDialog
          customer={open.kind === 'edit' ? open.customer : null}
          onClose={() => setOpen(null)}
          onSaved={saved}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteCustomerDialog
          customer={open.customer}
          onClose={() => setOpen(null)}
          onDeleted={(count) =>
            changed(
              null,
              t('customers.deleted', { name: isolate(open.customer.name, language), count }),
            )
          }
        />
      ) : null}
      {open?.kind === 'remove' ? (
        <RemoveCardDialog
          customer={open.customer}
          card={open.card}
          onClose={() => setOpen(null)}
          onRemoved={(customer) => changed(customer, t('customers.cards.removed'))}
        />
      ) : null}
    </Screen>
  );
}
