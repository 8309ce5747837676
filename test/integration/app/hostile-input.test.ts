import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { openDatabase } from '../../../main/core/platform/open-database';
import type { SaveTarget } from '../../../main/core/ports';
import type { ReceiptOutput } from '../../../main/core/receipts/receipt-output';
import { defaultSettings } from '../../../main/core/settings/defaults';
import { bidiControls, cardForms } from '../../support/card-forms';
import { consentOf, issue } from '../customers/customer-harness';
import { cardBytesIn, textsUnder } from '../../support/card-scan';
import { bulkAttemptDefaults, insertAttempts } from '../journal/seed-attempts';
import { newAttempt } from '../journal/temp-journal';
import { coreIpc, frictionless, frictionlessSale, startTestCore } from '../../support/test-core';

/**
 * The hostile-input run, through the real core and its IPC router: a
 * card number typed into every free-text field in every form the cashier could produce, and
 * bidi controls. Every one must be refused with a typed error, and afterwards not one byte
 * of card number may be in any file the app wrote (journal, WAL, log, settings, audit, CSV,
 * PDF and its file name) or in any printed receipt.
 */

const cards = [frictionless.number, '5123450000000008', '371449635398431'];
let dataDir: string;
let savedDir: string;
let printed: string[];
let core: Core;
let closed: boolean;

const receipts: ReceiptOutput = {
  printers: async () => [],
  print: async (html) => {
    printed.push(html);
    return true;
  },
  pdf: async (html) => new TextEncoder().encode(`%PDF-1.7\n${html}`),
};

const savedHere: SaveTarget = {
  choosePath: async ({ defaultName }) => join(savedDir, defaultName),
};

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-hostile-'));
  savedDir = join(dataDir, 'saved');
  mkdirSync(savedDir);
  printed = [];
  closed = false;
  core = await startTestCore({ dataDir, receipts, files: savedHere });
});
afterEach(async () => {
  if (!closed) await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, value } = coreIpc(() => core);
const customer = { name: 'Sara', phone: null, email: null, notes: '' };
const sale = (reference: string, holderName?: string) =>
  frictionlessSale(reference, { holderName });

describe('hostile free text through the real core', () => {
  it('refuses every form in every operator field, and leaves 0 bytes of card number in any file', async () => {
    const paid = await value('salePay', sale('INV-OK-1'));
    const header = { merchantName: 'Dar', address: 'Riyadh', vatNumber: '' };
    const hostile = [
      ...cards.flatMap((card) => cardForms(card).map(([, text]) => text)),
      ...bidiControls.map((control) => `INV${control}1`),
    ];
    const attempts: [string, () => ReturnType<typeof call>][] = [];
    for (const text of hostile) {
      attempts.push(
        ['holder name', () => call('salePay', sale('INV-2', `A ${text}`.slice(0, 128)))],
        ['merchant reference', () => call('salePay', sale(text.slice(0, 64)))],
        [
          'merchant name',
          () => call('settingsUpdate', { receiptHeader: { ...header, merchantName: text } }),
        ],
        [
          'address',
          () => call('settingsUpdate', { receiptHeader: { ...header, address: `St ${text}` } }),
        ],
        [
          'VAT number',
          () =>
            call('settingsUpdate', { receiptHeader: { ...header, vatNumber: text.slice(0, 32) } }),
        ],
        [
          'printer name',
          () =>
            call('settingsUpdate', {
              printing: { ...defaultSettings.printing, printerName: `Counter ${text}` },
            }),
        ],
        ['customer name', () => call('customerSave', { ...customer, name: `Sara ${text}` })],
        ['customer notes', () => call('customerSave', { ...customer, notes: `Card ${text}` })],
        [
          'customer email',
          () => call('customerSave', { ...customer, email: `${text.slice(0, 200)}@example.com` }),
        ],
      );
    }
    const codes = new Map<string, number>();
    const passed: string[] = [];
    for (const [field, attempt] of attempts) {
      const result = await attempt();
      if (result.ok) passed.push(field);
      else codes.set(result.error.code, (codes.get(result.error.code) ?? 0) + 1);
    }
    // A prepared session is signed with the reference: a card-like one is never prepared.
    for (const text of hostile) {
      const prepared = await call('salePrepare', {
        amount: '42.00',
        currency: 'SAR',
        merchantReferenceId: text.slice(0, 64),
      });
      expect(prepared).toEqual({ ok: true, value: { prepared: false } });
    }
    expect(passed).toEqual([]);
    expect([...codes.keys()].sort()).toEqual([
      'customer-invalid',
      'holder-name-invalid',
      'merchant-reference-invalid',
      'text-bidi-control',
      'text-card-number',
    ]);
    expect(attempts.length).toBe(hostile.length * 9);
    expect(await value('customerSearch', { query: '' })).toEqual({ customers: [] });

    // A customer kept, and a card saved for them from gateway facts that show the full
    // number: the token is refused, nothing of the card reaches the customers' tables.
    const kept = await value('customerSave', customer);
    const directory = core.modes.active().customers;
    const consent = await consentOf(directory, kept.customerId, { language: 'ar' });
    for (const [i, card] of cards.entries()) {
      issue(directory, kept.customerId, consent, `hostile-${i}`, {
        token: { tokenId: card, maskedCard: card, brand: card, expiryMonth: 1, expiryYear: 2039 },
      });
    }
    expect((await value('customerGet', { customerId: kept.customerId })).cards).toEqual([]);

    // The write paths still work and carry nothing: receipt, PDF, CSV, the sale's journal.
    await call('receiptPrint', { attemptId: paid.attemptId, copy: 'customer' });
    await call('receiptPdf', { attemptId: paid.attemptId, copy: 'merchant' });
    await call('historyExport', { filters: {} });
    expect(readdirSync(savedDir)).toHaveLength(2);
    expect(printed).toHaveLength(1);
    expect(core.sandbox.inspect.orders()).toHaveLength(1);
    // With the journal open (rows still in the WAL), then closed and checkpointed.
    expect(cardBytesIn([...textsUnder(dataDir), ...printed], cards)).toBe(0);
    await core.close();
    closed = true;
    expect(cardBytesIn([...textsUnder(dataDir), ...printed], cards)).toBe(0);
  });

  it('masks card numbers a journal from before the guard holds, in receipts, PDF names and CSV', async () => {
    const stored = cardForms('5123450000000008');
    await core.close();
    const db = openDatabase(join(dataDir, 'training-journal.sqlite'));
    insertAttempts(
      db,
      stored.map(([, text], i) => ({
        ...newAttempt({ merchantReferenceId: text, holderName: `H ${text}` }),
        ...bulkAttemptDefaults,
        state: 'paid' as const,
        status: 'paid' as const,
        orderId: `order-${i}`,
        failure: { code: 'x', gatewayCode: text, gatewayMessage: text, correlationId: null },
        updatedAt: 1,
      })),
    );
    db.close();
    core = await startTestCore({ dataDir, receipts, files: savedHere });
    const { rows } = await value('historySearch', { filters: {}, cursor: null, limit: 50 });
    expect(rows).toHaveLength(stored.length);
    for (const row of rows) {
      await call('receiptPrint', { attemptId: row.attemptId, copy: 'customer' });
      await call('receiptPdf', { attemptId: row.attemptId, copy: 'customer' });
    }
    await call('historyExport', { filters: {} });
    expect(printed).toHaveLength(stored.length);
    expect(readdirSync(savedDir).length).toBeGreaterThan(1);
    expect(cardBytesIn([...textsUnder(savedDir), ...printed], ['5123450000000008'])).toBe(0);
  });
});
