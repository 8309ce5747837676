import { describe, expect, test } from 'vitest';
import { testCards, type TestCard } from '../../../main/core/sandbox';
import {
  answerChallenge,
  call,
  payBody,
  payerBody,
  paths,
  startPayment,
  type Started,
  useSandbox,
} from './sandbox-client';

const sandbox = useSandbox();

const expectedDecision: Record<TestCard['outcome'], string> = {
  challenge: 'ContinueToPayer',
  frictionless: 'ContinueToPay',
  'not-enrolled': 'ContinueToPayWithNotEnrolledCard',
  reject: 'Reject',
  'decline-insufficient-funds': 'ContinueToPay',
  'decline-do-not-honour': 'ContinueToPay',
};

const passChallenge = async (started: Started, card: TestCard) => {
  const payer = await call(sandbox(), 'POST', paths.payer, payerBody(started));
  expect(payer.body).toMatchObject({ responseCode: '000', gatewayDecision: 'ContinueToPay' });
  const end = await answerChallenge(sandbox(), payer.body.htmlBodyContent, { otp: '123456' });
  expect(end).toMatchObject({ method: card.challengeReturn, code: '000', msg: 'Success' });
  expect(end.url.startsWith(started.returnUrl)).toBe(true);
};

const expectPaid = async (started: Started) => {
  const paid = await call(sandbox(), 'POST', paths.pay, payBody(started));
  expect(paid.body).toMatchObject({
    responseCode: '000',
    order: { status: 'Success', detailedStatus: 'Paid', totalCapturedAmount: 125.5 },
  });
  expect(paid.body.order.transactions.map((t: { type: string }) => t.type)).toEqual([
    'Authentication',
    'Pay',
  ]);
  expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(1);
};

const expectDeclined = async (started: Started, detailed: string, acquirerCode: string) => {
  const declined = await call(sandbox(), 'POST', paths.pay, payBody(started));
  expect(declined.body).toMatchObject({
    responseCode: '400',
    detailedResponseCode: detailed,
    order: { status: 'Failed', detailedStatus: 'PayFailed', totalCapturedAmount: 0 },
  });
  const payTransaction = declined.body.order.transactions.find(
    (t: { type: string }) => t.type === 'Pay',
  );
  expect(payTransaction).toMatchObject({ status: 'Failed', authorizationCode: null, rrn: null });
  expect(payTransaction.codes).toMatchObject({ acquirerCode, detailedResponseCode: detailed });
  expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(0);
};

describe('test cards (docs/sandbox().md)', () => {
  test.each(testCards.map((card) => [card.number, card.outcome, card] as const))(
    '%s: %s',
    async (_number, outcome, card) => {
      const started = await startPayment(sandbox(), card.number);
      expect(started.initiate.body.gatewayDecision).toBe(expectedDecision[outcome]);
      const hasMethod = outcome !== 'reject' && outcome !== 'not-enrolled';
      expect(typeof started.initiate.body.redirectHtml).toBe(hasMethod ? 'string' : 'object');
      switch (outcome) {
        case 'challenge':
          await passChallenge(started, card);
          return expectPaid(started);
        case 'frictionless':
        case 'not-enrolled':
          return expectPaid(started);
        case 'reject': {
          expect(started.initiate.body.detailedResponseCode).toBe('300.005');
          const refused = await call(sandbox(), 'POST', paths.pay, payBody(started));
          expect(refused.body.detailedResponseCode).toBe('300.005');
          return;
        }
        case 'decline-insufficient-funds':
          return expectDeclined(started, '400.002', '51');
        case 'decline-do-not-honour':
          return expectDeclined(started, '400.003', '05');
      }
    },
  );
});
