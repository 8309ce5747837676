import { useTranslation } from 'react-i18next';
import { TextField } from '../common/text-field';
import type { FieldWiring } from './field-wiring';

export type PhoneField = 'phoneCountryCode' | 'phoneNumber';

/**
 * A customer phone as its two boxes, the country code (filled with the store country's)
 * and the number, read by the shared phone rules: the sale and link forms' phone, and a
 * customer's on the Customers screen. `note` says whether it is optional.
 */
export function PhoneFields({
  legend,
  note,
  countryCode,
  number,
  onChange,
  errorOf,
  register,
  blurred,
}: {
  legend: string;
  note: string;
  countryCode: string;
  number: string;
  onChange(changes: Partial<Record<PhoneField, string>>): void;
} & Pick<FieldWiring<PhoneField>, 'errorOf'> &
  Partial<Pick<FieldWiring<PhoneField>, 'register' | 'blurred'>>) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset-phone">
      <legend>
        {legend} <span className="field-optional">({note})</span>
      </legend>
      <TextField
        label={t('sale.phoneCountry')}
        error={errorOf('phoneCountryCode')}
        fieldClassName="field-country"
        inputRef={register?.('phoneCountryCode')}
        type="tel"
        maxLength={4}
        dir="ltr"
        value={countryCode}
        onValueChange={(phoneCountryCode) => onChange({ phoneCountryCode })}
        onBlur={blurred?.('phoneCountryCode')}
      />
      <TextField
        label={t('sale.phoneNumber')}
        error={errorOf('phoneNumber')}
        fieldClassName="field-phone"
        inputRef={register?.('phoneNumber')}
        type="tel"
        maxLength={24}
        dir="ltr"
        value={number}
        onValueChange={(phoneNumber) => onChange({ phoneNumber })}
        onBlur={blurred?.('phoneNumber')}
      />
    </fieldset>
  );
}
