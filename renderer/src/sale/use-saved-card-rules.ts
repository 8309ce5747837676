import { useEffect, useState } from 'react';
import type { SavedCardRules } from '../../../shared/ipc';
import { paydesk } from '../paydesk';

/**
 * The gateway's rules for saved cards (CVV needed, merchant-initiated allowed), read once
 * for the form that shows them. `undefined` while main answers; null when it could not
 * (then, as when the gateway could not be read, nothing about saved cards is offered).
 */
export function useSavedCardRules(enabled: boolean): SavedCardRules | null | undefined {
  const [rules, setRules] = useState<SavedCardRules | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void paydesk()
      .savedCardRules({})
      .then((answer) => {
        if (live) setRules(answer.ok ? answer.value : null);
      });
    return () => {
      live = false;
    };
  }, [enabled]);
  return rules;
}
