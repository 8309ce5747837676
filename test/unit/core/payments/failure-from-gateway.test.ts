import { describe, expect, it } from 'vitest';
import type { GatewayError } from '../../../../main/core/gateway/gateway-error';
import {
  failureFromGatewayError,
  failureOf,
} from '../../../../main/core/payments/failure-from-gateway';
import { cardForms } from '../../../support/card-forms';

const codes = {
  responseCode: '400',
  detailedResponseCode: '400.002',
  responseMessage: 'Declined',
  detailedResponseMessage: 'Declined by issuer: insufficient funds',
};

describe('failureFromGatewayError', () => {
  it.each<[GatewayError, object]>([
    [
      { kind: 'network', operation: 'pay', detail: 'ECONNREFUSED' },
      { code: 'gateway-unreachable' },
    ],
    [{ kind: 'timeout', operation: 'initiate', phase: 'headers' }, { code: 'gateway-timeout' }],
    [{ kind: 'aborted', operation: 'payer' }, { code: 'cancelled-by-operator' }],
    [
      {
        kind: 'refused',
        operation: 'pay',
        codes,
        order: null,
        gatewayDecision: null,
        correlationId: 'c-1',
      },
      {
        code: 'card-declined',
        gatewayCode: '400.002',
        gatewayMessage: codes.detailedResponseMessage,
        correlationId: 'c-1',
      },
    ],
    [
      {
        kind: 'http',
        operation: 'session',
        status: 401,
        title: 'Unauthorized',
        fieldErrors: {},
        codes: null,
        correlationId: 'c-2',
      },
      {
        code: 'gateway-credentials-rejected',
        gatewayCode: 'HTTP 401',
        gatewayMessage: 'Unauthorized',
      },
    ],
    [
      {
        kind: 'http',
        operation: 'payer',
        status: 400,
        title: 'Invalid request',
        fieldErrors: { 'paymentMethod.cvv': ['The CVV length does not match'] },
        codes: null,
        correlationId: null,
      },
      {
        code: 'gateway-request-invalid',
        gatewayMessage: 'Invalid request; paymentMethod.cvv: The CVV length does not match',
      },
    ],
    [
      {
        kind: 'http',
        operation: 'pay',
        status: 503,
        title: null,
        fieldErrors: {},
        codes: null,
        correlationId: null,
      },
      { code: 'gateway-server-error', gatewayCode: 'HTTP 503' },
    ],
    [
      {
        kind: 'invalid-response',
        operation: 'order',
        status: 200,
        issue: 'order.amount: invalid_type',
        correlationId: null,
      },
      { code: 'gateway-invalid-response' },
    ],
  ])('%j', (error, expected) => {
    expect(failureFromGatewayError(error, 'card-declined')).toMatchObject(expected);
  });

  it('masks a card number the gateway echoes in its message', () => {
    const echoed = { ...codes, detailedResponseMessage: 'Card 5123450000000008 refused' };
    const failure = failureFromGatewayError(
      {
        kind: 'refused',
        operation: 'payer',
        codes: echoed,
        order: null,
        gatewayDecision: null,
        correlationId: null,
      },
      'gateway-refused',
    );
    expect(failure.gatewayMessage).toBe('Card 512345******0008 refused');
  });
});

describe('a gateway echoing a card number in any form', () => {
  it.each(cardForms('4440000009900010'))(
    'is masked in its message and code (%s)',
    (_name, text) => {
      const failure = failureOf('card-declined', text, `Card ${text} declined`, 'c-1');
      expect(failure).toEqual({
        code: 'card-declined',
        gatewayCode: '444000******0010',
        gatewayMessage: 'Card 444000******0010 declined',
        correlationId: 'c-1',
      });
    },
  );
});
