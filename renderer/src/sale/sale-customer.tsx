import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerView } from '../../../shared/ipc-customers';
import { validateCustomerPhone } from '../../../shared/phone';
import { ErrorNotice } from '../common/error-notice';
import { TextField } from '../common/text-field';
import { CustomerDialog } from '../customers/customer-dialog';
import { CustomerPhoneValue } from '../customers/customer-phone-value';
import { useCustomerSearch } from '../customers/use-customer-search';
import { paydesk } from '../paydesk';
import { useSaleStore } from '../stores/sale-store';

// A phone or a name narrows quickly; more than a few rows means "type more".
const shownMatches = 5;

/** The sale is for this customer (null: for nobody); their phone fills an empty phone. */
function choose(customer: CustomerView | null) {
  const { draft, editDraft } = useSaleStore.getState();
  const phone = customer?.phone
    ? validateCustomerPhone({ countryCode: '', number: customer.phone })
    : null;
  const fillPhone = draft.phoneNumber.trim() === '' && phone?.ok && phone.value;
  editDraft({
    customer,
    ...(fillPhone
      ? { phoneCountryCode: phone.value.countryCode, phoneNumber: phone.value.number }
      : {}),
  });
}

/**
 * Chooses the customer a sale is for, by phone or name, or adds a new one on the spot: their
 * usable saved cards are then offered, or the card keyed now can be saved for them.
 */
export function SaleCustomer({ customer }: { customer: CustomerView | null }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const search = useCustomerSearch(customer ? '' : query);

  // The chosen customer as main knows them now (a card removed or saved since, at another
  // counter too), once per sale form.
  const chosenId = customer?.customerId ?? null;
  useEffect(() => {
    if (!chosenId) return;
    let live = true;
    void paydesk()
      .customerGet({ customerId: chosenId })
      .then((answer) => {
        const still = useSaleStore.getState().draft.customer?.customerId === chosenId;
        if (live && answer.ok && still)
          useSaleStore.getState().editDraft({ customer: answer.value });
      });
    return () => {
      live = false;
    };
  }, [chosenId]);

  if (customer) {
    return (
      <div className="sale-customer sale-customer-chosen">
        <p>
          <span className="sale-customer-label">{t('savedCards.customer')}:</span>{' '}
          <strong dir="auto">{customer.name}</strong>
          {customer.phone ? (
            <>
              {' · '}
              <CustomerPhoneValue phone={customer.phone} />
            </>
          ) : null}
        </p>
        <button type="button" className="button button-quiet" onClick={() => choose(null)}>
          {t('savedCards.change')}
        </button>
      </div>
    );
  }
  return (
    <div className="sale-customer">
      <div className="input-with-action">
        <TextField
          label={`${t('savedCards.findLabel')} (${t('common.optional')})`}
          hint={t('savedCards.findHint')}
          hintPlacement="inline"
          fieldClassName="field-sale-customer"
          type="search"
          maxLength={128}
          spellCheck={false}
          dir="auto"
          value={query}
          onValueChange={setQuery}
        />
        <button type="button" className="button button-quiet" onClick={() => setAdding(true)}>
          {t('customers.newCustomer')}
        </button>
      </div>
      {search.error ? <ErrorNotice error={search.error} /> : null}
      {search.answered !== null && !search.searching && search.customers.length === 0 ? (
        <p role="status">{t('customers.noMatch')}</p>
      ) : null}
      {search.customers.length > 0 ? (
        <ul className="sale-customer-matches">
          {search.customers.slice(0, shownMatches).map((match) => (
            <li key={match.customerId}>
              <span dir="auto">{match.name}</span>
              {match.phone ? <CustomerPhoneValue phone={match.phone} /> : null}
              <button
                type="button"
                className="button"
                aria-label={t('savedCards.chooseOne', { name: match.name })}
                onClick={() => choose(match)}
              >
                {t('savedCards.choose')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <CustomerDialog
          customer={null}
          onClose={() => setAdding(false)}
          onSaved={(created) => {
            setAdding(false);
            choose(created);
          }}
        />
      ) : null}
    </div>
  );
}
