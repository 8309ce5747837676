import { formatCustomerPhone } from '../../../shared/phone';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError } from '../../../shared/ipc';
import { linkStatusSchema, type LinkStatus, type LinkView } from '../../../shared/ipc-links';
import { screenMoney } from '../format/screen-money';
import { When } from '../format/values';
import { ErrorNotice } from '../common/error-notice';
import { SelectField } from '../common/select-field';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useLinkStore } from '../stores/link-store';
import { LinkStatusBadge } from '../sale/link-status-badge';
import { Screen } from '../common/screen';
import { openLink } from './open-link';

const shownLinks = 500;

/**
 * History's Payment links: every link with its own status (waiting, paid, held, expired,
 * cancelled) and a status filter. A row opens the link's panel on the Sale screen, where a
 * paid link's receipt is.
 */
export function LinkHistory() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<LinkStatus | 'all'>('all');
  const [links, setLinks] = useState<readonly LinkView[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  // A link that changes while the list is open (paid on the customer's phone) changes here.
  const updates = useLinkStore((s) => s.links);

  useEffect(() => {
    let live = true;
    void paydesk()
      .linkList({ statuses: status === 'all' ? undefined : [status], limit: shownLinks })
      .then((answer) => {
        if (!live) return;
        setError(answer.ok ? null : answer.error);
        if (answer.ok) setLinks(answer.value.links);
      });
    return () => {
      live = false;
    };
  }, [status, updates]);

  return (
    <Screen id="link-history-title" title={t('links.historyView')} className="history-screen">
      <div className="history-filters">
        <SelectField<LinkStatus | 'all'>
          label={t('history.status')}
          value={status}
          options={[
            { value: 'all' as const, label: t('links.allStatuses') },
            ...linkStatusSchema.options.map((value) => ({
              value,
              label: t(`links.status.${value}`),
            })),
          ]}
          onValueChange={setStatus}
        />
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {links.length === 0 ? <p className="history-count">{t('links.historyEmpty')}</p> : null}
      <table className="link-table">
        <thead>
          <tr>
            <th scope="col">{t('links.created')}</th>
            <th scope="col">{t('history.columns.reference')}</th>
            <th scope="col">{t('links.recipient')}</th>
            <th scope="col">{t('history.columns.amount')}</th>
            <th scope="col">{t('history.columns.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('links.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.linkId}>
              <td>
                <When at={link.createdAt} />
              </td>
              <td dir="ltr">{link.merchantReferenceId}</td>
              <td dir="ltr">{link.phone ? formatCustomerPhone(link.phone) : link.email}</td>
              <td>{screenMoney(link.amountMinor, link.currency, language)}</td>
              <td>
                <LinkStatusBadge status={link.status} />
              </td>
              <td>
                <button
                  type="button"
                  className="button button-quiet"
                  onClick={() => openLink(link)}
                >
                  {t('links.open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Screen>
  );
}
