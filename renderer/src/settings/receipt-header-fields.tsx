import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/ipc';
import { Field } from '../common/field';

type ReceiptHeader = Settings['receiptHeader'];

/** Merchant name, address and VAT number printed at the top of every receipt. */
export function ReceiptHeaderFields(props: {
  header: ReceiptHeader;
  onChange(header: ReceiptHeader): void;
}) {
  const { header, onChange } = props;
  const { t } = useTranslation();
  const text = (key: keyof ReceiptHeader, label: string, maxLength: number) => (
    <Field label={label} className="field-wide">
      {(control) => (
        <input
          {...control}
          className="input"
          type="text"
          maxLength={maxLength}
          dir="auto"
          value={header[key]}
          onChange={(event) => onChange({ ...header, [key]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="settings-fieldset">
      <legend>{t('settings.receipt')}</legend>
      <div className="form-row">
        {text('merchantName', t('settings.merchantName'), 80)}
        {text('address', t('settings.address'), 200)}
        {text('vatNumber', t('settings.vatNumber'), 32)}
      </div>
    </fieldset>
  );
}
