import type { SaleField } from './sale-form-check';

/** How the sale form's field groups report focus targets, blur and shown errors. */
export interface FieldWiring {
  /** Callback ref, so a refused submit can focus the first field in error. */
  register(field: SaleField): (element: HTMLElement | null) => void;
  /** The error code to show now (null until blur or a submit attempt). */
  errorOf(field: SaleField): string | null;
  blurred(field: SaleField): () => void;
}
