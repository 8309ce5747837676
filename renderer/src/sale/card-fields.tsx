import { useTranslation } from 'react-i18next';
import { cvvLengths } from '../../../shared/card/brand';
import type { CardBrand } from '../../../shared/card/brands';
import { Field } from '../common/field';
import { TextField } from '../common/text-field';
import { CardNumberInput } from './card-number-input';
import { CvvField } from './cvv-field';
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
        <TextField
          label={t('sale.expiry')}
          hint={t('sale.expiryHint')}
          hintPlacement="inline"
          error={wiring.errorOf('expiry')}
          fieldClassName="field-expiry"
          inputRef={wiring.register('expiry')}
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={5}
          dir="ltr"
          value={values.expiry}
          onValueChange={(typed) => onChange({ expiry: expiryDisplay(typed) })}
          onBlur={wiring.blurred('expiry')}
        />
        <CvvField
          brand={brand}
          hint={cvvHint}
          hintPlacement="inline"
          fieldClassName="field-cvv"
          value={values.cvv}
          onChange={(cvv) => onChange({ cvv })}
          wiring={wiring}
        />
        <TextField
          label={t('sale.holderName')}
          error={wiring.errorOf('holderName')}
          fieldClassName="field-holder"
          inputRef={wiring.register('holderName')}
          maxLength={128}
          spellCheck={false}
          dir="auto"
          value={values.holderName}
          onValueChange={(holderName) => onChange({ holderName })}
          onBlur={wiring.blurred('holderName')}
        />
      </div>
    </fieldset>
  );
}
