import { useTranslation } from 'react-i18next';
import { cvvLengths } from '../../../shared/card/brand';
import type { CardBrand } from '../../../shared/card/brands';
import { TextField } from '../common/text-field';
import type { FieldWiring } from './field-wiring';

/**
 * The CVV box of a keyed card and of a saved one: digits only, at most the brand's length,
 * masked as card terminals do (the customer may be standing at the counter).
 */
export function CvvField({
  brand,
  hint,
  hintPlacement,
  fieldClassName,
  value,
  onChange,
  wiring,
}: {
  brand: CardBrand | null;
  hint: string;
  hintPlacement?: 'inline' | 'below';
  fieldClassName: string;
  value: string;
  onChange(cvv: string): void;
  wiring: FieldWiring<'cvv'>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('sale.cvv')}
      hint={hint}
      hintPlacement={hintPlacement}
      error={wiring.errorOf('cvv')}
      fieldClassName={fieldClassName}
      inputRef={wiring.register('cvv')}
      type="password"
      inputMode="numeric"
      maxLength={Math.max(...cvvLengths(brand))}
      dir="ltr"
      value={value}
      onValueChange={(typed) => onChange(typed.replace(/\D/g, ''))}
      onBlur={wiring.blurred('cvv')}
    />
  );
}
