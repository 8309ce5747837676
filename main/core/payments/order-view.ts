import type { AttemptResult } from '../../../shared/ipc';
import { currencyExponent, minorFromGatewayAmount } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';
import type { GatewayOrder, GatewayTransaction } from '../gateway/order-schema';
import { transactionRoles } from './order-state';

/** Transactions that take or hold money carry the authorization code and RRN. */
const chargeTypes = new Set(
  Object.entries(transactionRoles)
    .filter(([, role]) => role === 'takes' || role === 'holds')
    .map(([type]) => type),
);

type OrderView = NonNullable<AttemptResult['order']>;

/**
 * Gateway amounts are JSON decimals; read them through their decimal text. An amount with
 * more decimals than the currency has (never seen; defensive) is rounded to the minor unit.
 */
function toMinor(amount: number, currency: Currency): number {
  if (amount === 0) return 0;
  const exact = minorFromGatewayAmount(amount, currency);
  return exact.ok ? exact.value : Math.round(amount * 10 ** currencyExponent(currency));
}

const text = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** The successful charge carries the authorization code and RRN the receipt shows. */
function chargeTransaction(order: GatewayOrder): GatewayTransaction | undefined {
  return order.transactions.find((t) => chargeTypes.has(t.type) && t.status === 'Success');
}

/**
 * The order as the operator sees it (contract shape). It holds no card data: the gateway's
 * paymentMethod (masked number, holder) is deliberately not copied; the journal keeps its own
 * first 6 and last 4.
 */
export function toOrderView(order: GatewayOrder, currency: Currency): OrderView {
  const charge = chargeTransaction(order);
  return {
    orderId: order.orderId.slice(0, 64),
    status: order.status.slice(0, 64),
    detailedStatus: order.detailedStatus.slice(0, 64),
    authorizationCode: text(charge?.authorizationCode ?? null, 64),
    rrn: text(charge?.rrn ?? null, 64),
    capturedMinor: toMinor(order.totalCapturedAmount, currency),
    refundedMinor: toMinor(order.totalRefundedAmount, currency),
    transactions: order.transactions.map((t) => ({
      type: t.type.slice(0, 64),
      status: t.status.slice(0, 64),
      amountMinor: toMinor(t.amount, currency),
      currency: (t.currency ?? currency).slice(0, 3),
      authorizationCode: text(t.authorizationCode, 64),
      rrn: text(t.rrn, 64),
      responseCode: text(t.codes?.detailedResponseCode ?? t.codes?.responseCode ?? null, 64),
      createdAt: text(t.createdDate, 64),
    })),
  };
}
