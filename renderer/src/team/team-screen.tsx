import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import type { OperatorView } from '../../../shared/ipc-security';
import { formatDateTime } from '../../../shared/format/date-text';
import { DataTable, type Column } from '../common/data-table';
import { ErrorNotice } from '../common/error-notice';
import { Screen } from '../common/screen';
import { useLanguage } from '../i18n/use-language';
import { OperatorForm } from '../operators/operator-form';
import { useSessionStore } from '../operators/session-store';
import { paydesk } from '../paydesk';
import { DisableOperatorDialog, EditOperatorDialog, ResetSecretDialog } from './team-dialogs';

type Open = { kind: 'edit' | 'reset' | 'disable'; operator: OperatorView } | null;

const sameId = (a: string, b: string | undefined) => a.toLowerCase() === b?.toLowerCase();

/**
 * The Team screen: everyone who signs in, once each with their state. An admin adds people,
 * changes a name or role, sets a new PIN, switches someone off or on again, and unlocks;
 * a supervisor sees the team and unlocks cashiers (main's permission table; main checks
 * every request, and the store too in store mode). Nobody is offered to switch themselves off.
 */
export function TeamScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const me = useSessionStore((s) => s.state?.operator);
  const isAdmin = me?.role === 'admin';
  const [operators, setOperators] = useState<OperatorView[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = useCallback(
    () =>
      paydesk()
        .operatorsList({})
        .then((answer) => {
          if (answer.ok) setOperators(answer.value.operators);
          else setError(answer.error);
        }),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const act = async (answer: ReturnType<ReturnType<typeof paydesk>['operatorsUpdate']>) => {
    const result = await answer;
    setError(result.ok ? null : result.error);
    void reload();
    return result.ok;
  };
  const unlock = async (operator: OperatorView) => {
    setNotice(null);
    if (await act(paydesk().operatorsUnlock({ operatorId: operator.operatorId }))) {
      setNotice(t('team.unlocked', { name: operator.displayName }));
    }
  };
  const done = () => {
    setOpen(null);
    setError(null);
    void reload();
  };

  const columns: Column<OperatorView>[] = [
    {
      header: t('operators.displayName'),
      cell: (o) =>
        sameId(o.operatorId, me?.operatorId) ? (
          <>
            {o.displayName} <span className="team-you">({t('team.you')})</span>
          </>
        ) : (
          o.displayName
        ),
    },
    { header: t('operators.operatorId'), ltr: true, cell: (o) => o.operatorId },
    { header: t('operators.role'), cell: (o) => t(`operators.roles.${o.role}`) },
    {
      header: t('operators.status'),
      cell: (o) =>
        o.disabled ? (
          t('operators.disabled')
        ) : o.lockedUntil ? (
          <>
            {t('tillSignIn.lockedUntil')}{' '}
            <bdi dir="ltr">{formatDateTime(o.lockedUntil, language)}</bdi>
          </>
        ) : (
          t('operators.active')
        ),
    },
    {
      header: t('operators.actions'),
      hiddenHeader: true,
      className: 'table-actions',
      cell: (o) => {
        const self = sameId(o.operatorId, me?.operatorId);
        const mayUnlock = isAdmin || o.role === 'cashier';
        const name = o.displayName;
        return (
          <>
            {o.lockedUntil && mayUnlock ? (
              <button
                type="button"
                className="button"
                aria-label={t('operators.unlock', { name })}
                onClick={() => void unlock(o)}
              >
                {t('team.short.unlock')}
              </button>
            ) : null}
            {isAdmin ? (
              <>
                <button
                  type="button"
                  className="button button-quiet"
                  aria-label={t('team.edit', { name })}
                  onClick={() => setOpen({ kind: 'edit', operator: o })}
                >
                  {t('team.short.edit')}
                </button>
                <button
                  type="button"
                  className="button button-quiet"
                  aria-label={t('team.resetSecret', { name })}
                  onClick={() => setOpen({ kind: 'reset', operator: o })}
                >
                  {t('team.short.resetSecret')}
                </button>
                {o.disabled ? (
                  <button
                    type="button"
                    className="button button-quiet"
                    onClick={() =>
                      void act(
                        paydesk().operatorsUpdate({ operatorId: o.operatorId, disabled: false }),
                      )
                    }
                    aria-label={t('operators.enableOne', { name })}
                  >
                    {t('team.short.enable')}
                  </button>
                ) : self ? null : (
                  <button
                    type="button"
                    className="button button-danger-quiet"
                    aria-label={t('operators.disableOne', { name })}
                    onClick={() => setOpen({ kind: 'disable', operator: o })}
                  >
                    {t('team.short.disable')}
                  </button>
                )}
              </>
            ) : null}
          </>
        );
      },
    },
  ];

  const dialogProps = open && {
    operator: open.operator,
    onClose: () => setOpen(null),
    onDone: done,
  };
  return (
    <Screen id="team-title" title={t('team.title')} className="team-screen">
      <p>{isAdmin ? t('team.settingsNote') : t('team.supervisorNote')}</p>
      <DataTable
        caption={t('team.caption')}
        columns={columns}
        rows={operators}
        rowKey={(o) => o.operatorId}
      />
      <div role="status">{notice ? <p className="notice notice-success">{notice}</p> : null}</div>
      {error ? <ErrorNotice error={error} /> : null}
      {isAdmin ? <OperatorForm onCreated={() => void reload()} /> : null}
      {open?.kind === 'edit' && dialogProps ? <EditOperatorDialog {...dialogProps} /> : null}
      {open?.kind === 'reset' && dialogProps ? <ResetSecretDialog {...dialogProps} /> : null}
      {open?.kind === 'disable' && dialogProps ? <DisableOperatorDialog {...dialogProps} /> : null}
    </Screen>
  );
}
