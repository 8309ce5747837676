import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { pgSkipReason } from '../../support/pg-cluster';
import { codeOf, valueOf as value } from '../../support/test-core';
import { coreDirs } from './store-core';
import { openTwoCounterShop, type TwoCounterShop } from './two-counter-shop';

/**
 * Two whole cores in one store, live on one sandbox (one merchant account): the customers
 * screen's channels and the engine's saved-card calls at either counter read and write the
 * store's directory, and a token travels only between the store and the engine.
 */
const skip = pgSkipReason();
if (skip !== null) console.warn(`store customers tests skipped: ${skip}`);

const liveCustomers = (core: Core) =>
  core.modes.all().find((mode) => mode.name === 'live')!.customers;

const tokenId = 'tok-91d2c7e0-kept-only-in-the-store';
/** The facts of a token as the sandbox issues one for test card 5123450000000008. */
const cardToken = {
  tokenId,
  maskedCard: '512345******0008',
  brand: 'Mastercard',
  expiryMonth: 12,
  expiryYear: 2030,
};

/** Every file of the cores' data folders (journals, logs, audit, settings), as text. */
function everyFileText(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else texts.push(readFileSync(path).toString('latin1'));
    }
  };
  for (const dir of coreDirs) walk(dir);
  return texts.join('\n');
}

describe.skipIf(skip !== null)('customers and saved cards across the counters of a store', () => {
  let shop: TwoCounterShop;
  let merchant: string;
  beforeAll(async () => {
    shop = await openTwoCounterShop('customers_shop');
    merchant = shop.sandbox.merchantPublicKey;
  });
  afterAll(() => shop?.close());

  it('refuses until IT binds the counter to its merchant account, then shares customers', async () => {
    const { a, b } = shop;
    await value(a, 'sessionSignIn', { operatorId: 'amal', secret: '111111' });
    await value(b, 'sessionSignIn', { operatorId: 'sara', secret: '333333' });
    expect(await codeOf(a, 'customerSearch', { query: '' })).toBe('store-merchant-unset');
    // Nothing went to the journal's own directory meanwhile.
    expect(
      await codeOf(a, 'customerSave', {
        name: 'Huda Salem',
        phone: { countryCode: '', number: '0501234567' },
        email: null,
        notes: '',
      }),
    ).toBe('store-merchant-unset');

    await shop.rows('SELECT paydesk_bind_counter_merchant($1, $2)', ['A', merchant]);
    await shop.rows('SELECT paydesk_bind_counter_merchant($1, $2)', ['B', 'another-account']);
    expect(await codeOf(b, 'customerSearch', { query: '' })).toBe('store-merchant-mismatch');
    await shop.rows('SELECT paydesk_bind_counter_merchant($1, $2)', ['B', merchant]);

    const saved = await value(a, 'customerSave', {
      name: 'Huda Salem',
      phone: { countryCode: '', number: '050 123 4567' },
      email: 'huda@example.com',
      notes: 'Orders by phone',
    });
    expect(saved).toMatchObject({ phone: '+966501234567', cards: [] });
    // B finds her by phone as the agent types it, and by name.
    const byPhone = await value(b, 'customerSearch', { query: '0501234567' });
    expect(byPhone.customers.map((customer) => customer.customerId)).toEqual([saved.customerId]);
    const byName = await value(b, 'customerSearch', { query: 'huda' });
    expect(byName.customers).toEqual([saved]);
    // B changes her notes; A reads the change.
    await value(b, 'customerSave', {
      customerId: saved.customerId,
      name: 'Huda Salem',
      phone: { countryCode: '+966', number: '501234567' },
      email: 'huda@example.com',
      notes: 'Prefers Arabic',
    });
    expect(await value(a, 'customerGet', { customerId: saved.customerId })).toMatchObject({
      notes: 'Prefers Arabic',
    });
    // The journal's own directory holds none of it.
    expect(await shop.rows('SELECT count(*)::int AS n FROM store_customers')).toEqual([{ n: 1 }]);
  });

  it('a card saved at A pays at B; removed at B, it is gone for A, audited at B with its mask only', async () => {
    const { a, b } = shop;
    const [huda] = (await value(a, 'customerSearch', { query: 'Huda' })).customers;
    const customerId = huda!.customerId;
    const consent = await liveCustomers(a).recordConsent({
      customerId,
      language: 'ar',
      agreementType: 'Recurring',
      operator: 'amal',
    });
    expect(consent.agreement).toMatchObject({
      type: 'Recurring',
      id: expect.stringMatching(/^PD-AG-/),
    });
    const facts = {
      attemptId: 'attempt-saves-card',
      customerId,
      consentId: consent.consentId,
      agreement: consent.agreement,
      operator: 'amal',
      token: { ...cardToken, tokenId },
    };
    // The live sale and the settle after a restart both report it: one card.
    liveCustomers(a).tokenIssued(facts);
    liveCustomers(a).tokenIssued(facts);
    const cardsAtB = async () => (await value(b, 'customerGet', { customerId })).cards;
    await expect.poll(async () => (await cardsAtB()).length, { timeout: 10_000 }).toBe(1);
    // The second report had its turn too (each is one store call): still the one card.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [card] = await cardsAtB();
    expect(card).toMatchObject({
      last4: '0008',
      maskedCard: '512345******0008',
      state: 'usable',
      agreement: consent.agreement,
      savedBy: 'amal',
    });
    expect(JSON.stringify(await value(b, 'customerSearch', { query: '0008' }))).not.toContain(
      tokenId,
    );
    // The engine at B pays with it: the token comes from the store.
    expect(await liveCustomers(b).cardFor(customerId, card!.cardId)).toEqual({
      token: facts.token,
      agreement: consent.agreement,
      state: 'usable',
    });
    // The gateway refuses it at B: A no longer offers it.
    liveCustomers(b).tokenRefused({
      customerId,
      cardId: card!.cardId,
      code: 'token-refused',
      expired: false,
    });
    await expect
      .poll(async () => (await value(a, 'customerGet', { customerId })).cards[0]?.state)
      .toBe('refused');

    await value(b, 'savedCardRemove', { customerId, cardId: card!.cardId, confirmed: true });
    expect((await value(a, 'customerGet', { customerId })).cards).toEqual([]);
    await expect(liveCustomers(a).cardFor(customerId, card!.cardId)).rejects.toMatchObject({
      code: 'saved-card-not-found',
    });
    const removal = b.security.audit
      .search({ beforeSeq: null, limit: 20 })
      .find((row) => row.event === 'saved-card-removed');
    expect(removal).toMatchObject({ operatorId: 'sara', subject: customerId });
    expect(removal?.detail).toContain('512345******0008');
    const [row] = await shop.rows(
      'SELECT token_id, removed_by, removed_counter FROM store_saved_cards WHERE card_id = $1',
      [card!.cardId],
    );
    expect(row).toEqual({ token_id: null, removed_by: 'sara', removed_counter: 'B' });
  });

  it('with the store down the screen says so, and a token issued meanwhile is kept once it is back', async () => {
    const { a, b } = shop;
    const saved = await value(a, 'customerSave', {
      name: 'Nasser Ali',
      phone: null,
      email: null,
      notes: '',
    });
    const consent = await liveCustomers(a).recordConsent({
      customerId: saved.customerId,
      language: 'en',
      agreementType: 'Unscheduled',
      operator: 'amal',
    });
    shop.cluster.stop('immediate');
    try {
      expect(await codeOf(a, 'customerSearch', { query: 'Nasser' })).toBe('store-unreachable');
      liveCustomers(a).tokenIssued({
        attemptId: 'attempt-while-store-down',
        customerId: saved.customerId,
        consentId: consent.consentId,
        agreement: consent.agreement,
        operator: 'amal',
        token: { ...cardToken, tokenId: `${tokenId}-2` },
      });
      // Let the first try fail against the stopped server.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      shop.cluster.start();
    }
    await expect
      .poll(async () => (await value(b, 'customerGet', { customerId: saved.customerId })).cards, {
        timeout: 20_000,
        interval: 500,
      })
      .toMatchObject([{ maskedCard: cardToken.maskedCard, state: 'usable' }]);
  });

  it('deleting the customer at A says how many cards went; nothing of the token is on either counter', async () => {
    const { a, b } = shop;
    const [huda] = (await value(b, 'customerSearch', { query: 'Huda' })).customers;
    const deleted = await value(a, 'customerDelete', {
      customerId: huda!.customerId,
      confirmed: true,
    });
    expect(deleted).toEqual({ deletedCards: 0 });
    expect(await codeOf(b, 'customerGet', { customerId: huda!.customerId })).toBe(
      'customer-not-found',
    );
    const [row] = await shop.rows(
      'SELECT name, phone, deleted_by, deleted_counter FROM store_customers WHERE customer_id = $1',
      [huda!.customerId],
    );
    expect(row).toEqual({ name: '', phone: null, deleted_by: 'amal', deleted_counter: 'A' });
    // Journals, logs, audit trails and settings of both counters: the token never landed.
    expect(everyFileText()).not.toContain(tokenId);
  });
});
