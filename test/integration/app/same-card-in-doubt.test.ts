import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import {
  coreIpc,
  frictionless,
  frictionlessSale,
  openShop,
  startTestCore,
} from '../../support/test-core';

let dataDir: string;
let core: Core;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-same-card-'));
  core = await startTestCore({ dataDir });
});

afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, value, codeOf } = coreIpc(() => core);
const sale = (reference: string, amount = '275.00') => frictionlessSale(reference, { amount });
const masked = `${frictionless.number.slice(0, 6)}******${frictionless.number.slice(-4)}`;

/** The sandbox's orders for a merchant reference: what reached the gateway for that sale. */
const ordersOf = (reference: string) =>
  core.sandbox.inspect.orders().filter((order) => order.merchantReferenceId === reference);
const audit = () => core.security.audit.search({ beforeSeq: null, limit: 500 }).reverse();
const auditOf = (event: string) => audit().filter((row) => row.event === event);

/**
 * A sale of 275.00 whose Pay answer is lost after the charge, with every Get order failing
 * meanwhile: nobody can say whether the card was charged, so it stays in doubt.
 */
async function payInDoubt(reference: string) {
  core.sandbox.faults.losePayAnswer(1);
  core.sandbox.faults.failNext('order', 1_000, 503);
  const first = await value('salePay', sale(reference));
  expect(first.outcome).toBe('in-doubt');
  return first;
}

describe('no second charge on the same card while the first is in doubt', () => {
  it('stops the new sale before anything is sent, names the payment, and goes on once chosen', async () => {
    const first = await payInDoubt('FIRST-1');
    // The payment as the sale form lists it and as the refusal names it: the mask only.
    const named = {
      attemptId: first.attemptId,
      merchantReferenceId: 'FIRST-1',
      amountMinor: 27_500,
      currency: 'SAR',
      masked,
      status: 'in-doubt',
      createdAt: expect.any(Number),
    };
    expect(await value('saleUnsettled', {})).toEqual({ payments: [named] });

    // New sale, new reference, same card and amount: refused before Create Session.
    const stopped = await call('salePay', sale('SECOND-1'));
    expect(stopped).toMatchObject({
      ok: false,
      error: { code: 'same-card-in-doubt', params: named },
    });
    expect(JSON.stringify(stopped)).not.toContain(frictionless.number);
    expect(ordersOf('SECOND-1')).toEqual([]);

    // A hold of the same card and amount is stopped the same way.
    expect(await codeOf('salePay', { ...sale('HOLD-1'), authorizeOnly: true })).toBe(
      'same-card-in-doubt',
    );
    expect(ordersOf('HOLD-1')).toEqual([]);

    // Choosing not to charge keeps it stopped.
    expect(
      await value('saleSameCardChoice', { attemptId: first.attemptId, choice: 'do-not-charge' }),
    ).toEqual({ allowed: false });
    expect(await codeOf('salePay', sale('SECOND-1'))).toBe('same-card-in-doubt');
    expect(ordersOf('SECOND-1')).toEqual([]);

    // Charging again: the next sale goes on, once.
    expect(
      await value('saleSameCardChoice', { attemptId: first.attemptId, choice: 'charge-again' }),
    ).toEqual({ allowed: true });
    const second = await value('salePay', sale('SECOND-1'));
    expect(second.outcome).toBe('paid');
    expect(ordersOf('SECOND-1')).toMatchObject([{ captureCount: 1, payAttempts: 1 }]);
    expect(await codeOf('salePay', sale('THIRD-1'))).toBe('same-card-in-doubt');
    expect(ordersOf('THIRD-1')).toEqual([]);

    // The stop and both choices are in the audit trail, in words, with the mask only.
    expect(auditOf('same-card-stopped').map((row) => row.subject)).toEqual([
      first.attemptId,
      first.attemptId,
      first.attemptId,
      first.attemptId,
    ]);
    expect(auditOf('same-card-stopped')[0]?.detail).toContain(
      `stopped sale SECOND-1 before sending: payment FIRST-1 of 275.00 SAR on card ${masked}`,
    );
    expect(auditOf('same-card-not-charged')).toMatchObject([
      {
        subject: first.attemptId,
        detail: expect.stringContaining('did not charge the card again'),
      },
    ]);
    expect(auditOf('same-card-charge-again')).toMatchObject([
      {
        subject: first.attemptId,
        detail: expect.stringContaining('customer may be charged twice'),
      },
    ]);
    expect(JSON.stringify(audit())).not.toContain(frictionless.number);
  }, 30_000);

  it('another amount or another card is not stopped', async () => {
    await payInDoubt('FIRST-2');
    expect((await value('salePay', sale('OTHER-AMOUNT', '276.00'))).outcome).toBe('paid');
    expect(ordersOf('OTHER-AMOUNT')).toMatchObject([{ captureCount: 1 }]);
    const visa = sale('OTHER-CARD');
    const other = await value('salePay', {
      ...visa,
      card: { ...visa.card, number: '4440000042200014' },
    });
    expect(other.outcome).toBe('paid');
    expect(ordersOf('OTHER-CARD')).toMatchObject([{ captureCount: 1 }]);
  }, 30_000);

  it('with operators on, charging again needs another supervisor: a cashier alone cannot', async () => {
    await openShop(core);
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const first = await payInDoubt('FIRST-3');
    expect(await codeOf('salePay', sale('SECOND-3'))).toBe('same-card-in-doubt');
    const chargeAgain = (approver?: { operatorId: string; secret: string }) =>
      codeOf('saleSameCardChoice', {
        attemptId: first.attemptId,
        choice: 'charge-again',
        approver,
      });
    expect(await chargeAgain()).toBe('approval-required');
    expect(await chargeAgain({ operatorId: 'omar', secret: '222222' })).toBe('self-approval');
    expect(await chargeAgain({ operatorId: 'sara', secret: '999999' })).toBe('approval-refused');
    // Not approved: still stopped, still nothing sent.
    expect(await codeOf('salePay', sale('SECOND-3'))).toBe('same-card-in-doubt');
    expect(ordersOf('SECOND-3')).toEqual([]);

    expect(await chargeAgain({ operatorId: 'sara', secret: '333333' })).toBe('ok');
    expect((await value('salePay', sale('SECOND-3'))).outcome).toBe('paid');
    expect(ordersOf('SECOND-3')).toMatchObject([{ captureCount: 1 }]);
    expect(auditOf('approval-granted').at(-1)).toMatchObject({
      operatorId: 'sara',
      subject: first.attemptId,
      detail: expect.stringContaining('same-card-charge-again'),
    });
    expect(auditOf('same-card-charge-again')).toMatchObject([
      { operatorId: 'omar', detail: expect.stringContaining('approved by sara') },
    ]);
  }, 30_000);

  it('two sales sent at once with the same card and amount: one reaches the gateway', async () => {
    const [a, b] = await Promise.all([
      call('salePay', sale('RACE-A')),
      call('salePay', sale('RACE-B')),
    ]);
    const codes = [a, b].map((answer) =>
      answer.ok ? (answer.value as { outcome: string }).outcome : answer.error.code,
    );
    expect(codes.sort()).toEqual(['paid', 'sale-in-progress']);
    expect([...ordersOf('RACE-A'), ...ordersOf('RACE-B')]).toHaveLength(1);
  }, 30_000);
});
