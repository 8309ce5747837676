import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { coreIpc, frictionless, frictionlessSale, startTestCore } from '../../support/test-core';

/**
 * Saved cards through the whole core, as the renderer drives it: the consent is recorded by
 * the sale's handler before the sale leaves, the token lands in the customers' directory,
 * and the card pays again by its card id alone, present and merchant-initiated. The token
 * itself never crosses the bridge.
 */
let dataDir: string;
let core: Core;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-saved-cards-'));
  core = await startTestCore({ dataDir });
});

afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, value, codeOf } = coreIpc(() => core);

async function customerWithSavedCard() {
  const customer = await value('customerSave', {
    name: 'Huda Al-Qahtani',
    phone: { countryCode: '+966', number: '501234567' },
    email: null,
    notes: '',
  });
  const sale = await value('salePay', {
    ...frictionlessSale('SAVE-1'),
    saveCard: {
      customerId: customer.customerId,
      agreementType: 'Recurring',
      consentLanguage: 'ar',
      consentConfirmed: true,
    },
  });
  expect(sale.outcome).toBe('paid');
  const saved = await value('customerGet', { customerId: customer.customerId });
  return { customer: saved, sale };
}

const savedSale = (customerId: string, cardId: string, reference: string) => ({
  amount: '19.50',
  currency: 'SAR' as const,
  merchantReferenceId: reference,
  customerId,
  cardId,
  cvv: '123',
});

/** Every file under the data folder, as text, for the secret scans. */
const dataFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? dataFiles(path) : [path];
  });

describe('saved cards through the IPC contract', () => {
  it('a sale with consent saves the card; the card then pays present and merchant-initiated', async () => {
    const { customer, sale } = await customerWithSavedCard();
    expect(customer.cards).toHaveLength(1);
    const [card] = customer.cards;
    expect(card).toMatchObject({
      last4: frictionless.number.slice(-4),
      state: 'usable',
      agreement: { type: 'Recurring' },
    });
    expect(JSON.stringify(customer)).not.toMatch(/tokenId/i);
    expect(sale.cardSource).toBe('keyed');

    const rules = await value('savedCardRules', {});
    expect(rules).toMatchObject({ tokenizationEnabled: true, merchantInitiatedAllowed: true });
    expect(rules.readAt).toEqual(expect.any(Number));

    const present = await value(
      'salePaySaved',
      savedSale(customer.customerId, card!.cardId, 'SAVED-1'),
    );
    expect(present).toMatchObject({ outcome: 'paid', cardSource: 'saved', amountMinor: 1950 });
    const charged = await value('saleChargeSaved', {
      ...savedSale(customer.customerId, card!.cardId, 'MIT-1'),
      cvv: null,
    });
    expect(charged).toMatchObject({ outcome: 'paid', cardSource: 'merchant-initiated' });

    // History shows how each card was used.
    const { rows } = await value('historySearch', { filters: {}, cursor: null, limit: 10 });
    expect(
      Object.fromEntries(rows.map((row) => [row.merchantReferenceId, row.cardSource])),
    ).toEqual({ 'SAVE-1': 'keyed', 'SAVED-1': 'saved', 'MIT-1': 'merchant-initiated' });
    // A token payment is refunded like any other.
    const refund = await value('orderRefund', { attemptId: present.attemptId });
    expect(refund.outcome).toBe('refunded');
  });

  it('a sale refused by its rules records no consent; the one that leaves records one', async () => {
    const customer = await value('customerSave', {
      name: 'Huda Al-Qahtani',
      phone: null,
      email: null,
      notes: '',
    });
    const saveCard = {
      customerId: customer.customerId,
      agreementType: 'Unscheduled' as const,
      consentLanguage: 'en' as const,
      consentConfirmed: true as const,
    };
    const consents = () =>
      core.modes.active().journal.file.prepare('SELECT consent_id FROM card_consents').all();
    const base = frictionlessSale('KEPT-1');
    const refused = [
      { ...base, card: { ...base.card, number: '4111 1111 1111 1112' } },
      { ...base, card: { ...base.card, expiry: '01/20' } },
      { ...base, card: { ...base.card, holderName: ' ' } },
      { ...base, amount: '0.00' },
    ];
    for (const sale of refused) {
      expect(await codeOf('salePay', { ...sale, saveCard })).not.toBe('ok');
    }
    // A reference already paid is refused before the gateway too.
    expect((await value('salePay', frictionlessSale('PAID-1'))).outcome).toBe('paid');
    const orders = core.sandbox.inspect.orders().length;
    expect(await codeOf('salePay', { ...frictionlessSale('PAID-1'), saveCard })).toBe(
      'reference-in-use',
    );
    expect(core.sandbox.inspect.orders()).toHaveLength(orders);
    expect(consents()).toEqual([]);

    expect((await value('salePay', { ...base, saveCard })).outcome).toBe('paid');
    expect(consents()).toHaveLength(1);
  });

  it('a card saved for an unknown customer charges nothing, and the next sale runs', async () => {
    const before = core.sandbox.inspect.orders().length;
    expect(
      await codeOf('salePay', {
        ...frictionlessSale('NOBODY-1'),
        saveCard: {
          customerId: 'no-such-customer',
          agreementType: 'Unscheduled',
          consentLanguage: 'en',
          consentConfirmed: true,
        },
      }),
    ).toBe('customer-not-found');
    expect(core.sandbox.inspect.orders()).toHaveLength(before);
    expect((await value('salePay', frictionlessSale('NOBODY-1'))).outcome).toBe('paid');
  });

  it('a card id that is not the customer’s pays nothing', async () => {
    const { customer } = await customerWithSavedCard();
    const before = core.sandbox.inspect.orders().length;
    expect(
      await codeOf('salePaySaved', savedSale(customer.customerId, 'no-such-card', 'X-1')),
    ).toBe('saved-card-not-found');
    expect(core.sandbox.inspect.orders()).toHaveLength(before);
  });

  it('no token id in any file of the data folder, nor in an answer', async () => {
    const { customer } = await customerWithSavedCard();
    const [card] = customer.cards;
    const paid = await call('salePaySaved', savedSale(customer.customerId, card!.cardId, 'S-2'));
    expect(JSON.stringify(paid)).not.toMatch(/tokenId/i);
    // The token as the directory keeps it, read from its table in the journal's file.
    const tokens = core.modes
      .active()
      .journal.file.prepare('SELECT token_id FROM saved_cards')
      .all()
      .map((row) => String(row.token_id));
    expect(tokens).toHaveLength(1);
    for (const path of dataFiles(dataDir)) {
      // The directory keeps the token in its own table (the journal's file); logs and the
      // audit trail must not.
      if (/journal/i.test(path)) continue;
      const text = readFileSync(path).toString('latin1');
      for (const token of tokens) expect(text, path).not.toContain(token);
    }
  });
});
