import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryScreen } from '../history/history-screen';
import { AuditView } from './audit-view';
import { useSessionStore } from './session-store';

/**
 * History with the audit trail beside it for supervisors and admins (a cashier sees their
 * own payments only, and no audit).
 */
export function HistoryArea() {
  const { t } = useTranslation();
  const role = useSessionStore((s) => (s.state?.operatorsEnabled ? s.state.operator?.role : null));
  const [view, setView] = useState<'payments' | 'audit'>('payments');
  const mayAudit = role === 'supervisor' || role === 'admin';
  return (
    <>
      {mayAudit ? (
        <div className="button-row view-switch" role="group" aria-label={t('auditTrail.views')}>
          {(['payments', 'audit'] as const).map((item) => (
            <button
              key={item}
              type="button"
              className="button button-quiet"
              aria-pressed={view === item}
              onClick={() => setView(item)}
            >
              {t(`auditTrail.view.${item}`)}
            </button>
          ))}
        </div>
      ) : null}
      {mayAudit && view === 'audit' ? <AuditView /> : <HistoryScreen />}
    </>
  );
}
