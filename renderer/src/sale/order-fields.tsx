import { useTranslation } from 'react-i18next';
import { currencies, type Currency } from '../../../shared/money/currencies';
import { currencyOptions, SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { useSaleStore, type SaleDraft } from '../stores/sale-store';
import type { FieldWiring } from './field-wiring';
import { generateMerchantReference } from './merchant-reference';
import { PhoneFields } from './phone-fields';

const edit = (changes: Partial<SaleDraft>) => useSaleStore.getState().editDraft(changes);

/** The fields these groups hold, shared by the card form and the payment-link form. */
export type OrderField =
  'amount' | 'currency' | 'merchantReferenceId' | 'phoneCountryCode' | 'phoneNumber';

/** Amount (decimals per currency) and currency: the first thing the cashier types. */
export function AmountFields(props: {
  draft: SaleDraft;
  currency: Currency;
  wiring: FieldWiring<OrderField>;
  autoFocus: boolean;
}) {
  const { draft, currency, wiring, autoFocus } = props;
  const { t } = useTranslation();
  return (
    <div className="form-row form-row-amount">
      <TextField
        label={t('sale.amount')}
        error={wiring.errorOf('amount')}
        fieldClassName="field-amount"
        className="input-amount"
        inputRef={wiring.register('amount')}
        inputMode="decimal"
        // The operator's first keystroke goes here on every new sale (not on a retry).
        autoFocus={autoFocus}
        dir="ltr"
        value={draft.amount}
        onValueChange={(amount) => edit({ amount })}
        onBlur={wiring.blurred('amount')}
      />
      <SelectField
        label={t('sale.currency')}
        fieldClassName="field-currency"
        selectRef={wiring.register('currency')}
        value={currency}
        options={currencyOptions(currencies)}
        onValueChange={(chosen) => edit({ currency: chosen })}
      />
    </div>
  );
}

/**
 * Merchant reference (generated, editable) and the customer phone: optional on a sale; on a
 * link (`contactRequired`) it or an email is needed. The country code shows the one in use,
 * the store country's until the cashier types another.
 */
export function DetailFields(props: {
  draft: SaleDraft & { phoneCountryCode: string };
  wiring: FieldWiring<OrderField>;
  contactRequired?: boolean;
  /** False for a saved card's payment: the customer's own phone is on file. */
  phone?: boolean;
}) {
  const { draft, wiring, contactRequired = false, phone = true } = props;
  const { t } = useTranslation();
  return (
    <div className="form-row form-row-details">
      <div className="field-reference input-with-action">
        <TextField
          label={t('sale.reference')}
          error={wiring.errorOf('merchantReferenceId')}
          inputRef={wiring.register('merchantReferenceId')}
          maxLength={64}
          spellCheck={false}
          dir="ltr"
          value={draft.merchantReferenceId}
          onValueChange={(merchantReferenceId) => edit({ merchantReferenceId })}
          onBlur={wiring.blurred('merchantReferenceId')}
        />
        <button
          type="button"
          className="button button-quiet"
          onClick={() => edit({ merchantReferenceId: generateMerchantReference(new Date()) })}
        >
          {t('sale.newReference')}
        </button>
      </div>
      {phone ? (
        <PhoneFields
          legend={t('sale.phone')}
          note={contactRequired ? t('phones.linkContactRequired') : t('common.optional')}
          countryCode={draft.phoneCountryCode}
          number={draft.phoneNumber}
          onChange={edit}
          {...wiring}
        />
      ) : null}
    </div>
  );
}
