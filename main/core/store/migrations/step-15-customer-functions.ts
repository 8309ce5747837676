/**
 * Store step 15's functions, those a counter calls and the store's own helpers (its rules:
 * step-15-customers-and-saved-cards.ts).
 */
export const customerFunctionsSql = `    -- IT says which merchant account a counter works for (add-counter --merchant).
    CREATE FUNCTION public.paydesk_bind_counter_merchant(p_counter_id text, p_merchant text)
    RETURNS void LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
    BEGIN
      IF p_counter_id IS NULL OR coalesce(length(p_merchant), 0) NOT BETWEEN 1 AND 256
          OR p_merchant ~ '\\s' THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      INSERT INTO public.store_counter_merchants (counter_id, merchant_public_key, bound_at)
      VALUES (p_counter_id, p_merchant, public.paydesk_now_ms())
      ON CONFLICT (counter_id) DO UPDATE
        SET merchant_public_key = EXCLUDED.merchant_public_key, bound_at = EXCLUDED.bound_at;
    END $$;

    -- The acting counter's merchant account, which the counter's own settings must name too.
    CREATE FUNCTION public.paydesk_counter_merchant(p_counter_id text, p_merchant text)
    RETURNS text LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      bound text;
    BEGIN
      PERFORM public.paydesk_read_committed();
      SELECT m.merchant_public_key INTO bound
      FROM public.store_counter_merchants m WHERE m.counter_id = counter;
      IF bound IS NULL THEN
        RAISE EXCEPTION 'paydesk:counter-without-merchant' USING ERRCODE = '42501';
      END IF;
      IF p_merchant IS DISTINCT FROM bound THEN
        RAISE EXCEPTION 'paydesk:merchant-mismatch' USING ERRCODE = '42501';
      END IF;
      RETURN bound;
    END $$;

    -- A customer of the account, not deleted, locked: whatever is done to them (a card kept or
    -- removed, a consent, the deletion) is done one at a time.
    CREATE FUNCTION public.paydesk_live_customer(p_customer_id text, p_merchant text)
    RETURNS public.store_customers LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
    DECLARE c public.store_customers;
    BEGIN
      SELECT * INTO c FROM public.store_customers x
      WHERE x.customer_id = p_customer_id AND x.merchant_public_key = p_merchant
        AND x.deleted_at IS NULL
      FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'paydesk:customer-not-found' USING ERRCODE = '22023';
      END IF;
      RETURN c;
    END $$;

    -- A customer as counters see them: their kept cards, never a token.
    CREATE FUNCTION public.paydesk_customer_json(c public.store_customers)
    RETURNS jsonb LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
      SELECT jsonb_build_object('customerId', c.customer_id, 'name', c.name,
        'phone', c.phone, 'email', c.email, 'notes', c.notes, 'createdAt', c.created_at,
        'cards', coalesce((
          SELECT jsonb_agg(jsonb_build_object('cardId', s.card_id, 'brand', s.brand,
              'maskedCard', s.masked_card, 'last4', s.last4, 'expiryMonth', s.expiry_month,
              'expiryYear', s.expiry_year, 'state', s.state,
              'agreementId', s.agreement_id, 'agreementType', s.agreement_type,
              'savedAt', s.saved_at, 'savedBy', s.saved_by)
            ORDER BY s.saved_at, s.card_id)
          FROM public.store_saved_cards s
          WHERE s.customer_id = c.customer_id AND s.state <> 'removed'), '[]'::jsonb))
    $$;

    -- Newest first, by any part of the name, digits anywhere in the phone, or the last 4 of
    -- a kept card (what the counter read from the agent's words: customers/customer-search.ts).
    CREATE FUNCTION public.paydesk_customer_search(p_counter_id text, p_merchant text,
      p_name text, p_phone_digits text, p_last4 text, p_limit integer)
    RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
      wanted text := lower(coalesce(p_name, ''));
      found jsonb;
    BEGIN
      IF length(wanted) > 128 OR p_phone_digits !~ '^[0-9]{1,15}$'
          OR p_last4 !~ '^[0-9]{4}$' THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      SELECT coalesce(jsonb_agg(public.paydesk_customer_json(c)
          ORDER BY c.created_at DESC, c.customer_id DESC), '[]'::jsonb)
      INTO found
      FROM (
        SELECT * FROM public.store_customers c
        WHERE c.merchant_public_key = merchant AND c.deleted_at IS NULL
          AND (strpos(lower(c.name), wanted) > 0
            OR strpos(c.phone, p_phone_digits) > 0
            OR EXISTS (
              SELECT 1 FROM public.store_saved_cards s
              WHERE s.merchant_public_key = merchant AND s.customer_id = c.customer_id
                AND s.last4 = p_last4 AND s.state <> 'removed'))
        ORDER BY c.created_at DESC, c.customer_id DESC
        LIMIT least(greatest(coalesce(p_limit, 50), 1), 200)
      ) c;
      RETURN found;
    END $$;

    CREATE FUNCTION public.paydesk_customer_get(p_counter_id text, p_merchant text,
      p_customer_id text)
    RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
      c public.store_customers;
    BEGIN
      SELECT * INTO c FROM public.store_customers x
      WHERE x.customer_id = p_customer_id AND x.merchant_public_key = merchant
        AND x.deleted_at IS NULL;
      IF NOT FOUND THEN RETURN NULL; END IF;
      RETURN public.paydesk_customer_json(c);
    END $$;

    -- Adds a customer (a null id) or changes one of the caller's merchant.
    CREATE FUNCTION public.paydesk_customer_save(p_counter_id text, p_merchant text,
      p_customer_id text, p_name text, p_phone text, p_email text, p_notes text,
      p_operator_id text)
    RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
      now_ms bigint := public.paydesk_now_ms();
      c public.store_customers;
    BEGIN
      IF coalesce(length(btrim(p_name)), 0) NOT BETWEEN 1 AND 128
          OR length(p_phone) > 24 OR length(p_email) > 254 OR p_notes IS NULL
          OR length(p_notes) > 1000 OR length(p_operator_id) > 64 THEN
        RAISE EXCEPTION 'paydesk:customer-invalid' USING ERRCODE = '22023';
      END IF;
      IF p_customer_id IS NULL THEN
        INSERT INTO public.store_customers (customer_id, merchant_public_key, name, phone,
          email, notes, created_at, created_by, created_counter, updated_at, updated_by,
          updated_counter)
        VALUES (gen_random_uuid()::text, merchant, btrim(p_name), p_phone, p_email, p_notes,
          now_ms, p_operator_id, counter, now_ms, p_operator_id, counter)
        RETURNING * INTO c;
      ELSE
        UPDATE public.store_customers x SET name = btrim(p_name), phone = p_phone,
          email = p_email, notes = p_notes, updated_at = now_ms, updated_by = p_operator_id,
          updated_counter = counter
        WHERE x.customer_id = p_customer_id AND x.merchant_public_key = merchant
          AND x.deleted_at IS NULL
        RETURNING * INTO c;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'paydesk:customer-not-found' USING ERRCODE = '22023';
        END IF;
      END IF;
      RETURN public.paydesk_customer_json(c);
    END $$;

    -- Deletes a customer of the caller's merchant: their tokens, name and contact details go;
    -- the row keeps who deleted it, where and when. Returns how many cards it removed.
    CREATE FUNCTION public.paydesk_customer_delete(p_counter_id text, p_merchant text,
      p_customer_id text, p_operator_id text)
    RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
      now_ms bigint := public.paydesk_now_ms();
      removed integer;
    BEGIN
      PERFORM public.paydesk_live_customer(p_customer_id, merchant);
      UPDATE public.store_saved_cards s SET token_id = NULL, state = 'removed',
        removed_at = now_ms, removed_by = p_operator_id, removed_counter = counter,
        removed_why = 'customer-deleted'
      WHERE s.customer_id = p_customer_id AND s.merchant_public_key = merchant
        AND s.state <> 'removed';
      GET DIAGNOSTICS removed = ROW_COUNT;
      UPDATE public.store_customers x SET name = '', phone = NULL, email = NULL, notes = '',
        deleted_at = now_ms, deleted_by = p_operator_id, deleted_counter = counter
      WHERE x.customer_id = p_customer_id;
      RETURN removed;
    END $$;

    -- The words the customer agreed to, as the counter read them out; the store makes the
    -- consent's id and the agreement's id, and nothing changes the row afterwards.
    CREATE FUNCTION public.paydesk_record_card_consent(p_counter_id text, p_merchant text,
      p_customer_id text, p_operator_id text, p_language text, p_text text,
      p_agreement_type text)
    RETURNS TABLE (consent_id text, agreement_id text, recorded_at bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
      made public.store_card_consents;
    BEGIN
      IF p_language IS NULL OR p_language NOT IN ('en', 'ar')
          OR p_agreement_type IS NULL OR p_agreement_type NOT IN ('Unscheduled', 'Recurring')
          OR coalesce(length(p_text), 0) NOT BETWEEN 1 AND 4000
          OR length(p_operator_id) > 64 THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      PERFORM public.paydesk_live_customer(p_customer_id, merchant);
      INSERT INTO public.store_card_consents (consent_id, merchant_public_key, customer_id,
        counter_id, operator_id, language, consent_text, agreement_id, agreement_type,
        recorded_at)
      VALUES (gen_random_uuid()::text, merchant, p_customer_id, counter, p_operator_id,
        p_language, p_text, 'PD-AG-' || gen_random_uuid()::text, p_agreement_type,
        public.paydesk_now_ms())
      RETURNING * INTO made;
      RETURN QUERY SELECT made.consent_id, made.agreement_id, made.recorded_at;
    END $$;

    -- The token the gateway issued for a sale that asked to save its card. The customer and
    -- the consent must be the caller's merchant's, and the agreement the consent's. The same
    -- sale reported again returns the card it kept; the same token for the same customer
    -- (saved again under a new consent) renews that card's agreement, consent and expiry.
    CREATE FUNCTION public.paydesk_save_card(p_counter_id text, p_merchant text,
      p_attempt_id text, p_customer_id text, p_consent_id text, p_agreement_id text,
      p_operator_id text, p_token_id text, p_masked_card text, p_brand text,
      p_expiry_month integer, p_expiry_year integer)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
      now_ms bigint := public.paydesk_now_ms();
      consent public.store_card_consents;
      made text;
    BEGIN
      IF coalesce(length(p_attempt_id), 0) NOT BETWEEN 1 AND 64
          OR coalesce(length(p_token_id), 0) NOT BETWEEN 1 AND 256
          OR length(p_brand) > 32 OR length(p_operator_id) > 64 THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      -- One save per customer at a time: a sale reported twice at once keeps one card.
      PERFORM public.paydesk_live_customer(p_customer_id, merchant);
      SELECT i.card_id INTO made FROM public.store_saved_card_issues i
      WHERE i.merchant_public_key = merchant AND i.attempt_id = p_attempt_id;
      IF made IS NOT NULL THEN RETURN made; END IF;
      SELECT * INTO consent FROM public.store_card_consents k
      WHERE k.consent_id = p_consent_id AND k.customer_id = p_customer_id
        AND k.merchant_public_key = merchant AND k.agreement_id = p_agreement_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'paydesk:consent-not-found' USING ERRCODE = '22023';
      END IF;
      UPDATE public.store_saved_cards s SET masked_card = p_masked_card,
        last4 = right(p_masked_card, 4), brand = p_brand, expiry_month = p_expiry_month,
        expiry_year = p_expiry_year, agreement_id = consent.agreement_id,
        agreement_type = consent.agreement_type, consent_id = consent.consent_id,
        attempt_id = p_attempt_id, state = 'usable', refused_code = NULL, refused_at = NULL,
        saved_at = now_ms, saved_by = p_operator_id, saved_counter = counter
      WHERE s.customer_id = p_customer_id AND s.token_id = p_token_id
      RETURNING s.card_id INTO made;
      IF made IS NULL THEN
        INSERT INTO public.store_saved_cards (card_id, merchant_public_key, customer_id,
          consent_id, attempt_id, token_id, masked_card, last4, brand, expiry_month,
          expiry_year, agreement_id, agreement_type, state, saved_at, saved_by, saved_counter)
        VALUES (gen_random_uuid()::text, merchant, p_customer_id, consent.consent_id,
          p_attempt_id, p_token_id, p_masked_card, right(p_masked_card, 4), p_brand,
          p_expiry_month, p_expiry_year, consent.agreement_id, consent.agreement_type,
          'usable', now_ms, p_operator_id, counter)
        RETURNING card_id INTO made;
      END IF;
      INSERT INTO public.store_saved_card_issues (merchant_public_key, attempt_id, card_id, at)
      VALUES (merchant, p_attempt_id, made, now_ms);
      RETURN made;
    END $$;

    -- The one way a token leaves the store: one kept card of one customer of the caller's
    -- merchant, to pay with it.
    CREATE FUNCTION public.paydesk_saved_card_token(p_counter_id text, p_merchant text,
      p_customer_id text, p_card_id text)
    RETURNS TABLE (token_id text, masked_card text, brand text, expiry_month integer,
      expiry_year integer, agreement_id text, agreement_type text, state text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
    BEGIN
      RETURN QUERY SELECT s.token_id, s.masked_card, s.brand, s.expiry_month, s.expiry_year,
        s.agreement_id, s.agreement_type, s.state
      FROM public.store_saved_cards s
        JOIN public.store_customers c ON c.customer_id = s.customer_id
      WHERE s.card_id = p_card_id AND s.customer_id = p_customer_id
        AND s.merchant_public_key = merchant AND c.merchant_public_key = merchant
        AND c.deleted_at IS NULL AND s.state <> 'removed';
    END $$;

    -- The gateway refused a kept card's token (or said its card expired): it is not offered.
    CREATE FUNCTION public.paydesk_saved_card_refused(p_counter_id text, p_merchant text,
      p_customer_id text, p_card_id text, p_code text, p_expired boolean)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
    BEGIN
      IF length(p_code) > 64 THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      UPDATE public.store_saved_cards s SET
        state = CASE WHEN p_expired THEN 'expired' ELSE 'refused' END,
        refused_code = p_code, refused_at = public.paydesk_now_ms()
      WHERE s.card_id = p_card_id AND s.customer_id = p_customer_id
        AND s.merchant_public_key = merchant AND s.state <> 'removed';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'paydesk:saved-card-not-found' USING ERRCODE = '22023';
      END IF;
    END $$;

    -- Removes one kept card of the caller's merchant: its token goes, the row says who
    -- removed it, at which counter, when and why.
    CREATE FUNCTION public.paydesk_remove_saved_card(p_counter_id text, p_merchant text,
      p_customer_id text, p_card_id text, p_operator_id text, p_why text)
    RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
    DECLARE
      counter text := public.paydesk_acting_counter(p_counter_id);
      merchant text := public.paydesk_counter_merchant(p_counter_id, p_merchant);
      c public.store_customers;
    BEGIN
      IF length(p_operator_id) > 64 OR length(p_why) > 200 THEN
        RAISE EXCEPTION 'paydesk:invalid-request' USING ERRCODE = '22023';
      END IF;
      c := public.paydesk_live_customer(p_customer_id, merchant);
      UPDATE public.store_saved_cards s SET token_id = NULL, state = 'removed',
        removed_at = public.paydesk_now_ms(), removed_by = p_operator_id,
        removed_counter = counter, removed_why = coalesce(p_why, 'removed')
      WHERE s.card_id = p_card_id AND s.customer_id = p_customer_id
        AND s.merchant_public_key = merchant AND s.state <> 'removed';
      IF NOT FOUND THEN
        RAISE EXCEPTION 'paydesk:saved-card-not-found' USING ERRCODE = '22023';
      END IF;
      RETURN public.paydesk_customer_json(c);
    END $$;

`;
