import type { StoreMigration } from './store-migration';
import { storeOwnership } from './step-11-owner-role-and-claims-by-function';
import { customerFunctionsSql } from './step-15-customer-functions';
import { customerTablesSql } from './step-15-customer-tables';

/**
 * Store step 15: customers, their saved cards (gateway tokens) and the consents they gave,
 * shared by the counters of one merchant account (docs/store.md, "Customers and saved cards").
 * A token is a secret of the merchant account: whoever holds it and the account can charge
 * the card. So:
 *
 * - Every row carries the merchant account it belongs to (`merchant_public_key`). Which
 *   account a counter works for is IT's to say (`paydesk_bind_counter_merchant`, run by the
 *   store's owner through `npm run store -- add-counter --merchant`), never the counter's:
 *   a merchant's public key is public, so a counter naming its own would be no check at all.
 * - Counters have no right on these tables, not even SELECT: they read and write only through
 *   the functions below, which take the counter from the login (`paydesk_acting_counter`),
 *   its merchant from IT's binding, and refuse a counter whose own settings name another
 *   account (`paydesk:merchant-mismatch`: its tokens would be another account's).
 * - A token leaves the store only through `paydesk_saved_card_token`, for one card of one
 *   customer of the caller's merchant; the directory's reads never carry it.
 * - Consents are written once, by the store (it makes the id and the agreement id), and no
 *   function changes or removes one: what the customer was told stays as it was recorded.
 * - Removing a card and deleting a customer keep the row with who removed it, at which
 *   counter, when and why (server time), and drop the token: nothing can charge it again.
 *   A deleted customer's name and contact details go too; the consents stay as evidence.
 * - Every function is SECURITY DEFINER with `search_path = public, pg_temp` and names every
 *   table by schema (step 11).
 */

/** The functions of this step a counter's role calls. */
const forCounters = `public.paydesk_customer_search(text, text, text, text, text, integer),
  public.paydesk_customer_get(text, text, text),
  public.paydesk_customer_save(text, text, text, text, text, text, text, text),
  public.paydesk_customer_delete(text, text, text, text),
  public.paydesk_record_card_consent(text, text, text, text, text, text, text),
  public.paydesk_save_card(text, text, text, text, text, text, text, text, text, text, integer,
    integer),
  public.paydesk_saved_card_token(text, text, text, text),
  public.paydesk_saved_card_refused(text, text, text, text, text, boolean),
  public.paydesk_remove_saved_card(text, text, text, text, text, text)`;

/** Helpers only the functions above call (as the owner). */
const forTheStoreOnly = `public.paydesk_counter_merchant(text, text),
  public.paydesk_live_customer(text, text),
  public.paydesk_customer_json(public.store_customers),
  public.paydesk_bind_counter_merchant(text, text)`;

export const customersAndSavedCards: StoreMigration = {
  version: 15,
  name: 'customers, saved cards and consents, per merchant account',
  sql: `${customerTablesSql}${customerFunctionsSql}    REVOKE ALL ON FUNCTION ${forTheStoreOnly} FROM PUBLIC;
    REVOKE ALL ON FUNCTION ${forCounters} FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION ${forCounters} TO paydesk_counter;
    ${storeOwnership}
  `,
};
