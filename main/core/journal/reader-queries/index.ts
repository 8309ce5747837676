import { detailQuery } from './detail';
import { exportCsvQuery } from './export-csv';
import { searchQuery } from './search';

/** The journal's own reads on the reader thread: History and its CSV export. */
export const journalQueries = {
  search: searchQuery,
  detail: detailQuery,
  'export-csv': exportCsvQuery,
} as const;
