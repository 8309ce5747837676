import { cardBrands } from '../../../../shared/card/brands';
import { amountNumber } from '../rules/amount-rules';
import type { MerchantCredentials } from '../auth';
import { isoWithZone } from '../dates';
import { SANDBOX_MERCHANT_ID } from '../defaults';
import type { DetailedStatus, OrderRecord } from '../state';
import { paymentMethodShape } from './payment-method-shape';
import { recordedBy, transactionShape } from './transaction-shape';

const inProgress: readonly DetailedStatus[] = [
  'Initiated',
  'Authenticated',
  'ClientTimedOut',
  'ServerTimedOut',
];
const failed: readonly DetailedStatus[] = ['AuthenticationFailed', 'PayFailed', 'Reversed'];

/**
 * order.status from the detailed one: still moving (a timed-out Pay is still pending),
 * finished well, or failed. Official clients offer Cancel only while it is InProgress.
 */
export const orderStatusOf = (detailed: DetailedStatus): 'InProgress' | 'Success' | 'Failed' => {
  if (inProgress.includes(detailed)) return 'InProgress';
  return failed.includes(detailed) ? 'Failed' : 'Success';
};

// Held by an authorization that stands (a reversal gives it back), taken by a capture that
// stands; refunds are reported apart (totalRefundedAmount).
const heldMinor = (order: OrderRecord): number =>
  order.detailedStatus !== 'Reversed' &&
  order.transactions.some(
    (t) => (t.type === 'Pay' || t.type === 'Authorization') && t.status === 'Success',
  )
    ? order.amountMinor
    : 0;

const capturedMinor = (order: OrderRecord): number =>
  order.captureCount > 0 ? order.amountMinor : 0;

/**
 * The order object (seed §2.6) with every field, the ones null in the reference response
 * too. merchantReferenceId and the customer phone are filled when the sandbox knows them.
 * Dates carry a Z here; transactions' do not (dates.ts).
 */
export const orderShape = (order: OrderRecord, merchant: MerchantCredentials) => {
  const amount = (minor: number) => amountNumber(minor, order.currency);
  const captured = capturedMinor(order);
  const held = heldMinor(order);
  return {
    orderId: order.id,
    parentOrderId: null,
    merchantReferenceId: order.merchantReferenceId,
    amount: amount(order.amountMinor),
    tipAmount: 0,
    convenienceFeeAmount: 0,
    totalAmount: amount(order.amountMinor),
    settleAmount: amount(order.amountMinor),
    currency: order.currency,
    settleCurrency: order.currency,
    language: order.language,
    status: orderStatusOf(order.detailedStatus),
    detailedStatus: order.detailedStatus,
    threeDSecureId: order.threeDSecureId,
    merchantId: SANDBOX_MERCHANT_ID,
    merchantPublicKey: merchant.merchantPublicKey,
    mcc: '5999',
    callbackUrl: order.callbackUrl,
    returnUrl: order.returnUrl,
    cardOnFile: order.tokenization.cardOnFile,
    restrictPaymentMethods: false,
    setDefaultPaymentMethod: false,
    isTokenPayment: order.tokenization.withToken,
    isTest: true,
    cashOnDelivery: false,
    isDownPayment: false,
    isPayWithToken: order.tokenization.withToken,
    createCustomer: false,
    initiatedBy: order.tokenization.initiatedBy,
    paymentOperation: order.paymentOperation,
    transactions: order.transactions.map((transaction) => transactionShape(order, transaction)),
    orderItems: [],
    paymentMethod: paymentMethodShape(order.card),
    totalAuthorizedAmount: amount(held),
    totalCapturedAmount: amount(captured),
    totalRefundedAmount: amount(order.refundedMinor),
    orderSource: order.source,
    paymentBrands: [...cardBrands],
    multiCurrency: {
      authCurrency: order.currency,
      authAmount: amount(order.amountMinor),
      settleCurrency: order.currency,
      settleAmount: amount(order.amountMinor),
      exchangeRate: 1,
      exchangeFeePercentage: 0,
      exchangeFeeAmount: 0,
    },
    bankId: 'PAYDESK-SANDBOX-BANK',
    gatewayDecision: order.gatewayDecision,
    billingAddress: null,
    shippingAddress: null,
    tokenId: order.tokenization.tokenId,
    agreementId: order.tokenization.agreement?.id ?? null,
    agreementType: order.tokenization.agreement?.type ?? null,
    amountVariability: null,
    custom: null,
    paymentIntent: null,
    paymentMethods: null,
    platform: null,
    statementDescriptor: null,
    description: null,
    recurrence: null,
    amountToCollect: null,
    exchangeRate: null,
    exchangeFeePercentage: null,
    exchangeFeeAmount: null,
    deviceId: null,
    subscriptionId: null,
    subscriptionOccurrenceId: null,
    refundType: null,
    refundStatus: null,
    customerName: null,
    customerEmail: null,
    customerReferenceId: null,
    customerId: null,
    customerPhoneNumber: order.customerPhone?.number ?? null,
    customerPhoneCountryCode: order.customerPhone?.countryCode ?? null,
    customerCustomValue: null,
    airLine: null,
    createdDate: isoWithZone(order.createdAt),
    updatedDate: isoWithZone(order.updatedAt),
    createdBy: recordedBy,
    updatedBy: recordedBy,
  };
};
