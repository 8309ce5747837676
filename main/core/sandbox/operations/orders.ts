import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { parseFields } from '../rules/schema-fields';

/**
 * Get order: the full order (seed §2.6) as Pay answered it, as a reader sees it now (the
 * orderReadLag fault shows it as it was a while ago, or not at all if it was created since).
 */
export const getOrder: Operation = (env, request) => {
  const order = env.state.orders.get((request.orderId ?? '').toLowerCase());
  const view = order ? env.readLag.view(order) : null;
  if (!view) return gatewayReply(gatewayCodes.orderNotFound, request.language, { order: null });
  return gatewayReply(gatewayCodes.success, request.language, { order: view });
};

const dateFilter = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), 'The value must be an ISO 8601 date.')
  .transform((text) => Date.parse(text));

const searchSchema = z.object({
  merchantreferenceid: z.string().optional(),
  status: z.string().optional(),
  detailedstatus: z.string().optional(),
  fromdate: dateFilter.optional(),
  todate: dateFilter.optional(),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * Search orders (GATEWAY.md): filters on merchant reference, status or detailed status (as a
 * reader sees them, read lag included), and an inclusive creation-time range; newest first;
 * Skip/Take paging. Query names are read
 * case-insensitively, as ASP.NET binds them.
 */
export const searchOrders: Operation = (env, request) => {
  const query: Record<string, string> = {};
  for (const [name, value] of request.query) query[name.toLowerCase()] = value;
  const parsed = parseFields(searchSchema, query);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const filter = parsed.value;
  const matches = [...env.state.orders.values()]
    .sort((a, b) => b.createdAt - a.createdAt || b.sequence - a.sequence)
    .filter((order) => {
      const seen = env.readLag.statuses(order);
      return (
        seen !== null &&
        (filter.merchantreferenceid === undefined ||
          order.merchantReferenceId === filter.merchantreferenceid) &&
        (filter.status === undefined || seen.status === filter.status) &&
        (filter.detailedstatus === undefined || seen.detailedStatus === filter.detailedstatus) &&
        (filter.fromdate === undefined || order.createdAt >= filter.fromdate) &&
        (filter.todate === undefined || order.createdAt <= filter.todate)
      );
    });
  return gatewayReply(gatewayCodes.success, request.language, {
    orders: matches
      .slice(filter.skip, filter.skip + filter.take)
      .map((order) => env.readLag.view(order)),
    totalCount: matches.length,
  });
};
