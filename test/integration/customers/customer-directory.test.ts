import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consentText } from '../../../shared/card-consent';
import type { CustomerSaveRequest } from '../../../shared/ipc-customers';
import { createSqliteCustomerDirectory } from '../../../main/core/customers/sqlite-customer-directory';
import { consentOf, issue, tempDirectory, tokenOf } from './customer-harness';

let t: ReturnType<typeof tempDirectory>;
beforeEach(() => {
  t = tempDirectory();
});
afterEach(() => t.remove());

const sara: CustomerSaveRequest = {
  name: 'Sara Ahmed',
  phone: { countryCode: '', number: '050 123 4567' },
  email: 'sara@example.com',
  notes: 'Calls in the morning',
};

const codeOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (error: { code?: string; params?: unknown }) => ({ code: error.code, params: error.params }),
  );

const refuse = (customerId: string, cardId: string, code: string, expired: boolean) =>
  t.directory.tokenRefused({ customerId, cardId, code, expired });

/** Sara with a card saved from attempt `attemptId` under a fresh consent. */
async function saraWithCard(attemptId = 'attempt-1', token = tokenOf()) {
  const customer = await t.directory.save(sara, 'omar');
  const consent = await consentOf(t.directory, customer.customerId, { operator: 'omar' });
  issue(t.directory, customer.customerId, consent, attemptId, { token, operator: 'omar' });
  const saved = await t.directory.get(customer.customerId);
  return { customer: saved, consent, token, card: saved.cards[0]! };
}

describe('customers', () => {
  it('are kept with the phone as E.164, read in the store’s country when typed without a code', async () => {
    const created = await t.directory.save(sara, 'omar');
    expect(created).toEqual({
      customerId: expect.any(String),
      name: 'Sara Ahmed',
      phone: '+966501234567',
      email: 'sara@example.com',
      notes: 'Calls in the morning',
      createdAt: t.clock.now(),
      cards: [],
    });
    const international = await t.directory.save(
      { ...sara, phone: { countryCode: '+966', number: '+20 10 1234 5678' } },
      null,
    );
    expect(international.phone).toBe('+201012345678');
    const none = await t.directory.save({ ...sara, phone: null, email: '  ' }, null);
    expect(none).toMatchObject({ phone: null, email: null });
    // Kept in the file: a new directory on the same journal reads them back.
    const again = createSqliteCustomerDirectory({
      file: t.journal.file,
      clock: t.clock,
      ids: { uuid: () => 'unused' },
      audit: t.audit,
      logger: { info() {}, warn() {}, error() {} },
      settings: () => ({ merchantName: '', merchantCountry: 'SA' }),
    });
    expect(await again.get(created.customerId)).toEqual(created);
  });

  it('are changed in place, and an unknown one is not found', async () => {
    const created = await t.directory.save(sara, 'omar');
    t.clock.advance(60_000);
    const changed = await t.directory.save(
      { ...sara, customerId: created.customerId, name: 'Sara A. Ahmed', notes: '' },
      'omar',
    );
    expect(changed).toEqual({ ...created, name: 'Sara A. Ahmed', notes: '' });
    expect(await codeOf(t.directory.save({ ...sara, customerId: 'nobody' }, null))).toEqual({
      code: 'customer-not-found',
      params: undefined,
    });
    expect(await codeOf(t.directory.get('nobody'))).toMatchObject({ code: 'customer-not-found' });
  });

  it.each([
    [{ name: '   ' }, { field: 'name', problem: 'required' }],
    [{ name: 'Sara 5123 4500 0000 0008' }, { field: 'name', problem: 'text-card-number' }],
    [{ notes: 'card ٥١٢٣٤٥٠٠٠٠٠٠٠٠٠٨' }, { field: 'notes', problem: 'text-card-number' }],
    [{ notes: 'a\u202Eb' }, { field: 'notes', problem: 'text-bidi-control' }],
    [{ email: '5123450000000008@example.com' }, { field: 'email', problem: 'email-invalid' }],
    [{ email: 'not an email' }, { field: 'email', problem: 'email-invalid' }],
    [
      { phone: { countryCode: '', number: '5123450000000008' } },
      { field: 'phone', problem: 'phone-number' },
    ],
    [
      { phone: { countryCode: '+999', number: '501234567' } },
      { field: 'phone', problem: 'phone-country-code' },
    ],
  ])('refuses %j as customer-invalid %j, and keeps nothing', async (change, params) => {
    expect(await codeOf(t.directory.save({ ...sara, ...change }, null))).toEqual({
      code: 'customer-invalid',
      params,
    });
    expect(await t.directory.search('')).toEqual([]);
  });
});

describe('search', () => {
  it('finds by any part of the name, by phone as people type it, and by a saved card’s last 4', async () => {
    const { customer } = await saraWithCard();
    t.clock.advance(1000);
    const omar = await t.directory.save(
      {
        name: 'Omar 100%_done',
        phone: { countryCode: '+971', number: '50 123 4567' },
        email: null,
        notes: '',
      },
      null,
    );
    const names = async (query: string) =>
      (await t.directory.search(query)).map((found) => found.name);
    expect(await names('')).toEqual(['Omar 100%_done', 'Sara Ahmed']);
    expect(await names('sara')).toEqual(['Sara Ahmed']);
    expect(await names('AHM')).toEqual(['Sara Ahmed']);
    // LIKE's wildcards are taken literally.
    expect(await names('%')).toEqual(['Omar 100%_done']);
    expect(await names('r_d')).toEqual([]);
    expect(await names('0501234567')).toEqual(['Sara Ahmed']);
    expect(await names('+966 50 123 4567')).toEqual(['Sara Ahmed']);
    expect(await names('00971501234567')).toEqual(['Omar 100%_done']);
    expect(await names('٠٥٠١٢٣٤٥٦٧')).toEqual(['Sara Ahmed']);
    // A whole number without its trunk 0 is still the store country's; part of one is
    // looked for in every phone.
    expect(await names('501234567')).toEqual(['Sara Ahmed']);
    expect(await names('123-4567')).toEqual(['Omar 100%_done', 'Sara Ahmed']);
    expect(await names('0008')).toEqual(['Sara Ahmed']);
    expect(await names('٠٠٠٨')).toEqual(['Sara Ahmed']);
    expect(await names('0009')).toEqual([]);
    const [found] = await t.directory.search('0008');
    expect(found).toEqual(customer);
    expect(omar.cards).toEqual([]);
  });

  it('returns at most 50 customers, newest first', async () => {
    for (let i = 0; i < 55; i += 1) {
      await t.directory.save({ ...sara, name: `Customer ${i}`, phone: null }, null);
      t.clock.advance(1);
    }
    const found = await t.directory.search('customer');
    expect(found).toHaveLength(50);
    expect(found[0]?.name).toBe('Customer 54');
  });
});

describe('consent', () => {
  it('records who agreed, when, before which operator, in the exact words shown, append-only', async () => {
    const customer = await t.directory.save(sara, 'omar');
    t.clock.advance(5000);
    const consent = await t.directory.recordConsent({
      customerId: customer.customerId,
      language: 'ar',
      agreementType: 'Recurring',
      operator: 'omar',
    });
    expect(consent).toEqual({
      consentId: expect.any(String),
      agreement: {
        id: expect.stringMatching(
          /^PD-AG-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        type: 'Recurring',
      },
    });
    const rows = t.journal.file.db.prepare('SELECT * FROM card_consents').all();
    expect(rows).toEqual([
      {
        consent_id: consent.consentId,
        customer_id: customer.customerId,
        customer_name: 'Sara Ahmed',
        at: t.clock.now(),
        operator: 'omar',
        language: 'ar',
        text: consentText('ar', { merchantName: 'Dar Coffee', agreementType: 'Recurring' }),
        agreement_id: consent.agreement.id,
        agreement_type: 'Recurring',
      },
    ]);
    expect(() => t.journal.file.db.exec(`UPDATE card_consents SET text = 'other words'`)).toThrow(
      /append-only/,
    );
    expect(() => t.journal.file.db.exec('DELETE FROM card_consents')).toThrow(/append-only/);
    // Each consent is a new agreement.
    const second = await consentOf(t.directory, customer.customerId);
    expect(second.agreement.id).not.toBe(consent.agreement.id);
  });

  it('is refused for a customer who is not in the directory', async () => {
    expect(await codeOf(consentOf(t.directory, 'nobody'))).toMatchObject({
      code: 'customer-not-found',
    });
  });
});

describe('saved cards', () => {
  it('keep the token once per attempt, shown as brand, mask and expiry, never the token id', async () => {
    const { customer, consent, token, card } = await saraWithCard('attempt-1');
    expect(customer.cards).toEqual([
      {
        cardId: expect.any(String),
        brand: 'Mastercard',
        last4: '0008',
        maskedCard: '512345******0008',
        expiryMonth: 12,
        expiryYear: 2030,
        state: 'usable',
        agreement: consent.agreement,
        savedAt: t.clock.now(),
        savedBy: 'omar',
      },
    ]);
    expect(JSON.stringify(customer)).not.toContain(token.tokenId);
    // The sale settled again after a restart: the same attempt saves nothing more.
    issue(t.directory, customer.customerId, consent, 'attempt-1', { operator: 'omar' });
    expect((await t.directory.get(customer.customerId)).cards).toEqual(customer.cards);
    expect(await t.directory.cardFor(customer.customerId, card.cardId)).toEqual({
      token,
      agreement: consent.agreement,
      state: 'usable',
    });
    const saved = t.journal.file.db.prepare('SELECT attempt_id, consent_id FROM saved_cards').all();
    expect(saved).toEqual([{ attempt_id: 'attempt-1', consent_id: consent.consentId }]);
  });

  it('the same card saved again under a new consent is one card with the new agreement', async () => {
    const { customer, token, card } = await saraWithCard('attempt-1');
    refuse(customer.customerId, card.cardId, 'saved-card-refused', false);
    t.clock.advance(1000);
    const renewed = await consentOf(t.directory, customer.customerId, {
      language: 'ar',
      agreementType: 'Recurring',
      operator: 'sara',
    });
    issue(t.directory, customer.customerId, renewed, 'attempt-2', { token, operator: 'sara' });
    expect((await t.directory.get(customer.customerId)).cards).toEqual([
      {
        ...card,
        agreement: renewed.agreement,
        state: 'usable',
        savedAt: t.clock.now(),
        savedBy: 'sara',
      },
    ]);
  });

  it.each([
    ['a consent of another customer', 'other-consent'],
    ['another agreement than the consent’s', 'other-agreement'],
    ['a customer deleted while the sale ran', 'deleted'],
  ])('are not kept for %s', async (_case, fault) => {
    const customer = await t.directory.save(sara, null);
    const other = await t.directory.save({ ...sara, name: 'Other' }, null);
    const consent = await consentOf(
      t.directory,
      fault === 'other-consent' ? other.customerId : customer.customerId,
    );
    if (fault === 'deleted') await t.directory.delete(customer.customerId, null);
    const agreement =
      fault === 'other-agreement'
        ? { ...consent.agreement, id: 'PD-AG-forged' }
        : consent.agreement;
    issue(t.directory, customer.customerId, { ...consent, agreement }, 'attempt-1');
    expect(t.journal.file.db.prepare('SELECT count(*) AS n FROM saved_cards').get()).toEqual({
      n: 0,
    });
    expect(t.logged.join('\n')).toMatch(/saved card not kept/);
  });

  it('are refused when the gateway’s facts could carry a card number, and the sale’s caller is not thrown at', () => {
    return (async () => {
      const customer = await t.directory.save(sara, null);
      const consent = await consentOf(t.directory, customer.customerId);
      const hostile = [
        { maskedCard: '5123450000000008' },
        { maskedCard: '5123450000******0008' },
        { maskedCard: '512345*0008' },
        { tokenId: '5123450000000008' },
        { expiryMonth: 13 },
        { expiryYear: 30 },
      ];
      for (const [i, change] of hostile.entries()) {
        expect(() =>
          issue(t.directory, customer.customerId, consent, `attempt-${i}`, {
            token: tokenOf(change),
          }),
        ).not.toThrow();
      }
      expect((await t.directory.get(customer.customerId)).cards).toEqual([]);
      expect(t.logged.join('\n')).not.toContain('5123450000000008');
      // An x-masked card from the gateway is kept with asterisks; a gateway brand is masked.
      issue(t.directory, customer.customerId, consent, 'attempt-x', {
        token: tokenOf({ maskedCard: '512345xxxxxx0008', brand: 'Visa 5123450000000008' }),
      });
      expect((await t.directory.get(customer.customerId)).cards[0]).toMatchObject({
        maskedCard: '512345******0008',
        brand: 'Visa 512345******0008'.slice(0, 32),
      });
    })();
  });

  it('are expired once their expiry month has passed by the clock, and never offered as usable', async () => {
    const { customer, card } = await saraWithCard(
      'attempt-1',
      tokenOf({ expiryMonth: 1, expiryYear: 2026 }),
    );
    // 15 January 2026: valid through the end of the month.
    expect(card.state).toBe('usable');
    t.clock.advance(16 * 24 * 60 * 60 * 1000 + 15 * 60 * 60 * 1000);
    expect((await t.directory.get(customer.customerId)).cards[0]?.state).toBe('expired');
    expect((await t.directory.cardFor(customer.customerId, card.cardId)).state).toBe('expired');
  });

  it('a token the gateway refuses is flagged refused, or expired when it says so', async () => {
    const { customer, card } = await saraWithCard('attempt-1');
    refuse(customer.customerId, card.cardId, 'saved-card-refused', false);
    expect((await t.directory.cardFor(customer.customerId, card.cardId)).state).toBe('refused');
    refuse(customer.customerId, card.cardId, 'saved-card-expired', true);
    expect((await t.directory.get(customer.customerId)).cards[0]?.state).toBe('expired');
  });

  it('is found only as its own customer’s', async () => {
    const { card } = await saraWithCard('attempt-1');
    const other = await t.directory.save({ ...sara, name: 'Other' }, null);
    expect(await codeOf(t.directory.cardFor(other.customerId, card.cardId))).toMatchObject({
      code: 'saved-card-not-found',
    });
    expect(await codeOf(t.directory.removeCard(other.customerId, card.cardId, null))).toMatchObject(
      { code: 'saved-card-not-found' },
    );
    expect(await codeOf(t.directory.cardFor('nobody', card.cardId))).toMatchObject({
      code: 'customer-not-found',
    });
  });

  it('removing one is audited with who and which card, by its mask only', async () => {
    const { customer, card, token } = await saraWithCard('attempt-1');
    const after = await t.directory.removeCard(customer.customerId, card.cardId, 'sara');
    expect(after).toEqual({ ...customer, cards: [] });
    const [row] = t.auditRows().filter((audited) => audited.event === 'saved-card-removed');
    expect(row).toMatchObject({
      operatorId: 'sara',
      subject: customer.customerId,
      detail: 'removed saved card Mastercard 512345******0008',
    });
    expect(JSON.stringify(t.auditRows())).not.toContain(token.tokenId);
  });
});

describe('deleting a customer', () => {
  it('deletes their tokens at our side, says how many, is audited, and keeps the consents', async () => {
    const { customer, consent } = await saraWithCard('attempt-1');
    issue(t.directory, customer.customerId, consent, 'attempt-2', {
      token: tokenOf({ maskedCard: '444000******0010', brand: 'Visa' }),
    });
    const other = await saraWithCard('attempt-3');
    expect(await t.directory.delete(customer.customerId, 'sara')).toEqual({ deletedCards: 2 });
    expect(await codeOf(t.directory.get(customer.customerId))).toMatchObject({
      code: 'customer-not-found',
    });
    expect(await codeOf(t.directory.delete(customer.customerId, 'sara'))).toMatchObject({
      code: 'customer-not-found',
    });
    const tokens = t.journal.file.db
      .prepare('SELECT customer_id FROM saved_cards')
      .all()
      .map((row) => row.customer_id);
    expect(tokens).toEqual([other.customer.customerId]);
    expect(t.journal.file.db.prepare('SELECT count(*) AS n FROM card_consents').get()).toEqual({
      n: 2,
    });
    const rows = t.auditRows().filter((audited) => audited.event === 'customer-deleted');
    expect(rows).toMatchObject([
      {
        operatorId: 'sara',
        subject: customer.customerId,
        detail: 'deleted the customer and 2 saved card(s): 512345******0008, 444000******0010',
      },
    ]);
    expect(rows[0]?.detail).not.toContain('Sara');
    expect(await t.directory.search('0008')).toEqual([other.customer]);
  });
});
