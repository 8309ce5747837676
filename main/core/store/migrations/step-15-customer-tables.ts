/** Store step 15's tables (its rules: step-15-customers-and-saved-cards.ts). */
export const customerTablesSql = `
    CREATE TABLE public.store_counter_merchants (
      counter_id text PRIMARY KEY REFERENCES public.counters,
      merchant_public_key text NOT NULL CHECK (length(merchant_public_key) BETWEEN 1 AND 256),
      bound_at bigint NOT NULL
    );

    CREATE TABLE public.store_customers (
      customer_id text PRIMARY KEY,
      merchant_public_key text NOT NULL,
      name text NOT NULL,
      phone text,
      email text,
      notes text NOT NULL DEFAULT '',
      created_at bigint NOT NULL,
      created_by text,
      created_counter text NOT NULL,
      updated_at bigint NOT NULL,
      updated_by text,
      updated_counter text NOT NULL,
      deleted_at bigint,
      deleted_by text,
      deleted_counter text
    );
    CREATE INDEX store_customers_by_merchant
      ON public.store_customers (merchant_public_key, created_at DESC) WHERE deleted_at IS NULL;

    CREATE TABLE public.store_card_consents (
      consent_id text PRIMARY KEY,
      merchant_public_key text NOT NULL,
      customer_id text NOT NULL REFERENCES public.store_customers,
      counter_id text NOT NULL,
      operator_id text,
      language text NOT NULL CHECK (language IN ('en', 'ar')),
      consent_text text NOT NULL,
      agreement_id text NOT NULL UNIQUE,
      agreement_type text NOT NULL CHECK (agreement_type IN ('Unscheduled', 'Recurring')),
      recorded_at bigint NOT NULL
    );

    CREATE TABLE public.store_saved_cards (
      card_id text PRIMARY KEY,
      merchant_public_key text NOT NULL,
      customer_id text NOT NULL REFERENCES public.store_customers,
      consent_id text NOT NULL REFERENCES public.store_card_consents,
      -- The sale that saved it last.
      attempt_id text NOT NULL,
      token_id text,
      -- First 6, asterisks, last 4: no full card number fits, whatever a counter sends.
      masked_card text NOT NULL CHECK (masked_card ~ '^[0-9]{6}[*]{2,9}[0-9]{4}$'),
      last4 text NOT NULL CHECK (last4 = right(masked_card, 4)),
      brand text,
      expiry_month integer NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
      expiry_year integer NOT NULL CHECK (expiry_year BETWEEN 2000 AND 2200),
      agreement_id text,
      agreement_type text,
      state text NOT NULL CHECK (state IN ('usable', 'expired', 'refused', 'removed')),
      saved_at bigint NOT NULL,
      saved_by text,
      saved_counter text NOT NULL,
      refused_code text,
      refused_at bigint,
      removed_at bigint,
      removed_by text,
      removed_counter text,
      removed_why text,
      -- A removed card keeps no token; a kept one always has it.
      CHECK ((state = 'removed') = (token_id IS NULL))
    );
    CREATE INDEX store_saved_cards_by_customer ON public.store_saved_cards (customer_id);
    CREATE UNIQUE INDEX store_saved_cards_one_token
      ON public.store_saved_cards (customer_id, token_id) WHERE token_id IS NOT NULL;

    -- The sales whose token was kept: a sale settled live and again after a restart (the
    -- engine reports both) keeps its card once.
    CREATE TABLE public.store_saved_card_issues (
      merchant_public_key text NOT NULL,
      attempt_id text NOT NULL,
      card_id text NOT NULL REFERENCES public.store_saved_cards,
      at bigint NOT NULL,
      PRIMARY KEY (merchant_public_key, attempt_id)
    );
    CREATE INDEX store_saved_cards_by_last4
      ON public.store_saved_cards (merchant_public_key, last4) WHERE state <> 'removed';

    -- Read only through the functions: with a right granted by mistake, still no row.
    ALTER TABLE public.store_counter_merchants ENABLE ROW LEVEL SECURITY;
    ALTER TABLE public.store_customers ENABLE ROW LEVEL SECURITY;
    ALTER TABLE public.store_card_consents ENABLE ROW LEVEL SECURITY;
    ALTER TABLE public.store_saved_cards ENABLE ROW LEVEL SECURITY;
    ALTER TABLE public.store_saved_card_issues ENABLE ROW LEVEL SECURITY;
    REVOKE ALL ON public.store_counter_merchants, public.store_customers,
      public.store_card_consents, public.store_saved_cards, public.store_saved_card_issues
      FROM PUBLIC, paydesk_counter;

`;
