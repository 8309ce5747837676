import { describe, expect, test } from 'vitest';
import { admin, call, useSandbox, type Json } from './sandbox-client';
import { headingOf, openLinkPage, payLink } from '../../support/link-customer';

const sandbox = useSandbox();

const einvoice = '/payment-intent/api/v1/direct/eInvoice';
const card = { number: '5123456789012346', expiry: '01/39', cvc: '123', name: 'Sara Ali' };

const linkBody = (overrides: Json = {}) => ({
  amount: 120.5,
  currency: 'SAR',
  customer: { phoneNumber: '501234567', phoneCountryCode: '+966', email: 'sara@example.com' },
  eInvoiceDetails: {
    merchantReferenceId: 'PD-LINK-1',
    eInvoiceItems: [{ description: 'Order 42', price: 120.5, quantity: 1 }],
  },
  expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
  ...overrides,
});

const create = async (overrides: Json = {}) => {
  const answer = await call(sandbox(), 'POST', einvoice, linkBody(overrides));
  expect(answer.body.responseCode).toBe('000');
  return answer.body.paymentIntent as Json;
};

const fieldsOf = (answer: { body: Json }) => Object.keys(answer.body.errors ?? {});

describe('e-invoice create', () => {
  test('answers the payment intent: id, link, Pending, items, customer, expiry', async () => {
    const intent = await create();
    expect(intent).toMatchObject({
      type: 'EInvoice',
      status: 'Pending',
      amount: 120.5,
      currency: 'SAR',
      customer: { phone: '501234567', phoneCountryCode: '+966', email: 'sara@example.com' },
      eInvoiceDetails: { merchantReferenceId: 'PD-LINK-1', preAuthorizeAmount: false },
      orders: [],
      eInvoiceSentLinks: [],
    });
    expect(intent.link).toBe(`${sandbox().url}/pay/${intent.paymentIntentId}`);
  });

  test.each([
    ['no phone and no email: 100.022', { customer: {} }, '100.022', 'customer'],
    [
      'an email that is not one: 100.023',
      { customer: { email: 'not-an-email' } },
      '100.023',
      'customer.email',
    ],
    [
      'a phone without its country code: 100.011',
      { customer: { phoneNumber: '501234567' } },
      '100.011',
      'customer.phoneCountryCode',
    ],
    [
      'an expiry in the past: 100.020',
      { expiryDate: '2020-01-01T00:00:00.000+03:00' },
      '100.020',
      'expiryDate',
    ],
    [
      'an expiry without its offset: 100.020',
      { expiryDate: '2099-01-01T00:00:00' },
      '100.020',
      'expiryDate',
    ],
    [
      'items that do not add up to the amount: 100.021',
      { eInvoiceDetails: { eInvoiceItems: [{ price: 100, quantity: 1 }] } },
      '100.021',
      'amount',
    ],
    ['more decimals than the currency has: 100.003', { amount: 1.005 }, '100.003', 'amount'],
  ])('refuses %s', async (_name, overrides, code, field) => {
    const answer = await call(sandbox(), 'POST', einvoice, linkBody(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.detailedResponseCode).toBe(code);
    expect(fieldsOf(answer)).toContain(field);
  });

  test('without an expiry the link lives 30 days', async () => {
    const intent = await create({ expiryDate: undefined });
    const days = (Date.parse(intent.expiryDate) - Date.parse(intent.createdDate)) / 86_400_000;
    expect(days).toBe(30);
  });
});

describe('e-invoice get, update, delete', () => {
  test('get answers the link; an unknown id is 600.001', async () => {
    const intent = await create();
    const got = await call(sandbox(), 'GET', `${einvoice}/${intent.paymentIntentId}`);
    expect(got.body.paymentIntent.paymentIntentId).toBe(intent.paymentIntentId);
    const unknown = await call(
      sandbox(),
      'GET',
      `${einvoice}/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.body.detailedResponseCode).toBe('600.001');
  });

  test('update changes a pending link (id in the body); a paid one is 600.002', async () => {
    const intent = await create();
    const updated = await call(
      sandbox(),
      'PUT',
      einvoice,
      linkBody({ paymentIntentId: intent.paymentIntentId, amount: 99, eInvoiceDetails: {} }),
    );
    expect(updated.body.paymentIntent.amount).toBe(99);
    await payLink(intent.link, card);
    const late = await call(
      sandbox(),
      'PUT',
      einvoice,
      linkBody({ paymentIntentId: intent.paymentIntentId }),
    );
    expect(late.body.detailedResponseCode).toBe('600.002');
  });

  test('delete answers a null intent; the link is then unknown and its page refuses', async () => {
    const intent = await create();
    const deleted = await call(sandbox(), 'DELETE', `${einvoice}/${intent.paymentIntentId}`);
    expect(deleted.body).toMatchObject({ responseCode: '000', paymentIntent: null });
    const after = await call(sandbox(), 'GET', `${einvoice}/${intent.paymentIntentId}`);
    expect(after.body.detailedResponseCode).toBe('600.001');
    const page = await openLinkPage(intent.link);
    expect(page.status).toBe(410);
    expect(page.html).toContain('cancelled this payment link');
    expect(headingOf(await payLink(intent.link, card))).toBe('Link no longer valid');
    const orders = sandbox().inspect.orders();
    expect(orders.filter((order) => order.sessionId === intent.paymentIntentId)).toHaveLength(0);
  });

  test('a paid link cannot be deleted: 600.002', async () => {
    const intent = await create();
    await payLink(intent.link, card);
    const deleted = await call(sandbox(), 'DELETE', `${einvoice}/${intent.paymentIntentId}`);
    expect(deleted.body.detailedResponseCode).toBe('600.002');
  });

  test('the wrong method on a link path is 405', async () => {
    const intent = await create();
    const answer = await call(sandbox(), 'POST', `${einvoice}/${intent.paymentIntentId}`, {});
    expect(answer.status).toBe(405);
  });
});

describe('sending a link', () => {
  test('by SMS (either spelling) and email, into the outbox; no body needed', async () => {
    const intent = await create();
    const sms = await call(sandbox(), 'POST', `${einvoice}/${intent.paymentIntentId}/sendBySMS`);
    expect(sms.body.paymentIntent.eInvoiceSentLinks).toMatchObject([
      { channel: 'Sms', recipient: '+966501234567' },
    ]);
    await call(sandbox(), 'POST', `${einvoice}/${intent.paymentIntentId}/sendByEmail`, {});
    const outbox = sandbox()
      .outbox()
      .filter((message) => message.paymentIntentId === intent.paymentIntentId);
    expect(outbox.map((message) => [message.channel, message.recipient])).toEqual([
      ['Sms', '+966501234567'],
      ['Email', 'sara@example.com'],
    ]);
    expect(outbox[0]?.text).toContain(intent.link);
    // The admin surface reads the same outbox (a sandbox in another process).
    const listed = (await (await admin(sandbox(), '/__sandbox/outbox')).json()) as Json;
    expect(listed.messages.length).toBeGreaterThanOrEqual(2);
  });

  test('no phone: 600.003; no email: 600.004; a deleted link: 600.001', async () => {
    const emailOnly = await create({ customer: { email: 'a@example.com' } });
    const sms = await call(sandbox(), 'POST', `${einvoice}/${emailOnly.paymentIntentId}/sendBySms`);
    expect(sms.body.detailedResponseCode).toBe('600.003');
    const phoneOnly = await create({ customer: { phone: '501234567', phoneCountryCode: '+966' } });
    const mail = await call(
      sandbox(),
      'POST',
      `${einvoice}/${phoneOnly.paymentIntentId}/sendByEmail`,
    );
    expect(mail.body.detailedResponseCode).toBe('600.004');
    await call(sandbox(), 'DELETE', `${einvoice}/${phoneOnly.paymentIntentId}`);
    const gone = await call(
      sandbox(),
      'POST',
      `${einvoice}/${phoneOnly.paymentIntentId}/sendBySms`,
    );
    expect(gone.body.detailedResponseCode).toBe('600.001');
  });
});

describe('the payment-intent read and the customer page', () => {
  test('Created, SentToCustomer once sent, then Paid with its order', async () => {
    const intent = await create();
    const read = () =>
      call(sandbox(), 'GET', `/payment-intent/api/v1/paymentIntent/${intent.paymentIntentId}`);
    expect((await read()).body.paymentIntent.status).toBe('Created');
    await call(sandbox(), 'POST', `${einvoice}/${intent.paymentIntentId}/sendBySms`);
    expect((await read()).body.paymentIntent.status).toBe('SentToCustomer');
    expect(headingOf(await payLink(intent.link, card))).toBe('Payment approved');
    const paid = (await read()).body.paymentIntent;
    expect(paid.status).toBe('Paid');
    expect(paid.orders).toMatchObject([{ orderStatus: 'Success', detailedStatus: 'Paid' }]);
    const order = await call(
      sandbox(),
      'GET',
      `/pgw/api/v1/direct/order/${paid.orders[0].orderId}`,
    );
    expect(order.body.order).toMatchObject({
      detailedStatus: 'Paid',
      merchantReferenceId: 'PD-LINK-1',
      paymentMethod: { maskedCardNumber: '512345******2346' },
    });
  });

  test('is paid at most once: a second customer is refused and nothing more is captured', async () => {
    const intent = await create();
    await payLink(intent.link, card);
    const second = await payLink(intent.link, card);
    expect(second.status).toBe(409);
    const captures = sandbox()
      .inspect.orders()
      .filter((order) => order.sessionId === intent.paymentIntentId)
      .reduce((sum, order) => sum + order.captureCount, 0);
    expect(captures).toBe(1);
  });

  test('a wrong one-time code is not approved and the link stays payable (Incomplete)', async () => {
    const intent = await create();
    const page = await payLink(intent.link, { ...card, number: '5123450000000008' }, '000000');
    expect(headingOf(page)).toBe('Not approved');
    const got = await call(sandbox(), 'GET', `${einvoice}/${intent.paymentIntentId}`);
    expect(got.body.paymentIntent.status).toBe('Incomplete');
    expect((await openLinkPage(intent.link)).status).toBe(200);
  });

  test('the page is phone-sized, in English or Arabic, with the card autocomplete tokens', async () => {
    const intent = await create();
    const english = await openLinkPage(intent.link);
    expect(english.html).toContain('name="viewport" content="width=device-width');
    for (const token of ['cc-number', 'cc-exp', 'cc-csc', 'cc-name'])
      expect(english.html).toContain(`autocomplete="${token}"`);
    const arabic = await openLinkPage(`${intent.link}?lang=ar`);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('رقم البطاقة');
  });

  test('the pages after the checkout say how much was paid, to whom, in the page’s language', async () => {
    const summary = (html: string) => ({
      amount: /<p class="amount"><bdi dir="ltr">([^<]*)<\/bdi>/.exec(html)?.[1],
      merchant: /<p>[^<]*: <bdi>([^<]*)<\/bdi><\/p>/.exec(html)?.[1],
      reference: html.includes('PD-LINK-1'),
    });
    const expected = {
      amount: 'SAR 120.50',
      merchant: 'Paydesk Sandbox Merchant',
      reference: true,
    };
    const intent = await create();
    const paid = await payLink(intent.link, card);
    expect(headingOf(paid)).toBe('Payment approved');
    expect(summary(paid.html)).toEqual(expected);
    expect(paid.html).toContain('<p>Merchant: <bdi>');
    const again = await openLinkPage(`${intent.link}?lang=ar`);
    expect(again.status).toBe(409);
    expect(summary(again.html)).toEqual(expected);
    expect(again.html).toContain('<p>التاجر: <bdi>');

    const other = await create();
    const declined = await payLink(other.link, { ...card, number: '5123450000000008' }, '000000');
    expect(headingOf(declined)).toBe('Not approved');
    expect(summary(declined.html)).toEqual(expected);
  });

  test('a card error re-asks without writing the typed card back into the page', async () => {
    const intent = await create();
    const page = await payLink(intent.link, { ...card, number: '5123456789012345' });
    expect(page.html).toContain('Check the card number.');
    expect(page.html).not.toContain('5123456789012345');
  });

  test('an expired link refuses payment', async () => {
    const intent = await create({ expiryDate: new Date(Date.now() + 400).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const page = await openLinkPage(intent.link);
    expect(page.status).toBe(410);
    expect(page.html).toContain('expired');
    const got = await call(sandbox(), 'GET', `${einvoice}/${intent.paymentIntentId}`);
    expect(got.body.paymentIntent.status).toBe('Expired');
  });
});
