import { err, ok, type Result } from '../result';
import { holdsCardDigits } from './card-in-text';

/**
 * What the operator types into free-text fields (cardholder name, merchant reference, void
 * reason, receipt header …), checked the same way by the renderer, as the operator types,
 * and by main, which trusts nothing the renderer sends.
 */
export type OperatorTextError = 'text-card-number' | 'text-bidi-control';

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): typed into
 * a reference they make a receipt read differently from what was stored. The receipt's own
 * isolates are added when it is rendered, never taken from input.
 */
const bidiControl = /[\u202A-\u202E\u2066-\u2069]/u;

export const holdsBidiControl = (text: string): boolean => bidiControl.test(text);

export function checkOperatorText(text: string): Result<string, OperatorTextError> {
  if (holdsBidiControl(text)) return err('text-bidi-control');
  if (holdsCardDigits(text)) return err('text-card-number');
  return ok(text);
}

/**
 * The error code for one named field, or null when the text is fine: a card number gets the
 * field's own code (`holder-name-invalid` says what to type instead), a bidi control the
 * shared one.
 */
export function operatorFieldError<C extends string>(
  text: string,
  cardNumberCode: C,
): C | 'text-bidi-control' | null {
  const checked = checkOperatorText(text);
  if (checked.ok) return null;
  return checked.error === 'text-card-number' ? cardNumberCode : checked.error;
}
