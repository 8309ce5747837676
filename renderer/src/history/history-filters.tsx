import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptStatusSchema, type AttemptStatus, type IpcError } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { formatCount } from '../format/count';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useHistoryStore } from '../stores/history-store';

type Exported = { kind: 'done'; rows: number; path: string } | { kind: 'failed'; error: IpcError };

/** Search box, status and date filters, and CSV export of whatever they select. */
export function HistoryFilters() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useHistoryStore((s) => s.query);
  const edit = useHistoryStore((s) => s.editQuery);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<Exported | null>(null);

  const exportCsv = async () => {
    setExporting(true);
    setExported(null);
    const answer = await paydesk().historyExport({ filters: useHistoryStore.getState().filters });
    setExporting(false);
    if (!answer.ok) setExported({ kind: 'failed', error: answer.error });
    // No path: the operator dismissed the save dialog.
    else if (answer.value.path !== null) {
      setExported({ kind: 'done', rows: answer.value.rows, path: answer.value.path });
    }
  };

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
        <button
          type="button"
          className="button filters-export"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {exporting ? t('common.working') : t('history.export')}
        </button>
      </div>
      <div role="status">
        {exported?.kind === 'done' ? (
          <p className="notice notice-success">
            {t('history.exported', {
              rows: formatCount(exported.rows, language),
              path: exported.path,
            })}
          </p>
        ) : null}
      </div>
      {exported?.kind === 'failed' ? <ErrorNotice error={exported.error} /> : null}
    </div>
  );
}
