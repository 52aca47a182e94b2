-- reminder_answers (hand-written: no schema change)
-- appointment_reminders.answer is one of the three quick-reply answers (written by
-- src/reminders/record-reminder-answer.ts, from the turn's commit).
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_answer_check"
  CHECK ("answer" IN ('confirm', 'reschedule', 'cancel'));
-- An answer comes with its time, and the other way round.
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_answered_together"
  CHECK (("answer" IS NULL) = ("answered_at" IS NULL));

-- merge_wa_customers (last from 20261201200000_merge_customers_later_tables) again, now that
-- appointment_reminders names a customer: a reminder's tap is acted on only when its row names
-- the customer who tapped, so when two rows of one person are merged the reminders move with
-- the appointments, else the kept customer's taps would be refused as someone else's.
CREATE OR REPLACE FUNCTION merge_wa_customers(p_tenant_id int, keep_id int, drop_id int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  keep_conversation int;
  drop_conversation int;
  dropped customers%ROWTYPE;
BEGIN
  IF keep_id = drop_id THEN RETURN; END IF;
  UPDATE appointments SET customer_id = keep_id WHERE customer_id = drop_id AND tenant_id = p_tenant_id;
  -- a reminder's quick-reply tap is acted on only for the customer the reminder row names: it follows the person
  UPDATE appointment_reminders SET customer_id = keep_id WHERE customer_id = drop_id AND tenant_id = p_tenant_id;
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
  DELETE FROM customers WHERE id = drop_id RETURNING * INTO dropped;
  UPDATE customers SET
      wa_id = coalesce(wa_id, dropped.wa_id),
      bsuid = coalesce(bsuid, dropped.bsuid),
      parent_bsuid = coalesce(parent_bsuid, dropped.parent_bsuid),
      username = coalesce(username, dropped.username),
      name = coalesce(name, dropped.name)
    WHERE id = keep_id;
END $$;
