-- A customer staff typed with the ninth digit (a walk-in, 5511987654321) and the same person on
-- WhatsApp with an id without it (551187654321) were two customers: the intake looked the phone
-- up only as WhatsApp wrote it. upsert_wa_customer (from 20261201130000_customer_bsuid_dead_letters)
-- now finds either form and the customer takes WhatsApp's id, which is what sends must use.
-- Staff lookups already match both forms (scheduling/customers/normalize-phone.ts, waIdVariants).

-- The other wa_id form of a Brazilian mobile: 55 AA 9 NNNNNNNN <-> 55 AA NNNNNNNN; NULL for any other number.
CREATE FUNCTION wa_id_ninth_digit_twin(p_wa_id text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_wa_id ~ '^55[0-9]{2}9[6-9][0-9]{7}$' THEN substr(p_wa_id, 1, 4) || substr(p_wa_id, 6)
    WHEN p_wa_id ~ '^55[0-9]{2}[6-9][0-9]{7}$' THEN substr(p_wa_id, 1, 4) || '9' || substr(p_wa_id, 5)
  END
$$;

CREATE OR REPLACE FUNCTION upsert_wa_customer(p_tenant_id int, p_wa_id text, p_bsuid text, p_parent_bsuid text, p_username text, p_name text,
                                   p_may_merge boolean DEFAULT true)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  by_phone int;
  by_bsuid int;
  kept int;
BEGIN
  IF p_wa_id IS NULL AND p_bsuid IS NULL THEN
    RAISE EXCEPTION 'a customer needs a phone number or a business-scoped user id';
  END IF;
  LOOP
    by_phone := NULL;
    by_bsuid := NULL;
    IF p_wa_id IS NOT NULL THEN
      -- the same Brazilian mobile with or without its ninth digit (a walk-in typed by staff as
      -- 5511987654321, WhatsApp's id 551187654321): one person, the exact form first
      SELECT id INTO by_phone FROM customers
        WHERE tenant_id = p_tenant_id AND wa_id IN (p_wa_id, wa_id_ninth_digit_twin(p_wa_id))
        ORDER BY wa_id = p_wa_id DESC, id LIMIT 1 FOR UPDATE;
    END IF;
    IF p_bsuid IS NOT NULL THEN
      SELECT id INTO by_bsuid FROM customers WHERE tenant_id = p_tenant_id AND bsuid = p_bsuid FOR UPDATE;
    END IF;
    IF by_phone IS NOT NULL AND by_bsuid IS NOT NULL AND by_phone <> by_bsuid THEN
      IF NOT p_may_merge THEN
        RAISE EXCEPTION 'wa-agenda: customers to merge' USING ERRCODE = 'WAM01';
      END IF;
      PERFORM merge_wa_customers(p_tenant_id, by_phone, by_bsuid);
    END IF;
    kept := coalesce(by_phone, by_bsuid);
    IF kept IS NOT NULL THEN
      UPDATE customers SET
          wa_id = coalesce(p_wa_id, wa_id),
          bsuid = coalesce(p_bsuid, bsuid),
          parent_bsuid = coalesce(p_parent_bsuid, parent_bsuid),
          username = coalesce(p_username, username),
          name = coalesce(p_name, name)
        WHERE id = kept
          AND (wa_id IS DISTINCT FROM coalesce(p_wa_id, wa_id) OR bsuid IS DISTINCT FROM coalesce(p_bsuid, bsuid)
               OR parent_bsuid IS DISTINCT FROM coalesce(p_parent_bsuid, parent_bsuid)
               OR username IS DISTINCT FROM coalesce(p_username, username) OR name IS DISTINCT FROM coalesce(p_name, name));
      RETURN kept;
    END IF;
    -- No exception block (a subtransaction per call would slow a 1 000-message body down):
    -- a concurrent insert of the same person makes this insert nothing, and the loop looks again.
    INSERT INTO customers (tenant_id, wa_id, bsuid, parent_bsuid, username, name)
      VALUES (p_tenant_id, p_wa_id, p_bsuid, p_parent_bsuid, p_username, p_name)
      ON CONFLICT DO NOTHING
      RETURNING id INTO kept;
    IF kept IS NOT NULL THEN RETURN kept; END IF;
  END LOOP;
END $$;
