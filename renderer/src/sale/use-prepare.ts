import { useEffect, useState } from 'react';
import type { Currency } from '../../../shared/money/currencies';
import { paydesk } from '../paydesk';

// Long enough not to create a session per keystroke, short enough that it is ready long
// before the card is typed.
const debounceMs = 300;

interface PrepareTarget {
  /** Null while the typed amount is invalid: nothing to prepare yet. */
  amount: string | null;
  currency: Currency;
  /** The session is signed over the reference, so a sale reuses it only with this one. */
  merchantReferenceId: string;
  /** A session is made for a hold or for a one-step Pay, never both. */
  authorizeOnly: boolean;
}

/**
 * Asks main to warm the gateway connection and create the session once amount and currency
 * are valid (DESIGN.md §3: Enter should only wait for steps that need the card). Returns
 * whether main reported a session ready for exactly these values.
 */
export function usePrepare({
  amount,
  currency,
  merchantReferenceId,
  authorizeOnly,
}: PrepareTarget): boolean {
  const [preparedFor, setPreparedFor] = useState<string | null>(null);
  const reference = merchantReferenceId.trim();
  const key = amount === null ? null : JSON.stringify([amount, currency, reference, authorizeOnly]);
  useEffect(() => {
    if (amount === null) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const hold = authorizeOnly ? { authorizeOnly } : {};
      const request =
        reference === ''
          ? { amount, currency, ...hold }
          : { amount, currency, merchantReferenceId: reference, ...hold };
      void paydesk()
        .salePrepare(request)
        .then((answer) => {
          if (current && answer.ok && answer.value.prepared) {
            setPreparedFor(JSON.stringify([amount, currency, reference, authorizeOnly]));
          }
        });
    }, debounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [amount, currency, reference, authorizeOnly]);
  return key !== null && preparedFor === key;
}
