import { expect, test } from '@playwright/test';
import { ipcContract, type IpcMethod, type IpcRequest } from '../../shared/ipc';
import { startSandbox, type Sandbox } from '../../main/core/sandbox';
import type { Host } from '../host';
import { operatorLabels } from './operator-helpers';
import { storeHosts } from './store-hosts';
import { merchantReference, pay, snap } from './ui-helpers';

/**
 * Across counters, with two whole hosts on one real PostgreSQL and one gateway (a sandbox both
 * hosts' live mode uses): the front desk takes a live sale in its sale screen; the back
 * office refunds it from History → All counters, above the refund threshold, so a
 * supervisor approves on the spot; both counters' All counters views then show it refunded.
 * Then a hold the front desk took is captured from the back office, approved the same way.
 */
const hosts = storeHosts();
const { skip } = hosts;

let sandbox: Sandbox | null = null;
test.afterAll(async () => {
  await sandbox?.close();
});

/** A request through the host's own IPC router, as its signed-in admin (Settings, a sale). */
async function asAdmin<M extends IpcMethod>(host: Host, method: M, request: IpcRequest<M>) {
  const answer = await host.core.router.dispatch(ipcContract[method].channel, request, {
    frameUrl: `${host.origin}/`,
    isMainFrame: true,
  });
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code}`);
}

const l = operatorLabels.en;

test('the back office refunds the front desk’s sale with a supervisor’s approval; both counters show it refunded', async () => {
  test.skip(skip !== null, `store e2e skipped: ${skip}`);
  test.setTimeout(120_000);
  sandbox = await startSandbox();
  const { connection } = await hosts.database('store_refund_e2e', { migrate: true });
  const front = await hosts.launch({ liveSandbox: sandbox });
  const back = await hosts.launch({ liveSandbox: sandbox });
  await front.core.store.configure(connection('front-1', 'Front desk'), null, null);
  await back.core.store.configure(connection('back-2', 'Back office'), null, null);

  // The shop's operators are made at the front desk and reach the back office through the
  // store; the back office switches sign-in on with the store's admin, and both go live.
  await asAdmin(front, 'operatorsEnable', {
    operatorId: 'amal',
    displayName: 'Amal Saeed',
    secret: '739154',
  });
  await asAdmin(front, 'operatorsCreate', {
    operatorId: 'omar',
    displayName: 'Omar Ali',
    role: 'supervisor',
    secret: '615283',
  });
  await asAdmin(front, 'settingsUpdate', { environment: 'ksa' });
  await asAdmin(back, 'operatorsEnable', {
    operatorId: 'amal',
    displayName: 'Amal Saeed',
    secret: '739154',
  });
  await asAdmin(back, 'operatorsConfigure', { refundThresholds: { SAR: '50.00' } });
  await asAdmin(back, 'settingsUpdate', { environment: 'ksa' });
  await expect
    .poll(() => back.core.security.operators.accounts.all().map((o) => o.operatorId), {
      timeout: 15_000,
    })
    .toContain('omar');

  // A live sale at the front desk, as its cashier takes it (a frictionless card).
  const page = front.page;
  const reference = await merchantReference(page);
  await pay(page, { amount: '125.50', card: '5123456789012346' });
  await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible({ timeout: 15_000 });

  // The back office finds it in All counters and refunds it: above SAR 50.00 a supervisor
  // other than the admin approves with their PIN.
  const other = back.page;
  await other.getByRole('button', { name: 'History' }).click();
  await other.getByRole('button', { name: 'All counters' }).click();
  const rows = other.getByRole('list', { name: 'Payments of every counter' }).getByRole('listitem');
  const sale = rows.filter({ hasText: reference });
  await expect(sale).toContainText('Paid', { timeout: 10_000 });
  await expect(sale).toContainText('front-1');
  await snap(other, 'history-store-refund-offered-en');
  await sale.getByRole('button', { name: 'Refund' }).click();
  const dialog = other.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toContainText('SAR 125.50');
  await dialog.getByRole('button', { name: 'Refund now' }).click();
  const approval = other.getByRole('dialog', { name: 'Supervisor approval' });
  await approval.getByLabel(l.id, { exact: true }).fill('omar');
  await approval.getByLabel(l.secret, { exact: true }).fill('615283');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(other.getByText('Refund done.')).toBeVisible({ timeout: 15_000 });
  const order = sandbox.inspect.orders().find((o) => o.merchantReferenceId === reference);
  expect(order?.refundedAmount).toBe(125.5);

  // The front desk takes the refund into its journal; both All counters views show it.
  await expect(sale).toContainText('Refunded', { timeout: 15_000 });
  await expect(sale.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await snap(other, 'history-store-refund-en');
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'All counters' }).click();
  const frontRow = page
    .getByRole('list', { name: 'Payments of every counter' })
    .getByRole('listitem')
    .filter({ hasText: reference });
  await expect(frontRow).toContainText('Refunded', { timeout: 10_000 });

  // A hold the front desk took is captured from the back office the same way.
  await asAdmin(front, 'salePay', {
    amount: '80.00',
    currency: 'SAR',
    merchantReferenceId: 'HOLD-E2E-1',
    card: { number: '5123456789012346', expiry: '01/39', cvv: '123', holderName: 'Layla Hassan' },
    customerPhone: null,
    authorizeOnly: true,
  });
  const hold = rows.filter({ hasText: 'HOLD-E2E-1' });
  await expect(hold).toContainText('Held', { timeout: 10_000 });
  await hold.getByRole('button', { name: 'Capture' }).click();
  await other
    .getByRole('dialog', { name: 'Capture the held amount' })
    .getByRole('button', {
      name: 'Capture now',
    })
    .click();
  await approval.getByLabel(l.id, { exact: true }).fill('omar');
  await approval.getByLabel(l.secret, { exact: true }).fill('615283');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(other.getByText('Captured: the amount is charged.', { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  expect(
    sandbox.inspect.orders().find((o) => o.merchantReferenceId === 'HOLD-E2E-1')?.detailedStatus,
  ).toBe('Captured');
  await expect(hold).toContainText('Paid', { timeout: 15_000 });
});
