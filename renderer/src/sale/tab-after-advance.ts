import { useRef, type KeyboardEvent } from 'react';

/**
 * A Tab pressed on a field the form has just moved to by itself is absorbed: the operator who
 * tabs out of every field by habit and the one who lets the form move on both land in the
 * field that comes next, never one further (Amount, Tab skipping the card number). Any other
 * key, or a Tab anywhere else, is left alone and ends the absorbing.
 */
export function useTabAfterAdvance() {
  const advancedTo = useRef<Element | null>(null);
  return {
    /** The form moved the cursor to `element` by itself. */
    moved(element: Element | undefined) {
      advancedTo.current = element ?? null;
    },
    /** For the form's keydown: true when the key was absorbed. */
    absorb(event: KeyboardEvent): boolean {
      const target = advancedTo.current;
      advancedTo.current = null;
      if (event.key !== 'Tab' || event.shiftKey || target === null) return false;
      if (event.target !== target) return false;
      event.preventDefault();
      return true;
    },
  };
}
