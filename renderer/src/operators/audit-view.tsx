import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import { auditEventNames, type AuditEventName, type AuditRow } from '../../../shared/ipc-security';
import { ErrorNotice } from '../common/error-notice';
import { SelectField } from '../common/select-field';
import { formatDateTime } from '../../../shared/format/date-text';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useOperatorNames } from './operator-names';
import { AuditDetailCell } from './audit-detail-cell';
import { operatorChoices } from './operator-choices';

const pageSize = 100;

/**
 * The security audit trail in plain words, newest first, filtered by operator and event,
 * exportable to CSV (what the filters select).
 */
export function AuditView() {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useOperatorNames((s) => s.names);
  const [operatorId, setOperatorId] = useState('');
  const [event, setEvent] = useState<AuditEventName | ''>('');
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const filters = {
    ...(operatorId ? { operatorId } : {}),
    ...(event ? { events: [event] } : {}),
  };

  const fetchPage = useCallback(
    (beforeSeq: number | null) =>
      paydesk().auditSearch({
        filters: { ...(operatorId ? { operatorId } : {}), ...(event ? { events: [event] } : {}) },
        beforeSeq,
        limit: pageSize,
      }),
    [operatorId, event],
  );
  const show = useCallback(
    (answer: Awaited<ReturnType<typeof fetchPage>>, previous: AuditRow[]) => {
      if (!answer.ok) return setError(answer.error);
      setError(null);
      setRows([...previous, ...answer.value.rows]);
      setMore(answer.value.more);
    },
    [],
  );
  useEffect(() => {
    void useOperatorNames.getState().load();
  }, []);
  useEffect(() => {
    let current = true;
    void fetchPage(null).then((answer) => {
      if (current) show(answer, []);
    });
    return () => {
      current = false;
    };
  }, [fetchPage, show]);

  const exportCsv = async () => {
    const answer = await paydesk().auditExport({ filters });
    if (!answer.ok) return setError(answer.error);
    setExported(answer.value.path);
  };

  return (
    <section className="history-screen" aria-labelledby="audit-title">
      <h1 id="audit-title" className="screen-title">
        {t('auditTrail.title')}
      </h1>
      <div className="form-row">
        <SelectField
          label={t('auditTrail.operator')}
          value={operatorId}
          options={[{ value: '', label: t('auditTrail.everyone') }, ...operatorChoices(names)]}
          onValueChange={setOperatorId}
        />
        <SelectField<AuditEventName | ''>
          label={t('auditTrail.event')}
          value={event}
          options={[
            { value: '', label: t('auditTrail.everyEvent') },
            ...auditEventNames.map((value) => ({ value, label: t(`auditTrail.events.${value}`) })),
          ]}
          onValueChange={setEvent}
        />
        <div className="button-row">
          <button type="button" className="button" onClick={() => void exportCsv()}>
            {t('history.export')}
          </button>
        </div>
      </div>
      <div role="status">
        {exported ? <p className="notice notice-success">{t('auditTrail.exported')}</p> : null}
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{t('auditTrail.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('auditTrail.time')}</th>
              <th scope="col">{t('auditTrail.event')}</th>
              <th scope="col">{t('auditTrail.operator')}</th>
              <th scope="col">{t('auditTrail.subject')}</th>
              <th scope="col">{t('auditTrail.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.seq}>
                <td>{formatDateTime(row.at, language)}</td>
                <td>{t(`auditTrail.events.${row.event}`, { defaultValue: row.event })}</td>
                <td>
                  {row.operatorId ? (names[row.operatorId] ?? row.operatorId) : t('common.none')}
                </td>
                <td dir="ltr">{row.subject ?? ''}</td>
                <AuditDetailCell detail={row.detail} names={names} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 ? <p>{t('auditTrail.empty')}</p> : null}
      {more ? (
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() => void fetchPage(rows.at(-1)?.seq ?? null).then((a) => show(a, rows))}
          >
            {t('auditTrail.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
