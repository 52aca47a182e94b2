-- waitlist: customers' wishes for a freed slot, the offers made to them, and the `waitlist` source of a booking made from one

-- AlterTable
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_source_check";
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_source_check" CHECK ("source" IN ('bot', 'staff', 'reminder', 'waitlist'));

-- CreateTable
CREATE TABLE "waitlist_entries" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "customer_id" INTEGER NOT NULL,
    "service_id" INTEGER NOT NULL,
    "professional_id" INTEGER,
    "date" TEXT NOT NULL,
    "period" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "waitlist_entries_period_check" CHECK ("period" IN ('manha', 'tarde', 'noite')),
    CONSTRAINT "waitlist_entries_status_check" CHECK ("status" IN ('open', 'offered', 'booked', 'expired')),
    CONSTRAINT "waitlist_entries_date_check" CHECK ("date" ~ '^\d{4}-\d{2}-\d{2}$')
);

-- CreateTable
CREATE TABLE "waitlist_offers" (
    "id" SERIAL NOT NULL,
    "tenant_id" INTEGER NOT NULL,
    "entry_id" INTEGER NOT NULL,
    "professional_id" INTEGER NOT NULL,
    "service_id" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'offered',
    "hold_until" TIMESTAMPTZ(3) NOT NULL,
    "payload_token" TEXT NOT NULL,
    "appointment_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "waitlist_offers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "waitlist_offers_status_check" CHECK ("status" IN ('offered', 'passed', 'taken', 'gone'))
);

-- CreateIndex
CREATE INDEX "waitlist_entries_tenant_id_status_date_idx" ON "waitlist_entries"("tenant_id", "status", "date");

-- CreateIndex
CREATE INDEX "waitlist_entries_tenant_id_customer_id_idx" ON "waitlist_entries"("tenant_id", "customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "waitlist_offers_payload_token_key" ON "waitlist_offers"("payload_token");

-- CreateIndex
CREATE INDEX "waitlist_offers_tenant_id_professional_id_starts_at_idx" ON "waitlist_offers"("tenant_id", "professional_id", "starts_at");

-- CreateIndex
CREATE INDEX "waitlist_offers_entry_id_idx" ON "waitlist_offers"("entry_id");

-- AddForeignKey
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "waitlist_entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- merge_wa_customers (last from 20261205000010_inbox_notes_quick_replies) again, now that
-- waitlist_entries names a customer: when two rows of one person are merged, their entries follow.
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
  -- a waitlist offer's tap is acted on only for the customer its entry names: entries follow the person
  UPDATE waitlist_entries SET customer_id = keep_id WHERE customer_id = drop_id AND tenant_id = p_tenant_id;
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
    -- staff's internal notes stay with the person's conversation
    UPDATE conversation_notes SET conversation_id = keep_conversation WHERE conversation_id = drop_conversation;
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
