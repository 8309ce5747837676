import { create } from 'zustand';
import type { AttemptDetail, HistoryFilters, HistoryRow, IpcError } from '../../../shared/ipc';
import { emptyQuery, type HistoryQuery } from '../history/history-query';
import { paydesk } from '../paydesk';

// One page of rows per request: large enough that scrolling rarely waits, small enough to
// answer in milliseconds from the journal's indexes.
export const historyPageSize = 100;

interface HistoryState {
  /** What the operator typed; the screen turns it into filters (debounced). */
  query: HistoryQuery;
  filters: HistoryFilters;
  rows: readonly HistoryRow[];
  nextCursor: string | null;
  loading: boolean;
  error: IpcError | null;
  /** The open attempt, if the detail view is showing. */
  detail: AttemptDetail | null;
  detailError: IpcError | null;
  editQuery(changes: Partial<HistoryQuery>): void;
  /** Starts a new search; pages of an older search arriving late are dropped. */
  search(filters: HistoryFilters): Promise<void>;
  loadMore(): Promise<void>;
  open(attemptId: string): Promise<void>;
  close(): void;
  /** After a refund, void or settlement: re-read the attempt and update list and detail. */
  refreshAttempt(attemptId: string): Promise<void>;
  showDetail(detail: AttemptDetail): void;
}

export const useHistoryStore = create<HistoryState>()((set, get) => {
  let generation = 0;
  const fetchPage = async (cursor: string | null, mine: number) => {
    set({ loading: true });
    const answer = await paydesk().historySearch({
      filters: get().filters,
      cursor,
      limit: historyPageSize,
    });
    if (mine !== generation) return;
    if (!answer.ok) {
      set({ loading: false, error: answer.error });
      return;
    }
    const rows = cursor === null ? answer.value.rows : [...get().rows, ...answer.value.rows];
    set({ rows, nextCursor: answer.value.nextCursor, loading: false, error: null });
  };
  const patchRow = (row: HistoryRow) => {
    const { rows } = get();
    const index = rows.findIndex((candidate) => candidate.attemptId === row.attemptId);
    if (index >= 0) set({ rows: rows.with(index, row) });
  };
  return {
    query: emptyQuery,
    filters: {},
    rows: [],
    nextCursor: null,
    loading: false,
    error: null,
    detail: null,
    detailError: null,
    editQuery(changes) {
      set({ query: { ...get().query, ...changes } });
    },
    async search(filters) {
      generation += 1;
      set({ filters, rows: [], nextCursor: null });
      await fetchPage(null, generation);
    },
    async loadMore() {
      const { nextCursor, loading } = get();
      if (nextCursor === null || loading) return;
      await fetchPage(nextCursor, generation);
    },
    async open(attemptId) {
      set({ detailError: null });
      const answer = await paydesk().historyDetail({ attemptId });
      if (answer.ok) get().showDetail(answer.value);
      else set({ detailError: answer.error });
    },
    close() {
      set({ detail: null, detailError: null });
    },
    async refreshAttempt(attemptId) {
      const shown = get().detail?.row.attemptId === attemptId;
      if (!shown && !get().rows.some((row) => row.attemptId === attemptId)) return;
      const answer = await paydesk().historyDetail({ attemptId });
      if (!answer.ok) return;
      patchRow(answer.value.row);
      if (get().detail?.row.attemptId === attemptId) set({ detail: answer.value });
    },
    showDetail(detail) {
      patchRow(detail.row);
      set({ detail });
    },
  };
});
