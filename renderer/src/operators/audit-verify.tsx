import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditVerdict } from '../../../shared/ipc-security';
import type { StoreAuditChain } from '../../../shared/ipc-store-audit';
import type { IpcError } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { formatCount } from '../format/count';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useStoreStatus } from '../store/store-status-store';
import { StoreAuditResults } from './store-audit-results';

/**
 * Verify audit trail: checks every row's MAC and the head, and names the first broken row.
 * In store mode it also checks every counter's chain in the store, shown per
 * counter; the store being offline fails only that part.
 */
export function AuditVerify() {
  const { t } = useTranslation();
  const language = useLanguage();
  const storeOn = useStoreStatus((s) => (s.status?.state ?? 'off') !== 'off');
  const [verdict, setVerdict] = useState<AuditVerdict | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [chains, setChains] = useState<StoreAuditChain[] | null>(null);
  const [storeError, setStoreError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async () => {
    setBusy(true);
    const [answer, store] = await Promise.all([
      paydesk().auditVerify({}),
      storeOn ? paydesk().auditVerifyStore({}) : null,
    ]);
    setBusy(false);
    setVerdict(answer.ok ? answer.value : null);
    setError(answer.ok ? null : answer.error);
    setChains(store?.ok ? store.value.chains : null);
    setStoreError(store && !store.ok ? store.error : null);
  };

  return (
    <div>
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={() => void verify()}>
          {busy ? t('common.working') : t('auditTrail.verify')}
        </button>
      </div>
      <div role="status">
        {verdict && verdict.broken === null ? (
          <p className="notice notice-success">
            {t('auditTrail.verified', { rows: formatCount(verdict.rows, language) })}
          </p>
        ) : null}
      </div>
      {verdict?.broken ? (
        <p className="notice notice-error" role="alert">
          {t('auditTrail.broken', {
            seq: formatCount(verdict.broken.seq, language),
            reason: t(`auditTrail.reasons.${verdict.broken.reason}`),
          })}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      {chains ? <StoreAuditResults chains={chains} /> : null}
      {storeError ? <ErrorNotice error={storeError} title={t('storeAudit.title')} /> : null}
    </div>
  );
}
