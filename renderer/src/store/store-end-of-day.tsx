import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import type { ReportView } from '../../../shared/ipc-shifts';
import { ErrorNotice } from '../common/error-notice';
import { DayField } from '../history/history-filters';
import { dayStart, periodDays } from '../history/period';
import { paydesk } from '../paydesk';
import { ReportSections } from '../shifts/report-view';
import { useStoreStatus } from './store-status-store';

/**
 * The store end of day: every counter's Z reports of one day summed per
 * currency, the counters whose open shift still holds payments, and those the store has not
 * heard from. Main words it (the Z report's own lines) from what the store thread read; it
 * reloads when another counter's records arrive, and saves as CSV like a Z report.
 */
export function StoreEndOfDay() {
  const { t } = useTranslation();
  const changes = useStoreStatus((s) => s.changes);
  const [date, setDate] = useState(() => periodDays('today', new Date())?.from ?? '');
  const [view, setView] = useState<ReportView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const valid = dayStart(date) !== null;

  useEffect(() => {
    if (!valid) return;
    let current = true;
    void paydesk()
      .storeEndOfDay({ date })
      .then((answer) => {
        if (!current) return;
        setError(answer.ok ? null : answer.error);
        setView(answer.ok ? answer.value.view : null);
      });
    return () => {
      current = false;
    };
  }, [date, valid, changes]);

  const save = async () => {
    const answer = await paydesk().storeEndOfDaySave({ date });
    if (!answer.ok) return setError(answer.error);
    setStatus(answer.value.path ? t('storeDay.saved') : null);
  };

  return (
    <section className="store-day" aria-labelledby="store-day-title">
      <h1 id="store-day-title" className="screen-title">
        {t('storeDay.title')}
      </h1>
      <p className="field-hint">{t('storeTraining')}</p>
      <div className="form-row">
        <DayField label={t('storeDay.day')} value={date} onChange={setDate} />
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {view && valid ? (
        <>
          <div className="button-row">
            <button type="button" className="button" onClick={() => void save()}>
              {t('storeDay.saveCsv')}
            </button>
          </div>
          {status ? (
            <p className="notice" role="status">
              {status}
            </p>
          ) : null}
          <ReportSections view={view} />
        </>
      ) : null}
    </section>
  );
}
