import { useEffect, useRef } from 'react';
import type { Currency } from '../../../shared/money/currencies';
import { paydesk } from '../paydesk';

// The number is complete; a short pause lets a fast typist's last correction land first.
const settleMs = 150;

interface CardCheckTarget {
  /** The setting "Check the card only after Pay" is off. */
  enabled: boolean;
  /** Null while the typed amount is invalid. */
  amount: string | null;
  currency: Currency;
  merchantReferenceId: string;
  /** The complete, valid card number; null while it is incomplete. */
  cardDigits: string | null;
  /** A hold's check runs on its own kind of session. */
  authorizeOnly: boolean;
}

/**
 * Once the card number is complete, main starts Initiate Authentication and the
 * method page while expiry, CVV and name are typed. A change of number, amount, currency or
 * reference starts a new check (main cancels the old one); an incomplete number or a cleared
 * form drops it, so main forgets the card. `handOver` is called as Pay is pressed: the sale
 * takes the check, and leaving the form must not drop it.
 */
export function useCardCheck(target: CardCheckTarget): { handOver(): void } {
  const { enabled, amount, currency, cardDigits, authorizeOnly } = target;
  const reference = target.merchantReferenceId.trim();
  const sent = useRef(false);
  const handedOver = useRef(false);

  useEffect(() => {
    // Pay took the check; the form's card fields empty themselves right after.
    if (handedOver.current) return undefined;
    if (!enabled || amount === null || cardDigits === null || reference === '') {
      if (sent.current) {
        sent.current = false;
        void paydesk().saleCardCheckDrop({});
      }
      return undefined;
    }
    const timer = setTimeout(() => {
      sent.current = true;
      void paydesk().saleCardCheck({
        amount,
        currency,
        merchantReferenceId: reference,
        cardNumber: cardDigits,
        ...(authorizeOnly ? { authorizeOnly } : {}),
      });
    }, settleMs);
    return () => clearTimeout(timer);
  }, [enabled, amount, currency, reference, cardDigits, authorizeOnly]);

  // The form goes away (cleared, New sale, another screen) without Pay: main drops the card.
  useEffect(
    () => () => {
      if (sent.current && !handedOver.current) void paydesk().saleCardCheckDrop({});
    },
    [],
  );

  return {
    handOver: () => {
      handedOver.current = true;
    },
  };
}
