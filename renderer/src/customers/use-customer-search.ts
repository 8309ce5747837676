import { useEffect, useState } from 'react';
import type { IpcError } from '../../../shared/ipc';
import type { CustomerView } from '../../../shared/ipc-customers';
import { paydesk } from '../paydesk';

// Long enough to let a phone number be typed in one go, short enough to feel immediate.
const typingPauseMs = 250;

export interface CustomerSearch {
  customers: readonly CustomerView[];
  searching: boolean;
  error: IpcError | null;
  /** The query the list answers (its "no customer matches" is about this text). */
  answered: string | null;
}

/**
 * Customers matching what is typed (name, phone or a saved card's last 4), asked of main
 * once typing pauses; an answer that a newer query overtook is dropped. An empty query
 * lists nothing. `generation` asks again for the same text (after a save or a delete).
 */
export function useCustomerSearch(query: string, generation = 0): CustomerSearch {
  const [answer, setAnswer] = useState<{
    query: string;
    customers: readonly CustomerView[];
    error: IpcError | null;
  } | null>(null);
  const text = query.trim();
  useEffect(() => {
    if (text === '') return;
    let live = true;
    const timer = setTimeout(() => {
      void paydesk()
        .customerSearch({ query: text })
        .then((result) => {
          if (!live) return;
          setAnswer(
            result.ok
              ? { query: text, customers: result.value.customers, error: null }
              : { query: text, customers: [], error: result.error },
          );
        });
    }, typingPauseMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, generation]);
  if (text === '') return { customers: [], searching: false, error: null, answered: null };
  // While the next answer is on its way the last list stays, so rows do not flicker away.
  return {
    customers: answer?.customers ?? [],
    searching: answer?.query !== text,
    error: answer?.query === text ? answer.error : null,
    answered: answer?.query ?? null,
  };
}
