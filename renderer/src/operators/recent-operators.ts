import { z } from 'zod';
import { sessionOperatorSchema } from '../../../shared/ipc-security';

/** Who signed in at this till last, newest first: the lock screen offers them as buttons. */
export type RecentOperator = { operatorId: string; displayName: string };

const key = 'paydesk.recent-operators';
const kept = 4;
const listSchema = z.array(sessionOperatorSchema.pick({ operatorId: true, displayName: true }));

/**
 * Kept in the window's own storage: names and IDs only (they show on receipts and at the
 * till anyway), never a secret. A damaged entry is an empty list.
 */
export function recentOperators(): RecentOperator[] {
  try {
    const parsed = listSchema.safeParse(JSON.parse(localStorage.getItem(key) ?? '[]'));
    return parsed.success ? parsed.data.slice(0, kept) : [];
  } catch {
    return [];
  }
}

export function rememberOperator(operator: RecentOperator): void {
  const others = recentOperators().filter(
    (o) => o.operatorId.toLowerCase() !== operator.operatorId.toLowerCase(),
  );
  const next = [
    { operatorId: operator.operatorId, displayName: operator.displayName },
    ...others,
  ].slice(0, kept);
  localStorage.setItem(key, JSON.stringify(next));
}
