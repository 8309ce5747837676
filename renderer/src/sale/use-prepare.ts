import { useEffect, useState } from 'react';
import type { Currency } from '../../../shared/money/currencies';
import { paydesk } from '../paydesk';

// Long enough not to create a session per keystroke, short enough that it is ready long
// before the card is typed.
const debounceMs = 300;

/**
 * Asks main to warm the gateway connection and create the session once the amount and
 * currency are valid (DESIGN.md §3: Enter should only wait for steps that need the card).
 * `amount` is null while the typed amount is invalid. Returns whether main reported the
 * session ready for exactly this amount and currency.
 */
export function usePrepare(amount: string | null, currency: Currency): boolean {
  const [preparedFor, setPreparedFor] = useState<string | null>(null);
  const key = amount === null ? null : `${currency} ${amount}`;
  useEffect(() => {
    if (amount === null) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      void paydesk()
        .salePrepare({ amount, currency })
        .then((answer) => {
          if (current && answer.ok && answer.value.prepared)
            setPreparedFor(`${currency} ${amount}`);
        });
    }, debounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [amount, currency]);
  return key !== null && preparedFor === key;
}
