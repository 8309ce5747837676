import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryFilters } from '../../../shared/ipc';
import type { LinkView } from '../../../shared/ipc-links';
import { formatDateTime } from '../../../shared/format/date-text';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { LinkStatusBadge } from '../sale/link-status-badge';
import { screenMoney } from '../format/screen-money';
import { openLink } from './open-link';

const shownMatches = 10;

/**
 * The payment links History's search also matches (reference part or amount): payments
 * taken by link live with their link, so a search under Payments would otherwise say
 * "No payments match" for a payment the shop did take.
 */
export function LinkMatches({ filters }: { filters: HistoryFilters }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { text, amountMinor } = filters;
  const asked = JSON.stringify([text, amountMinor]);
  // The answer with the search it answers: a slower answer to an older search never shows.
  const [found, setFound] = useState<{ asked: string; links: readonly LinkView[] } | null>(null);

  useEffect(() => {
    if (text === undefined && amountMinor === undefined) return;
    let live = true;
    void paydesk()
      .linkFind({ text, amountMinor, limit: shownMatches })
      .then((answer) => {
        if (live) setFound({ asked, links: answer.ok ? answer.value.links : [] });
      });
    return () => {
      live = false;
    };
  }, [text, amountMinor, asked]);

  const links = found?.asked === asked ? found.links : [];
  if (links.length === 0) return null;
  return (
    <section className="link-matches" aria-labelledby="link-matches-title">
      <h2 id="link-matches-title" className="link-matches-title">
        {t('glance.linkMatches')}
      </h2>
      <p className="field-hint">{t('glance.linkMatchesHint')}</p>
      <ul className="link-matches-list">
        {links.map((link) => (
          <li key={link.linkId} className="link-match">
            <bdi dir="ltr" className="link-match-reference">
              {link.merchantReferenceId}
            </bdi>
            <bdi className="link-match-amount">
              {screenMoney(link.amountMinor, link.currency, language)}
            </bdi>
            <bdi className="link-match-date">{formatDateTime(link.createdAt, language)}</bdi>
            <LinkStatusBadge status={link.status} />
            <button type="button" className="button button-quiet" onClick={() => openLink(link)}>
              {t('links.open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
