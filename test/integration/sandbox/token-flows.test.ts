import { afterEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { admin, answerChallenge, call, device, paths, returnUrlFor } from './sandbox-client';
import {
  createSession,
  initiateMerchant,
  newAgreement,
  payTokenV2Body,
  saveCard,
  tokenPaths,
} from './token-client';

// The v3 / v1 token calls, token holds with capture and refund, the faults on pay/token, the
// controls that make foreign and expiring tokens, and the gateway's tolerance on token calls.

let sandbox: Sandbox;
afterEach(() => sandbox.close());

const challengeCard = '5123450000000008';
const notEnrolledCard = '4000000000000002';

const codeOf = (answer: { body: { detailedResponseCode: string } }) =>
  answer.body.detailedResponseCode;

/** A merchant-initiated v6 payment up to pay/token: a saved card with an agreement, initiated. */
const merchantInitiated = async (paymentOperation = 'Pay') => {
  const agreement = newAgreement();
  const tokenId = await saveCard(sandbox, challengeCard, agreement);
  const started = await initiateMerchant(sandbox, tokenId, agreement, paymentOperation);
  expect(started.initiate.body.gatewayDecision).toBe('ContinueToPay');
  const body = payTokenV2Body(sandbox, started.session, started.initiate, {
    initiatedBy: 'Merchant',
  });
  return { ...started, tokenId, body, orderId: started.initiate.body.orderId as string };
};

describe('v3 token 3-D Secure and pay/token v1', () => {
  test('initiate/token v3 (amount as text), payer/token v3, the challenge, pay/token v1 with the order', async () => {
    sandbox = await startSandbox();
    const tokenId = await saveCard(sandbox, challengeCard);
    const initiate = await call(sandbox, 'POST', tokenPaths.initiateV3, {
      amount: '80.25',
      currency: 'SAR',
      tokenId,
      returnUrl: returnUrlFor(),
      merchantReferenceId: 'V3-REF',
    });
    expect(initiate.body).toMatchObject({
      responseCode: '000',
      gatewayDecision: 'ContinueToPayer',
    });
    const payer = await call(sandbox, 'POST', tokenPaths.payerV3, {
      orderId: initiate.body.orderId,
      tokenId,
      cvv: '123',
    });
    expect(payer.body.responseCode).toBe('000');
    await answerChallenge(sandbox, payer.body.htmlBodyContent, { otp: '123456' });
    const body = {
      amount: 80.25,
      currency: 'SAR',
      tokenId,
      orderId: initiate.body.orderId,
      threeDSecureId: initiate.body.threeDSecureId,
    };
    expect(codeOf(await call(sandbox, 'POST', tokenPaths.payV1, { ...body, amount: 80 }))).toBe(
      '300.001',
    );
    const { threeDSecureId: _left, ...withoutThreeDs } = body;
    expect((await call(sandbox, 'POST', tokenPaths.payV1, withoutThreeDs)).status).toBe(400);
    const pay = await call(sandbox, 'POST', tokenPaths.payV1, body);
    expect(pay.body.order).toMatchObject({
      detailedStatus: 'Paid',
      amount: 80.25,
      merchantReferenceId: 'V3-REF',
      tokenId,
    });
    // A v3 order has no session: the v6 and v2 calls cannot reach it.
    const session = await createSession(sandbox);
    const v6payer = await call(sandbox, 'POST', tokenPaths.payerV6, {
      sessionId: session.sessionId,
      orderId: initiate.body.orderId,
      deviceIdentification: device(),
    });
    expect(codeOf(v6payer)).toBe('300.001');
  });

  test('pay/token v1 without an order: merchant-initiated pays at once; customer-present needs 3-D Secure off (700.010)', async () => {
    sandbox = await startSandbox();
    const agreement = newAgreement('Installment');
    const tokenId = await saveCard(sandbox, challengeCard, agreement);
    const mit = await call(sandbox, 'POST', tokenPaths.payV1, {
      amount: '42.00',
      currency: 'SAR',
      tokenId,
      initiatedBy: 'Merchant',
      ...agreement,
    });
    expect(mit.body.order).toMatchObject({
      detailedStatus: 'Paid',
      amount: 42,
      initiatedBy: 'Merchant',
      agreementType: 'Installment',
    });
    const mitWithout = await call(sandbox, 'POST', tokenPaths.payV1, {
      amount: 42,
      currency: 'SAR',
      tokenId,
      initiatedBy: 'Merchant',
    });
    expect(codeOf(mitWithout)).toBe('700.007');
    const present = { amount: 10, currency: 'SAR', tokenId, cvv: '123' };
    expect(codeOf(await call(sandbox, 'POST', tokenPaths.payV1, present))).toBe('700.010');
    sandbox.faults.setMerchantConfig({ is3dsRequiredForTokenPayments: false });
    expect((await call(sandbox, 'POST', tokenPaths.payV1, present)).body.order.detailedStatus).toBe(
      'Paid',
    );
    const unknown = { ...present, tokenId: '00000000-0000-4000-8000-000000000000' };
    expect(codeOf(await call(sandbox, 'POST', tokenPaths.payV1, unknown))).toBe('700.001');
  });
});

describe('holds, capture and refunds on token orders', () => {
  test('a PreAuthorize token payment holds; Capture takes it; Refund gives it back', async () => {
    sandbox = await startSandbox();
    const { body, orderId } = await merchantInitiated('PreAuthorize');
    const held = await call(sandbox, 'POST', tokenPaths.payV2, {
      ...body,
      paymentOperation: 'PreAuthorize',
    });
    expect(held.body.order).toMatchObject({
      detailedStatus: 'Authorized',
      paymentOperation: 'PreAuthorize',
    });
    const captured = await call(sandbox, 'POST', paths.capture, { orderId });
    expect(captured.body.order.detailedStatus).toBe('Captured');
    const refunded = await call(sandbox, 'POST', paths.refund, { orderId, refundAmount: 25.5 });
    expect(refunded.body.order).toMatchObject({
      detailedStatus: 'PartiallyRefunded',
      totalRefundedAmount: 25.5,
    });
  });

  test("pay/token naming another operation than the session's is 300.006", async () => {
    sandbox = await startSandbox();
    const { body } = await merchantInitiated('Pay');
    const answer = await call(sandbox, 'POST', tokenPaths.payV2, {
      ...body,
      paymentOperation: 'PreAuthorize',
    });
    expect(codeOf(answer)).toBe('300.006');
  });
});

describe('faults on pay/token, as on Pay', () => {
  test('a lost answer: the socket drops, Get order shows it Paid once; a retry is 400.001', async () => {
    sandbox = await startSandbox();
    const { body, orderId, tokenId } = await merchantInitiated();
    sandbox.faults.losePayAnswer(1);
    const lost = await call(sandbox, 'POST', tokenPaths.payV2, body).catch((error: Error) => error);
    expect(lost).toBeInstanceOf(Error);
    const read = await call(sandbox, 'GET', paths.order(orderId));
    expect(read.body.order).toMatchObject({ detailedStatus: 'Paid', isTokenPayment: true });
    expect(codeOf(await call(sandbox, 'POST', tokenPaths.payV2, body))).toBe('400.001');
    expect(sandbox.inspect.order(orderId)).toMatchObject({
      captureCount: 1,
      tokenId,
      initiatedBy: 'Merchant',
    });
  });

  test('failNext before it runs changes nothing; failAfterCommit answers 502 after paying', async () => {
    sandbox = await startSandbox();
    const { body, orderId } = await merchantInitiated();
    await admin(sandbox, '/__sandbox/faults', {
      failNext: { target: 'pay-token', count: 1, kind: 502 },
    });
    expect((await call(sandbox, 'POST', tokenPaths.payV2, body)).status).toBe(502);
    expect(sandbox.inspect.order(orderId)?.payAttempts).toBe(0);
    sandbox.faults.failAfterCommit('/pay/token', 1, 504);
    const committed = await call(sandbox, 'POST', tokenPaths.payV2, body);
    expect(committed.status).toBe(504);
    expect(sandbox.inspect.order(orderId)).toMatchObject({
      detailedStatus: 'Paid',
      captureCount: 1,
    });
  });

  test('a late landing blocks a second pay/token (400.005), then lands once', async () => {
    sandbox = await startSandbox();
    const { body, orderId } = await merchantInitiated();
    sandbox.faults.payLandsLate(1, 1200);
    const first = call(sandbox, 'POST', tokenPaths.payV2, body);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(codeOf(await call(sandbox, 'POST', tokenPaths.payV2, body))).toBe('400.005');
    expect((await first).body.order.detailedStatus).toBe('Paid');
    expect(sandbox.inspect.order(orderId)?.captureCount).toBe(1);
  });

  test('payEndsAs ServerTimedOut leaves the token payment pending', async () => {
    sandbox = await startSandbox();
    const { body } = await merchantInitiated();
    sandbox.faults.payEndsAs(1, 'ServerTimedOut');
    const answer = await call(sandbox, 'POST', tokenPaths.payV2, body);
    expect(codeOf(answer)).toBe('400.007');
    expect(answer.body.order.status).toBe('InProgress');
  });
});

describe('controls: planted, foreign and expiring tokens', () => {
  test('plantToken over HTTP answers the id; a bad card number is 400', async () => {
    sandbox = await startSandbox();
    const planted = await admin(sandbox, '/__sandbox/faults', {
      plantToken: { cardNumber: notEnrolledCard, expiryMonth: 6, expiryYear: 38 },
    });
    const { plantedTokenId } = (await planted.json()) as { plantedTokenId: string };
    const read = await call(sandbox, 'GET', tokenPaths.token(plantedTokenId));
    expect(read.body).toMatchObject({
      lastFourDigits: '0002',
      schema: 'visa',
      expiryDate: { month: 6, year: 38 },
    });
    const bad = await admin(sandbox, '/__sandbox/faults', {
      plantToken: { cardNumber: '4000000000000001' },
    });
    expect(bad.status).toBe(400);
  });

  test('a token of a card that expires this month is refused once the sandbox clock passes the month', async () => {
    let now = new Date(2030, 4, 20, 12).getTime();
    sandbox = await startSandbox({ clock: { now: () => now } });
    const tokenId = sandbox.faults.plantToken({
      cardNumber: notEnrolledCard,
      expiryMonth: 5,
      expiryYear: 30,
    });
    const session = await createSession(sandbox);
    const before = await call(sandbox, 'POST', tokenPaths.initiateV6, {
      sessionId: session.sessionId,
      tokenId,
      returnUrl: returnUrlFor(),
    });
    expect(before.body.responseCode).toBe('000');
    now = new Date(2030, 5, 1, 0, 0, 1).getTime();
    const later = await createSession(sandbox);
    const after = await call(sandbox, 'POST', tokenPaths.initiateV6, {
      sessionId: later.sessionId,
      tokenId,
      returnUrl: returnUrlFor(),
    });
    expect(codeOf(after)).toBe('700.002');
  });

  test("a sandbox of another merchant key does not see this merchant's tokens", async () => {
    sandbox = await startSandbox({ merchantPublicKey: 'second-merchant-key' });
    const tokenId = sandbox.faults.plantToken({ merchantPublicKey: 'f0a1b2c3-first' });
    expect(codeOf(await call(sandbox, 'GET', tokenPaths.token(tokenId)))).toBe('700.001');
    const own = sandbox.faults.plantToken({});
    expect((await call(sandbox, 'GET', tokenPaths.token(own))).body.responseCode).toBe('000');
  });
});

describe('tolerance on token calls', () => {
  test('property names in any case, numbers as text and the reverse, any-case enum values', async () => {
    sandbox = await startSandbox({ merchantConfig: { is3dsRequiredForTokenPayments: false } });
    const tokenId = await saveCard(sandbox, notEnrolledCard);
    const session = await createSession(sandbox);
    const initiate = await call(sandbox, 'POST', tokenPaths.initiateV6, {
      SESSIONID: session.sessionId,
      TokenId: tokenId.toUpperCase(),
      ReturnUrl: returnUrlFor(),
      initiatedby: 'internet',
    });
    expect(initiate.body.responseCode).toBe('000');
    const body = payTokenV2Body(sandbox, session, initiate, { CVV: 123 });
    const { sessionId, orderId, ...rest } = body;
    const pay = await call(sandbox, 'POST', tokenPaths.payV2, {
      SessionID: sessionId,
      ORDERID: orderId,
      ...rest,
      Amount: 'ignored',
    });
    expect(pay.body.order).toMatchObject({ detailedStatus: 'Paid', tokenId });
  });

  test('a missing or mistyped field is 100.003 naming it', async () => {
    sandbox = await startSandbox();
    const answer = await call(sandbox, 'POST', tokenPaths.initiateV6, { tokenId: 'not-a-guid' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(
      expect.arrayContaining(['sessionId', 'tokenId']),
    );
  });
});
