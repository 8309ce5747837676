import { create } from 'zustand';
import { paydesk } from '../paydesk';

/** Display names by operator ID, for History and the audit view (loaded once per sign-in). */
export const useOperatorNames = create<{ names: Record<string, string>; load(): Promise<void> }>()(
  (set) => ({
    names: {},
    async load() {
      const answer = await paydesk().operatorsDirectory({});
      if (answer.ok) set({ names: answer.value.names });
    },
  }),
);

/**
 * How the journal's operator stamp reads: `id` or `id/approver` (operators/acting-operator.ts
 * in main), with names where known.
 */
export function operatorLabel(
  stamp: string | null,
  names: Record<string, string>,
  approvedBy: (operator: string, approver: string) => string,
): string | null {
  if (!stamp) return null;
  const [operator = stamp, approver] = stamp.split('/');
  const name = (id: string) => names[id] ?? id;
  return approver ? approvedBy(name(operator), name(approver)) : name(operator);
}
