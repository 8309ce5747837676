import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import type { SessionState } from '../../../shared/ipc-security';
import { ErrorNotice } from '../common/error-notice';
import { SaveOutcomeNotice, saveOutcomeOf, type SaveOutcome } from '../common/save-outcome';
import { TextField } from '../common/text-field';
import { paydesk } from '../paydesk';
import { useSettingsStore } from '../stores/settings-store';
import { AuditVerify } from './audit-verify';
import { FirstAdminForm } from './first-admin-form';

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
 * Settings › Operators. Off: one button, then the first admin's form. On (admins): idle
 * lock and refund threshold, Verify audit trail, switching off; the people themselves are on
 * the Team screen.
 */
export function OperatorsSettings({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const isAdmin = state.operator?.role === 'admin';

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
          <p>{t('team.inSettings')}</p>
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
