import { describe, expect, test } from 'vitest';
import { admin, call, payBody, paths, startPayment, useSandbox, type Json } from './sandbox-client';

const sandbox = useSandbox();
const today = () => new Date().toISOString().slice(0, 10);

const search = (query: string) => call(sandbox(), 'GET', `${paths.search}?${query}`);

describe('Search orders for reconciliation (GATEWAY-MORE.md §1)', () => {
  test('an impossible day or time, a word, or a reversed range are 100.017', async () => {
    for (const query of [
      'ToDate=2026-02-30',
      'FromDate=2026-11-24T24:00:00Z',
      'FromDate=yesterday',
      'FromDate=2026-11-24&ToDate=2026-11-23',
      'FromDate=2026-11-24T10:00:00Z&ToDate=2026-11-24T09:59:59Z',
    ]) {
      const answer = await search(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.detailedResponseCode, query).toBe('100.017');
    }
  });

  test('dates and ISO 8601 date-times, with or without offset, compared by instant', async () => {
    const made = await startPayment(sandbox(), '5123456789012346', 40);
    await call(sandbox(), 'POST', paths.pay, payBody(made));
    const order = await call(sandbox(), 'GET', paths.order(made.orderId));
    const created = Date.parse(order.body.order.createdDate as string);
    const iso = (ms: number) => new Date(ms).toISOString();
    // The same instant in Riyadh's offset, and without offset (UTC).
    const riyadh = (ms: number) =>
      `${new Date(ms + 3 * 3_600_000).toISOString().slice(0, 23)}+03:00`;
    const bare = (ms: number) => iso(ms).slice(0, 19);
    const found = async (query: string) => {
      const answer = await search(`${query}&Take=100`);
      expect(answer.status, query).toBe(200);
      return (answer.body.orders as Json[]).some((o) => o.orderId === made.orderId);
    };
    expect(await found(`FromDate=${today()}&ToDate=${today()}`)).toBe(true);
    expect(await found(`FromDate=${iso(created)}&ToDate=${iso(created)}`)).toBe(true);
    expect(await found(`FromDate=${encodeURIComponent(riyadh(created - 1_000))}`)).toBe(true);
    expect(await found(`FromDate=${encodeURIComponent(riyadh(created + 1_000))}`)).toBe(false);
    expect(await found(`ToDate=${bare(created - 1_000)}`)).toBe(false);
    expect(await found(`ToDate=${bare(created + 1_000).replace('T', '%20')}`)).toBe(true);
  });

  test('Take outside 1-100 and a negative Skip are 100.018; an unknown status 100.019', async () => {
    for (const query of ['Take=0', 'Take=101', 'Skip=-1', 'take=abc']) {
      const answer = await search(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.detailedResponseCode, query).toBe('100.018');
    }
    for (const query of ['Status=Paid', 'detailedStatuses=Settled']) {
      expect((await search(query)).body.detailedResponseCode, query).toBe('100.019');
    }
  });

  test('repeated detailedStatuses match any of them; list items carry no transactions', async () => {
    const paid = await startPayment(sandbox(), '5123456789012346', 40);
    await call(sandbox(), 'POST', paths.pay, payBody(paid));
    const refunded = await startPayment(sandbox(), '5123456789012346', 30);
    await call(sandbox(), 'POST', paths.pay, payBody(refunded));
    await call(sandbox(), 'POST', paths.refund, { orderId: refunded.orderId });
    const open = await startPayment(sandbox(), '5123450000000008', 20);

    const both = await search(
      `FromDate=${today()}&ToDate=${today()}&detailedStatuses=Paid&detailedStatuses=Refunded&Take=100`,
    );
    const ids = both.body.orders.map((order: Json) => order.orderId);
    expect(ids).toEqual(expect.arrayContaining([paid.orderId, refunded.orderId]));
    expect(ids).not.toContain(open.orderId);
    for (const order of both.body.orders) {
      expect(order).not.toHaveProperty('transactions');
      expect(order).toHaveProperty('createdDate');
    }
    const onlyPaid = await search('detailedStatuses=Paid&Take=100');
    expect(onlyPaid.body.orders.map((order: Json) => order.orderId)).not.toContain(
      refunded.orderId,
    );
  });

  test('MerchantReferenceId answers an orders array', async () => {
    const started = await startPayment(sandbox(), '5123456789012346', 15);
    const reference = (await call(sandbox(), 'GET', paths.order(started.orderId))).body.order
      .merchantReferenceId;
    const answer = await search(`MerchantReferenceId=${encodeURIComponent(reference)}`);
    expect(answer.body.totalCount).toBe(1);
    expect(answer.body.orders).toEqual([
      expect.objectContaining({ orderId: started.orderId, merchantReferenceId: reference }),
    ]);
  });

  test('plantOrder over the admin surface: a paid order no app made, found by day and paging', async () => {
    const yesterday = Date.now() - 86_400_000;
    const day = new Date(yesterday).toISOString().slice(0, 10);
    const planted = await admin(sandbox(), '/__sandbox/faults', {
      plantOrder: { amountMinor: 1_250, currency: 'KWD', createdAt: yesterday, count: 250 },
    });
    expect(planted.status).toBe(200);
    const { plantedOrderIds } = (await planted.json()) as { plantedOrderIds: string[] };
    expect(plantedOrderIds).toHaveLength(250);

    const seen: string[] = [];
    let total = Infinity;
    for (let skip = 0; skip < total; skip += 100) {
      const page = await search(`FromDate=${day}&ToDate=${day}&Skip=${skip}&Take=100`);
      total = page.body.totalCount;
      seen.push(...page.body.orders.map((order: Json) => order.orderId));
      expect(page.body.orders[0]).toMatchObject({
        amount: 1.25,
        currency: 'KWD',
        detailedStatus: 'Paid',
        status: 'Success',
      });
    }
    expect(total).toBe(250);
    expect(new Set(seen)).toEqual(new Set(plantedOrderIds));
    expect(sandbox().faults.plantOrder({ amountMinor: 5, currency: 'JPY' })).toHaveLength(1);
  });
});
