import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { refusal } from '../problem-details';
import { lapseExpiredHold } from '../order-lifecycle';
import { gatewayReply } from '../reply';
import { checkOrderSearch } from './search-rules';

/**
 * Get order: the full order (seed §2.6) as Pay answered it, as a reader sees it now (the
 * orderReadLag fault shows it as it was a while ago, or not at all if it was created since).
 */
export const getOrder: Operation = (env, request) => {
  const order = env.state.orders.get((request.orderId ?? '').toLowerCase());
  if (order) lapseExpiredHold(env, order);
  const view = order ? env.readLag.view(order) : null;
  if (!view) return gatewayReply(gatewayCodes.orderNotFound, request.language, { order: null });
  return gatewayReply(gatewayCodes.success, request.language, { order: view });
};

/**
 * Search orders (GATEWAY-MORE.md §1): filters on merchant reference, status and any of the
 * detailed statuses (as a reader sees them, read lag included) and whole days of creation
 * time; newest first; Skip/Take paging with the total. List items are the order without its
 * `transactions`, as the official samples fetch the order itself for those.
 */
export const searchOrders: Operation = (env, request) => {
  const parsed = checkOrderSearch(request.query);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const filter = parsed.value;
  for (const order of env.state.orders.values()) lapseExpiredHold(env, order);
  const matches = [...env.state.orders.values()]
    .sort((a, b) => b.createdAt - a.createdAt || b.sequence - a.sequence)
    .filter((order) => {
      const seen = env.readLag.statuses(order);
      return (
        seen !== null &&
        (filter.merchantReferenceId === undefined ||
          order.merchantReferenceId === filter.merchantReferenceId) &&
        (filter.status === undefined || seen.status === filter.status) &&
        (filter.detailedStatuses.length === 0 ||
          filter.detailedStatuses.includes(String(seen.detailedStatus))) &&
        (filter.from === undefined || order.createdAt >= filter.from) &&
        (filter.until === undefined || order.createdAt < filter.until)
      );
    });
  return gatewayReply(gatewayCodes.success, request.language, {
    orders: matches.slice(filter.skip, filter.skip + filter.take).map((order) => {
      const { transactions: _transactions, ...item } = env.readLag.view(order) ?? {};
      return item;
    }),
    totalCount: matches.length,
  });
};
