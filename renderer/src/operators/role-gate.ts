import type { Role } from '../../../shared/ipc-security';
import { useSessionStore } from './session-store';

const rank: Record<Role, number> = { cashier: 1, supervisor: 2, admin: 3 };

/**
 * Whether the signed-in operator's role reaches `needed` (everyone while operators are off),
 * so the window does not offer what main would answer "forbidden". What the window offers
 * only follows main's permission table: main checks every request itself.
 */
export const useRoleAtLeast = (needed: Role) =>
  useSessionStore((s) => {
    const state = s.state;
    if (!state?.operatorsEnabled) return true;
    const role = state.operator?.role;
    return role !== undefined && rank[role] >= rank[needed];
  });
