-- reminders_follow_merged_customers (hand-written: no schema change)
-- merge_wa_customers (last defined in 20261201200000_merge_customers_later_tables) again, now that
-- appointment_reminders names a customer too: a merged customer's reminders move to the kept
-- customer, like their appointments (test/whatsapp/bsuid-customers.test.ts checks that every
-- table with customer_id or conversation_id is moved here).
CREATE OR REPLACE FUNCTION merge_wa_customers(p_tenant_id int, keep_id int, drop_id int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  keep_conversation int;
  drop_conversation int;
  dropped customers%ROWTYPE;
BEGIN
  IF keep_id = drop_id THEN RETURN; END IF;
  UPDATE appointments SET customer_id = keep_id WHERE customer_id = drop_id AND tenant_id = p_tenant_id;
  SELECT id INTO keep_conversation FROM conversations WHERE customer_id = keep_id AND tenant_id = p_tenant_id FOR UPDATE;
  SELECT id INTO drop_conversation FROM conversations WHERE customer_id = drop_id AND tenant_id = p_tenant_id FOR UPDATE;
  IF drop_conversation IS NOT NULL AND keep_conversation IS NULL THEN
    UPDATE conversations SET customer_id = keep_id, updated_at = now() WHERE id = drop_conversation;
  ELSIF drop_conversation IS NOT NULL THEN
    UPDATE messages SET conversation_id = keep_conversation WHERE conversation_id = drop_conversation;
    -- at most one open handoff per conversation: the kept conversation's wins
    UPDATE handoffs SET status = 'resolved', resolved_at = now()
      WHERE conversation_id = drop_conversation AND status IN ('pending', 'claimed')
        AND EXISTS (SELECT 1 FROM handoffs WHERE conversation_id = keep_conversation AND status IN ('pending', 'claimed'));
    UPDATE handoffs SET conversation_id = keep_conversation WHERE conversation_id = drop_conversation;
    UPDATE agent_runs SET conversation_id = keep_conversation WHERE conversation_id = drop_conversation;
    UPDATE agent_history SET conversation_id = keep_conversation WHERE conversation_id = drop_conversation;
    UPDATE conversations keep SET
        last_inbound_at = greatest(keep.last_inbound_at, dropped_conversation.last_inbound_at),
        referral = coalesce(keep.referral, dropped_conversation.referral),
        handoff_notice_sent_at = coalesce(keep.handoff_notice_sent_at, dropped_conversation.handoff_notice_sent_at),
        updated_at = now()
      FROM conversations dropped_conversation
      WHERE keep.id = keep_conversation AND dropped_conversation.id = drop_conversation;
    DELETE FROM conversations WHERE id = drop_conversation;
  END IF;
  -- LGPD requests recorded for the dropped id stay with the person (appointment_events follow
  -- their appointments, which moved above).
  UPDATE privacy_requests SET customer_id = keep_id WHERE customer_id = drop_id AND tenant_id = p_tenant_id;
  -- a reminder follows its customer, so a tap on it is recognised as the (merged) customer's
  UPDATE appointment_reminders SET customer_id = keep_id WHERE customer_id = drop_id AND tenant_id = p_tenant_id;
  DELETE FROM customers WHERE id = drop_id RETURNING * INTO dropped;
  UPDATE customers SET
      wa_id = coalesce(wa_id, dropped.wa_id),
      bsuid = coalesce(bsuid, dropped.bsuid),
      parent_bsuid = coalesce(parent_bsuid, dropped.parent_bsuid),
      username = coalesce(username, dropped.username),
      name = coalesce(name, dropped.name)
    WHERE id = keep_id;
END $$;
