import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryScreen } from '../history/history-screen';
import { LinkHistory } from '../history/link-history';
import { AuditView } from './audit-view';
import { useSessionStore } from './session-store';

type View = 'payments' | 'links' | 'audit';

/**
 * History with the payment links beside the card payments, and the audit trail for
 * supervisors and admins (a cashier sees their own payments only, and no audit).
 */
export function HistoryArea() {
  const { t } = useTranslation();
  const role = useSessionStore((s) => (s.state?.operatorsEnabled ? s.state.operator?.role : null));
  const [view, setView] = useState<View>('payments');
  const mayAudit = role === 'supervisor' || role === 'admin';
  const views: readonly View[] = mayAudit ? ['payments', 'links', 'audit'] : ['payments', 'links'];
  const label = (item: View) =>
    item === 'links' ? t('links.historyView') : t(`auditTrail.view.${item}`);
  return (
    <>
      <div className="button-row view-switch" role="group" aria-label={t('auditTrail.views')}>
        {views.map((item) => (
          <button
            key={item}
            type="button"
            className="button button-quiet"
            aria-pressed={view === item}
            onClick={() => setView(item)}
          >
            {label(item)}
          </button>
        ))}
      </div>
      {view === 'links' ? <LinkHistory /> : null}
      {view === 'audit' && mayAudit ? <AuditView /> : null}
      {view === 'payments' || (view === 'audit' && !mayAudit) ? <HistoryScreen /> : null}
    </>
  );
}
