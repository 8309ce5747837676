/**
 * Focuses the list row at `index` (or the row of `attemptId`) if it is drawn. Rows are
 * virtualized, so callers scroll first when the row may be out of view.
 */
export function focusHistoryRow(target: number | { attemptId: string }): boolean {
  const selector =
    typeof target === 'number'
      ? `.history-rows [data-index="${target}"] button`
      : `.history-rows [data-attempt-id="${CSS.escape(target.attemptId)}"] button`;
  const row = document.querySelector<HTMLElement>(selector);
  row?.focus();
  // A row of a hidden list is in the document but cannot take focus.
  return row !== null && document.activeElement === row;
}

/** The row to focus once the list draws it, if it was not drawn when asked. */
let pendingRow: string | null = null;

/**
 * Focuses the row now, or as soon as the list draws it: after the list was hidden (a payment
 * was open) the virtualizer draws its rows again only once it has measured the list, which
 * on a busy machine can take longer than any fixed number of frames.
 */
export function focusHistoryRowWhenDrawn(target: { attemptId: string }): void {
  pendingRow = focusHistoryRow(target) ? null : target.attemptId;
}

/**
 * Called by the list after each render: focuses the pending row once rows are drawn. It is
 * dropped if the operator moved focus elsewhere meanwhile (never steal it back), and after one
 * try on drawn rows (a new search may have left it out).
 */
export function focusPendingHistoryRow(): void {
  if (pendingRow === null) return;
  const active = document.activeElement;
  if (active !== null && active !== document.body) pendingRow = null;
  else if (document.querySelector('.history-rows [data-index]') !== null) {
    focusHistoryRow({ attemptId: pendingRow });
    pendingRow = null;
  }
}
