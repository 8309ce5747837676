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
  blurred(field: F): () => void;
}

/**
 * Whether leaving this field shows its error at once: only when something was typed in it.
 * An empty field left behind (a click on Card here or Send payment link, a look at the side
 * panel) stays quiet; Pay or Send shows every field still missing.
 */
export const typedIn = (element: HTMLElement | undefined): boolean =>
  !(element instanceof HTMLInputElement) || element.value.trim() !== '';
