import { useTranslation } from 'react-i18next';
import { attemptStatusSchema, type AttemptStatus } from '../../../shared/ipc';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { ExportButton, ExportStatus, useCsvExport } from './export-control';
import { useHistoryStore } from '../stores/history-store';

/** Search box, status and date filters, and CSV export of whatever they select. */
export function HistoryFilters() {
  const { t } = useTranslation();
  const query = useHistoryStore((s) => s.query);
  const edit = useHistoryStore((s) => s.editQuery);
  const csvExport = useCsvExport();
  return (
    <div className="history-filters">
      <div className="form-row">
        <TextField
          label={t('history.search')}
          hint={t('history.searchHint')}
          hintPlacement="hidden"
          fieldClassName="field-search"
          type="search"
          placeholder={t('history.searchHint')}
          spellCheck={false}
          value={query.text}
          onValueChange={(text) => edit({ text })}
        />
        <SelectField<AttemptStatus | ''>
          label={t('history.status')}
          fieldClassName="field-status"
          value={query.status}
          options={[
            { value: '', label: t('history.allStatuses') },
            ...attemptStatusSchema.options.map((status) => ({
              value: status,
              label: t(`status.${status}`),
            })),
          ]}
          onValueChange={(status) => edit({ status })}
        />
        <TextField
          label={t('history.from')}
          fieldClassName="field-date"
          type="date"
          value={query.from}
          onValueChange={(from) => edit({ from })}
        />
        <TextField
          label={t('history.to')}
          fieldClassName="field-date"
          type="date"
          value={query.to}
          onValueChange={(to) => edit({ to })}
        />
        <ExportButton {...csvExport} />
      </div>
      <ExportStatus state={csvExport.state} />
    </div>
  );
}
