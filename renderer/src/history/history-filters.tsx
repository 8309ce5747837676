import { useTranslation } from 'react-i18next';
import { attemptStatusSchema, type AttemptStatus } from '../../../shared/ipc';
import { SelectField } from '../common/select-field';
import { TextField } from '../common/text-field';
import { formatDate } from '../../../shared/format/date-text';
import { useLanguage } from '../i18n/use-language';
import { ExportButton, ExportStatus, useCsvExport } from './export-control';
import { useRoleAtLeast } from '../operators/role-gate';
import { useHistoryStore } from '../stores/history-store';
import { focusHistoryRow } from './history-row-focus';
import { dayStart, periods, type Period } from './period';

/**
 * One day of a custom range, typed as year-month-day (the same in every language, unlike a
 * browser date box that follows the machine's locale); the day it reads as is shown under it
 * in the app's one date format.
 */
export function DayField(props: { label: string; value: string; onChange(value: string): void }) {
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

/** Search box, status and date filters, and CSV export of whatever they select. */
export function HistoryFilters() {
  const { t } = useTranslation();
  const query = useHistoryStore((s) => s.query);
  const edit = useHistoryStore((s) => s.editQuery);
  const csvExport = useCsvExport();
  // Export is a supervisor's (the permission table): a cashier is not offered it.
  const mayExport = useRoleAtLeast('supervisor');
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
        {mayExport ? <ExportButton {...csvExport} /> : null}
      </div>
      <ExportStatus state={csvExport.state} />
    </div>
  );
}
