import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRow } from '../../../shared/ipc';
import { formatDate, formatTime } from '../../../shared/format/date-text';
import { CardSourceMark } from '../common/card-source';
import { screenMoney } from '../format/screen-money';
import { useLanguage } from '../i18n/use-language';
import { useOperatorNames } from '../operators/operator-names';
import { useHistoryStore } from '../stores/history-store';
import { focusHistoryRow, focusPendingHistoryRow } from './history-row-focus';
import { HeldAge } from './held-age';
import { StatusBadge } from './status-badge';

// Row height in CSS px at 100% zoom; the virtualizer measures real rows, this is the guess.
const rowEstimate = 52;
// Ask for the next page while this many loaded rows are still below the viewport.
const prefetchRows = 40;

function RowCells({ row }: { row: HistoryRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useOperatorNames((s) => s.names);
  return (
    <>
      <span className="cell cell-date">
        <bdi className="cell-day">{formatDate(row.createdAt, language)}</bdi>{' '}
        <bdi className="cell-time">{formatTime(row.createdAt, language)}</bdi>
        {row.operatorId ? (
          <span className="cell-operator">{names[row.operatorId] ?? row.operatorId}</span>
        ) : null}
      </span>
      <bdi className="cell cell-reference" dir="ltr">
        {row.merchantReferenceId}
      </bdi>
      <span className="cell cell-card">
        <bdi dir="ltr">{row.masked}</bdi>{' '}
        <span className="cell-brand">
          {t(row.brand ? `brands.${row.brand}` : 'brands.unknown')}
        </span>
        <CardSourceMark source={row.cardSource} />
      </span>
      <bdi className="cell cell-amount">{screenMoney(row.amountMinor, row.currency, language)}</bdi>
      <span className="cell cell-status">
        <StatusBadge status={row.status} failureCode={row.failureCode} />
        {/* Mounted for holds only: the other rows keep no clock or settings subscription. */}
        {row.status === 'authorized' ? <HeldAge row={row} /> : null}
      </span>
    </>
  );
}

/**
 * The journal's attempts, virtualized (only the rows in view exist in the DOM) and paged by
 * cursor as the operator scrolls, so 100,000 rows scroll as smoothly as 100. Arrow keys move
 * between rows (Up from the first returns to Search); Enter opens one.
 */
export function HistoryList() {
  const { t } = useTranslation();
  const rows = useHistoryStore((s) => s.rows);
  const more = useHistoryStore((s) => s.nextCursor !== null);
  const scroller = useRef<HTMLDivElement>(null);
  // No React Compiler here: the virtualizer's functions are meant to be called every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowEstimate,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // A row asked for while the list was hidden (back from a payment) is focused once drawn.
  useEffect(focusPendingHistoryRow);

  useEffect(() => {
    if (more && lastIndex >= rows.length - prefetchRows) void useHistoryStore.getState().loadMore();
  }, [lastIndex, rows.length, more]);

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    // Up from the first row goes back to Search, where Down came from.
    if (index === 0 && step < 0) {
      document.querySelector<HTMLElement>('.field-search input')?.focus();
      return;
    }
    const target = Math.min(rows.length - 1, Math.max(0, index + step));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    // Focus a drawn row at once, so the next key press (typed ahead) moves on from it; a row
    // beyond the drawn ones exists only after the virtualizer renders it.
    if (!focusHistoryRow(target)) requestAnimationFrame(() => focusHistoryRow(target));
  };

  return (
    <div className="history-table">
      <div className="history-columns" aria-hidden="true">
        <span className="cell cell-date">{t('history.columns.date')}</span>
        <span className="cell cell-reference">{t('history.columns.reference')}</span>
        <span className="cell cell-card">{t('history.columns.card')}</span>
        <span className="cell cell-amount">{t('history.columns.amount')}</span>
        <span className="cell cell-status">{t('history.columns.status')}</span>
      </div>
      <div ref={scroller} className="history-scroller">
        <div
          role="list"
          aria-label={t('history.list')}
          className="history-rows"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={row.attemptId}
                role="listitem"
                data-index={item.index}
                data-attempt-id={row.attemptId}
                ref={virtualizer.measureElement}
                className="history-item"
                aria-posinset={item.index + 1}
                aria-setsize={more ? -1 : rows.length}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <button
                  type="button"
                  className="history-row"
                  onClick={() => void useHistoryStore.getState().open(row.attemptId)}
                  onKeyDown={(event) => moveFocus(event, item.index)}
                >
                  <RowCells row={row} />
                </button>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
