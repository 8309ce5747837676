import { expect, test } from '@playwright/test';
import { completeChallenge, type Host } from '../host';
import { launchUi, pay } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

// On macOS the challenge window is not modal (a sheet could not be closed), so the main
// window itself keeps the operator on the sale while the customer verifies.
test('the screens stay put while the customer verifies; Cancel payment does not', async () => {
  host = await launchUi();
  const { page } = host;
  const nav = (name: string) => page.getByRole('button', { name, exact: true });
  await pay(page, { amount: '20.00', card: '5123450000000008' });
  const challenge = await host.nextChallenge();
  await expect(page.getByText('Customer verification in progress')).toBeVisible();
  await expect(nav('History')).toBeDisabled();
  await expect(nav('Settings')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel payment' })).toBeEnabled();
  await completeChallenge(challenge, '123456');
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(nav('History')).toBeEnabled();
  await nav('History').click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
});
