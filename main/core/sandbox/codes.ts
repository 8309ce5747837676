/**
 * Every answer the sandbox can give, in one table: the gateway publishes only `000`, so the
 * sandbox defines its own codes for the rules it enforces (GATEWAY.md, "Errors") and
 * docs/sandbox.md lists this table. `responseCode` is the group, `detailedResponseCode` the
 * rule, as official clients display them (`300.001`). HTTP 200 carries business outcomes;
 * 4xx carries malformed requests in a problem-details body.
 */
export interface GatewayCode {
  readonly httpStatus: number;
  readonly responseCode: string;
  readonly responseMessage: string;
  readonly detailedResponseCode: string;
  readonly detailedResponseMessage: string;
}

const code = (
  httpStatus: number,
  detailedResponseCode: string,
  responseMessage: string,
  detailedResponseMessage: string,
): GatewayCode => ({
  httpStatus,
  responseCode: detailedResponseCode.split('.')[0] ?? detailedResponseCode,
  responseMessage,
  detailedResponseCode,
  detailedResponseMessage,
});

export const gatewayCodes = {
  success: code(200, '000', 'Success', 'The operation was successful'),

  unauthorized: code(401, '001.001', 'Unauthorized', 'Missing or invalid Basic credential'),
  misdirected: code(
    421,
    '001.002',
    'Misdirected request',
    'The Host header must name the sandbox itself: 127.0.0.1 or localhost',
  ),

  malformedJson: code(400, '100.001', 'Invalid request', 'The request body is not valid JSON'),
  unsupportedMediaType: code(
    415,
    '100.002',
    'Unsupported media type',
    'The request Content-Type must be application/json',
  ),
  invalidFields: code(
    400,
    '100.003',
    'Invalid request',
    'One or more fields are missing or invalid',
  ),
  returnUrlNotHttps: code(400, '100.004', 'Invalid request', 'returnUrl must be an HTTPS URL'),
  cardNumberLength: code(
    400,
    '100.005',
    'Invalid card',
    'The card number length does not match its brand (16 digits; amex 15)',
  ),
  cardNumberLuhn: code(400, '100.006', 'Invalid card', 'The card number fails the Luhn check'),
  cvvLength: code(400, '100.007', 'Invalid card', 'The CVV length does not match the card brand'),
  expiryFormat: code(
    400,
    '100.008',
    'Invalid card',
    'The expiry month and year must be 2 digits each (month 01-12)',
  ),
  expiryPast: code(400, '100.009', 'Invalid card', 'The card has expired'),
  deviceIncomplete: code(
    400,
    '100.010',
    'Invalid request',
    'deviceIdentification needs providerDeviceId, language and userAgent',
  ),
  phoneIncomplete: code(
    400,
    '100.011',
    'Invalid request',
    'customerPhoneNumber and customerPhoneCountryCode must be sent together',
  ),
  phoneInvalid: code(400, '100.012', 'Invalid request', 'The customer phone number is not valid'),
  invalidSignature: code(
    400,
    '100.013',
    'Invalid signature',
    'The session signature does not match the request',
  ),
  notFound: code(404, '100.014', 'Not found', 'No such endpoint'),
  methodNotAllowed: code(
    405,
    '100.015',
    'Method not allowed',
    'This endpoint takes another method',
  ),
  bodyTooLarge: code(413, '100.016', 'Request too large', 'The request body exceeds 64 KiB'),

  // Order search: the date filters take dates or date-times, paging is bounded.
  searchDateInvalid: code(
    400,
    '100.017',
    'Invalid request',
    'FromDate and ToDate take a date or an ISO 8601 date-time, FromDate not after ToDate',
  ),
  searchPaging: code(
    400,
    '100.018',
    'Invalid request',
    'Skip must be 0 or more and Take between 1 and 100',
  ),
  searchStatus: code(
    400,
    '100.019',
    'Invalid request',
    'Status must be Success, InProgress or Failed, and each detailedStatuses a known detailed status',
  ),

  sessionNotFound: code(200, '200.001', 'Session not found', 'No session has this sessionId'),
  sessionExpired: code(
    200,
    '200.002',
    'Session expired',
    'The session expired 15 minutes after it was created; create a new session',
  ),
  orderIdReused: code(
    200,
    '200.003',
    'Duplicate order',
    'This orderId is already used under the merchant profile',
  ),
  orderNotFound: code(200, '200.004', 'Order not found', 'No order has this orderId'),

  valuesMismatch: code(
    200,
    '300.001',
    'Authentication mismatch',
    'The values differ from those used in authentication (card, session, order or threeDSecureId)',
  ),
  operationMismatch: code(
    200,
    '300.006',
    'Operation mismatch',
    'The paymentOperation differs from the one the session was created with',
  ),
  deviceRepeated: code(
    200,
    '300.002',
    'Refused by card network',
    'The same device identification values were already used for this order; send fresh values per transaction',
  ),
  challengeNotCompleted: code(
    200,
    '300.003',
    'Authentication not completed',
    'The 3-D Secure challenge has not been passed for this order',
  ),
  authenticationFailed: code(
    200,
    '300.004',
    'Authentication failed',
    'The cardholder did not pass the 3-D Secure challenge',
  ),
  authenticationRejected: code(
    200,
    '300.005',
    'Authentication rejected',
    'The card cannot be authenticated; it cannot be paid with',
  ),
  challengeCancelled: code(
    200,
    '010.001',
    'Cancelled by user',
    'The cardholder cancelled the challenge',
  ),

  orderAlreadyPaid: code(200, '400.001', 'Order already paid', 'The order is already paid'),
  insufficientFunds: code(200, '400.002', 'Declined', 'Declined by issuer: insufficient funds'),
  doNotHonour: code(200, '400.003', 'Declined', 'Declined by issuer: do not honour'),
  orderNotPayable: code(
    200,
    '400.004',
    'Order cannot be paid',
    'The order is cancelled, reversed, refunded or already authorized',
  ),
  payInProgress: code(
    200,
    '400.005',
    'Payment in progress',
    'A Pay for this order is still being processed; read the order for its outcome',
  ),
  payReversed: code(
    200,
    '400.006',
    'Payment reversed',
    'The acquirer did not confirm in time and the authorization was reversed; nothing was charged',
  ),
  payServerTimedOut: code(
    200,
    '400.007',
    'Payment timed out',
    'The acquirer did not answer in time; the payment is pending at the gateway',
  ),
  payClientTimedOut: code(
    200,
    '400.008',
    'Payment timed out',
    'The payment was not completed in time; it is pending at the gateway',
  ),

  orderNotRefundable: code(200, '500.001', 'Refund refused', 'Only a paid order can be refunded'),
  refundTooLarge: code(
    200,
    '500.002',
    'Refund refused',
    'The refund amount exceeds the amount still refundable',
  ),
  orderNotCancellable: code(
    200,
    '500.003',
    'Cancel refused',
    'Only an order still in progress can be cancelled; money taken by Pay comes back by Refund',
  ),
  orderNotCapturable: code(
    200,
    '500.004',
    'Capture refused',
    'Only an Authorized order can be captured',
  ),
  partialVoid: code(
    200,
    '500.005',
    'Void refused',
    'An Authorized order is voided in full: send no refundAmount (or the whole amount)',
  ),

  // Payment links (e-invoices, GATEWAY-MORE.md §2): the sandbox's own codes for their rules.
  linkExpiryInvalid: code(
    400,
    '100.020',
    'Invalid request',
    'expiryDate must be an ISO-8601 date with its offset, later than now and at most 30 days ahead',
  ),
  linkItemsMismatch: code(
    400,
    '100.021',
    'Invalid request',
    'amount must equal the sum of eInvoiceItems price × quantity',
  ),
  linkCustomerMissing: code(
    400,
    '100.022',
    'Invalid request',
    'customer needs an email or a phone number (with its country code)',
  ),
  emailInvalid: code(400, '100.023', 'Invalid request', 'The customer email is not valid'),
  linkNotFound: code(200, '600.001', 'Payment link not found', 'No payment link has this id'),
  linkNotPending: code(
    200,
    '600.002',
    'Payment link closed',
    'Only a pending payment link can be changed, sent or deleted',
  ),
  linkNoPhone: code(
    200,
    '600.003',
    'No phone number',
    'The payment link has no customer phone number to send an SMS to',
  ),
  linkNoEmail: code(
    200,
    '600.004',
    'No email',
    'The payment link has no customer email to send to',
  ),

  // Saved cards (tokens, GATEWAY-MORE.md §5): the sandbox's own codes for their rules.
  tokenNotFound: code(
    200,
    '700.001',
    'Token not found',
    'No token of this merchant has this tokenId',
  ),
  tokenExpired: code(
    200,
    '700.002',
    'Token expired',
    'The saved card has expired; it cannot be paid with',
  ),
  tokenizationDisabled: code(
    200,
    '700.003',
    'Tokenization disabled',
    'Tokenization is not enabled for this merchant: cards cannot be saved or paid with a token',
  ),
  cvvRequired: code(
    200,
    '700.004',
    'CVV required',
    "The merchant configuration requires the card's CVV for a customer-initiated token payment",
  ),
  cvvMismatch: code(200, '700.005', 'Declined', 'The CVV does not match the saved card'),
  initiatedByNotAllowed: code(
    200,
    '700.006',
    'Initiator not allowed',
    'The merchant configuration does not allow payments initiated this way (allowedInitiatedByValues)',
  ),
  agreementMissing: code(
    200,
    '700.007',
    'Agreement required',
    'A merchant-initiated payment needs the agreementId and agreementType the card was saved with',
  ),
  agreementMismatch: code(
    200,
    '700.008',
    'Agreement mismatch',
    'The agreement differs from the one the card was saved with',
  ),
  tokenWithoutAgreement: code(
    200,
    '700.009',
    'No agreement',
    'The card was saved without an agreement; the merchant cannot charge it on its own',
  ),
  threeDsRequired: code(
    200,
    '700.010',
    '3-D Secure required',
    'The merchant configuration requires 3-D Secure for customer-initiated token payments: authenticate with initiate/token first',
  ),
  configNotFound: code(
    200,
    '700.011',
    'Merchant not found',
    'No merchant configuration is readable for this key',
  ),

  internalError: code(500, '999.500', 'Internal error', 'Injected fault: internal server error'),
  badGateway: code(502, '999.502', 'Bad gateway', 'Injected fault: bad gateway'),
  unavailable: code(503, '999.503', 'Service unavailable', 'Injected fault: service unavailable'),
  gatewayTimeout: code(504, '999.504', 'Gateway timeout', 'Injected fault: gateway timeout'),
} as const satisfies Record<string, GatewayCode>;

export type GatewayCodeName = keyof typeof gatewayCodes;

/** The four code fields every gateway answer carries. */
export const codeFields = (entry: GatewayCode) => ({
  responseCode: entry.responseCode,
  responseMessage: entry.responseMessage,
  detailedResponseCode: entry.detailedResponseCode,
  detailedResponseMessage: entry.detailedResponseMessage,
});
