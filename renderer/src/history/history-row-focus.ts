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
  return row !== null;
}

/**
 * Focuses the row once it is drawn: after the list was hidden (a payment was open) the
 * virtualizer draws its rows again only when it has measured the list, a frame or two later.
 */
export function focusHistoryRowWhenDrawn(target: { attemptId: string }, frames = 30): void {
  if (focusHistoryRow(target) || frames <= 0) return;
  requestAnimationFrame(() => focusHistoryRowWhenDrawn(target, frames - 1));
}
