import { describe, expect, test } from 'vitest';
import { answerChallenge, call, paths, useSandbox } from './sandbox-client';
import {
  authenticateToken,
  initiateMerchant,
  newAgreement,
  payAndSave,
  payTokenV2Body,
  saveCard,
  tokenPaths,
} from './token-client';

// Saved cards (GATEWAY-MORE.md §5) through the sandbox over loopback HTTP: saving with
// cardOnFile, Get token, the merchant configuration, the v6 token flow and merchant-initiated
// payments.

const sandbox = useSandbox();

const challengeCard = '5123450000000008';
const frictionlessCard = '5123456789012346';

describe('saving a card (cardOnFile)', () => {
  test('a paid order of a cardOnFile session carries cardOnFile, tokenId and the card, also in Get order and Search', async () => {
    const agreement = newAgreement('Recurring');
    const { order } = await payAndSave(sandbox(), challengeCard, {
      cardOnFile: true,
      initiatedBy: 'Internet',
      ...agreement,
    });
    expect(order).toMatchObject({
      detailedStatus: 'Paid',
      cardOnFile: true,
      tokenId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      agreementId: agreement.agreementId,
      agreementType: 'Recurring',
      paymentMethod: {
        maskedCardNumber: '512345******0008',
        expiryDate: { month: 1, year: 39 },
        brand: 'mastercard',
      },
    });
    const read = await call(sandbox(), 'GET', paths.order(order.orderId));
    expect(read.body.order).toMatchObject({ cardOnFile: true, tokenId: order.tokenId });
    const search = await call(
      sandbox(),
      'GET',
      `${paths.search}?MerchantReferenceId=${order.merchantReferenceId}`,
    );
    expect(search.body.orders[0]).toMatchObject({ cardOnFile: true, tokenId: order.tokenId });
  });

  test('without cardOnFile the paid order has no token', async () => {
    const { order } = await payAndSave(sandbox(), frictionlessCard, {});
    expect(order).toMatchObject({ detailedStatus: 'Paid', cardOnFile: false, tokenId: null });
  });
});

describe('Get token', () => {
  test('by id and by session: last four, brand, expiry', async () => {
    const { order, sessionId } = await payAndSave(sandbox(), challengeCard);
    const expected = {
      responseCode: '000',
      tokenId: order.tokenId,
      lastFourDigits: '0008',
      schema: 'mastercard',
      expiryDate: { month: 1, year: 39 },
      isAppleToken: false,
    };
    const byId = await call(sandbox(), 'GET', tokenPaths.token(order.tokenId));
    expect(byId.body).toMatchObject(expected);
    const bySession = await call(sandbox(), 'GET', tokenPaths.sessionToken(sessionId));
    expect(bySession.body).toMatchObject(expected);
  });
});

describe('merchant configuration', () => {
  test('answers the tokenization flags for the own key', async () => {
    const answer = await call(sandbox(), 'GET', tokenPaths.config(sandbox().merchantPublicKey));
    expect(answer.body).toMatchObject({
      responseCode: '000',
      isTokenizationEnabled: true,
      isCvvRequiredForTokenPayments: true,
      is3dsRequiredForTokenPayments: true,
      allowedInitiatedByValues: ['Internet', 'Merchant'],
      isCallbackEnabled: true,
    });
  });
});

describe('paying with a token, customer present (v6 flow)', () => {
  test('initiate/token, payer/token, the challenge, pay/token v2: Paid with the token', async () => {
    const tokenId = await saveCard(sandbox(), challengeCard);
    const { session, initiate, payer } = await authenticateToken(sandbox(), tokenId, challengeCard);
    expect(initiate.body.gatewayDecision).toBe('ContinueToPayer');
    const end = await answerChallenge(sandbox(), payer.body.htmlBodyContent, { otp: '123456' });
    expect(end.code).toBe('000');
    const pay = await call(
      sandbox(),
      'POST',
      tokenPaths.payV2,
      payTokenV2Body(sandbox(), session, initiate, {
        initiatedBy: 'Internet',
        paymentOperation: 'Pay',
      }),
    );
    expect(pay.body.responseCode).toBe('000');
    expect(pay.body.order).toMatchObject({
      detailedStatus: 'Paid',
      tokenId,
      isTokenPayment: true,
      initiatedBy: 'Internet',
      paymentMethod: { maskedCardNumber: '512345******0008' },
    });
    expect(sandbox().inspect.order(initiate.body.orderId)?.captureCount).toBe(1);
  });
});

describe('merchant-initiated (MIT)', () => {
  test('initiate/token with Merchant and the saved agreement answers ContinueToPay; pay/token v2 pays', async () => {
    const agreement = newAgreement();
    const tokenId = await saveCard(sandbox(), challengeCard, agreement);
    const { session, initiate } = await initiateMerchant(sandbox(), tokenId, agreement);
    expect(initiate.body).toMatchObject({ responseCode: '000', gatewayDecision: 'ContinueToPay' });
    const pay = await call(
      sandbox(),
      'POST',
      tokenPaths.payV2,
      payTokenV2Body(sandbox(), session, initiate, { initiatedBy: 'Merchant' }),
    );
    expect(pay.body.responseCode).toBe('000');
    expect(pay.body.order).toMatchObject({
      detailedStatus: 'Paid',
      tokenId,
      initiatedBy: 'Merchant',
      agreementId: agreement.agreementId,
      agreementType: 'Unscheduled',
    });
  });
});
