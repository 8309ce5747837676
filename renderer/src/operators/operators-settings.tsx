import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import type { OperatorView, SessionState } from '../../../shared/ipc-security';
import { DataTable, type Column } from '../common/data-table';
import { ErrorNotice } from '../common/error-notice';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import { TextField } from '../common/text-field';
import { formatDateTime } from '../../../shared/format/date-text';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useSettingsStore } from '../stores/settings-store';
import { AuditVerify } from './audit-verify';
import { FirstAdminForm } from './first-admin-form';
import { OperatorForm } from './operator-form';

/** The operator table: role, lockout, and an admin's Unlock and Switch off per row. */
function OperatorTable({ operators, onChanged }: { operators: OperatorView[]; onChanged(): void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [error, setError] = useState<IpcError | null>(null);
  const act = async (answer: Promise<{ ok: boolean; error?: IpcError }>) => {
    const result = await answer;
    setError(result.ok ? null : (result.error ?? null));
    onChanged();
  };
  const columns: Column<OperatorView>[] = [
    { header: t('operators.displayName'), cell: (o) => o.displayName },
    { header: t('operators.operatorId'), ltr: true, cell: (o) => o.operatorId },
    { header: t('operators.role'), cell: (o) => t(`operators.roles.${o.role}`) },
    {
      header: t('operators.status'),
      cell: (o) =>
        o.disabled
          ? t('operators.disabled')
          : o.lockedUntil
            ? t('operators.lockedUntil', { time: formatDateTime(o.lockedUntil, language) })
            : t('operators.active'),
    },
    {
      header: t('operators.actions'),
      hiddenHeader: true,
      className: 'table-actions',
      cell: (o) => (
        <>
          {o.lockedUntil ? (
            <button
              type="button"
              className="button"
              onClick={() => void act(paydesk().operatorsUnlock({ operatorId: o.operatorId }))}
            >
              {t('operators.unlock', { name: o.displayName })}
            </button>
          ) : null}
          <button
            type="button"
            className="button button-quiet"
            onClick={() =>
              void act(
                paydesk().operatorsUpdate({ operatorId: o.operatorId, disabled: !o.disabled }),
              )
            }
          >
            {o.disabled
              ? t('operators.enableOne', { name: o.displayName })
              : t('operators.disableOne', { name: o.displayName })}
          </button>
        </>
      ),
    },
  ];
  return (
    <>
      <DataTable
        caption={t('operators.title')}
        columns={columns}
        rows={operators}
        rowKey={(o) => o.operatorId}
      />
      {error ? <ErrorNotice error={error} /> : null}
    </>
  );
}

/** Idle minutes and the refund threshold of the default currency. */
function OperatorRules({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  const currency = useSettingsStore((s) => s.view?.settings.defaultCurrency ?? 'SAR');
  const [idle, setIdle] = useState(String(state.idleMinutes));
  const [threshold, setThreshold] = useState(state.refundThresholds[currency] ?? '');
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const save = async () => {
    const { [currency]: _old, ...others } = state.refundThresholds;
    const refundThresholds = threshold.trim()
      ? { ...others, [currency]: threshold.trim() }
      : others;
    const minutes = Number.parseInt(idle, 10);
    setOutcome(
      saveOutcomeOf(
        await paydesk().operatorsConfigure({
          ...(Number.isInteger(minutes) ? { idleMinutes: minutes } : {}),
          refundThresholds,
        }),
      ),
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="form-row">
        <TextField
          label={t('operators.idleMinutes')}
          hint={t('operators.idleHint')}
          inputMode="numeric"
          maxLength={3}
          dir="ltr"
          value={idle}
          onValueChange={setIdle}
        />
        <TextField
          label={t('operators.threshold', { currency })}
          hint={t('operators.thresholdHint')}
          inputMode="decimal"
          maxLength={24}
          dir="ltr"
          value={threshold}
          onValueChange={setThreshold}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button">
          {t('operators.saveRules')}
        </button>
      </div>
      <SaveOutcomeNotice outcome={outcome} savedText={t('settings.saved')} />
    </form>
  );
}

/**
 * Settings › Operators. Off: one button, then the first admin's form. On (admins): the
 * operators, adding one, idle lock and refund threshold, Verify audit trail, switching off.
 */
export function OperatorsSettings({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [operators, setOperators] = useState<OperatorView[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  const reload = useCallback(
    () =>
      paydesk()
        .operatorsList({})
        .then((answer) => {
          if (answer.ok) setOperators(answer.value.operators);
        }),
    [],
  );
  const isAdmin = state.operator?.role === 'admin';
  useEffect(() => {
    if (state.operatorsEnabled && isAdmin) void reload();
  }, [state.operatorsEnabled, isAdmin, reload]);

  return (
    <section className="settings-section" aria-labelledby="operators-title">
      <h2 id="operators-title">{t('operators.title')}</h2>
      {!state.operatorsEnabled ? (
        starting ? (
          <FirstAdminForm onCancel={() => setStarting(false)} />
        ) : (
          <>
            <p>{t('operators.offIntro')}</p>
            <div className="button-row">
              <button type="button" className="button" onClick={() => setStarting(true)}>
                {t('operators.switchOn')}
              </button>
            </div>
          </>
        )
      ) : isAdmin ? (
        <>
          <OperatorTable operators={operators} onChanged={() => void reload()} />
          <OperatorForm onCreated={() => void reload()} />
          <h3>{t('operators.rulesTitle')}</h3>
          <OperatorRules state={state} />
          <h3>{t('auditTrail.title')}</h3>
          <AuditVerify />
          <div className="button-row">
            <button
              type="button"
              className="button button-danger-quiet"
              onClick={() =>
                void paydesk()
                  .operatorsDisable({})
                  .then((answer) => setError(answer.ok ? null : answer.error))
              }
            >
              {t('operators.switchOff')}
            </button>
          </div>
          {error ? <ErrorNotice error={error} /> : null}
        </>
      ) : (
        <p>{t('operators.adminOnly')}</p>
      )}
    </section>
  );
}
