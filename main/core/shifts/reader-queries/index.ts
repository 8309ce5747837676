import { reconcileOrdersQuery } from './reconcile-orders';
import { shiftPaymentsQuery } from './shift-payments';
import { shiftReportQuery } from './shift-report';
import { zReportQuery } from './z-report';
import { zReportsQuery } from './z-reports';

/** The shift reports' reads on the reader thread, over the shift and Z tables. */
export const shiftQueries = {
  'shift-report': shiftReportQuery,
  'z-report': zReportQuery,
  'z-reports': zReportsQuery,
  'reconcile-orders': reconcileOrdersQuery,
  'shift-payments': shiftPaymentsQuery,
} as const;

export type ShiftQueries = typeof shiftQueries;
