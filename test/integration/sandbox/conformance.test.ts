import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { unescapeGatewayHtml } from '../../../main/core/gateway/gateway-html';
import { chromiumLaunchOptions } from '../../../main/preview/chromium';
import { call, payBody, payerBody, paths, startPayment, type Started } from './sandbox-client';
import {
  acquirerShape,
  authenticationDetailsShape,
  authorizationResponseShape,
  expectShape,
  multiCurrencyShape,
  orderShape,
  payerResponseShape,
  payResponseShape,
  paymentMethodShape,
  transactionCodesShape,
  transactionShape,
} from './seed-shapes';

// A full payment as the app makes it, with the 3-D Secure pages in real Chromium: the
// method snippet runs hidden, the operator types the code into the issuer page inside the
// challenge frame, and the returnUrl is caught before it leaves the machine.

let sandbox: Sandbox;
let browser: Browser;
beforeAll(async () => {
  [sandbox, browser] = await Promise.all([
    startSandbox(),
    chromium.launch({
      ...chromiumLaunchOptions,
      args: [
        ...(chromiumLaunchOptions.args ?? []),
        '--host-resolver-rules=MAP return.test ~NOTFOUND',
      ],
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

interface Caught {
  readonly method: string;
  readonly url: string;
  readonly form: URLSearchParams;
}

/**
 * Resolves with the first request to the return host. Playwright's route handlers do not
 * see the targets of HTTP redirects (the GET return is a 302), so the request event, which
 * reports every hop, catches it; the route answers requests that go there directly (the
 * POST return). The resolver rule keeps the redirected GET from any DNS lookup.
 */
const catchReturn = (page: Page): Promise<Caught> =>
  new Promise((resolve) => {
    page.on('request', (request) => {
      if (!request.url().startsWith('https://return.test/')) return;
      resolve({
        method: request.method(),
        url: request.url(),
        form: new URLSearchParams(request.postData() ?? ''),
      });
    });
    void page.route('https://return.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>caught</p>' }),
    );
  });

const runMethod = async (page: Page, started: Started) => {
  const notified = page.waitForResponse((response) =>
    response.url().endsWith('/acs/method/notify'),
  );
  await page.setContent(unescapeGatewayHtml(started.initiate.body.redirectHtml));
  expect((await notified).status()).toBe(200);
  expect(sandbox.inspect.order(started.orderId)?.methodCompleted).toBe(true);
};

const typeCode = async (page: Page, htmlBodyContent: string) => {
  await page.setContent(unescapeGatewayHtml(htmlBodyContent));
  const frame = page.frameLocator('iframe[name="challengeFrame"]');
  await frame.getByLabel('One-time code').fill('123456');
  await frame.getByRole('button', { name: 'Submit' }).click();
};

const payerWithBrowserDevice = async (page: Page, started: Started) => {
  const body = payerBody(started);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  return call(sandbox, 'POST', paths.payer, {
    ...body,
    deviceIdentification: { ...body.deviceIdentification, userAgent },
  });
};

describe('conformance with seed §§2.4–2.8, challenge in Chromium', () => {
  test('GET return: session → initiate → method → payer → challenge → Pay → Get order', async () => {
    const page = await browser.newPage();
    const started = await startPayment(sandbox, '5123450000000008');
    expect(started.initiate.body.gatewayDecision).toBe('ContinueToPayer');
    await runMethod(page, started);

    const payer = await payerWithBrowserDevice(page, started);
    expectShape(payer.body, payerResponseShape, 'payer');
    expect(payer.body).toMatchObject({
      orderId: started.orderId,
      gatewayDecision: 'ContinueToPay',
    });
    expect(payer.text).toContain('\\u003Cform'); // escaped by the JSON writer, as the gateway's
    const html = unescapeGatewayHtml(payer.body.htmlBodyContent);
    expect(html).toContain('target="challengeFrame"');
    expect(html).toContain('<iframe id="challengeFrame" name="challengeFrame"');
    expect(html).toContain('.submit()');

    const returned = catchReturn(page);
    await typeCode(page, payer.body.htmlBodyContent);
    const caught = await returned;
    expect(caught.method).toBe('GET');
    expect(caught.url).toBe(`${started.returnUrl}?code=000&msg=Success`);

    const pay = await call(sandbox, 'POST', paths.pay, payBody(started));
    expectShape(pay.body, payResponseShape, 'pay');
    const order = (await call(sandbox, 'GET', paths.order(started.orderId))).body.order;
    expect(order).toEqual(pay.body.order);
    expectShape(order, orderShape, 'order');
    expectShape(order.multiCurrency, multiCurrencyShape, 'order.multiCurrency');
    expectShape(order.paymentMethod, paymentMethodShape, 'order.paymentMethod');
    expect(order.paymentMethod).toMatchObject({
      brand: 'mastercard',
      maskedCardNumber: '512345******0008',
      expiryDate: { month: 1, year: 39 },
    });
    expect(order).toMatchObject({
      status: 'Success',
      detailedStatus: 'Paid',
      totalCapturedAmount: order.amount,
    });
    expect(
      order.transactions.map((t: { type: string; status: string }) => `${t.type}:${t.status}`),
    ).toEqual(['Authentication:Success', 'Pay:Success']);
    for (const [index, transaction] of order.transactions.entries()) {
      const where = `order.transactions[${index}]`;
      expectShape(transaction, transactionShape, where);
      expectShape(transaction.codes, transactionCodesShape, `${where}.codes`);
      expectShape(transaction.paymentMethod, paymentMethodShape, `${where}.paymentMethod`);
    }
    const [authentication, payment] = order.transactions;
    expectShape(
      authentication.authenticationDetails,
      authenticationDetailsShape,
      'authenticationDetails',
    );
    expect(authentication.authenticationDetails).toMatchObject({
      methodCompleted: true,
      transactionStatus: 'Y',
    });
    expectShape(payment.acquirer, acquirerShape, 'acquirer');
    expectShape(payment.authorizationResponse, authorizationResponseShape, 'authorizationResponse');
    expect(payment.authorizationCode).toMatch(/^\d{6}$/);
    expect(payment.rrn).toMatch(/^\d{12}$/);
    expect(payment.stan).toMatch(/^\d{6}$/);
    expect(JSON.stringify(order)).not.toContain(started.cardNumber);
    await page.close();
  });

  test('POST return: the completion step posts code and msg to the returnUrl (amex)', async () => {
    const page = await browser.newPage();
    const started = await startPayment(sandbox, '371449635398431');
    const payer = await payerWithBrowserDevice(page, started);
    const returned = catchReturn(page);
    await typeCode(page, payer.body.htmlBodyContent);
    const caught = await returned;
    expect(caught.method).toBe('POST');
    expect(caught.url).toBe(started.returnUrl);
    expect(Object.fromEntries(caught.form)).toEqual({ code: '000', msg: 'Success' });
    const order = (await call(sandbox, 'POST', paths.pay, payBody(started))).body.order;
    expect(order.transactions[0].authenticationDetails.methodCompleted).toBe(false);
    expect(order.paymentMethod).toMatchObject({
      brand: 'amex',
      maskedCardNumber: '371449*****8431',
    });
    await page.close();
  });
});
