import type pg from 'pg';
import type { z } from 'zod';
import type { customerRequestSchemas } from './customers-protocol';
import {
  deleteStoredCustomer,
  getStoredCustomer,
  markStoredCardRefused,
  recordStoredConsent,
  removeStoredCard,
  saveStoredCard,
  saveStoredCustomer,
  searchStoredCustomers,
  storedCardToken,
} from './store-customers';

export type CustomerRequest = z.infer<(typeof customerRequestSchemas)[number]>;

/**
 * The store thread's answer to a customers request. The counter is the thread's own (the
 * store takes it from the login role and refuses another name), never the request's.
 */
export async function answerCustomerRequest(
  pool: pg.Pool,
  counterId: string,
  request: CustomerRequest,
): Promise<unknown> {
  const caller = { counterId, merchant: request.merchant };
  switch (request.op) {
    case 'customerSearch':
      return searchStoredCustomers(pool, caller, request.match, request.limit);
    case 'customerGet':
      return getStoredCustomer(pool, caller, request.customerId);
    case 'customerSave': {
      const { name, phone, email, notes } = request;
      return saveStoredCustomer(
        pool,
        caller,
        request.customerId,
        { name, phone, email, notes },
        request.operator,
      );
    }
    case 'customerDelete':
      return {
        deletedCards: await deleteStoredCustomer(
          pool,
          caller,
          request.customerId,
          request.operator,
        ),
      };
    case 'consentRecord':
      return recordStoredConsent(pool, caller, request);
    case 'cardSave':
      return { cardId: await saveStoredCard(pool, caller, request) };
    case 'cardToken':
      return storedCardToken(pool, caller, request.customerId, request.cardId);
    case 'cardRefused':
      await markStoredCardRefused(pool, caller, request);
      return {};
    case 'cardRemove':
      return removeStoredCard(pool, caller, request);
  }
}
