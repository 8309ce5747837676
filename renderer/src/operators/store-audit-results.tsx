import { useTranslation } from 'react-i18next';
import type { StoreAuditChain } from '../../../shared/ipc-store-audit';
import { formatCount } from '../format/count';
import { useLanguage } from '../i18n/use-language';

/** One counter's chain in a sentence: the key first (a changed key means nothing holds). */
function useVerdict() {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatCount(value, language);
  return (chain: StoreAuditChain): { ok: boolean; text: string } => {
    if (chain.key === 'changed') return { ok: false, text: t('storeAudit.changed') };
    if (chain.broken !== null) {
      return {
        ok: false,
        text: t('storeAudit.broken', {
          seq: n(chain.broken.seq),
          reason: t(`storeAudit.reasons.${chain.broken.reason}`),
        }),
      };
    }
    if (chain.key === 'missing') {
      return { ok: false, text: t('storeAudit.missing', { rows: n(chain.rows) }) };
    }
    if (chain.unsignedRows === chain.rows) {
      return { ok: false, text: t('storeAudit.allBefore', { rows: n(chain.rows) }) };
    }
    const counts = { rows: n(chain.rows), seq: n(chain.head?.seq ?? 0) };
    return chain.unsignedRows > 0
      ? {
          ok: true,
          text: t('storeAudit.verifiedBefore', { ...counts, unsigned: n(chain.unsignedRows) }),
        }
      : { ok: true, text: t('storeAudit.verified', counts) };
  };
}

/**
 * Verify audit trail in store mode: every counter's chain as the store holds it,
 * checked on the store thread against the keys this counter pinned, one line per counter.
 */
export function StoreAuditResults({ chains }: { chains: readonly StoreAuditChain[] }) {
  const { t } = useTranslation();
  const verdict = useVerdict();
  const withRows = chains.filter((chain) => chain.rows > 0);
  return (
    <section className="store-audit" aria-labelledby="store-audit-title">
      <h4 id="store-audit-title">{t('storeAudit.title')}</h4>
      {withRows.length === 0 ? <p>{t('storeAudit.empty')}</p> : null}
      <ul className="store-audit-list">
        {withRows.map((chain) => {
          const { ok, text } = verdict(chain);
          return (
            <li
              key={chain.counterId}
              className={`notice ${ok ? 'notice-success' : 'notice-error'}`}
              data-counter={chain.counterId}
            >
              <strong>
                {t('storeAudit.counter', { name: chain.counterName, id: chain.counterId })}
              </strong>{' '}
              {text}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
