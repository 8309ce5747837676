import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptStatusSchema, type AttemptStatus, type IpcError } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { Field } from '../common/field';
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
        <Field
          label={t('history.search')}
          hint={t('history.searchHint')}
          hintPlacement="hidden"
          className="field-search"
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="search"
              placeholder={t('history.searchHint')}
              autoComplete="off"
              spellCheck={false}
              value={query.text}
              onChange={(event) => edit({ text: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('history.status')} className="field-status">
          {(control) => (
            <select
              {...control}
              className="input select"
              value={query.status}
              onChange={(event) => edit({ status: event.target.value as AttemptStatus | '' })}
            >
              <option value="">{t('history.allStatuses')}</option>
              {attemptStatusSchema.options.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('history.from')} className="field-date">
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={query.from}
              onChange={(event) => edit({ from: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('history.to')} className="field-date">
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={query.to}
              onChange={(event) => edit({ to: event.target.value })}
            />
          )}
        </Field>
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
