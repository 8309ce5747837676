import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { decodeEntities, hiddenInputs } from '../../support/html-form';

/**
 * A deliberately independent client for the sandbox tests: it builds requests from
 * GATEWAY.md and the seed (Basic credential, HMAC signature, body shapes) rather than from
 * the sandbox's own code, so the tests check the sandbox against the documents.
 */

// Test bodies are read field by field; `any` keeps the assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer {
  readonly status: number;
  readonly body: Json;
  readonly text: string;
  readonly headers: Headers;
}

export const basicCredential = (publicKey: string, password: string): string =>
  `Basic ${Buffer.from(`${publicKey}:${password}`).toString('base64')}`;

export const call = async (
  sandbox: Sandbox,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Answer> => {
  const response = await fetch(sandbox.url + path, {
    method,
    signal,
    headers: {
      Authorization: basicCredential(sandbox.merchantPublicKey, sandbox.apiPassword),
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: parseJson(text), text, headers: response.headers };
};

const parseJson = (text: string): Json => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export const paths = {
  session: '/payment-intent/api/v2/direct/session',
  initiate: '/pgw/api/v6/direct/authenticate/initiate',
  payer: '/pgw/api/v6/direct/authenticate/payer',
  pay: '/pgw/api/v2/direct/pay',
  order: (orderId: string) => `/pgw/api/v1/direct/order/${orderId}`,
  search: '/pgw/api/v1/direct/order',
  refund: '/pgw/api/v1/direct/refund',
  cancel: '/pgw/api/v1/direct/cancel',
  capture: '/pgw/api/v1/direct/capture',
} as const;

/** A call to the sandbox's own admin surface, with its Bearer credential unless told otherwise. */
export const admin = (
  sandbox: Sandbox,
  path: string,
  body?: unknown,
  token: string | null = sandbox.adminToken,
) =>
  fetch(sandbox.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** GATEWAY.md: base64 HMAC-SHA256(apiPassword, publicKey + amount text + currency + ref + timestamp). */
export const signatureOver = (
  sandbox: Sandbox,
  amountText: string,
  currency: string,
  reference: string,
  timestamp: string,
): string =>
  createHmac('sha256', sandbox.apiPassword)
    .update(`${sandbox.merchantPublicKey}${amountText}${currency}${reference}${timestamp}`)
    .digest('base64');

export const sessionBody = (
  sandbox: Sandbox,
  amount = 125.5,
  currency = 'SAR',
  paymentOperation = 'Pay',
) => {
  const merchantReferenceId = `REF-${randomUUID().slice(0, 8)}`;
  const timestamp = new Date().toISOString();
  return {
    amount,
    currency,
    timestamp,
    merchantReferenceId,
    signature: signatureOver(sandbox, amount.toFixed(2), currency, merchantReferenceId, timestamp),
    callbackUrl: 'https://merchant.test/callback',
    paymentOperation,
    language: 'en',
  };
};

export const returnUrlFor = (attempt = randomUUID()) => `https://return.test/3ds/${attempt}`;

export const cvvFor = (cardNumber: string) => (cardNumber.length === 15 ? '1234' : '123');

export const paymentMethod = (cardNumber: string) => ({
  cardNumber,
  cardholderName: 'Test Holder',
  cvv: cvvFor(cardNumber),
  expiryDate: { month: '01', year: '39' },
});

export const device = () => ({
  providerDeviceId: randomUUID(),
  language: 'en',
  userAgent: 'Mozilla/5.0 (sandbox test)',
});

/** What a started payment knows after Create Session and Initiate Authentication. */
export interface Started {
  readonly sessionId: string;
  readonly orderId: string;
  readonly threeDSecureId: string;
  readonly cardNumber: string;
  readonly returnUrl: string;
  readonly initiate: Answer;
  /** The session's operation; Pay sends it again, as Paydesk does. */
  readonly paymentOperation: string;
}

export const startPayment = async (
  sandbox: Sandbox,
  cardNumber: string,
  amount = 125.5,
  paymentOperation = 'Pay',
): Promise<Started> => {
  const session = await call(
    sandbox,
    'POST',
    paths.session,
    sessionBody(sandbox, amount, 'SAR', paymentOperation),
  );
  if (session.body?.responseCode !== '000') throw new Error(`session refused: ${session.text}`);
  const returnUrl = returnUrlFor();
  const initiate = await call(sandbox, 'POST', paths.initiate, {
    sessionId: session.body.session.id,
    cardNumber,
    returnUrl,
  });
  return {
    sessionId: session.body.session.id,
    orderId: initiate.body?.orderId,
    threeDSecureId: initiate.body?.threeDSecureId,
    cardNumber,
    returnUrl,
    initiate,
    paymentOperation,
  };
};

export const payerBody = (started: Started) => ({
  sessionId: started.sessionId,
  orderId: started.orderId,
  paymentMethod: paymentMethod(started.cardNumber),
  deviceIdentification: device(),
  timeZone: -180,
  source: 'DirectAPI',
});

export const payBody = (started: Started) => ({
  sessionId: started.sessionId,
  orderId: started.orderId,
  threeDSecureId: started.threeDSecureId,
  paymentOperation: started.paymentOperation,
  paymentMethod: { ...paymentMethod(started.cardNumber), expiryDate: { month: 1, year: 39 } },
  returnUrl: started.returnUrl,
  source: 'DirectAPI',
});

/** The first form of an HTML text: its action and its hidden fields. */
export const formOf = (html: string): { action: string; fields: Record<string, string> } => {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in: ${html.slice(0, 200)}`);
  return { action: decodeEntities(action), fields: Object.fromEntries(hiddenInputs(html)) };
};

export const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

export interface ChallengeEnd {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly code: string | null;
  readonly msg: string | null;
}

/**
 * Drives the challenge as a browser would, by plain HTTP: the snippet's form to the issuer
 * page, the one-time code (or Cancel), the issuer's hand-off to the gateway's completion
 * step, and that step's way to the returnUrl (302 GET or an auto-posted form).
 */
export const answerChallenge = async (
  sandbox: Sandbox,
  htmlBodyContent: string,
  answer: { otp: string } | 'cancel',
): Promise<ChallengeEnd> => {
  const snippet = formOf(htmlBodyContent);
  let handOff = snippet;
  if (snippet.action.endsWith('/acs/challenge')) {
    const page = await (await postForm(snippet.action, snippet.fields)).text();
    const challenge = formOf(page);
    const submit = await postForm(new URL(challenge.action, sandbox.url).toString(), {
      ...challenge.fields,
      ...(answer === 'cancel'
        ? { action: 'cancel', otp: '' }
        : { action: 'submit', otp: answer.otp }),
    });
    handOff = formOf(await submit.text());
  }
  const completion = await postForm(handOff.action, handOff.fields);
  if (completion.status === 302) {
    const location = completion.headers.get('location') ?? '';
    const url = new URL(location);
    return {
      method: 'GET',
      url: location,
      code: url.searchParams.get('code'),
      msg: url.searchParams.get('msg'),
    };
  }
  const returned = formOf(await completion.text());
  return {
    method: 'POST',
    url: returned.action,
    code: returned.fields.code ?? null,
    msg: returned.fields.msg ?? null,
  };
};

/**
 * One sandbox for the whole test file, started before its tests and closed after them;
 * call the returned function inside a test to get it.
 */
export function useSandbox(): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.close());
  return () => {
    if (!sandbox) throw new Error('The sandbox starts in beforeAll; use it inside a test.');
    return sandbox;
  };
}
