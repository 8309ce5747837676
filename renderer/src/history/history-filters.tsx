import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptStatusSchema, type AttemptStatus, type IpcError } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { formatCount } from '../format/count';
import { formatDate } from '../../../shared/format/date-text';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useHistoryStore } from '../stores/history-store';
import { focusHistoryRow } from './history-row-focus';
import { dayStart, periods, type Period } from './period';

/**
 * One day of a custom range, typed as year-month-day (the same in every language, unlike a
 * browser date box that follows the machine's locale); the day it reads as is shown under it
 * in the app's one date format.
 */
function DayField(props: { label: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const start = dayStart(props.value);
  return (
    <TextField
      label={props.label}
      fieldClassName="field-date"
      hint={start === null ? t('history.dayHint') : formatDate(start, language)}
      inputMode="numeric"
      placeholder="2026-11-22"
      maxLength={10}
      spellCheck={false}
      dir="ltr"
      value={props.value}
      onValueChange={props.onChange}
    />
  );
}

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
          // The operator comes here to find a payment: the cursor is waiting in Search, and
          // Down or Enter moves on to the list.
          autoFocus
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'Enter') return;
            event.preventDefault();
            focusHistoryRow(0);
          }}
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
        <SelectField<Period>
          label={t('history.period')}
          fieldClassName="field-period"
          value={query.period}
          options={periods.map((period) => ({
            value: period,
            label: t(`history.periods.${period}`),
          }))}
          onValueChange={(period) => edit({ period })}
        />
        {query.period === 'custom' ? (
          <>
            <DayField
              label={t('history.from')}
              value={query.from}
              onChange={(from) => edit({ from })}
            />
            <DayField label={t('history.to')} value={query.to} onChange={(to) => edit({ to })} />
          </>
        ) : null}
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
