import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Sandbox } from '../../../main/core/sandbox';
import {
  answerChallenge,
  call,
  cvvFor,
  device,
  payBody,
  paymentMethod,
  paths,
  returnUrlFor,
  sessionBody,
  signatureOver,
  type Answer,
  type Json,
} from './sandbox-client';

/**
 * Token calls as GATEWAY-MORE.md §5 names them, built from the facts (not from the sandbox's
 * code), for the saved-card tests.
 */
export const tokenPaths = {
  initiateV6: '/pgw/api/v6/direct/authenticate/initiate/token',
  payerV6: '/pgw/api/v6/direct/authenticate/payer/token',
  initiateV3: '/pgw/api/v3/direct/authenticate/initiate/token',
  payerV3: '/pgw/api/v3/direct/authenticate/payer/token',
  payV2: '/pgw/api/v2/direct/pay/token',
  payV1: '/pgw/api/v1/direct/pay/token',
  token: (tokenId: string) => `/pgw/api/v1/direct/token/${tokenId}`,
  sessionToken: (sessionId: string) => `/pgw/api/v1/token?sessionId=${sessionId}`,
  config: (key: string) => `/pgw/api/v1/config/${key}`,
} as const;

export interface Agreement {
  readonly agreementId: string;
  readonly agreementType: string;
}

export const newAgreement = (agreementType = 'Unscheduled'): Agreement => ({
  agreementId: `PD-AG-${randomUUID()}`,
  agreementType,
});

/** A session as Create Session makes it, plus what pay/token v2 signs with. */
export interface TokenSession {
  readonly sessionId: string;
  readonly amount: number;
  readonly merchantReferenceId: string;
}

export const createSession = async (
  sandbox: Sandbox,
  extra: Record<string, unknown> = {},
  amount = 125.5,
  paymentOperation = 'Pay',
): Promise<TokenSession & { answer: Answer }> => {
  const body = { ...sessionBody(sandbox, amount, 'SAR', paymentOperation), ...extra };
  const answer = await call(sandbox, 'POST', paths.session, body);
  return {
    sessionId: answer.body?.session?.id,
    amount,
    merchantReferenceId: body.merchantReferenceId,
    answer,
  };
};

/**
 * A whole card payment that asks to save the card: session (with `sessionExtra`), Initiate,
 * Payer, the challenge passed (or the straight pass), Pay. Answers the Pay answer's order.
 */
export const payAndSave = async (
  sandbox: Sandbox,
  cardNumber: string,
  sessionExtra: Record<string, unknown> = { cardOnFile: true },
  paymentOperation = 'Pay',
): Promise<{ order: Json; sessionId: string }> => {
  const session = await createSession(sandbox, sessionExtra, 125.5, paymentOperation);
  expect(session.answer.body.responseCode).toBe('000');
  const returnUrl = returnUrlFor();
  const initiate = await call(sandbox, 'POST', paths.initiate, {
    sessionId: session.sessionId,
    cardNumber,
    returnUrl,
  });
  expect(initiate.body.responseCode).toBe('000');
  const started = {
    sessionId: session.sessionId,
    orderId: initiate.body.orderId,
    threeDSecureId: initiate.body.threeDSecureId,
    cardNumber,
    returnUrl,
    initiate,
    paymentOperation,
  };
  const payer = await call(sandbox, 'POST', paths.payer, {
    sessionId: started.sessionId,
    orderId: started.orderId,
    paymentMethod: paymentMethod(cardNumber),
    deviceIdentification: device(),
  });
  expect(payer.body.responseCode).toBe('000');
  expect((await answerChallenge(sandbox, payer.body.htmlBodyContent, { otp: '123456' })).code).toBe(
    '000',
  );
  const pay = await call(sandbox, 'POST', paths.pay, payBody(started));
  expect(pay.body.responseCode).toBe('000');
  return { order: pay.body.order, sessionId: session.sessionId };
};

/** Saves a card and answers its tokenId. */
export const saveCard = async (
  sandbox: Sandbox,
  cardNumber: string,
  agreement: Agreement | null = null,
): Promise<string> => {
  const { order } = await payAndSave(sandbox, cardNumber, { cardOnFile: true, ...agreement });
  expect(order.tokenId).toEqual(expect.any(String));
  return order.tokenId;
};

/** pay/token v2's signature: Create Session's formula over the session and this timestamp. */
export const payTokenV2Body = (
  sandbox: Sandbox,
  session: TokenSession,
  initiate: Answer,
  extra: Record<string, unknown> = {},
) => {
  const timestamp = new Date().toISOString();
  return {
    sessionId: session.sessionId,
    orderId: initiate.body.orderId,
    threeDSecureId: initiate.body.threeDSecureId,
    timestamp,
    signature: signatureOver(
      sandbox,
      session.amount.toFixed(2),
      'SAR',
      session.merchantReferenceId,
      timestamp,
    ),
    ...extra,
  };
};

/** Create Session and initiate/token v6 with `extra` (returnUrl, initiatedBy, agreement, …). */
export const initiateToken = async (
  sandbox: Sandbox,
  tokenId: string,
  extra: Record<string, unknown> = {},
  paymentOperation = 'Pay',
) => {
  const session = await createSession(sandbox, {}, 125.5, paymentOperation);
  const initiate = await call(sandbox, 'POST', tokenPaths.initiateV6, {
    sessionId: session.sessionId,
    tokenId,
    ...extra,
  });
  return { session, initiate };
};

/** The v6 customer-present flow up to pay: session, initiate/token, payer/token, challenge. */
export const authenticateToken = async (
  sandbox: Sandbox,
  tokenId: string,
  cardNumber: string,
  paymentOperation = 'Pay',
) => {
  const { session, initiate } = await initiateToken(
    sandbox,
    tokenId,
    { returnUrl: returnUrlFor() },
    paymentOperation,
  );
  expect(initiate.body.responseCode).toBe('000');
  const payer = await call(sandbox, 'POST', tokenPaths.payerV6, {
    sessionId: session.sessionId,
    orderId: initiate.body.orderId,
    tokenId,
    cvv: cvvFor(cardNumber),
    deviceIdentification: device(),
  });
  expect(payer.body.responseCode).toBe('000');
  return { session, initiate, payer };
};

/** The merchant-initiated flow up to pay: session, initiate/token with Merchant and agreement. */
export const initiateMerchant = (
  sandbox: Sandbox,
  tokenId: string,
  agreement: Agreement | null,
  paymentOperation = 'Pay',
) => initiateToken(sandbox, tokenId, { initiatedBy: 'Merchant', ...agreement }, paymentOperation);
