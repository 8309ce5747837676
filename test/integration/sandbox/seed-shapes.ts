import { expect } from 'vitest';

/**
 * The field lists of seed §§2.4–2.8 with their JSON types, for the conformance test.
 * 'date-z' / 'date-local' are ISO 8601 date-times with fractional seconds, with and without
 * the trailing Z; 'any' marks fields the seed names without a type.
 */
type FieldType =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'array'
  | 'object'
  | 'null'
  | 'guid'
  | 'date-z'
  | 'date-local'
  | 'any';
export type Shape = Record<string, FieldType | `${FieldType}|${FieldType}`>;

const codeFields: Shape = {
  responseMessage: 'string',
  detailedResponseMessage: 'string',
  language: 'string',
  responseCode: 'string',
  detailedResponseCode: 'string',
};

export const payerResponseShape: Shape = {
  orderId: 'guid',
  threeDSecureId: 'guid',
  htmlBodyContent: 'string',
  gatewayDecision: 'string',
  ...codeFields,
};

export const payResponseShape: Shape = { order: 'object', ...codeFields };

const nullInReference = [
  'parentOrderId',
  'billingAddress',
  'shippingAddress',
  'tokenId',
  'agreementId',
  'agreementType',
  'amountVariability',
  'custom',
  'paymentIntent',
  'paymentMethods',
  'platform',
  'statementDescriptor',
  'description',
  'recurrence',
  'amountToCollect',
  'exchangeRate',
  'exchangeFeePercentage',
  'exchangeFeeAmount',
  'deviceId',
  'subscriptionId',
  'subscriptionOccurrenceId',
  'refundType',
  'refundStatus',
  'customerName',
  'customerEmail',
  'customerReferenceId',
  'customerId',
  'customerPhoneNumber',
  'customerPhoneCountryCode',
  'customerCustomValue',
  'airLine',
] as const;

export const orderShape: Shape = {
  orderId: 'guid',
  amount: 'number',
  tipAmount: 'number',
  convenienceFeeAmount: 'number',
  totalAmount: 'number',
  settleAmount: 'number',
  currency: 'string',
  settleCurrency: 'string',
  language: 'string',
  status: 'string',
  detailedStatus: 'string',
  threeDSecureId: 'guid',
  merchantId: 'guid',
  merchantPublicKey: 'guid',
  mcc: 'string',
  callbackUrl: 'string',
  returnUrl: 'string',
  cardOnFile: 'boolean',
  restrictPaymentMethods: 'boolean',
  setDefaultPaymentMethod: 'boolean',
  isTokenPayment: 'boolean',
  isTest: 'boolean',
  cashOnDelivery: 'boolean',
  isDownPayment: 'boolean',
  isPayWithToken: 'boolean',
  createCustomer: 'boolean',
  initiatedBy: 'string',
  paymentOperation: 'string',
  transactions: 'array',
  orderItems: 'array',
  paymentMethod: 'object',
  totalAuthorizedAmount: 'number',
  totalCapturedAmount: 'number',
  totalRefundedAmount: 'number',
  orderSource: 'string',
  paymentBrands: 'array',
  multiCurrency: 'object',
  bankId: 'string',
  gatewayDecision: 'string',
  createdDate: 'date-z',
  updatedDate: 'date-z',
  createdBy: 'string',
  updatedBy: 'string',
  // Null in the seed's reference; the sandbox fills the merchant reference it knows.
  merchantReferenceId: 'string|null',
  ...Object.fromEntries(nullInReference.map((name) => [name, 'null'] as const)),
};

export const multiCurrencyShape: Shape = {
  authCurrency: 'string',
  authAmount: 'number',
  settleCurrency: 'string',
  settleAmount: 'number',
  exchangeRate: 'any',
  exchangeFeePercentage: 'any',
  exchangeFeeAmount: 'any',
};

export const transactionShape: Shape = {
  transactionId: 'guid',
  type: 'string',
  status: 'string',
  amount: 'number',
  currency: 'string',
  source: 'string',
  authorizationCode: 'string|null',
  rrn: 'string|null',
  stan: 'string|null',
  paymentMethod: 'object',
  codes: 'object',
  authenticationDetails: 'object|null',
  correlationId: 'guid',
  paymentAttemptId: 'guid',
  parentTransactionId: 'string|null',
  acquirer: 'object|null',
  authorizationResponse: 'object|null',
  terminalDetails: 'object|null',
  bnplDetails: 'object|null',
  bankInstallmentDetails: 'object|null',
  refundType: 'null',
  refundStatus: 'null',
  isExtensionComplete: 'null',
  deviceId: 'null',
  extensionDate: 'date-local',
  createdDate: 'date-local',
  updatedDate: 'date-local',
  createdBy: 'string',
  updatedBy: 'string',
};

export const transactionCodesShape: Shape = {
  acquirerCode: 'string',
  acquirerMessage: 'string',
  responseCode: 'string',
  responseMessage: 'string',
  detailedResponseCode: 'string',
  detailedResponseMessage: 'string',
};

const optionalText = 'string|null' as const;
export const authenticationDetailsShape: Shape = {
  ...Object.fromEntries(
    [
      'acsEci',
      'authenticationToken',
      'paResStatus',
      'veResEnrolled',
      'xid',
      'accountAuthenticationValue',
      'proofXml',
      'threeDSecureServerTransactionId',
      'acsTransactionId',
      'directoryServerId',
      'dsTransactionId',
      'methodSupported',
      'protocolVersion',
      'requestorId',
      'requestorName',
      'transactionStatus',
      'statusReasonCode',
      'acsReferenceNumber',
      'dsReferenceNumber',
    ].map((name) => [name, optionalText] as const),
  ),
  methodCompleted: 'boolean',
};

export const acquirerShape: Shape = {
  additionalResponseData: 'any',
  batch: 'integer',
  customData: 'any',
  date: 'string',
  id: 'any',
  merchantId: 'any',
  settlementDate: 'date-local',
  time: 'any',
  timeZone: 'string',
  transactionId: 'any',
};

export const authorizationResponseShape: Shape = Object.fromEntries(
  [
    'autoExpiry',
    'avsCode',
    'cardLevelIndicator',
    'cardSecurityCodeError',
    'cardSecurityCodePresenceIndicator',
    'commercialCard',
    'commercialCardIndicator',
    'financialNetworkCode',
    'financialNetworkDate',
    'marketSpecificData',
    'merchantAdviceCode',
    'paySvcData',
    'posData',
    'posEntryMode',
    'posEntryModeChanged',
    'processingCode',
    'responseCode',
    'date',
    'responseMessage',
    'returnAci',
    'time',
    'timeZone',
    'trackQuality',
    'transactionIdentifier',
    'transactionIntegrityClass',
    'validationCode',
    'vpasResponse',
  ].map((name) => [name, 'any'] as const),
);

export const paymentMethodShape: Shape = {
  type: 'string',
  brand: 'string',
  cardholderName: 'string',
  maskedCardNumber: 'string',
  wallet: 'null',
  expiryDate: 'object',
  sameBank: 'boolean',
  issuingCountry: 'null',
  fundingType: 'null',
  issuingBank: 'null',
  cardCategory: 'null',
};

const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const fits = (value: unknown, type: FieldType): boolean => {
  switch (type) {
    case 'any':
      return true;
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'guid':
      return typeof value === 'string' && guid.test(value);
    case 'date-z':
      return typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/.test(value);
    case 'date-local':
      return typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+$/.test(value);
    default:
      return typeof value === type;
  }
};

/** Every field of the shape is present with one of its types. */
export const expectShape = (value: Record<string, unknown>, shape: Shape, where: string): void => {
  for (const [name, types] of Object.entries(shape)) {
    expect(Object.keys(value), `${where}.${name} present`).toContain(name);
    const allowed = types.split('|') as FieldType[];
    expect(
      allowed.some((type) => fits(value[name], type)),
      `${where}.${name} is ${types}, got ${JSON.stringify(value[name])}`,
    ).toBe(true);
  }
};
