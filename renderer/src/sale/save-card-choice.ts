import type { SaleRequest } from '../../../shared/ipc';
import type { Language } from '../i18n/languages';

export type AgreementType = 'Unscheduled' | 'Recurring';
export const agreementTypes: readonly AgreementType[] = ['Unscheduled', 'Recurring'];

/** The sale form's "Save card for this customer" and the consent the agent confirms. */
export interface SaveCardChoice {
  /** Off on every new sale: a card is saved only when the agent switches it on. */
  on: boolean;
  agreementType: AgreementType;
  /** The language the words were read in (both are shown). */
  language: Language;
  /** "The customer agreed", ticked by the agent after reading the words. */
  agreed: boolean;
}

export const saveCardOff = (language: Language): SaveCardChoice => ({
  on: false,
  agreementType: 'Unscheduled',
  language,
  agreed: false,
});

/**
 * The keyed sale's `saveCard` part: absent when the card is not to be saved; a problem when
 * it is, but no customer is chosen or the agent has not confirmed the customer agreed (then
 * nothing is sent: Pay waits).
 */
export function saveCardPart(
  choice: SaveCardChoice,
  customerId: string | null,
):
  | { ok: true; saveCard: SaleRequest['saveCard'] }
  | { ok: false; problem: 'no-customer' | 'not-agreed' } {
  if (!choice.on) return { ok: true, saveCard: undefined };
  if (customerId === null) return { ok: false, problem: 'no-customer' };
  if (!choice.agreed) return { ok: false, problem: 'not-agreed' };
  return {
    ok: true,
    saveCard: {
      customerId,
      agreementType: choice.agreementType,
      consentLanguage: choice.language,
      consentConfirmed: true,
    },
  };
}
