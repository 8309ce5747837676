import { expect, test } from '@playwright/test';
import { completeChallenge, type Host } from '../host';
import { launchUi, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

// Names the journal keeps for code; none may reach the screen.
const rawNames = /pay-sent|initiate|ContinueToPay|payer\b|settled|method ran|challenge passed/;

test('plain words: the audit trail, a passed-over step, and a 503, in English and Arabic', async () => {
  host = await launchUi();
  const { page } = host;

  // A frictionless card: the bank asks for no verification, and the steps say so. The steps
  // show only while the payment runs, so every text they take is recorded as it appears.
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { stepTexts: Set<string> }).stepTexts = seen;
    new MutationObserver(() => {
      for (const step of document.querySelectorAll('.steps li')) seen.add(step.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await pay(page, { amount: '42.00', card: '5123456789012346' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const stepTexts = await page.evaluate(() => [
    ...(window as unknown as { stepTexts: Set<string> }).stepTexts,
  ]);
  expect(stepTexts).toContain('Waiting for customer verificationnot asked by the bank');
  expect(stepTexts.join(' ')).not.toContain('not needed');

  // A gateway that is down (503) is not "an internal error".
  await page.getByRole('button', { name: 'New sale' }).click();
  // Two: the card check's Initiate while the card is typed, then the sale's own.
  host.sandbox.faults.failNext('initiate', 2, 503);
  await pay(page, { amount: '18.00', card: '5123456789012346' });
  await expect(
    page.getByText('The gateway is not available right now (a fault on its side).', {
      exact: false,
    }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('internal error')).toHaveCount(0);
  // Whether the check ran before Enter depends on typing speed: a 503 it left unused must not
  // fall on the next sale.
  host.sandbox.faults.clear();

  // The audit trail of a challenged sale reads as steps a cashier knows.
  await page.getByRole('button', { name: 'New sale' }).click();
  await pay(page, { amount: '75.00', card: '5888450000000003' });
  await completeChallenge(await host.nextChallenge(), '123456');
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page.getByRole('listitem').filter({ hasText: 'SAR 75.00' }).getByRole('button').click();
  const audit = page.getByRole('region', { name: 'Audit trail' });
  for (const words of [
    'Card check',
    'Customer verification needed',
    'Customer verification passed',
    'Charge sent to the bank',
  ]) {
    await expect(audit).toContainText(words);
  }
  expect(await audit.innerText()).not.toMatch(rawNames);
  await snap(page, 'history-audit-en');

  // The same in Arabic.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  // History kept the payment open.
  await page.getByRole('button', { name: 'السجل', exact: true }).click();
  const arabicAudit = page.getByRole('region', { name: 'سجل التدقيق' });
  for (const words of ['فحص البطاقة', 'يلزم تحقق العميل', 'إرسال طلب الدفع إلى البنك']) {
    await expect(arabicAudit).toContainText(words);
  }
  expect(await arabicAudit.innerText()).not.toMatch(rawNames);
  expect(await arabicAudit.innerText()).not.toMatch(/[A-Za-z]{4,}/);
  await snap(page, 'history-audit-ar');
});
