/**
 * A misuse of the journal by its caller (a bug, not an operator mistake): card data where
 * none may go, an unknown attempt, a journal file written by a newer Paydesk; or an export
 * whose destination went away. Thrown, because the caller cannot carry on with the call;
 * the code says which rule was broken.
 */
export class JournalError extends Error {
  constructor(
    readonly code:
      | 'card-data-refused'
      | 'invalid-attempt'
      | 'unknown-attempt'
      | 'invalid-transition'
      | 'invalid-cursor'
      | 'journal-from-newer-version'
      | 'journal-migration-failed'
      | 'export-interrupted',
    message: string,
  ) {
    super(message);
    this.name = 'JournalError';
  }
}
