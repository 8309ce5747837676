import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { coreIpc, openShop, startTestCore } from '../../support/test-core';
import { consentOf, issue } from './customer-harness';

let dataDir: string;
let core: Core;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-customers-'));
  core = await startTestCore({ dataDir });
});
afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, value, codeOf } = coreIpc(() => core);
const auditOf = (event: string) =>
  core.security.audit
    .search({ beforeSeq: null, limit: 500 })
    .reverse()
    .filter((row) => row.event === event);

const layla = {
  name: 'Layla Hassan',
  phone: { countryCode: '+966', number: '0551234567' },
  email: null,
  notes: 'Orders every Thursday',
};

/** A card saved for the customer as the engine hands it over once the sale paid. */
async function saveCard(customerId: string, attemptId: string, operator: string | null) {
  const directory = core.modes.active().customers;
  const consent = await consentOf(directory, customerId, { operator });
  issue(directory, customerId, consent, attemptId, { operator });
}

describe('the customers channels of the real core', () => {
  it('keep, find, change and delete customers, the deletion audited', async () => {
    const created = await value('customerSave', layla);
    expect(created).toMatchObject({ name: 'Layla Hassan', phone: '+966551234567', cards: [] });
    await saveCard(created.customerId, 'attempt-1', null);
    const found = await value('customerSearch', { query: '055 123 4567' });
    expect(found.customers.map((customer) => customer.customerId)).toEqual([created.customerId]);
    expect(found.customers[0]?.cards).toMatchObject([{ last4: '0008', state: 'usable' }]);
    expect(await value('customerGet', { customerId: created.customerId })).toEqual(
      found.customers[0],
    );
    const changed = await value('customerSave', {
      ...layla,
      customerId: created.customerId,
      email: 'layla@example.com',
    });
    expect(changed.email).toBe('layla@example.com');
    expect(await codeOf('customerSave', { ...layla, name: '' })).toBe('customer-invalid');

    // Without the confirmation the request is not even well-formed.
    expect(await codeOf('customerDelete', { customerId: created.customerId } as never)).toBe(
      'invalid-request',
    );
    expect(
      await value('customerDelete', { customerId: created.customerId, confirmed: true }),
    ).toEqual({ deletedCards: 1 });
    expect(await codeOf('customerGet', { customerId: created.customerId })).toBe(
      'customer-not-found',
    );
    expect(auditOf('customer-deleted')).toMatchObject([
      {
        operatorId: null,
        subject: created.customerId,
        detail: expect.stringContaining('1 saved card(s): 512345******0008'),
      },
    ]);
  });

  it('let a cashier serve customers; removing a card or deleting a customer is a supervisor’s', async () => {
    await openShop(core);
    await value('sessionSignIn', { operatorId: 'omar', secret: '222222' });
    const created = await value('customerSave', layla);
    await saveCard(created.customerId, 'attempt-1', 'omar');
    const [card] = (await value('customerGet', { customerId: created.customerId })).cards;
    expect(card?.savedBy).toBe('omar');
    const removal = {
      customerId: created.customerId,
      cardId: card!.cardId,
      confirmed: true as const,
    };
    expect(await codeOf('savedCardRemove', removal)).toBe('forbidden');
    expect(
      await codeOf('customerDelete', { customerId: created.customerId, confirmed: true }),
    ).toBe('forbidden');

    await value('sessionSignIn', { operatorId: 'sara', secret: '333333' });
    expect(await codeOf('savedCardRemove', { ...removal, reason: 'card 5123450000000008' })).toBe(
      'text-card-number',
    );
    expect(
      (await value('savedCardRemove', { ...removal, reason: ' Customer asked by phone ' })).cards,
    ).toEqual([]);
    expect(await codeOf('savedCardRemove', removal)).toBe('saved-card-not-found');
    expect(auditOf('saved-card-removed')).toMatchObject([
      {
        operatorId: 'sara',
        subject: created.customerId,
        detail: 'removed saved card Mastercard 512345******0008; reason: Customer asked by phone',
      },
    ]);
    expect(
      await value('customerDelete', { customerId: created.customerId, confirmed: true }),
    ).toEqual({ deletedCards: 0 });
    expect(auditOf('customer-deleted')).toMatchObject([{ operatorId: 'sara' }]);
  });

  it('keep Training customers apart from live ones', async () => {
    const created = await value('customerSave', layla);
    const [training, live] = ['training', 'live'].map(
      (name) => core.modes.all().find((mode) => mode.name === name)!.customers,
    );
    expect((await training!.search('')).map((customer) => customer.customerId)).toEqual([
      created.customerId,
    ]);
    expect(await live!.search('')).toEqual([]);
  });

  it('never send the token id to the screen', async () => {
    const created = await value('customerSave', layla);
    await saveCard(created.customerId, 'attempt-1', null);
    const [card] = (await value('customerGet', { customerId: created.customerId })).cards;
    const { token } = await core.modes.active().customers.cardFor(created.customerId, card!.cardId);
    const answers = JSON.stringify([
      await call('customerGet', { customerId: created.customerId }),
      await call('customerSearch', { query: '' }),
    ]);
    expect(answers).toContain('512345******0008');
    expect(answers).not.toContain(token.tokenId);
  });
});
