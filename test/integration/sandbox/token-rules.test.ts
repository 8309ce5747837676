import { afterEach, describe, expect, test } from 'vitest';
import {
  admin,
  answerChallenge,
  call,
  device,
  paymentMethod,
  paths,
  returnUrlFor,
  useSandbox,
} from './sandbox-client';
import {
  authenticateToken,
  createSession,
  initiateMerchant,
  initiateToken,
  newAgreement,
  payAndSave,
  payTokenV2Body,
  saveCard,
  tokenPaths,
} from './token-client';

// Every rule of the token calls and their codes (docs/sandbox.md, "Saved cards"), through the
// sandbox over loopback HTTP. Configuration changes are undone after each test.

const sandbox = useSandbox();
afterEach(() => sandbox().faults.clear());

const challengeCard = '5123450000000008';
const frictionlessCard = '5123456789012346';
const notEnrolledCard = '4000000000000002';
const rejectCard = '4000000000000119';
const decliningCard = '4000000000009995';
const amexChallengeCard = '371449635398431';

const codeOf = (answer: { body: { detailedResponseCode: string } }) =>
  answer.body.detailedResponseCode;

const payV2 = (
  session: Parameters<typeof payTokenV2Body>[1],
  initiate: Parameters<typeof payTokenV2Body>[2],
  extra: Record<string, unknown> = {},
) => call(sandbox(), 'POST', tokenPaths.payV2, payTokenV2Body(sandbox(), session, initiate, extra));

type CardOrder = Awaited<ReturnType<typeof startCardOrder>>;

/** Create Session and Initiate Authentication with a typed card. */
const startCardOrder = async (
  cardNumber: string,
  sessionExtra: Record<string, unknown> = {},
  initiateExtra: Record<string, unknown> = {},
) => {
  const session = await createSession(sandbox(), sessionExtra);
  const initiate = await call(sandbox(), 'POST', paths.initiate, {
    sessionId: session.sessionId,
    cardNumber,
    returnUrl: returnUrlFor(),
    ...initiateExtra,
  });
  return { session, initiate, cardNumber };
};

const payerCall = (started: CardOrder, extra: Record<string, unknown> = {}) =>
  call(sandbox(), 'POST', paths.payer, {
    sessionId: started.session.sessionId,
    orderId: started.initiate.body.orderId,
    paymentMethod: paymentMethod(started.cardNumber),
    deviceIdentification: device(),
    ...extra,
  });

const payCard = (started: CardOrder) =>
  call(sandbox(), 'POST', paths.pay, {
    sessionId: started.session.sessionId,
    orderId: started.initiate.body.orderId,
    threeDSecureId: started.initiate.body.threeDSecureId,
    paymentMethod: paymentMethod(started.cardNumber),
  });

const initiateV6 = (tokenId: string, extra: Record<string, unknown> = {}) =>
  initiateToken(sandbox(), tokenId, { returnUrl: returnUrlFor(), ...extra });

describe('saving: cardOnFile on each call that carries it', () => {
  test('on Initiate Authentication (not the session) the paid order saves the card', async () => {
    const started = await startCardOrder(frictionlessCard, {}, { cardOnFile: true });
    const payer = await payerCall(started);
    await answerChallenge(sandbox(), payer.body.htmlBodyContent, { otp: '123456' });
    const pay = await payCard(started);
    expect(pay.body.order).toMatchObject({ cardOnFile: true, tokenId: expect.any(String) });
  });

  test('on Authenticate Payer, with the agreement (text "true" and any-case enum values read too)', async () => {
    const started = await startCardOrder(frictionlessCard);
    const payer = await payerCall(started, {
      CARDONFILE: 'true',
      agreementId: 'PD-AG-payer',
      AgreementType: 'recurring',
    });
    expect(payer.body.responseCode).toBe('000');
    expect((await payCard(started)).body.order).toMatchObject({
      cardOnFile: true,
      tokenId: expect.any(String),
      agreementId: 'PD-AG-payer',
      agreementType: 'Recurring',
    });
  });

  test('an agreementId without its agreementType (or an unknown type) is 100.003', async () => {
    const missing = await createSession(sandbox(), { cardOnFile: true, agreementId: 'PD-AG-1' });
    expect(missing.answer.status).toBe(400);
    expect(missing.answer.body.errors).toHaveProperty('agreementType');
    const unknown = await createSession(sandbox(), {
      cardOnFile: true,
      agreementId: 'PD-AG-1',
      agreementType: 'Weekly',
    });
    expect(codeOf(unknown.answer)).toBe('100.003');
  });

  test('a declined Pay saves nothing', async () => {
    const started = await startCardOrder(decliningCard, { cardOnFile: true });
    const pay = await payCard(started);
    expect(codeOf(pay)).toBe('400.002');
    expect(pay.body.order).toMatchObject({ cardOnFile: true, tokenId: null });
    const lookup = tokenPaths.sessionToken(started.session.sessionId);
    expect(codeOf(await call(sandbox(), 'GET', lookup))).toBe('700.001');
  });

  test('a hold (PreAuthorize) saves the card once Authorized', async () => {
    const { order } = await payAndSave(
      sandbox(),
      frictionlessCard,
      { cardOnFile: true },
      'PreAuthorize',
    );
    expect(order).toMatchObject({ detailedStatus: 'Authorized', tokenId: expect.any(String) });
  });

  test('tokenization disabled: cardOnFile is refused on session, initiate and payer (700.003)', async () => {
    sandbox().faults.setMerchantConfig({ isTokenizationEnabled: false });
    expect(codeOf((await createSession(sandbox(), { cardOnFile: true })).answer)).toBe('700.003');
    const onInitiate = await startCardOrder(frictionlessCard, {}, { cardOnFile: true });
    expect(codeOf(onInitiate.initiate)).toBe('700.003');
    const plain = await startCardOrder(frictionlessCard);
    expect(codeOf(await payerCall(plain, { cardOnFile: true }))).toBe('700.003');
  });

  test('tokenization turned off between the save request and Pay: paid, no token', async () => {
    const started = await startCardOrder(notEnrolledCard, { cardOnFile: true });
    sandbox().faults.setMerchantConfig({ isTokenizationEnabled: false });
    const pay = await payCard(started);
    expect(pay.body.order).toMatchObject({ detailedStatus: 'Paid', tokenId: null });
  });
});

describe('Get token and the configuration', () => {
  test("unknown token, another merchant's token: both 700.001, on Get token and on use", async () => {
    const foreign = sandbox().faults.plantToken({ merchantPublicKey: 'another-merchant-key' });
    for (const tokenId of [foreign, '00000000-0000-4000-8000-000000000000']) {
      const read = await call(sandbox(), 'GET', tokenPaths.token(tokenId));
      expect(read.body).toMatchObject({ responseCode: '700', detailedResponseCode: '700.001' });
      expect(read.body).not.toHaveProperty('lastFourDigits');
      expect(codeOf((await initiateV6(tokenId)).initiate)).toBe('700.001');
    }
  });

  test('the session lookup: unknown session 200.001, a session that saved none 700.001, not a GUID 400', async () => {
    expect(
      codeOf(
        await call(
          sandbox(),
          'GET',
          tokenPaths.sessionToken('6f1c2a34-0000-4000-8000-000000000001'),
        ),
      ),
    ).toBe('200.001');
    const session = await createSession(sandbox());
    expect(codeOf(await call(sandbox(), 'GET', tokenPaths.sessionToken(session.sessionId)))).toBe(
      '700.001',
    );
    const bad = await call(sandbox(), 'GET', tokenPaths.sessionToken('nope'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('sessionId');
  });

  test("another key's configuration is 700.011; the flags follow the admin surface, clear restores them", async () => {
    expect(codeOf(await call(sandbox(), 'GET', tokenPaths.config('another-key')))).toBe('700.011');
    const set = await admin(sandbox(), '/__sandbox/faults', {
      merchantConfig: {
        isCvvRequiredForTokenPayments: false,
        allowedInitiatedByValues: ['Internet'],
      },
    });
    expect(set.status).toBe(204);
    const key = sandbox().merchantPublicKey.toUpperCase();
    expect((await call(sandbox(), 'GET', tokenPaths.config(key))).body).toMatchObject({
      isTokenizationEnabled: true,
      isCvvRequiredForTokenPayments: false,
      allowedInitiatedByValues: ['Internet'],
    });
    const wrong = await admin(sandbox(), '/__sandbox/faults', {
      merchantConfig: { allowedInitiatedByValues: ['Customer'] },
    });
    expect(wrong.status).toBe(400);
    await admin(sandbox(), '/__sandbox/faults', { clear: true });
    expect(
      (await call(sandbox(), 'GET', tokenPaths.config(sandbox().merchantPublicKey))).body,
    ).toMatchObject({
      isCvvRequiredForTokenPayments: true,
      allowedInitiatedByValues: ['Internet', 'Merchant'],
    });
  });

  test('an expired token: Get token shows its past expiry; every payment call refuses it (700.002)', async () => {
    const tokenId = await saveCard(sandbox(), challengeCard);
    const { session, initiate } = await initiateV6(tokenId);
    expect(initiate.body.responseCode).toBe('000');
    const expired = await admin(sandbox(), '/__sandbox/faults', { expireToken: tokenId });
    expect(await expired.json()).toEqual({ tokenExpired: true });
    const read = await call(sandbox(), 'GET', tokenPaths.token(tokenId));
    expect(read.body.responseCode).toBe('000');
    const now = new Date();
    const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    expect(read.body.expiryDate).toEqual({
      month: lastMonth.getMonth() + 1,
      year: lastMonth.getFullYear() % 100,
    });
    expect(codeOf((await initiateV6(tokenId)).initiate)).toBe('700.002');
    const payer = await call(sandbox(), 'POST', tokenPaths.payerV6, {
      sessionId: session.sessionId,
      orderId: initiate.body.orderId,
      deviceIdentification: device(),
    });
    expect(codeOf(payer)).toBe('700.002');
    expect(codeOf(await payV2(session, initiate, { cvv: '123' }))).toBe('700.002');
    expect(sandbox().faults.expireToken('00000000-0000-4000-8000-000000000000')).toBe(false);
  });
});

describe("customer present: the card's own 3-D Secure behaviour", () => {
  test('a frictionless token: ContinueToPay with the method snippet; payer passes straight through', async () => {
    const tokenId = await saveCard(sandbox(), frictionlessCard);
    const { session, initiate, payer } = await authenticateToken(
      sandbox(),
      tokenId,
      frictionlessCard,
    );
    expect(initiate.body.gatewayDecision).toBe('ContinueToPay');
    expect(initiate.body.redirectHtml).toContain('/acs/method');
    expect((await answerChallenge(sandbox(), payer.body.htmlBodyContent, { otp: '' })).code).toBe(
      '000',
    );
    expect((await payV2(session, initiate)).body.order.detailedStatus).toBe('Paid');
  });

  test('a not-enrolled token pays without a challenge; a Reject token is refused (300.005)', async () => {
    const notEnrolled = await saveCard(sandbox(), notEnrolledCard);
    const { session, initiate } = await initiateV6(notEnrolled);
    expect(initiate.body.gatewayDecision).toBe('ContinueToPayWithNotEnrolledCard');
    expect((await payV2(session, initiate, { cvv: '123' })).body.order.detailedStatus).toBe('Paid');
    const reject = sandbox().faults.plantToken({ cardNumber: rejectCard });
    const rejected = await initiateV6(reject);
    expect(rejected.initiate.body).toMatchObject({
      detailedResponseCode: '300.005',
      gatewayDecision: 'Reject',
    });
    expect(codeOf(await payV2(rejected.session, rejected.initiate, { cvv: '123' }))).toBe(
      '300.005',
    );
  });

  test('pay before the challenge is 300.003; after a failed challenge 300.004', async () => {
    const tokenId = await saveCard(sandbox(), challengeCard);
    const { session, initiate, payer } = await authenticateToken(sandbox(), tokenId, challengeCard);
    expect(codeOf(await payV2(session, initiate))).toBe('300.003');
    await answerChallenge(sandbox(), payer.body.htmlBodyContent, { otp: '000000' });
    expect(codeOf(await payV2(session, initiate))).toBe('300.004');
  });

  test('a declining token declines at pay/token (400.002)', async () => {
    const tokenId = sandbox().faults.plantToken({ cardNumber: decliningCard });
    const { session, initiate } = await initiateV6(tokenId);
    const pay = await payV2(session, initiate, { cvv: '123' });
    expect(pay.body.order).toMatchObject({ detailedStatus: 'PayFailed', tokenId });
    expect(codeOf(pay)).toBe('400.002');
  });

  test('3-D Secure not required: ContinueToPay at once, no snippet, pays', async () => {
    sandbox().faults.setMerchantConfig({ is3dsRequiredForTokenPayments: false });
    const tokenId = await saveCard(sandbox(), challengeCard);
    const { session, initiate } = await initiateV6(tokenId);
    expect(initiate.body).toMatchObject({ gatewayDecision: 'ContinueToPay', redirectHtml: null });
    expect((await payV2(session, initiate, { cvv: '123' })).body.order.detailedStatus).toBe('Paid');
  });
});

describe('CVV', () => {
  test('required and never sent: 700.004; sent at pay/token only: paid', async () => {
    const tokenId = await saveCard(sandbox(), notEnrolledCard);
    const first = await initiateV6(tokenId);
    expect(codeOf(await payV2(first.session, first.initiate))).toBe('700.004');
    expect(
      (await payV2(first.session, first.initiate, { cvv: 123 })).body.order.detailedStatus,
    ).toBe('Paid');
  });

  test("a CVV other than the card's: 700.005 at payer/token and at pay/token", async () => {
    const tokenId = await saveCard(sandbox(), amexChallengeCard);
    const { session, initiate } = await initiateV6(tokenId);
    const payer = await call(sandbox(), 'POST', tokenPaths.payerV6, {
      sessionId: session.sessionId,
      orderId: initiate.body.orderId,
      cvv: '9999',
      deviceIdentification: device(),
    });
    expect(codeOf(payer)).toBe('700.005');
    expect(codeOf(await payV2(session, initiate, { cvv: '4321' }))).toBe('700.005');
  });

  test('not required by the configuration: a customer-present payment pays without one', async () => {
    sandbox().faults.setMerchantConfig({ isCvvRequiredForTokenPayments: false });
    const tokenId = await saveCard(sandbox(), notEnrolledCard);
    const { session, initiate } = await initiateV6(tokenId);
    expect((await payV2(session, initiate)).body.order.detailedStatus).toBe('Paid');
  });
});

describe('merchant-initiated', () => {
  test('without an agreement 700.007; another id or type 700.008; a token saved without one 700.009', async () => {
    const agreement = newAgreement('Recurring');
    const tokenId = await saveCard(sandbox(), challengeCard, agreement);
    expect(codeOf((await initiateMerchant(sandbox(), tokenId, null)).initiate)).toBe('700.007');
    const otherId = { ...agreement, agreementId: 'PD-AG-other' };
    expect(codeOf((await initiateMerchant(sandbox(), tokenId, otherId)).initiate)).toBe('700.008');
    const otherType = { ...agreement, agreementType: 'Unscheduled' };
    expect(codeOf((await initiateMerchant(sandbox(), tokenId, otherType)).initiate)).toBe(
      '700.008',
    );
    const bare = await saveCard(sandbox(), challengeCard);
    expect(codeOf((await initiateMerchant(sandbox(), bare, agreement)).initiate)).toBe('700.009');
  });

  test('a refused initiate/token opens no order', async () => {
    const agreement = newAgreement();
    const tokenId = await saveCard(sandbox(), challengeCard, agreement);
    const before = sandbox().inspect.orders().length;
    const refused = await initiateMerchant(sandbox(), tokenId, { ...agreement, agreementId: 'x' });
    expect(codeOf(refused.initiate)).toBe('700.008');
    expect(refused.initiate.body).not.toHaveProperty('orderId');
    expect(sandbox().inspect.orders()).toHaveLength(before);
  });

  test('Merchant not allowed by the configuration: 700.006 (Internet likewise)', async () => {
    const agreement = newAgreement();
    const tokenId = await saveCard(sandbox(), challengeCard, agreement);
    sandbox().faults.setMerchantConfig({ allowedInitiatedByValues: ['Internet'] });
    expect(codeOf((await initiateMerchant(sandbox(), tokenId, agreement)).initiate)).toBe(
      '700.006',
    );
    sandbox().faults.setMerchantConfig({ allowedInitiatedByValues: ['Merchant'] });
    expect(codeOf((await initiateV6(tokenId)).initiate)).toBe('700.006');
  });

  test('the rules hold at pay/token too: a flag turned off after initiate/token refuses the payment', async () => {
    const agreement = newAgreement();
    const tokenId = await saveCard(sandbox(), challengeCard, agreement);
    const { session, initiate } = await initiateMerchant(sandbox(), tokenId, agreement);
    sandbox().faults.setMerchantConfig({ isTokenizationEnabled: false });
    expect(codeOf(await payV2(session, initiate, { initiatedBy: 'Merchant' }))).toBe('700.003');
    sandbox().faults.setMerchantConfig({ isTokenizationEnabled: true });
    const paid = await payV2(session, initiate, { InitiatedBy: 'merchant' });
    expect(paid.body.order).toMatchObject({ detailedStatus: 'Paid', initiatedBy: 'Merchant' });
  });

  test('no CVV needed even when the configuration requires it for customer-present payments', async () => {
    const agreement = newAgreement();
    const tokenId = await saveCard(sandbox(), challengeCard, agreement);
    const { session, initiate } = await initiateMerchant(sandbox(), tokenId, agreement);
    expect(initiate.body.redirectHtml).toBeNull();
    expect((await payV2(session, initiate)).body.responseCode).toBe('000');
  });
});

describe('pay/token v2 values', () => {
  test('a wrong signature is 400 100.013; another initiatedBy or threeDSecureId 300.001', async () => {
    const tokenId = await saveCard(sandbox(), notEnrolledCard);
    const { session, initiate } = await initiateV6(tokenId);
    const forged = await payV2(session, initiate, { signature: 'AAAA', cvv: '123' });
    expect(forged.status).toBe(400);
    expect(codeOf(forged)).toBe('100.013');
    expect(codeOf(await payV2(session, initiate, { initiatedBy: 'Merchant', cvv: '123' }))).toBe(
      '300.001',
    );
    expect(
      codeOf(
        await payV2(session, initiate, {
          threeDSecureId: '00000000-0000-4000-8000-000000000000',
          cvv: '123',
        }),
      ),
    ).toBe('300.001');
    expect(sandbox().inspect.order(initiate.body.orderId)?.payAttempts).toBe(0);
  });

  test('an order made with a typed card cannot be paid with a token (300.001)', async () => {
    const tokenId = await saveCard(sandbox(), notEnrolledCard);
    const { session, initiate } = await startCardOrder(notEnrolledCard);
    expect(codeOf(await payV2(session, initiate, { tokenId, cvv: '123' }))).toBe('300.001');
  });

  test('a second pay/token on a paid order is 400.001 and charges nothing more', async () => {
    const tokenId = await saveCard(sandbox(), notEnrolledCard);
    const { session, initiate } = await initiateV6(tokenId);
    expect((await payV2(session, initiate, { cvv: '123' })).body.responseCode).toBe('000');
    expect(codeOf(await payV2(session, initiate, { cvv: '123' }))).toBe('400.001');
    expect(sandbox().inspect.order(initiate.body.orderId)?.captureCount).toBe(1);
  });

  test("payer/token with another token than the order's is 300.001", async () => {
    const tokenId = await saveCard(sandbox(), notEnrolledCard);
    const other = sandbox().faults.plantToken({});
    const { session, initiate } = await initiateV6(tokenId);
    const payer = await call(sandbox(), 'POST', tokenPaths.payerV6, {
      sessionId: session.sessionId,
      orderId: initiate.body.orderId,
      tokenId: other,
      deviceIdentification: device(),
    });
    expect(codeOf(payer)).toBe('300.001');
  });
});
