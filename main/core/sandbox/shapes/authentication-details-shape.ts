import type { CardBrand } from '../../../../shared/card/brands';
import type { OrderRecord } from '../state';

// EMV 3-D Secure directory server ids (registered application provider ids) per network.
const directoryServers: Record<CardBrand, string> = {
  mastercard: 'A000000004',
  visa: 'A000000003',
  amex: 'A000000025',
  mada: 'A000000228',
  meeza: 'A000000732',
};

/** EMV 3-D Secure transStatus for where the order's authentication stands. */
export const transStatusOf = (order: OrderRecord): string => {
  switch (order.authentication) {
    case 'pending':
      return 'C';
    case 'passed':
      return order.outcome === 'not-enrolled' ? 'A' : 'Y';
    case 'rejected':
      return 'R';
    default:
      return 'N';
  }
};

/** authenticationDetails of the Authentication transaction (seed §2.7). */
export const authenticationDetailsShape = (order: OrderRecord) => {
  const enrolled = order.outcome !== 'not-enrolled';
  const passed = order.authentication === 'passed';
  const status = transStatusOf(order);
  return {
    acsEci: passed ? (enrolled ? '05' : '06') : null,
    authenticationToken: order.authenticationValue,
    paResStatus: status,
    veResEnrolled: enrolled ? 'Y' : 'N',
    xid: null,
    accountAuthenticationValue: order.authenticationValue,
    proofXml: null,
    threeDSecureServerTransactionId: order.threeDSecureId,
    acsTransactionId: enrolled ? order.acsTransactionId : null,
    directoryServerId: order.card.brand ? directoryServers[order.card.brand] : null,
    dsTransactionId: order.dsTransactionId,
    methodSupported: enrolled ? 'SUPPORTED' : 'NOT_SUPPORTED',
    protocolVersion: '2.2.0',
    requestorId: 'PAYDESK-SANDBOX-3DS',
    requestorName: 'Paydesk Sandbox Merchant',
    transactionStatus: status,
    statusReasonCode: status === 'N' || status === 'R' ? '01' : null,
    acsReferenceNumber: enrolled ? 'PAYDESK-SANDBOX-ACS' : null,
    dsReferenceNumber: 'PAYDESK-SANDBOX-DS',
    methodCompleted: order.methodCompleted,
  };
};
