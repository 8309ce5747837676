import type { CountryCode } from 'libphonenumber-js/min';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callingCodeOf, phoneCountries } from '../../../shared/phone';
import { SelectField } from '../common/select-field';
import { useLanguage } from '../i18n/use-language';

/**
 * The store's country: customer phones typed without a country code are read as its numbers,
 * and the forms' country code starts with its calling code. Names come from the system's
 * own country names in the UI language (Intl), sorted as that language sorts them.
 */
export function MerchantCountryField(props: {
  country: CountryCode;
  onChange(country: CountryCode): void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return phoneCountries
      .map((code) => ({
        value: code,
        // The calling code is a value inside the name: isolated, so Arabic keeps "+966".
        label: `${names.of(code) ?? code} (\u2066${callingCodeOf(code)}\u2069)`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
  }, [language]);
  return (
    <SelectField
      label={t('phones.merchantCountry')}
      hint={t('phones.merchantCountryHint')}
      fieldClassName="field-wide"
      value={props.country}
      options={options}
      onValueChange={props.onChange}
    />
  );
}
