import { useEffect, useState } from 'react';
import type { HistoryFilters as Filters } from '../../../shared/ipc';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../common/error-notice';
import { formatCount } from '../format/count';
import { useLanguage } from '../i18n/use-language';
import { useHistoryStore } from '../stores/history-store';
import { useSettingsStore } from '../stores/settings-store';
import { AttemptDetailView } from './attempt-detail';
import { HistoryFilters } from './history-filters';
import { HistoryList } from './history-list';
import { toHistoryFilters } from './history-query';
import { failedCount } from './failed-attempts';
import { LinkMatches } from './link-matches';
import { Screen } from '../common/screen';

// Wait for a pause in typing before searching: one query per word, not per letter.
const searchDelayMs = 250;

/**
 * History: filters over a virtualized list; an opened attempt replaces the list (the list
 * stays mounted, hidden, so the scroll position survives a look at one payment).
 */
export function HistoryScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useHistoryStore((s) => s.query);
  const rows = useHistoryStore((s) => s.rows);
  const rowCount = rows.length;
  const loading = useHistoryStore((s) => s.loading);
  const more = useHistoryStore((s) => s.nextCursor !== null);
  const error = useHistoryStore((s) => s.error);
  const detail = useHistoryStore((s) => s.detail);
  const detailError = useHistoryStore((s) => s.detailError);
  const currency = useSettingsStore((s) => s.view?.settings.defaultCurrency ?? 'SAR');
  const [searched, setSearched] = useState<Filters>({});

  useEffect(() => {
    const timer = setTimeout(() => {
      const filters = toHistoryFilters(query, currency);
      setSearched(filters);
      void useHistoryStore.getState().search(filters);
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [query, currency]);

  return (
    <>
      {detail ? <AttemptDetailView detail={detail} /> : null}
      <Screen
        id="history-title"
        title={t('history.title')}
        className="history-screen"
        hidden={detail !== null}
      >
        <HistoryFilters />
        {error ? <ErrorNotice error={error} /> : null}
        {detailError ? <ErrorNotice error={detailError} /> : null}
        <p className="history-count" role="status">
          {loading && rowCount === 0
            ? t('history.loading')
            : rowCount === 0
              ? t('history.empty')
              : [
                  t('history.shown', {
                    payments: formatCount(rowCount - failedCount(rows), language),
                  }),
                  t('history.attemptsShown', {
                    attempts: formatCount(failedCount(rows), language),
                  }),
                  ...(more ? [t('history.more')] : []),
                ].join(' · ')}
        </p>
        <LinkMatches filters={searched} />
        <HistoryList />
      </Screen>
    </>
  );
}
