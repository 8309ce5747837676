import { cardBrands } from '../../../../shared/card/brands';
import { gatewayAmount } from '../../../../shared/money/amount';
import type { MerchantCredentials } from '../auth';
import { isoWithZone } from '../dates';
import { SANDBOX_MERCHANT_ID } from '../defaults';
import type { DetailedStatus, OrderRecord } from '../state';
import { paymentMethodShape } from './payment-method-shape';
import { recordedBy, transactionShape } from './transaction-shape';

/** order.status from the detailed one: still moving, finished well, or failed. */
export const orderStatusOf = (detailed: DetailedStatus): 'InProgress' | 'Success' | 'Failed' => {
  if (detailed === 'Initiated' || detailed === 'Authenticated') return 'InProgress';
  return detailed === 'AuthenticationFailed' || detailed === 'PayFailed' ? 'Failed' : 'Success';
};

// A void takes the capture back entirely; refunds are reported apart (totalRefundedAmount).
const capturedMinor = (order: OrderRecord): number =>
  order.captureCount > 0 && order.detailedStatus !== 'Voided' ? order.amountMinor : 0;

/**
 * The order object (seed §2.6) with every field, the ones null in the reference response
 * too. merchantReferenceId and the customer phone are filled when the sandbox knows them.
 * Dates carry a Z here; transactions' do not (dates.ts).
 */
export const orderShape = (order: OrderRecord, merchant: MerchantCredentials) => {
  const amount = (minor: number) => gatewayAmount(minor, order.currency);
  const captured = capturedMinor(order);
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
    cardOnFile: false,
    restrictPaymentMethods: false,
    setDefaultPaymentMethod: false,
    isTokenPayment: false,
    isTest: true,
    cashOnDelivery: false,
    isDownPayment: false,
    isPayWithToken: false,
    createCustomer: false,
    initiatedBy: 'Internet',
    paymentOperation: 'Pay',
    transactions: order.transactions.map((transaction) => transactionShape(order, transaction)),
    orderItems: [],
    paymentMethod: paymentMethodShape(order.card),
    totalAuthorizedAmount: amount(captured),
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
    tokenId: null,
    agreementId: null,
    agreementType: null,
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
