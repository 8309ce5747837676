import { useTranslation } from 'react-i18next';
import { cvvLengths } from '../../../shared/card/brand';
import type { CardBrand } from '../../../shared/card/brands';
import { Field } from '../common/field';
import { CardNumberInput } from './card-number-input';
import { expiryDisplay } from './card-input';
import type { FieldWiring } from './field-wiring';

export interface CardValues {
  cardNumber: string;
  expiry: string;
  cvv: string;
  holderName: string;
}

interface CardFieldsProps {
  values: CardValues;
  brand: CardBrand | null;
  onChange(changes: Partial<CardValues>): void;
  wiring: FieldWiring;
}

/** Card number (brand shown as soon as the digits settle it), expiry, CVV, holder name. */
export function CardFields({ values, brand, onChange, wiring }: CardFieldsProps) {
  const { t } = useTranslation();
  const cvvDigits = cvvLengths(brand);
  const cvvHint =
    cvvDigits.length > 1
      ? t('sale.cvvHintAny')
      : cvvDigits[0] === 4
        ? t('sale.cvvHint4')
        : t('sale.cvvHint3');
  return (
    <fieldset className="card-panel">
      <legend className="panel-title">{t('sale.card')}</legend>
      <Field
        label={t('sale.cardNumber')}
        error={wiring.errorOf('cardNumber')}
        className="field-card-number"
        aside={
          brand ? (
            <span className={`brand-badge brand-${brand}`}>{t(`brands.${brand}`)}</span>
          ) : (
            <span className="brand-pending">{t('sale.brandPending')}</span>
          )
        }
      >
        {(control) => (
          <CardNumberInput
            {...control}
            ref={wiring.register('cardNumber')}
            value={values.cardNumber}
            onChange={(cardNumber) => onChange({ cardNumber })}
            onBlur={wiring.blurred('cardNumber')}
          />
        )}
      </Field>
      <div className="form-row form-row-card">
        <Field
          label={t('sale.expiry')}
          hint={t('sale.expiryHint')}
          hintPlacement="inline"
          error={wiring.errorOf('expiry')}
          className="field-expiry"
        >
          {(control) => (
            <input
              {...control}
              ref={wiring.register('expiry')}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="MM/YY"
              maxLength={5}
              dir="ltr"
              value={values.expiry}
              onChange={(event) => onChange({ expiry: expiryDisplay(event.target.value) })}
              onBlur={wiring.blurred('expiry')}
            />
          )}
        </Field>
        <Field
          label={t('sale.cvv')}
          hint={cvvHint}
          hintPlacement="inline"
          error={wiring.errorOf('cvv')}
          className="field-cvv"
        >
          {(control) => (
            <input
              {...control}
              ref={wiring.register('cvv')}
              className="input"
              // Masked as card terminals do: the customer may be standing at the counter.
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={Math.max(...cvvDigits)}
              dir="ltr"
              value={values.cvv}
              onChange={(event) => onChange({ cvv: event.target.value.replace(/\D/g, '') })}
              onBlur={wiring.blurred('cvv')}
            />
          )}
        </Field>
        <Field
          label={t('sale.holderName')}
          error={wiring.errorOf('holderName')}
          className="field-holder"
        >
          {(control) => (
            <input
              {...control}
              ref={wiring.register('holderName')}
              className="input"
              type="text"
              maxLength={128}
              autoComplete="off"
              spellCheck={false}
              dir="auto"
              value={values.holderName}
              onChange={(event) => onChange({ holderName: event.target.value })}
              onBlur={wiring.blurred('holderName')}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
