/**
 * Failures of the Pay request after which nobody can say whether money moved: main broke
 * with a bug (`internal`, possibly after Pay left for the gateway) or the bridge itself failed
 * (`ipc-failed`, the request may have arrived). Every other code is a refusal main raises
 * before the attempt starts. The operator must check History before charging again, never
 * read "did not start".
 */
const outcomeUnknownCodes: ReadonlySet<string> = new Set(['internal', 'ipc-failed']);

/** The i18n key of the title over a Pay request's error. */
export const payFailureTitleKey = (code: string): 'sale.outcomeUnknown' | 'sale.notStarted' =>
  outcomeUnknownCodes.has(code) ? 'sale.outcomeUnknown' : 'sale.notStarted';
