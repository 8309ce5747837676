import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcResult } from '../../../shared/ipc';
import type { ReportAnswer, WhichReport } from '../../../shared/ipc-shifts';
import { formatDateTime } from '../../../shared/format/date-text';
import { Money, Reference, When } from '../format/values';
import { ConfirmDialog } from '../common/confirm-dialog';
import { DataTable, type Column } from '../common/data-table';
import { ErrorNotice } from '../common/error-notice';
import { useLanguage } from '../i18n/use-language';
import { withApproval } from '../operators/approval';
import { useSessionStore } from '../operators/session-store';
import { paydesk } from '../paydesk';
import { ReportSections } from './report-view';
import { Screen } from '../common/screen';

type ZSummary = { zNumber: number; closedAt: number; closedBy: string | null };

/**
 * The shift: the open shift's X report, reconciliation with the gateway, the
 * payments in doubt that block the close (acknowledged here by a supervisor), differences to
 * adopt, the Z close (admins), and the written Z reports to open and print again as copies.
 */
export function ShiftScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSessionStore((s) => s.state);
  // Operators off: the owner does everything; on: an admin closes and reprints Z reports.
  const isAdmin = !session?.operatorsEnabled || session.operator?.role === 'admin';
  const [shown, setShown] = useState<ReportAnswer | null>(null);
  const [zList, setZList] = useState<ZSummary[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  const [status, setStatus] = useState<string | null>(null);
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
    async (reconcile: boolean) => {
      setBusy(true);
      setStatus(reconcile ? t('shifts.reconciling') : null);
      const answer = await paydesk().shiftReport({ reconcile });
      setBusy(false);
      setStatus(null);
      take(answer, setShown);
    },
    [t],
  );

  // The X report as the screen opens; state is set once main answers.
  useEffect(() => {
    let current = true;
    void paydesk()
      .shiftReport({ reconcile: false })
      .then((answer) => {
        if (!current) return;
        if (answer.ok) setShown(answer.value);
        else setError(answer.error);
      });
    if (isAdmin) {
      void paydesk()
        .zReportList({})
        .then((answer) => {
          if (current && answer.ok) setZList(answer.value);
        });
    }
    return () => {
      current = false;
    };
  }, [isAdmin]);

  const which = (): WhichReport =>
    shown?.report.kind === 'Z' && shown.report.zNumber !== null
      ? { kind: 'Z', zNumber: shown.report.zNumber }
      : { kind: 'X' };
  const print = async () =>
    take(await paydesk().shiftPrint({ report: which() }), (value) =>
      setStatus(value.printed ? t('shifts.printed') : null),
    );
  const save = async (format: 'pdf' | 'csv') =>
    take(await paydesk().shiftSave({ report: which(), format }), (value) =>
      setStatus(value.path ? t('shifts.saved') : null),
    );
  // With operators on, a second supervisor approves on the spot (the approval dialog).
  const acknowledge = async (attemptId: string) =>
    take(
      await withApproval((approver) => paydesk().shiftAcknowledge({ attemptId, approver })),
      () => void loadX(false),
    );
  const adopt = async (orderId: string) =>
    take(await paydesk().shiftAdopt({ orderId }), () => void loadX(true));
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
    { header: t('shifts.closedBy'), cell: (z) => z.closedBy ?? t('common.none') },
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
        {isAdmin ? (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('shifts.close')}
          </button>
        ) : null}
      </div>
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

      {differences.some((d) => d.action === 'adopt-gateway' && !d.adopted && d.orderId) ? (
        <div className="notice notice-warning">
          <h2>{t('shifts.differencesTitle')}</h2>
          <ul className="shift-actions">
            {differences
              .filter((d) => d.action === 'adopt-gateway' && d.orderId)
              .map((d) => (
                <li key={d.orderId}>
                  <Reference value={d.orderId ?? ''} /> ·{' '}
                  {d.gatewayAmountMinor === null ? null : (
                    <Money minor={d.gatewayAmountMinor} currency={d.currency} />
                  )}{' '}
                  {d.adopted ? (
                    t('shifts.adoptedDone')
                  ) : (
                    <button
                      type="button"
                      className="button"
                      onClick={() => void adopt(d.orderId ?? '')}
                    >
                      {t('shifts.adopt')}
                    </button>
                  )}
                </li>
              ))}
          </ul>
        </div>
      ) : null}

      {shown ? <ReportSections view={shown.view} /> : null}

      {isAdmin ? (
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
        </ConfirmDialog>
      ) : null}
    </Screen>
  );
}
