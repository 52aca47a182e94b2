-- The max-wait cap of the intake's debounce (store_inbound_batch, from
-- 20261219000000_intake_jobs_without_add_jobs) looked up the conversation's oldest unprocessed
-- inbound message with `min(created_at)` over messages_conversation_id_id_idx: every message the
-- conversation ever had was read, so the batch statement got slower as conversations got longer.
-- A partial index of the inbound messages not processed yet makes it one probe.
--
-- The predicate is `processed_at IS NULL`, not `status = 'received'`: a column named in an index
-- (its predicate included) turns every update that changes it into a non-HOT update, and the
-- outbound rows' status changes several times per message (pending, sending, sent, delivered,
-- read) while their processed_at never does. Only the inbound row's one update out of
-- 'received' (turn-writes.ts, apply-inbound-effect.ts: status and processed_at together) stops
-- being HOT. An inbound row is 'received' exactly while its processed_at is null: the intake
-- writes processed_at for every other status, and every writer that moves a row off 'received'
-- sets it. The lookup keeps `status = 'received'` as well, so the cap means what it meant.
-- Measured in docs/performance.md (issue 32, fourth round).

CREATE INDEX messages_pending_inbound_idx ON messages (conversation_id, created_at)
  WHERE direction = 'inbound' AND processed_at IS NULL;

CREATE OR REPLACE FUNCTION store_inbound_batch(
  p_tenant_id int[], p_known_customer_id int[], p_wa_id text[], p_bsuid text[], p_parent_bsuid text[], p_username text[],
  p_name text[], p_wa_message_id text[], p_type text[], p_text text[], p_status text[], p_payload text[], p_referral text[],
  p_sent_at text[], p_task text, p_debounce_secs double precision, p_max_wait_secs double precision, p_max_attempts smallint,
  p_due_channel text)
RETURNS TABLE (id int, conversation_id int, wa_message_id text, jobs bigint, due bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH input AS (
      SELECT * FROM unnest(p_tenant_id, p_known_customer_id, p_wa_id, p_bsuid, p_parent_bsuid, p_username, p_name, p_wa_message_id,
                           p_type, p_text, p_status, p_payload, p_referral, p_sent_at)
        WITH ORDINALITY AS input(tenant_id, known_customer_id, wa_id, bsuid, parent_bsuid, username, name, wa_message_id, type, text,
                                 status, payload, referral, sent_at, position)
    ), identity AS MATERIALIZED (
      -- one row per distinct sender still to upsert, the newest profile fields winning, in lock order
      SELECT DISTINCT ON (tenant_id, wa_id, bsuid) tenant_id, wa_id, bsuid, parent_bsuid, username, name
      FROM input WHERE known_customer_id IS NULL ORDER BY tenant_id, wa_id, bsuid, position DESC
    ), known_by_phone AS MATERIALIZED (
      -- senders stored already with these very fields: the row upsert_wa_customer would keep (the
      -- exact phone), locked as it locks it, without a call and without a write
      SELECT identity.tenant_id, identity.wa_id, identity.bsuid, found.id
      FROM identity JOIN customers found ON found.tenant_id = identity.tenant_id AND found.wa_id = identity.wa_id
      WHERE found.bsuid IS NOT DISTINCT FROM coalesce(identity.bsuid, found.bsuid)
        AND found.parent_bsuid IS NOT DISTINCT FROM coalesce(identity.parent_bsuid, found.parent_bsuid)
        AND found.username IS NOT DISTINCT FROM coalesce(identity.username, found.username)
        AND found.name IS NOT DISTINCT FROM coalesce(identity.name, found.name)
      ORDER BY found.id
      FOR UPDATE OF found
    ), known_by_bsuid AS MATERIALIZED (
      -- the same for senders without a phone (a username): found by their business-scoped id
      SELECT identity.tenant_id, identity.wa_id, identity.bsuid, found.id
      FROM identity JOIN customers found ON found.tenant_id = identity.tenant_id AND found.bsuid = identity.bsuid
      WHERE identity.wa_id IS NULL
        AND found.parent_bsuid IS NOT DISTINCT FROM coalesce(identity.parent_bsuid, found.parent_bsuid)
        AND found.username IS NOT DISTINCT FROM coalesce(identity.username, found.username)
        AND found.name IS NOT DISTINCT FROM coalesce(identity.name, found.name)
      ORDER BY found.id
      FOR UPDATE OF found
    ), known AS MATERIALIZED (
      SELECT * FROM known_by_phone UNION ALL SELECT * FROM known_by_bsuid
    ), customer AS MATERIALIZED (
      SELECT tenant_id, wa_id, bsuid, id FROM known
      UNION ALL
      -- everyone else (new, changed, or to be linked or merged) through the one function that decides identity
      SELECT tenant_id, wa_id, bsuid, upsert_wa_customer(tenant_id, wa_id, bsuid, parent_bsuid, username, name, false) AS id
      FROM identity
      WHERE NOT EXISTS (
        SELECT 1 FROM known WHERE known.tenant_id = identity.tenant_id AND known.wa_id IS NOT DISTINCT FROM identity.wa_id
          AND known.bsuid IS NOT DISTINCT FROM identity.bsuid)
    ), sender AS (
      SELECT input.*, coalesce(input.known_customer_id, customer.id) AS customer_id
      FROM input LEFT JOIN customer ON input.known_customer_id IS NULL AND customer.tenant_id = input.tenant_id
        AND customer.wa_id IS NOT DISTINCT FROM input.wa_id AND customer.bsuid IS NOT DISTINCT FROM input.bsuid
    ), conversation AS (
      INSERT INTO conversations AS existing (tenant_id, customer_id, last_inbound_at, referral, updated_at)
      SELECT tenant_id, customer_id, least(max(sent_at::timestamptz), now()),
             (array_agg(referral::jsonb ORDER BY position) FILTER (WHERE referral IS NOT NULL))[1], now()
      FROM sender GROUP BY tenant_id, customer_id ORDER BY customer_id
      ON CONFLICT (tenant_id, customer_id) DO UPDATE
        SET last_inbound_at = greatest(existing.last_inbound_at, EXCLUDED.last_inbound_at),
            referral = coalesce(existing.referral, EXCLUDED.referral), updated_at = now()
      RETURNING existing.id, existing.customer_id
    ), message AS (
      INSERT INTO messages (tenant_id, conversation_id, direction, author, type, text, payload, wa_message_id, status, sent_at,
                            processed_at, updated_at)
      SELECT sender.tenant_id, conversation.id, 'inbound', 'customer', sender.type, sender.text, sender.payload::jsonb,
             sender.wa_message_id, sender.status, sender.sent_at::timestamptz,
             CASE WHEN sender.status = 'received' THEN NULL ELSE now() END, now()
      FROM sender JOIN conversation ON conversation.customer_id = sender.customer_id
      ORDER BY sender.position
      ON CONFLICT (wa_message_id) DO NOTHING
      RETURNING messages.id, messages.conversation_id, messages.wa_message_id, messages.status
    ), touched AS (
      -- Same job for every conversation with a message to answer: debounced by key (a new
      -- message resets run_at), capped at the oldest unprocessed message + max wait (this batch's
      -- rows are not visible here: they arrive now), on the conversation's queue. The oldest
      -- unprocessed message is one probe of messages_pending_inbound_idx, whatever the history.
      SELECT touched.conversation_id,
             least(
               now() + make_interval(secs => p_debounce_secs),
               coalesce(
                 (SELECT min(pending.created_at) FROM messages pending
                  WHERE pending.conversation_id = touched.conversation_id AND pending.direction = 'inbound'
                    AND pending.processed_at IS NULL AND pending.status = 'received'),
                 now()
               ) + make_interval(secs => p_max_wait_secs)
             ) AS run_at
      FROM (SELECT DISTINCT message.conversation_id FROM message WHERE message.status = 'received') touched
    ), job AS (
      SELECT added.id, added.run_at FROM (
        SELECT array_agg(touched.conversation_id ORDER BY touched.conversation_id) AS conversation_ids,
               array_agg(touched.run_at ORDER BY touched.conversation_id) AS run_ats
        FROM touched
      ) specs, add_conversation_jobs(specs.conversation_ids, specs.run_ats, p_task, p_max_attempts) added
      WHERE specs.conversation_ids IS NOT NULL
    ), due AS (
      -- the workers wake at the debounce deadline instead of at their next poll (queue/job-wakeups.ts)
      SELECT pg_notify(p_due_channel, due_times.times::text) FROM (
        SELECT json_agg(due_at) AS times FROM (
          SELECT DISTINCT ceil(extract(epoch FROM due_job.run_at) * 1000)::bigint AS due_at
          FROM job due_job WHERE due_job.run_at > clock_timestamp() LIMIT 100
        ) due_at_times
      ) due_times WHERE due_times.times IS NOT NULL
    )
    SELECT message.id, message.conversation_id, message.wa_message_id, (SELECT count(*) FROM job), (SELECT count(*) FROM due)
    FROM message;
END $$;
