import { en } from './en';

export type ErrorKey = keyof typeof en.errors;

/**
 * The table entry for a code from anywhere (rules, router, engine, settings). A code the
 * table does not know yet still gets a sentence, never the raw code alone.
 */
export function errorKey(code: string): ErrorKey {
  return Object.hasOwn(en.errors, code) ? (code as ErrorKey) : 'unknown';
}
