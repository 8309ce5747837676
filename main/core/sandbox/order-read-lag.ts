import { MAX_FAULT_DELAY_MS } from './faults';
import { orderStatusOf } from './shapes/order-shape';
import type { OrderRecord } from './state';

/** What Get order and Search show of an order: its shape, or null while it did not exist. */
export type OrderView = Record<string, unknown>;

interface Change {
  /** Real time (ms) of the change; read lag is a delay, so it follows real timers. */
  readonly at: number;
  /** The order as it was just before the change (null: it did not exist yet). */
  readonly before: OrderView | null;
}

/**
 * The orderReadLag fault: reads show each order as it was `lagMs` earlier, like a gateway
 * whose order reads come from a replica a little behind. Every operation that may change an
 * order says so first (`willChange`); while a lag is set, the order's shape before the change
 * is kept with the time, for at most the longest lag allowed. Changes made while no lag is set
 * are not kept, so setting a lag affects the changes that follow it.
 */
export class OrderReadLag {
  private readonly changes = new WeakMap<OrderRecord, Change[]>();
  // One snapshot per order per synchronous step: the first call sees the state before it.
  private readonly takenThisStep = new Set<OrderRecord>();

  constructor(
    private readonly lagMs: () => number,
    private readonly shapeOf: (order: OrderRecord) => OrderView,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Call before changing `order`; `exists` false for an order being created. */
  willChange(order: OrderRecord, exists = true): void {
    if (this.lagMs() === 0 || this.takenThisStep.has(order)) return;
    this.takenThisStep.add(order);
    queueMicrotask(() => this.takenThisStep.delete(order));
    const at = this.now();
    const kept = (this.changes.get(order) ?? []).filter(
      (change) => change.at > at - MAX_FAULT_DELAY_MS,
    );
    kept.push({ at, before: exists ? this.shapeOf(order) : null });
    this.changes.set(order, kept);
  }

  /** The order as a reader sees it now: as it was lagMs ago (null: not created yet then). */
  view(order: OrderRecord): OrderView | null {
    const past = this.pastChange(order);
    return past ? past.before : this.shapeOf(order);
  }

  /** The statuses a reader sees, without building the whole order when nothing lags. */
  statuses(order: OrderRecord): { status: unknown; detailedStatus: unknown } | null {
    const past = this.pastChange(order);
    if (!past)
      return { status: orderStatusOf(order.detailedStatus), detailedStatus: order.detailedStatus };
    return (
      past.before && { status: past.before.status, detailedStatus: past.before.detailedStatus }
    );
  }

  // The first change a reader lagMs behind has not seen yet: what it shows is that change's
  // "before". Undefined when the reader is up to date.
  private pastChange(order: OrderRecord): Change | undefined {
    const lag = this.lagMs();
    if (lag === 0) return undefined;
    const seenAt = this.now() - lag;
    return this.changes.get(order)?.find((change) => change.at > seenAt);
  }
}
