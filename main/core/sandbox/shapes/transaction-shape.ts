import { amountNumber } from '../rules/amount-rules';
import { calendarDate, isoWithoutZone, networkDate, networkTime } from '../dates';
import type { OrderRecord, TransactionRecord } from '../state';
import { authenticationDetailsShape } from './authentication-details-shape';
import { paymentMethodShape } from './payment-method-shape';

const acquirerTimeZone = '+0300';

/** Who the gateway records as author of sandbox records (createdBy/updatedBy). */
export const recordedBy = 'PaydeskSandbox';

/** The acquirer's view of a money transaction (seed §2.7), null on Authentication. */
const acquirerShape = (transaction: TransactionRecord) => ({
  additionalResponseData: null,
  batch: Number(calendarDate(transaction.createdAt).replace(/-/g, '')),
  customData: null,
  date: networkDate(transaction.createdAt),
  id: 'PAYDESK_SANDBOX_ACQUIRER',
  merchantId: 'SANDBOXMID001',
  settlementDate: isoWithoutZone(transaction.createdAt),
  time: networkTime(transaction.createdAt),
  timeZone: acquirerTimeZone,
  transactionId: transaction.rrn ?? transaction.id,
});

/** The card network's authorization answer for a money transaction (seed §2.7). */
const authorizationResponseShape = (order: OrderRecord, transaction: TransactionRecord) => ({
  autoExpiry: null,
  avsCode: 'U',
  cardLevelIndicator: null,
  cardSecurityCodeError: 'M',
  cardSecurityCodePresenceIndicator: '1',
  commercialCard: null,
  commercialCardIndicator: '0',
  financialNetworkCode: (order.card.brand ?? 'card').toUpperCase(),
  financialNetworkDate: calendarDate(transaction.createdAt),
  marketSpecificData: null,
  merchantAdviceCode: null,
  paySvcData: null,
  posData: '1025100006600',
  posEntryMode: '812',
  posEntryModeChanged: 'N',
  processingCode: transaction.type === 'Refund' ? '200000' : '000000',
  responseCode: transaction.acquirerCode,
  date: networkDate(transaction.createdAt),
  responseMessage: transaction.acquirerMessage,
  returnAci: 'Y',
  time: networkTime(transaction.createdAt),
  timeZone: acquirerTimeZone,
  trackQuality: null,
  transactionIdentifier: transaction.stan ?? transaction.id.slice(0, 15),
  transactionIntegrityClass: null,
  validationCode: null,
  vpasResponse: null,
});

/**
 * A transaction as the order lists it (seed §2.7). authorizationCode, rrn and stan stay null
 * until an authorization succeeds; dates are written without a zone (see dates.ts).
 */
export const transactionShape = (order: OrderRecord, transaction: TransactionRecord) => {
  const money = transaction.type !== 'Authentication';
  return {
    transactionId: transaction.id,
    type: transaction.type,
    status: transaction.status,
    amount: amountNumber(transaction.amountMinor, order.currency),
    currency: order.currency,
    source: transaction.source,
    authorizationCode: transaction.authorizationCode,
    rrn: transaction.rrn,
    stan: transaction.stan,
    paymentMethod: paymentMethodShape(order.card),
    codes: {
      acquirerCode: transaction.acquirerCode,
      acquirerMessage: transaction.acquirerMessage,
      responseCode: transaction.code.responseCode,
      responseMessage: transaction.code.responseMessage,
      detailedResponseCode: transaction.code.detailedResponseCode,
      detailedResponseMessage: transaction.code.detailedResponseMessage,
    },
    authenticationDetails: money ? null : authenticationDetailsShape(order),
    correlationId: transaction.correlationId,
    paymentAttemptId: transaction.paymentAttemptId,
    parentTransactionId: transaction.parentId,
    acquirer: money ? acquirerShape(transaction) : null,
    authorizationResponse: money ? authorizationResponseShape(order, transaction) : null,
    terminalDetails: null,
    bnplDetails: null,
    bankInstallmentDetails: null,
    meezaDetails: null,
    meezaDigitalDetails: null,
    postilionDetails: null,
    refundType: null,
    refundStatus: null,
    isExtensionComplete: null,
    deviceId: null,
    extensionDate: isoWithoutZone(transaction.createdAt),
    createdDate: isoWithoutZone(transaction.createdAt),
    updatedDate: isoWithoutZone(transaction.updatedAt),
    createdBy: recordedBy,
    updatedBy: recordedBy,
  };
};
