import { useTranslation } from 'react-i18next';
import { currencies, type Currency } from '../../../shared/money/currencies';
import { Field } from '../common/field';
import { generateMerchantReference } from './merchant-reference';
import { useSaleStore, type SaleDraft } from '../stores/sale-store';
import type { FieldWiring } from './field-wiring';

const edit = (changes: Partial<SaleDraft>) => useSaleStore.getState().editDraft(changes);

/** Amount (decimals per currency) and currency: the first thing the cashier types. */
export function AmountFields(props: { draft: SaleDraft; currency: Currency; wiring: FieldWiring }) {
  const { draft, currency, wiring } = props;
  const { t } = useTranslation();
  return (
    <div className="form-row form-row-amount">
      <Field label={t('sale.amount')} error={wiring.errorOf('amount')} className="field-amount">
        {(control) => (
          <input
            {...control}
            ref={wiring.register('amount')}
            className="input input-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            // The operator's first keystroke goes here on every new sale.
            autoFocus
            dir="ltr"
            value={draft.amount}
            onChange={(event) => edit({ amount: event.target.value })}
            onBlur={wiring.blurred('amount')}
          />
        )}
      </Field>
      <Field label={t('sale.currency')} className="field-currency">
        {(control) => (
          <select
            {...control}
            ref={wiring.register('currency')}
            className="input select"
            value={currency}
            onChange={(event) => edit({ currency: event.target.value as Currency })}
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

/** Merchant reference (generated, editable) and the optional customer phone. */
export function DetailFields(props: { draft: SaleDraft; wiring: FieldWiring }) {
  const { draft, wiring } = props;
  const { t } = useTranslation();
  return (
    <div className="form-row form-row-details">
      <Field
        label={t('sale.reference')}
        error={wiring.errorOf('merchantReferenceId')}
        className="field-reference"
      >
        {(control) => (
          <div className="input-with-action">
            <input
              {...control}
              ref={wiring.register('merchantReferenceId')}
              className="input"
              type="text"
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
              value={draft.merchantReferenceId}
              onChange={(event) => edit({ merchantReferenceId: event.target.value })}
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
        )}
      </Field>
      <fieldset className="fieldset-phone">
        <legend>
          {t('sale.phone')} <span className="field-optional">({t('common.optional')})</span>
        </legend>
        <Field
          label={t('sale.phoneCountry')}
          error={wiring.errorOf('phoneCountryCode')}
          className="field-country"
        >
          {(control) => (
            <input
              {...control}
              ref={wiring.register('phoneCountryCode')}
              className="input"
              type="tel"
              maxLength={4}
              autoComplete="off"
              placeholder="+966"
              dir="ltr"
              value={draft.phoneCountryCode}
              onChange={(event) => edit({ phoneCountryCode: event.target.value })}
              onBlur={wiring.blurred('phoneCountryCode')}
            />
          )}
        </Field>
        <Field
          label={t('sale.phoneNumber')}
          error={wiring.errorOf('phoneNumber')}
          className="field-phone"
        >
          {(control) => (
            <input
              {...control}
              ref={wiring.register('phoneNumber')}
              className="input"
              type="tel"
              maxLength={24}
              autoComplete="off"
              dir="ltr"
              value={draft.phoneNumber}
              onChange={(event) => edit({ phoneNumber: event.target.value })}
              onBlur={wiring.blurred('phoneNumber')}
            />
          )}
        </Field>
      </fieldset>
    </div>
  );
}
