import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import type { ReceiptOutput } from '../../../main/core/receipts/receipt-output';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import {
  codeOf,
  firstAdmin,
  frictionlessSale,
  startTestCore,
  valueOf as value,
} from '../../support/test-core';

/**
 * Which receipts a payment has, through the real core over its IPC router: the live
 * sandbox for live mode, Training's own gateway, and a printer that keeps what it printed.
 */

let dataDir: string;
let sandbox: Sandbox;
let core: Core;
let printed: string[];

const keepingPrinter: ReceiptOutput = {
  printers: async () => [],
  print: async (html) => {
    printed.push(html);
    return true;
  },
  pdf: async () => new Uint8Array(),
};

const noName = { merchantName: '', address: '', vatNumber: '' };

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-receipts-'));
  sandbox = await startSandbox();
  printed = [];
  core = await startTestCore({ dataDir, liveSandbox: sandbox, receipts: keepingPrinter });
  await value(core, 'operatorsEnable', firstAdmin);
});
afterEach(async () => {
  await core.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('receipts of a payment', () => {
  it('a live receipt needs the merchant name; a Training one goes without', async () => {
    const training = await value(core, 'salePay', frictionlessSale('TRN-1'));
    expect(
      await codeOf(core, 'receiptPrint', { attemptId: training.attemptId, copy: 'customer' }),
    ).toBe('ok');

    await value(core, 'settingsUpdate', { environment: 'ksa', receiptHeader: noName });
    const live = await value(core, 'salePay', frictionlessSale('LIVE-1'));
    expect(live.outcome).toBe('paid');
    const print = { attemptId: live.attemptId, copy: 'customer' } as const;
    expect(await codeOf(core, 'receiptPrint', print)).toBe('receipt-merchant-name-required');
    expect(await codeOf(core, 'receiptPdf', print)).toBe('receipt-merchant-name-required');
    expect(printed).toHaveLength(1);

    await value(core, 'settingsUpdate', {
      receiptHeader: { ...noName, merchantName: 'Dar Al Qahwa' },
    });
    expect(await codeOf(core, 'receiptPrint', print)).toBe('ok');
    expect(printed.at(-1)).toContain('<h1>Dar Al Qahwa</h1>');
  });

  it('one receipt per refund, and the reprint headed by what the payment is now', async () => {
    await value(core, 'settingsUpdate', { bilingualReceipts: false });
    const sale = await value(core, 'salePay', frictionlessSale('REF-1', { amount: '1250.50' }));
    const { attemptId } = sale;
    const reprint = async () => {
      await value(core, 'receiptPrint', { attemptId, copy: 'customer' });
      return printed.at(-1)!;
    };
    expect(await reprint()).toContain('<div class="status">APPROVED</div>');
    expect(
      await codeOf(core, 'receiptPrint', { attemptId, copy: 'customer', kind: 'refund' }),
    ).toBe('receipt-not-found');

    expect((await value(core, 'orderRefund', { attemptId, amount: '250.00' })).outcome).toBe(
      'refunded',
    );
    expect(await reprint()).toContain('<div class="status">PARTLY REFUNDED</div>');
    await value(core, 'receiptPrint', { attemptId, copy: 'customer', kind: 'refund', refund: 0 });
    const first = printed.at(-1)!;
    expect(first).toContain('<div class="status">REFUND APPROVED</div>');
    expect(first).toMatch(/SAR\s250\.00/);
    expect(first).not.toContain('fully refunded');

    expect((await value(core, 'orderRefund', { attemptId })).outcome).toBe('refunded');
    const full = await reprint();
    expect(full).toContain('<div class="status">FULLY REFUNDED</div>');
    expect(full).not.toContain('APPROVED');
    await value(core, 'receiptPrint', { attemptId, copy: 'merchant', kind: 'refund', refund: 1 });
    expect(printed.at(-1)).toMatch(/SAR\s1,000\.50/);
    expect(printed.at(-1)).toContain('The payment is now fully refunded.');
    expect(
      await codeOf(core, 'receiptPrint', {
        attemptId,
        copy: 'customer',
        kind: 'refund',
        refund: 2,
      }),
    ).toBe('receipt-not-found');
  });

  it('bilingual by default: English and Arabic labels on one slip', async () => {
    expect((await core.settings.view()).settings.bilingualReceipts).toBe(true);
    const sale = await value(core, 'salePay', frictionlessSale('BI-1'));
    await value(core, 'receiptPrint', { attemptId: sale.attemptId, copy: 'customer' });
    expect(printed.at(-1)).toContain('<span lang="en">Transaction</span>');
    expect(printed.at(-1)).toContain('<span lang="ar" dir="rtl">نوع العملية</span>');
  });
});
