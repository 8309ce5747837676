import { expect, test } from 'vitest';
import {
  answerChallenge,
  call,
  payBody,
  payerBody,
  paths,
  startPayment,
  useSandbox,
} from './sandbox-client';

// Load: 50 concurrent full flows (challenge answered over HTTP, no browser)
// complete without error. The rate is printed for reference.

const flows = 50;
const sandbox = useSandbox();

const fullFlow = async (index: number): Promise<string> => {
  const card = index % 2 === 0 ? '5123450000000008' : '4440000009900010';
  const started = await startPayment(sandbox(), card);
  const payer = await call(sandbox(), 'POST', paths.payer, payerBody(started));
  const end = await answerChallenge(sandbox(), payer.body.htmlBodyContent, { otp: '123456' });
  if (end.code !== '000') throw new Error(`challenge ended with ${end.code}`);
  const paid = await call(sandbox(), 'POST', paths.pay, payBody(started));
  if (paid.body.responseCode !== '000') throw new Error(`pay answered ${paid.text}`);
  const order = await call(sandbox(), 'GET', paths.order(started.orderId));
  return order.body.order.detailedStatus;
};

test(`${flows} concurrent full flows complete without error`, async () => {
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: flows }, (_, i) => fullFlow(i)));
  const seconds = (performance.now() - started) / 1000;
  const failures = results.filter((r) => r.status === 'rejected');
  expect(failures).toEqual([]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual(
    Array(flows).fill('Paid'),
  );
  expect(
    sandbox()
      .inspect.orders()
      .every((order) => order.captureCount === 1),
  ).toBe(true);
  console.log(
    `sandbox() load: ${flows} concurrent flows in ${seconds.toFixed(2)} s = ${(flows / seconds).toFixed(1)} flows/s`,
  );
});
