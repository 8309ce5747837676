import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptPaperSchema, type PrintingSettings } from '../../../shared/ipc';
import { SelectField } from '../common/select-field';
import { paydesk } from '../paydesk';

const countOptions = (from: number) =>
  Array.from({ length: 6 - from }, (_, index) => {
    const count = String(from + index);
    return { value: count, label: count };
  });

/** The system's printers, asked once; none (the list stays empty) if main cannot tell. */
function usePrinterNames(): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    void paydesk()
      .receiptPrinters({})
      .then((answer) => {
        if (live && answer.ok) setNames(answer.value.printers.map((printer) => printer.name));
      });
    return () => {
      live = false;
    };
  }, []);
  return names;
}

/**
 * Receipt printer (from the system's printers), printing without the dialog, copies of each
 * receipt and the paper. A saved printer that is not connected now stays selectable, marked
 * so, rather than silently switching to another one.
 */
export function PrintingFields(props: {
  printing: PrintingSettings;
  onChange(printing: PrintingSettings): void;
}) {
  const { printing, onChange } = props;
  const { t } = useTranslation();
  const printers = usePrinterNames();
  const saved = printing.printerName;
  const printerOptions = [
    { value: '', label: t('settings.printing.systemDefault') },
    ...printers.map((name) => ({ value: name, label: name })),
    ...(saved && !printers.includes(saved)
      ? [{ value: saved, label: t('settings.printing.missingPrinter', { name: saved }) }]
      : []),
  ];
  const edit = (changes: Partial<PrintingSettings>) => onChange({ ...printing, ...changes });
  return (
    <fieldset className="settings-fieldset">
      <legend>{t('settings.printing.title')}</legend>
      <div className="form-row">
        <SelectField
          label={t('settings.printing.printer')}
          fieldClassName="field-wide"
          value={saved ?? ''}
          options={printerOptions}
          onValueChange={(name) => edit({ printerName: name || null })}
        />
        <SelectField
          label={t('settings.printing.paper')}
          value={printing.paper}
          options={receiptPaperSchema.options.map((paper) => ({
            value: paper,
            label: t(`settings.printing.papers.${paper}`),
          }))}
          onValueChange={(paper) => edit({ paper })}
        />
      </div>
      <div className="form-row">
        <SelectField
          label={t('settings.printing.customerCopies')}
          value={String(printing.customerCopies)}
          options={countOptions(1)}
          onValueChange={(count) => edit({ customerCopies: Number(count) })}
        />
        <SelectField
          label={t('settings.printing.merchantCopies')}
          hint={t('settings.printing.merchantCopiesHint')}
          fieldClassName="field-wide"
          value={String(printing.merchantCopies)}
          options={countOptions(0)}
          onValueChange={(count) => edit({ merchantCopies: Number(count) })}
        />
      </div>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={printing.silent}
          onChange={(event) => edit({ silent: event.target.checked })}
        />
        {t('settings.printing.silent')}
      </label>
    </fieldset>
  );
}
