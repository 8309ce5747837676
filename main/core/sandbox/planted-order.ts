import { z } from 'zod';
import { currencies } from '../../../shared/money/currencies';
import { addApprovedTransaction } from './order-lifecycle';
import type { SandboxEnvironment } from './operation-context';
import { noTokenization, type OrderRecord } from './state';

/**
 * An order the app never journalled (the plantOrder fault): paid while the app was down, or
 * taken with the same merchant key elsewhere. Reconciliation must find it. `createdAt` lets a
 * test put it inside a shift's window; it defaults to now.
 */
export const plantedOrderSchema = z.strictObject({
  amountMinor: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  currency: z.enum(currencies),
  merchantReferenceId: z.string().min(1).max(100).optional(),
  createdAt: z.number().int().min(0).optional(),
  /** How many such orders (a load for paging and benchmarks); each gets its own reference. */
  count: z.number().int().min(1).max(10_000).default(1),
  /** Held only (a PreAuthorize Pay: `Authorized`), for a later capture or release. */
  held: z.boolean().optional(),
});
export type PlantedOrder = z.input<typeof plantedOrderSchema>;

// A planted order stands for a card the sandbox never saw: only what the order shows.
const plantedCard: OrderRecord['card'] = {
  numberDigest: '',
  cardDigest: null,
  brand: 'visa',
  masked: '444000******0010',
  holderName: 'PLANTED ORDER',
  expiryMonth: 1,
  expiryYear: 39,
};

/**
 * Adds paid orders (one Pay, captured once), or held ones (one Authorization), to the
 * sandbox; returns their ids.
 */
export const plantOrders = (env: SandboxEnvironment, spec: PlantedOrder): string[] => {
  const checked = plantedOrderSchema.parse(spec);
  const ids: string[] = [];
  for (let index = 0; index < checked.count; index += 1) {
    const at = checked.createdAt ?? env.clock.now();
    const id = env.uuid();
    const order: OrderRecord = {
      id,
      sequence: env.state.nextSequence(),
      sessionId: env.uuid(),
      merchantReferenceId:
        checked.count === 1 && checked.merchantReferenceId
          ? checked.merchantReferenceId
          : `${checked.merchantReferenceId ?? 'PLANTED'}-${index + 1}`,
      amountMinor: checked.amountMinor,
      currency: checked.currency,
      paymentOperation: checked.held ? 'PreAuthorize' : 'Pay',
      returnUrl: `${env.baseUrl}/planted`,
      callbackUrl: null,
      language: 'en',
      source: 'Planted',
      threeDSecureId: env.uuid(),
      outcome: 'frictionless',
      challengeReturn: 'GET',
      card: { ...plantedCard },
      initiateDecision: 'ContinueToPay',
      gatewayDecision: 'ContinueToPay',
      authentication: 'passed',
      acsTransactionId: env.uuid(),
      dsTransactionId: env.uuid(),
      authenticationValue: null,
      methodCompleted: true,
      detailedStatus: checked.held ? 'Authorized' : 'Paid',
      payInFlight: false,
      captureCount: checked.held ? 0 : 1,
      cancelReason: null,
      payAttempts: 1,
      refundedMinor: 0,
      customerPhone: null,
      deviceSets: new Set(),
      tokenization: noTokenization(),
      transactions: [],
      createdAt: at,
      updatedAt: at,
    };
    env.readLag.willChange(order, false);
    env.state.addOrder(order);
    addApprovedTransaction(env, order, checked.held ? 'Authorization' : 'Pay', order.amountMinor);
    ids.push(id);
  }
  return ids;
};
