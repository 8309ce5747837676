import { describe, expect, test } from 'vitest';
import {
  answerChallenge,
  call,
  formOf,
  payBody,
  payerBody,
  paths,
  postForm,
  startPayment,
  type Started,
  useSandbox,
} from './sandbox-client';

// The rules that tie the calls of one payment together (seed §1, §4): same values as
// authentication, a passed challenge before Pay, one capture, fresh device values.

const sandbox = useSandbox();

const challengeCard = '5123450000000008';

const authenticated = async (card = challengeCard): Promise<Started & { html: string }> => {
  const started = await startPayment(sandbox(), card);
  const payer = await call(sandbox(), 'POST', paths.payer, payerBody(started));
  expect(payer.body.responseCode).toBe('000');
  return { ...started, html: payer.body.htmlBodyContent };
};

const passed = async (): Promise<Started> => {
  const started = await authenticated();
  expect((await answerChallenge(sandbox(), started.html, { otp: '123456' })).code).toBe('000');
  return started;
};

describe('Authenticate Payer', () => {
  test('device values repeated on the same order are refused (300.002); on another order accepted', async () => {
    const first = await startPayment(sandbox(), challengeCard);
    const body = payerBody(first);
    expect((await call(sandbox(), 'POST', paths.payer, body)).body.responseCode).toBe('000');
    expect((await call(sandbox(), 'POST', paths.payer, body)).body.detailedResponseCode).toBe(
      '300.002',
    );
    // GATEWAY.md: an official client sends one hard-coded set for every payment and is
    // accepted, so the rule is narrowed to one order.
    const second = await startPayment(sandbox(), challengeCard);
    const reused = { ...payerBody(second), deviceIdentification: body.deviceIdentification };
    expect((await call(sandbox(), 'POST', paths.payer, reused)).body.responseCode).toBe('000');
  });

  test('a card other than the one given to Initiate: 300.001', async () => {
    const started = await startPayment(sandbox(), challengeCard);
    const body = {
      ...payerBody(started),
      paymentMethod: { ...payerBody(started).paymentMethod, cardNumber: '4440000009900010' },
    };
    expect((await call(sandbox(), 'POST', paths.payer, body)).body.detailedResponseCode).toBe(
      '300.001',
    );
  });

  test('the session of another order: 300.001', async () => {
    const started = await startPayment(sandbox(), challengeCard);
    const other = await startPayment(sandbox(), challengeCard);
    const body = { ...payerBody(started), sessionId: other.sessionId };
    expect((await call(sandbox(), 'POST', paths.payer, body)).body.detailedResponseCode).toBe(
      '300.001',
    );
  });

  test('amount and currency sent to Authenticate Payer and Pay are ignored', async () => {
    const started = await startPayment(sandbox(), challengeCard);
    const extra = { amount: 1, currency: 'USD' };
    const payer = await call(sandbox(), 'POST', paths.payer, { ...payerBody(started), ...extra });
    await answerChallenge(sandbox(), payer.body.htmlBodyContent, { otp: '123456' });
    const paid = await call(sandbox(), 'POST', paths.pay, { ...payBody(started), ...extra });
    expect(paid.body.order).toMatchObject({
      amount: 125.5,
      currency: 'SAR',
      totalCapturedAmount: 125.5,
    });
  });
});

describe('Pay uses the values of authentication', () => {
  test.each([
    [
      'card',
      (s: Started) => ({
        ...payBody(s),
        paymentMethod: { ...payBody(s).paymentMethod, cardNumber: '4440000009900010' },
      }),
    ],
    [
      'expiry',
      (s: Started) => ({
        ...payBody(s),
        paymentMethod: { ...payBody(s).paymentMethod, expiryDate: { month: 2, year: 39 } },
      }),
    ],
    [
      'threeDSecureId',
      (s: Started) => ({ ...payBody(s), threeDSecureId: '11111111-2222-4333-8444-555555555555' }),
    ],
  ])('a different %s: 300.001, nothing captured', async (_name, change) => {
    const started = await passed();
    expect(
      (await call(sandbox(), 'POST', paths.pay, change(started))).body.detailedResponseCode,
    ).toBe('300.001');
    expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(0);
  });

  test.each(['sessionId', 'orderId'] as const)('a different %s: 300.001', async (field) => {
    const started = await passed();
    const other = await passed();
    const answer = await call(sandbox(), 'POST', paths.pay, {
      ...payBody(started),
      [field]: other[field],
    });
    expect(answer.body.detailedResponseCode).toBe('300.001');
    expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(0);
    expect(sandbox().inspect.order(other.orderId)?.captureCount).toBe(0);
  });
});

describe('Pay after the challenge, once', () => {
  test('before the challenge is answered: 300.003', async () => {
    const started = await authenticated();
    expect(
      (await call(sandbox(), 'POST', paths.pay, payBody(started))).body.detailedResponseCode,
    ).toBe('300.003');
  });

  test('a wrong one-time code fails the challenge (returnUrl code 300.004) and Pay is refused', async () => {
    const started = await authenticated();
    const end = await answerChallenge(sandbox(), started.html, { otp: '000000' });
    expect(end).toMatchObject({ code: '300.004', msg: 'Authentication failed' });
    expect(
      (await call(sandbox(), 'POST', paths.pay, payBody(started))).body.detailedResponseCode,
    ).toBe('300.004');
  });

  test('Cancel abandons (returnUrl code 010.001) and Pay is refused', async () => {
    const started = await authenticated();
    const end = await answerChallenge(sandbox(), started.html, 'cancel');
    expect(end).toMatchObject({ code: '010.001', msg: 'Cancelled by user' });
    expect(
      (await call(sandbox(), 'POST', paths.pay, payBody(started))).body.detailedResponseCode,
    ).toBe('300.003');
  });

  test('the issuer page answers once', async () => {
    const started = await authenticated();
    const snippet = formOf(started.html);
    const page = formOf(await (await postForm(snippet.action, snippet.fields)).text());
    const submit = () =>
      postForm(`${sandbox().url}/acs/challenge/submit`, {
        ...page.fields,
        otp: '123456',
        action: 'submit',
      });
    expect((await submit()).status).toBe(200);
    expect((await submit()).status).toBe(409);
  });

  test('a second Pay on a paid order: 400.001 and still one capture', async () => {
    const started = await passed();
    expect((await call(sandbox(), 'POST', paths.pay, payBody(started))).body.responseCode).toBe(
      '000',
    );
    const again = await call(sandbox(), 'POST', paths.pay, payBody(started));
    expect(again.body.detailedResponseCode).toBe('400.001');
    expect(sandbox().inspect.order(started.orderId)?.captureCount).toBe(1);
  });
});

describe('3-D Secure method', () => {
  test('methodCompleted is true only once the method page posted back', async () => {
    const methodOf = async (started: Started) => {
      const order = await call(sandbox(), 'GET', paths.order(started.orderId));
      return order.body.order.transactions[0].authenticationDetails.methodCompleted;
    };
    const started = await startPayment(sandbox(), challengeCard);
    expect(await methodOf(started)).toBe(false);
    const snippet = formOf(started.initiate.body.redirectHtml);
    const page = await (await postForm(snippet.action, snippet.fields)).text();
    expect(await methodOf(started)).toBe(false);
    const notify = formOf(page);
    await postForm(new URL(notify.action, sandbox().url).toString(), notify.fields);
    expect(await methodOf(started)).toBe(true);
  });
});
