import type { Difference, Reconciliation } from '../../../shared/ipc-shifts';
import type { GatewayResult } from '../gateway/gateway-error';
import {
  createdAtOf,
  type OrderSearchPage,
  type OrderSearchQuery,
  type SearchedOrder,
} from '../gateway/order-search';

export type SearchOrders = (
  query: OrderSearchQuery,
  signal?: AbortSignal,
) => Promise<GatewayResult<OrderSearchPage>>;

const pageSize = 100;

/** yyyy-MM-dd (UTC) of every day the window touches: the search takes whole days only. */
const dayOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/**
 * Every gateway order created in [from, until]: the whole days around the window, page by
 * page (take 100, until `totalCount`), then filtered on the orders' own creation times.
 * Orders that move between pages while we read are kept once (by id).
 */
export async function gatewayOrdersIn(
  search: SearchOrders,
  window: { from: number; until: number },
  signal?: AbortSignal,
): Promise<GatewayResult<SearchedOrder[]>> {
  const byId = new Map<string, SearchedOrder>();
  const days = { fromDay: dayOf(window.from), toDay: dayOf(Math.max(window.from, window.until)) };
  for (let skip = 0, total = 1; skip < total; skip += pageSize) {
    const page = await search({ ...days, skip, take: pageSize }, signal);
    if (!page.ok) return page;
    total = page.value.totalCount;
    if (page.value.orders.length === 0) break;
    for (const order of page.value.orders) {
      const at = createdAtOf(order);
      if (at >= window.from && at <= window.until) byId.set(order.orderId.toLowerCase(), order);
    }
  }
  return { ok: true, value: [...byId.values()], correlationId: null };
}

/**
 * Reconciles the window with the gateway: the gateway's orders of the window,
 * paged here, compared with the journal by `match` (reconcile-match.ts, on the journal
 * reader thread). The gateway unreachable (or answering what we cannot read) is "not
 * reconciled", never a guess.
 */
export async function reconcile(deps: {
  search: SearchOrders;
  match: (
    orders: readonly SearchedOrder[],
    window: { from: number; until: number },
  ) => Promise<Difference[]>;
  window: { from: number; until: number };
  now: () => number;
  signal?: AbortSignal;
}): Promise<Reconciliation> {
  const fetched = await gatewayOrdersIn(deps.search, deps.window, deps.signal);
  if (!fetched.ok) {
    return { state: 'not-reconciled', at: deps.now(), reason: fetched.error.kind };
  }
  const differences = await deps.match(fetched.value, deps.window);
  return { state: 'reconciled', at: deps.now(), orders: fetched.value.length, differences };
}
