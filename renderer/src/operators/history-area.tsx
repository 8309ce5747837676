import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryScreen } from '../history/history-screen';
import { LinkHistory } from '../history/link-history';
import { StoreEndOfDay } from '../store/store-end-of-day';
import { StoreHistory } from '../store/store-history';
import { useStoreStatus } from '../store/store-status-store';
import { AuditView } from './audit-view';
import { useSessionStore } from './session-store';

type View = 'payments' | 'links' | 'audit' | 'store' | 'store-day';

/**
 * History with the payment links beside the card payments, and the audit trail for
 * supervisors and admins (a cashier sees their own payments only, and no audit).
 */
export function HistoryArea() {
  const { t } = useTranslation();
  const role = useSessionStore((s) => (s.state?.operatorsEnabled ? s.state.operator?.role : null));
  const operatorsOn = useSessionStore((s) => s.state?.operatorsEnabled ?? false);
  const [view, setView] = useState<View>('payments');
  const mayAudit = role === 'supervisor' || role === 'admin';
  // Store mode: every counter's payments, for supervisors and admins.
  const storeOn = useStoreStatus((s) => (s.status?.state ?? 'off') !== 'off');
  const mayStore = storeOn && (mayAudit || !operatorsOn);
  const views: readonly View[] = [
    'payments',
    'links',
    ...(mayAudit ? (['audit'] as const) : []),
    ...(mayStore ? (['store', 'store-day'] as const) : []),
  ];
  const label = (item: View) =>
    item === 'links'
      ? t('links.historyView')
      : item === 'store'
        ? t('store.view')
        : item === 'store-day'
          ? t('storeDay.view')
          : t(`auditTrail.view.${item}`);
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
      {mayAudit && view === 'audit' ? <AuditView /> : null}
      {mayStore && view === 'store' ? <StoreHistory /> : null}
      {mayStore && view === 'store-day' ? <StoreEndOfDay /> : null}
      {view === 'payments' ||
      (view === 'audit' && !mayAudit) ||
      ((view === 'store' || view === 'store-day') && !mayStore) ? (
        <HistoryScreen />
      ) : null}
    </>
  );
}
