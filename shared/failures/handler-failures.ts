/**
 * Codes the IPC handlers themselves fail with (beyond the router's and the engine's), for
 * the renderer's translation tables and the test that checks they cover them all.
 */
export const handlerFailureCodes = [
  'attempt-not-found',
  'export-failed',
  'export-running',
  'receipt-print-failed',
  'receipt-print-timeout',
  'receipt-pdf-failed',
  'receipt-not-found',
  'receipt-merchant-name-required',
] as const;
export type HandlerFailureCode = (typeof handlerFailureCodes)[number];
