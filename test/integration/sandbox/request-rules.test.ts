import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import {
  basicCredential,
  call,
  device,
  paths,
  payBody,
  payerBody,
  paymentMethod,
  returnUrlFor,
  sessionBody,
  signatureOver,
  startPayment,
} from './sandbox-client';

// One failing request per sandbox rule that concerns the request itself; each checks the
// documented code, HTTP status and, for 4xx, the problem-details field.

let now = Date.UTC(2030, 5, 15, 9, 30);
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ clock: { now: () => now } });
});
afterAll(() => sandbox.close());

const expectProblem = (
  answer: { status: number; body: Record<string, unknown> },
  status: number,
  detailed: string,
  field?: string,
) => {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ status, detailedResponseCode: detailed });
  expect(answer.body).toHaveProperty('traceId');
  if (field) expect(Object.keys(answer.body.errors as object)).toContain(field);
};

const expectRefusal = (
  answer: { status: number; body: Record<string, unknown> },
  detailed: string,
) => {
  expect(answer.status).toBe(200);
  expect(answer.body.detailedResponseCode).toBe(detailed);
  expect(answer.body.responseCode).toBe(detailed.split('.')[0]);
};

describe('credential, media type, JSON', () => {
  test('no Authorization header: 401 001.001', async () => {
    const answer = await call(sandbox, 'POST', paths.session, sessionBody(sandbox), {
      Authorization: '',
    });
    expectProblem(answer, 401, '001.001', 'Authorization');
  });

  test('wrong API password: 401 001.001', async () => {
    const answer = await call(sandbox, 'GET', paths.search, undefined, {
      Authorization: basicCredential(sandbox.merchantPublicKey, 'not-the-password'),
    });
    expectProblem(answer, 401, '001.001');
  });

  test('malformed JSON: 400 100.001', async () => {
    expectProblem(await call(sandbox, 'POST', paths.session, '{"amount": 1,'), 400, '100.001');
  });

  test('Content-Type other than application/json: 415 100.002', async () => {
    const answer = await call(
      sandbox,
      'POST',
      paths.session,
      JSON.stringify(sessionBody(sandbox)),
      {
        'Content-Type': 'text/plain',
      },
    );
    expectProblem(answer, 415, '100.002');
  });

  test('missing required field: 400 100.003 naming it', async () => {
    const { merchantReferenceId: _dropped, ...body } = sessionBody(sandbox);
    expectProblem(
      await call(sandbox, 'POST', paths.session, body),
      400,
      '100.003',
      'merchantReferenceId',
    );
  });

  test('unknown endpoint: 404 100.014; wrong method: 405 100.015', async () => {
    expectProblem(await call(sandbox, 'POST', '/pgw/api/v1/direct/void', {}), 404, '100.014');
    expectProblem(await call(sandbox, 'GET', paths.pay), 405, '100.015');
  });

  test('null fields are absent and unknown fields ignored; ReturnUrl spelling accepted', async () => {
    const session = await call(sandbox, 'POST', paths.session, {
      ...sessionBody(sandbox),
      returnUrl: null,
      billingAddress: { city: 'Riyadh' },
    });
    expect(session.body.responseCode).toBe('000');
    const initiate = await call(sandbox, 'POST', paths.initiate, {
      sessionId: session.body.session.id,
      cardNumber: '5123456789012346',
      ReturnUrl: returnUrlFor(),
      orderId: null,
    });
    expect(initiate.body.responseCode).toBe('000');
  });
});

describe('tolerance as GATEWAY.md states it (ASP.NET web JSON defaults)', () => {
  test('property names match regardless of case, at every depth', async () => {
    const session = await call(sandbox, 'POST', paths.session, {
      ...Object.fromEntries(
        Object.entries(sessionBody(sandbox)).map(([key, value]) => [key.toUpperCase(), value]),
      ),
    });
    expect(session.body.responseCode).toBe('000');
    const initiate = await call(sandbox, 'POST', paths.initiate, {
      SessionId: session.body.session.id,
      CARDNUMBER: '5123456789012346',
      returnurl: returnUrlFor(),
    });
    expect(initiate.body.responseCode).toBe('000');
    const started = {
      sessionId: session.body.session.id,
      orderId: initiate.body.orderId,
      threeDSecureId: initiate.body.threeDSecureId,
      cardNumber: '5123456789012346',
      returnUrl: returnUrlFor(),
      initiate,
      paymentOperation: 'Pay',
    };
    const { paymentMethod: card, ...rest } = payBody(started);
    const paid = await call(sandbox, 'POST', paths.pay, {
      ...rest,
      PaymentMethod: {
        CardNumber: card.cardNumber,
        cardHolderName: card.cardholderName,
        CVV: card.cvv,
        ExpiryDate: { Month: card.expiryDate.month, YEAR: card.expiryDate.year },
      },
    });
    expect(paid.body.responseCode).toBe('000');
    expect(paid.body.order.paymentMethod.cardholderName).toBe('Test Holder');
  });

  test('numbers written as strings read as numbers: amount, refundAmount', async () => {
    const base = sessionBody(sandbox, 200);
    const asText = { ...base, amount: '200.00' };
    const session = await call(sandbox, 'POST', paths.session, asText);
    expect(session.body).toMatchObject({ responseCode: '000', session: { amount: 200 } });
    const notANumber = await call(sandbox, 'POST', paths.session, { ...base, amount: '200,00' });
    expectProblem(notANumber, 400, '100.003', 'amount');
    const started = await startPayment(sandbox, '5123456789012346', 200);
    expect((await call(sandbox, 'POST', paths.pay, payBody(started))).body.responseCode).toBe(
      '000',
    );
    const refund = await call(sandbox, 'POST', paths.refund, {
      OrderId: started.orderId,
      refundAmount: '50.25',
    });
    expect(refund.body.order).toMatchObject({
      detailedStatus: 'PartiallyRefunded',
      totalRefundedAmount: 50.25,
    });
  });
});

describe('Create Session', () => {
  test('signature not matching the body: 400 100.013', async () => {
    const body = { ...sessionBody(sandbox), amount: 99 };
    expectProblem(await call(sandbox, 'POST', paths.session, body), 400, '100.013', 'signature');
  });

  test('signature over an amount without exactly 2 decimals is refused; with them it passes', async () => {
    const body = { ...sessionBody(sandbox, 1000), timestamp: '6/15/2030 9:30:00 AM' };
    const signed = (amountText: string) =>
      signatureOver(sandbox, amountText, 'SAR', body.merchantReferenceId, body.timestamp);
    const wrong = await call(sandbox, 'POST', paths.session, {
      ...body,
      signature: signed('1000'),
    });
    expectProblem(wrong, 400, '100.013');
    const right = await call(sandbox, 'POST', paths.session, {
      ...body,
      signature: signed('1000.00'),
    });
    expect(right.body).toMatchObject({
      responseCode: '000',
      session: { amount: 1000, currency: 'SAR' },
    });
  });

  test('more decimals than the currency has: 400 100.003 on amount', async () => {
    const body = sessionBody(sandbox, 10.005);
    expectProblem(await call(sandbox, 'POST', paths.session, body), 400, '100.003', 'amount');
  });
});

describe('sessions and orders', () => {
  test('unknown sessionId: 200 with 200.001', async () => {
    const answer = await call(sandbox, 'POST', paths.initiate, {
      sessionId: '00000000-0000-4000-8000-000000000000',
      cardNumber: '5123456789012346',
      returnUrl: returnUrlFor(),
    });
    expectRefusal(answer, '200.001');
  });

  test('session expires 15 minutes after Create Session: 200.002', async () => {
    const session = await call(sandbox, 'POST', paths.session, sessionBody(sandbox));
    const initiate = () =>
      call(sandbox, 'POST', paths.initiate, {
        sessionId: session.body.session.id,
        cardNumber: '5123456789012346',
        returnUrl: returnUrlFor(),
      });
    expect(session.body.session.expiryDate).toBe(new Date(now + 15 * 60_000).toISOString());
    now += 15 * 60_000 - 1;
    expect((await initiate()).body.responseCode).toBe('000');
    now += 1;
    expectRefusal(await initiate(), '200.002');
  });

  test('orderId reused under the merchant: 200.003', async () => {
    const first = await startPayment(sandbox, '5123456789012346');
    const session = await call(sandbox, 'POST', paths.session, sessionBody(sandbox));
    const again = await call(sandbox, 'POST', paths.initiate, {
      sessionId: session.body.session.id,
      orderId: first.orderId.toUpperCase(),
      cardNumber: '5123456789012346',
      returnUrl: returnUrlFor(),
    });
    expectRefusal(again, '200.003');
  });

  test('returnUrl not HTTPS: 400 100.004 (Initiate and Pay)', async () => {
    const session = await call(sandbox, 'POST', paths.session, sessionBody(sandbox));
    const initiate = await call(sandbox, 'POST', paths.initiate, {
      sessionId: session.body.session.id,
      cardNumber: '5123456789012346',
      returnUrl: 'http://return.test/3ds/1',
    });
    expectProblem(initiate, 400, '100.004', 'returnUrl');
    const started = await startPayment(sandbox, '5123456789012346');
    const { returnUrl: _valid, ...rest } = payBody(started);
    const pay = await call(sandbox, 'POST', paths.pay, { ...rest, ReturnUrl: 'http://x.test/' });
    expectProblem(pay, 400, '100.004', 'returnUrl');
  });
});

describe('card rules (Authenticate Payer)', () => {
  const payerWith = async (card: string, change: Partial<ReturnType<typeof paymentMethod>>) => {
    const started = await startPayment(sandbox, '5123450000000008');
    const body = payerBody(started);
    return call(sandbox, 'POST', paths.payer, {
      ...body,
      paymentMethod: { ...paymentMethod(card), ...change },
    });
  };

  test.each([
    ['visa with 15 digits', '444000000990001', '100.005'],
    ['amex with 16 digits', '3714496353984310', '100.005'],
    ['Luhn failure', '5123450000000009', '100.006'],
  ])('card number, %s: 400 %s', async (_name, card, detailed) => {
    expectProblem(await payerWith(card, {}), 400, detailed, 'paymentMethod.cardNumber');
  });

  test.each([
    ['amex with 3 digits', '371449635398431', '123'],
    ['mastercard with 4 digits', '5123450000000008', '1234'],
  ])('CVV length, %s: 400 100.007', async (_name, card, cvv) => {
    expectProblem(await payerWith(card, { cvv }), 400, '100.007', 'paymentMethod.cvv');
  });

  test.each([
    ['month of 1 digit', { month: '1', year: '39' }],
    ['month 13', { month: '13', year: '39' }],
    ['year of 4 digits', { month: '01', year: '2039' }],
  ])('expiry format, %s: 400 100.008', async (_name, expiryDate) => {
    expectProblem(
      await payerWith('5123450000000008', { expiryDate }),
      400,
      '100.008',
      'paymentMethod.expiryDate',
    );
  });

  test('expiry in the past (by the sandbox clock): 400 100.009', async () => {
    const expiryDate = { month: '05', year: '30' };
    expectProblem(
      await payerWith('5123450000000008', { expiryDate }),
      400,
      '100.009',
      'paymentMethod.expiryDate',
    );
  });

  test.each(['providerDeviceId', 'language', 'userAgent'])(
    'deviceIdentification.%s required: 400 100.010',
    async (member) => {
      const started = await startPayment(sandbox, '5123450000000008');
      const deviceIdentification: Record<string, string> = device();
      delete deviceIdentification[member];
      const answer = await call(sandbox, 'POST', paths.payer, {
        ...payerBody(started),
        deviceIdentification,
      });
      expectProblem(answer, 400, '100.010', `deviceIdentification.${member}`);
    },
  );
});

describe('customer phone (Pay)', () => {
  test.each([
    ['number without country code', { customerPhoneNumber: '501234567' }],
    ['country code without number', { customerPhoneCountryCode: '+966' }],
  ])('%s: 400 100.011', async (_name, phone) => {
    const started = await startPayment(sandbox, '5123456789012346');
    expectProblem(
      await call(sandbox, 'POST', paths.pay, { ...payBody(started), ...phone }),
      400,
      '100.011',
    );
  });

  test('both parts: paid, and the order shows them', async () => {
    const started = await startPayment(sandbox, '5123456789012346');
    const phone = { customerPhoneNumber: '501234567', customerPhoneCountryCode: '+966' };
    const paid = await call(sandbox, 'POST', paths.pay, { ...payBody(started), ...phone });
    expect(paid.body.order).toMatchObject(phone);
  });
});
