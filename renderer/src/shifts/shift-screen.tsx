import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcResult } from '../../../shared/ipc';
import type { Difference, ReportAnswer, WhichReport } from '../../../shared/ipc-shifts';
import { formatDateTime } from '../../../shared/format/date-text';
import { screenMoney } from '../format/screen-money';
import { Money, Reference, When } from '../format/values';
import { ConfirmDialog } from '../common/confirm-dialog';
import { DataTable, type Column } from '../common/data-table';
import { ErrorNotice } from '../common/error-notice';
import { useLanguage } from '../i18n/use-language';
import { withApproval } from '../operators/approval';
import { useOperatorNames } from '../operators/operator-names';
import { useSessionStore } from '../operators/session-store';
import { paydesk } from '../paydesk';
import { ReportSections } from './report-view';
import { DifferencesList } from './differences-list';
import { Screen } from '../common/screen';

type ZSummary = { zNumber: number; closedAt: number; closedBy: string | null };

/** The file's own name from the path main saved to (either separator). */
const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * The shift: the open shift's X report (reconciled with the gateway as it opens), the
 * payments in doubt that block the close (acknowledged here by a supervisor), differences to
 * adopt (also those an earlier Z left open), the Z close (supervisors and admins, warned
 * of what stays open), and the written Z reports to open and print again as copies.
 */
export function ShiftScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSessionStore((s) => s.state);
  // Operators off: the owner does everything; on: supervisors and admins close the shift.
  const canClose = !session?.operatorsEnabled || session.operator?.role !== 'cashier';
  const [shown, setShown] = useState<ReportAnswer | null>(null);
  const [adopting, setAdopting] = useState<Difference | null>(null);
  const names = useOperatorNames((s) => s.names);
  const [zList, setZList] = useState<ZSummary[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  // The screen opens reconciling with the gateway (the effect below).
  const [status, setStatus] = useState<string | null>(() => t('shifts.reconciling'));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const take = <T,>(answer: IpcResult<T>, then: (value: T) => void) => {
    if (!answer.ok) return setError(answer.error);
    setError(null);
    then(answer.value);
  };
  const loadZList = async () => {
    const answer = await paydesk().zReportList({});
    if (answer.ok) setZList(answer.value);
  };
  const loadX = useCallback(
    async (reconcile: boolean, reading = t('shifts.reconciling')) => {
      setBusy(true);
      setStatus(reconcile ? reading : null);
      const answer = await paydesk().shiftReport({ reconcile });
      setBusy(false);
      setStatus(null);
      take(answer, setShown);
      return answer;
    },
    [t],
  );

  // The X report as the screen opens, reconciled first; state is set once main answers.
  useEffect(() => {
    let current = true;
    void paydesk()
      .shiftReport({ reconcile: true })
      .then((answer) => {
        if (!current) return;
        setStatus(null);
        if (answer.ok) setShown(answer.value);
        else setError(answer.error);
      });
    if (canClose) {
      void paydesk()
        .zReportList({})
        .then((answer) => {
          if (current && answer.ok) setZList(answer.value);
        });
    }
    return () => {
      current = false;
    };
  }, [canClose]);

  const which = (): WhichReport =>
    shown?.report.kind === 'Z' && shown.report.zNumber !== null
      ? { kind: 'Z', zNumber: shown.report.zNumber }
      : { kind: 'X' };
  const print = async () =>
    take(await paydesk().shiftPrint({ report: which() }), (value) =>
      setStatus(value.printed ? t('shifts.printed') : null),
    );
  const saved = (value: { path: string | null }) =>
    setStatus(value.path ? t('shifts.saved', { file: fileName(value.path) }) : null);
  const save = async (format: 'pdf' | 'csv') =>
    take(await paydesk().shiftSave({ report: which(), format }), saved);
  const savePayments = async () =>
    take(await paydesk().shiftPaymentsSave({ report: which() }), saved);
  // With operators on, a second supervisor approves on the spot (the approval dialog).
  const acknowledge = async (attemptId: string) =>
    take(
      await withApproval((approver) => paydesk().shiftAcknowledge({ attemptId, approver }), {
        action: 'acknowledge',
      }),
      () => void loadX(false),
    );
  const adopt = async (orderId: string) => {
    const answer = await paydesk().shiftAdopt({ orderId });
    setAdopting(null);
    take(answer, () => {
      void loadX(false).then(() => setStatus(t('shifts.adoptedStatus')));
    });
  };
  // Reconciled again first, so the warnings name what stays open at this very close.
  const askToClose = async () => {
    const answer = await loadX(true, t('shifts.checkingBeforeClose'));
    if (answer.ok) setConfirming(true);
  };
  const closeShift = async () => {
    const answer = await paydesk().shiftClose({});
    setConfirming(false);
    take(answer, (value) => {
      setShown(value);
      setStatus(t('shifts.closed', { number: value.report.zNumber }));
      void loadZList();
    });
  };
  const openZ = async (zNumber: number) => take(await paydesk().zReportGet({ zNumber }), setShown);

  const zColumns: Column<ZSummary>[] = [
    { header: t('shifts.zNumber'), cell: (z) => z.zNumber },
    { header: t('shifts.closedAt'), cell: (z) => formatDateTime(z.closedAt, language) },
    {
      header: t('shifts.closedBy'),
      cell: (z) => (z.closedBy === null ? t('common.none') : (names[z.closedBy] ?? z.closedBy)),
    },
    {
      header: t('shifts.open'),
      hiddenHeader: true,
      cell: (z) => (
        <button type="button" className="button" onClick={() => void openZ(z.zNumber)}>
          {t('shifts.open')}
        </button>
      ),
    },
  ];

  const report = shown?.report;
  const open = report?.kind === 'X';
  const blocking = open ? report.inDoubt.filter((line) => !line.acknowledged) : [];
  const differences =
    open && report.reconciliation.state === 'reconciled' ? report.reconciliation.differences : [];
  const openDifferences = differences.filter((d) => !d.adopted);
  const acknowledgedInDoubt = open ? report.inDoubt.filter((line) => line.acknowledged) : [];
  const notReconciled = open && report.reconciliation.state === 'not-reconciled';

  return (
    <Screen id="shift-title" title={t('shifts.title')} className="history-screen shift-screen">
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void loadX(false)}>
          {t('shifts.refresh')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void loadX(true)}>
          {t('shifts.reconcile')}
        </button>
        <button type="button" className="button" disabled={!shown} onClick={() => void print()}>
          {t('shifts.print')}
        </button>
        <button type="button" className="button" disabled={!shown} onClick={() => void save('pdf')}>
          {t('shifts.savePdf')}
        </button>
        <button type="button" className="button" disabled={!shown} onClick={() => void save('csv')}>
          {t('shifts.saveCsv')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!shown}
          onClick={() => void savePayments()}
        >
          {t('shifts.savePayments')}
        </button>
        {canClose ? (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void askToClose()}
          >
            {t('shifts.close')}
          </button>
        ) : null}
      </div>
      <p className="hint">{t('shifts.whoCloses')}</p>
      <div role="status">{status ? <p className="notice notice-success">{status}</p> : null}</div>
      {error ? <ErrorNotice error={error} /> : null}

      {blocking.length > 0 ? (
        <div className="notice notice-warning">
          <h2>{t('shifts.inDoubtTitle')}</h2>
          <p>{t('shifts.inDoubtBlocks')}</p>
          {session?.operatorsEnabled ? <p>{t('shifts.acknowledgeApproval')}</p> : null}
          <ul className="shift-actions">
            {blocking.map((line) => (
              <li key={line.attemptId}>
                <Reference value={line.merchantReferenceId} /> ·{' '}
                <Money minor={line.amountMinor} currency={line.currency} /> ·{' '}
                <When at={line.createdAt} />{' '}
                <button
                  type="button"
                  className="button"
                  onClick={() => void acknowledge(line.attemptId)}
                >
                  {t('shifts.acknowledge')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {differences.length > 0 ? (
        <DifferencesList differences={differences} onAdopt={setAdopting} />
      ) : null}

      {shown ? <ReportSections view={shown.view} /> : null}

      {canClose ? (
        <section aria-labelledby="z-list-title">
          <h2 id="z-list-title">{t('shifts.zReports')}</h2>
          {zList.length === 0 ? (
            <p>{t('shifts.noZ')}</p>
          ) : (
            <DataTable columns={zColumns} rows={zList} rowKey={(z) => z.zNumber} />
          )}
        </section>
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title={t('shifts.close')}
          confirmLabel={t('shifts.close')}
          onConfirm={closeShift}
          onClose={() => setConfirming(false)}
        >
          <p>{t('shifts.confirmClose')}</p>
          {notReconciled ? (
            <p className="notice notice-warning">{t('shifts.warnNotReconciled')}</p>
          ) : null}
          {openDifferences.length > 0 ? (
            <p className="notice notice-warning">
              {t('shifts.warnDifferences', { count: openDifferences.length })}
            </p>
          ) : null}
          {acknowledgedInDoubt.length > 0 ? (
            <p className="notice notice-warning">
              {t('shifts.warnInDoubt', { count: acknowledgedInDoubt.length })}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}

      {adopting ? (
        <ConfirmDialog
          title={t('shifts.adoptTitle')}
          confirmLabel={t('shifts.adopt')}
          onConfirm={() => adopt(adopting.orderId ?? '')}
          onClose={() => setAdopting(null)}
        >
          <p>
            <bdi dir="ltr">{adopting.merchantReferenceId ?? adopting.orderId}</bdi>
            {adopting.gatewayAmountMinor === null ? null : (
              <>
                {' · '}
                <bdi>{screenMoney(adopting.gatewayAmountMinor, adopting.currency, language)}</bdi>
              </>
            )}
          </p>
          <p>{t('shifts.adoptConfirm')}</p>
        </ConfirmDialog>
      ) : null}
    </Screen>
  );
}
