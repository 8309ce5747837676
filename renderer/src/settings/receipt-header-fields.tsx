import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/ipc';
import { TextField } from '../common/text-field';

type ReceiptHeader = Settings['receiptHeader'];

/** Merchant name, address and VAT number printed at the top of every receipt. */
export function ReceiptHeaderFields(props: {
  header: ReceiptHeader;
  onChange(header: ReceiptHeader): void;
}) {
  const { header, onChange } = props;
  const { t } = useTranslation();
  const text = (key: keyof ReceiptHeader, label: string, maxLength: number) => (
    <TextField
      label={label}
      fieldClassName="field-wide"
      maxLength={maxLength}
      dir="auto"
      value={header[key]}
      onValueChange={(value) => onChange({ ...header, [key]: value })}
    />
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
