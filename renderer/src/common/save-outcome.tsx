import type { IpcError, IpcResult } from '../../../shared/ipc';
import { ErrorNotice } from './error-notice';

export type SaveOutcome = { saved: true } | { error: IpcError } | null;

/** What a save answered, reduced to what the form shows. */
export const saveOutcomeOf = (answer: IpcResult<unknown>): SaveOutcome =>
  answer.ok ? { saved: true } : { error: answer.error };

/** "Saved." announced politely, or the failure with its code. */
export function SaveOutcomeNotice({
  outcome,
  savedText,
}: {
  outcome: SaveOutcome;
  savedText: string;
}) {
  return (
    <>
      <div role="status">
        {outcome && 'saved' in outcome ? (
          <p className="notice notice-success">{savedText}</p>
        ) : null}
      </div>
      {outcome && 'error' in outcome ? <ErrorNotice error={outcome.error} /> : null}
    </>
  );
}
