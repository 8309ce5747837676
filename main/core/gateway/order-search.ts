import { z } from 'zod';
import { gatewayOrderSchema } from './order-schema';

/**
 * Order search (GATEWAY-MORE.md §1): whole days in `fromDate`/`toDate` (yyyy-MM-dd), the
 * repeated `detailedStatuses`, `skip`/`take` paging (take 1–100) and `totalCount`.
 */
export interface OrderSearchQuery {
  fromDay?: string;
  toDay?: string;
  status?: 'Success' | 'InProgress' | 'Failed';
  detailedStatuses?: readonly string[];
  merchantReferenceId?: string;
  skip: number;
  take: number;
}

export const orderSearchPath = (query: OrderSearchQuery): string => {
  const params = new URLSearchParams();
  if (query.merchantReferenceId !== undefined)
    params.set('MerchantReferenceId', query.merchantReferenceId);
  if (query.fromDay !== undefined) params.set('fromDate', query.fromDay);
  if (query.toDay !== undefined) params.set('toDate', query.toDay);
  if (query.status !== undefined) params.set('status', query.status);
  for (const status of query.detailedStatuses ?? []) params.append('detailedStatuses', status);
  params.set('skip', String(query.skip));
  params.set('take', String(query.take));
  return `/pgw/api/v1/direct/order?${params.toString()}`;
};

/** A list item: the order without transactions, with its creation time to filter on. */
export const searchedOrderSchema = gatewayOrderSchema.extend({
  createdDate: z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not a date'),
  paymentIntent: z
    .object({ id: z.string().nullish(), paymentIntentId: z.string().nullish() })
    .nullish()
    .catch(null),
  /** Already masked by the gateway (first 6 and last 4); read to name the card of a difference. */
  paymentMethod: z
    .object({ maskedCardNumber: z.string().nullish(), brand: z.string().nullish() })
    .nullish()
    .catch(null),
});
export type SearchedOrder = z.infer<typeof searchedOrderSchema>;

export const orderSearchResponseSchema = z.object({
  orders: z.array(searchedOrderSchema),
  totalCount: z.number().int().nonnegative(),
});
export type OrderSearchPage = z.infer<typeof orderSearchResponseSchema>;

/**
 * The gateway reads `createdDate` with or without a zone (the seed: "some carry a trailing Z
 * and some do not"); both are UTC.
 */
export const createdAtOf = (order: SearchedOrder): number =>
  Date.parse(
    /[zZ]|[+-]\d\d:\d\d$/.test(order.createdDate) ? order.createdDate : `${order.createdDate}Z`,
  );
