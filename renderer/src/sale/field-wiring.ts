import type { FocusEvent } from 'react';
import type { SaleField } from './sale-form-check';

/**
 * How a form's field groups report focus targets, blur and shown errors. The card form's
 * fields are SaleFields; the link form wires the same groups plus its own fields.
 */
export interface FieldWiring<F extends string = SaleField> {
  /** Callback ref, so a refused submit can focus the first field in error. */
  register(field: F): (element: HTMLElement | null) => void;
  /** The error code to show now (null until blur or a submit attempt). */
  errorOf(field: F): string | null;
  blurred(field: F): (event?: FocusEvent) => void;
}

/**
 * Whether leaving this field shows its error at once: only when something was typed in it,
 * and not when the cursor leaves for the form's own Pay or Send. An empty field left behind
 * (a click on Card here or Send payment link, a look at the side panel) stays quiet; Pay or
 * Send shows every field still missing itself, and an error appearing between the press and
 * the release of that button would move it from under the pointer, so the click missed.
 */
export const showsErrorOnLeaving = (
  element: HTMLElement | undefined,
  event: FocusEvent | undefined,
): boolean => {
  const next = event?.relatedTarget;
  if (next instanceof HTMLButtonElement && next.type === 'submit') return false;
  return !(element instanceof HTMLInputElement) || element.value.trim() !== '';
};
