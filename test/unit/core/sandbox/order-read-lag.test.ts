import { describe, expect, test } from 'vitest';
import { OrderReadLag } from '../../../../main/core/sandbox/order-read-lag';
import type { DetailedStatus, OrderRecord } from '../../../../main/core/sandbox/state';

// The lag in real milliseconds, driven here by a hand-moved time so each step is exact.
const setup = (lagMs: number) => {
  let now = 1_000;
  let lag = lagMs;
  const order = { detailedStatus: 'Authenticated' as DetailedStatus } as OrderRecord;
  const readLag = new OrderReadLag(
    () => lag,
    (o) => ({ detailedStatus: o.detailedStatus }),
    () => now,
  );
  // Each change is its own synchronous step in the sandbox; flush microtasks between them.
  const change = async (to: DetailedStatus) => {
    readLag.willChange(order);
    order.detailedStatus = to;
    await Promise.resolve();
  };
  const seen = () => readLag.view(order)?.detailedStatus ?? 'not found';
  return {
    order,
    readLag,
    change,
    seen,
    at: (ms: number) => (now = ms),
    setLag: (ms: number) => (lag = ms),
  };
};

describe('OrderReadLag', () => {
  test('a reader sees the order exactly as it was lag ms earlier, through several changes', async () => {
    const lag = setup(600);
    lag.at(1_000);
    await lag.change('Paid');
    lag.at(1_300);
    await lag.change('Refunded');
    lag.at(1_350);
    expect(lag.seen()).toBe('Authenticated');
    lag.at(1_650);
    expect(lag.seen()).toBe('Paid');
    lag.at(1_899);
    expect(lag.seen()).toBe('Paid');
    lag.at(1_900);
    expect(lag.seen()).toBe('Refunded');
    expect(lag.readLag.statuses(lag.order)).toEqual({
      status: 'Success',
      detailedStatus: 'Refunded',
    });
  });

  test('an order created within the lag is not there yet', async () => {
    const lag = setup(500);
    lag.readLag.willChange(lag.order, false);
    await Promise.resolve();
    expect(lag.seen()).toBe('not found');
    expect(lag.readLag.statuses(lag.order)).toBeNull();
    lag.at(1_500);
    expect(lag.seen()).toBe('Authenticated');
  });

  test('several changes in one synchronous step count as one (the state before the step)', async () => {
    const lag = setup(500);
    lag.readLag.willChange(lag.order);
    lag.order.detailedStatus = 'Paid';
    lag.readLag.willChange(lag.order);
    lag.order.detailedStatus = 'PartiallyRefunded';
    await Promise.resolve();
    expect(lag.seen()).toBe('Authenticated');
  });

  test('no lag: nothing is kept, reads are current; a lag set later covers later changes only', async () => {
    const lag = setup(0);
    await lag.change('Paid');
    lag.setLag(500);
    expect(lag.seen()).toBe('Paid');
    await lag.change('Refunded');
    expect(lag.seen()).toBe('Paid');
  });
});
