-- The webhook intake's one statement per batch (whatsapp/store-inbound-batch.ts), kept as a
-- function so that each database session plans it once: parsing and planning the statement
-- sent as text cost more than executing it for a typical batch of a dozen messages.
-- Arguments are the batch's columns, one array each, in message order; the job's task, the
-- debounce, the cap, the attempts and the wake-up channel come from the caller.
-- p_known_customer_id gives each message's customer when the caller upserted (and merged)
-- the customers already; NULL entries are upserted here without merging (SQLSTATE WAM01
-- when a merge is needed: the caller merges in a statement of its own and calls again).
CREATE FUNCTION store_inbound_batch(
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
    ), customer AS MATERIALIZED (
      SELECT tenant_id, wa_id, bsuid, upsert_wa_customer(tenant_id, wa_id, bsuid, parent_bsuid, username, name, false) AS id FROM identity
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
    ), specs AS (
      -- Same job for every conversation with a message to answer: debounced by key ('replace'
      -- resets run_at), capped at the oldest unprocessed message + max wait (this batch's rows are
      -- not visible here: they arrive now), on the conversation's queue.
      SELECT array_agg(
               ROW(p_task, json_build_object('conversationId', touched.conversation_id),
                   'conversation:' || touched.conversation_id,
                   least(
                     now() + make_interval(secs => p_debounce_secs),
                     coalesce(
                       (SELECT min(pending.created_at) FROM messages pending
                        WHERE pending.conversation_id = touched.conversation_id AND pending.direction = 'inbound'
                          AND pending.status = 'received'),
                       now()
                     ) + make_interval(secs => p_max_wait_secs)
                   ),
                   p_max_attempts, 'process-conversation:' || touched.conversation_id, NULL::smallint, NULL::text[]
               )::graphile_worker.job_spec
               ORDER BY touched.conversation_id) AS list
      FROM (SELECT DISTINCT message.conversation_id FROM message WHERE message.status = 'received') touched
    ), job AS (
      SELECT added.id, added.run_at FROM specs, graphile_worker.add_jobs(specs.list, false) added WHERE specs.list IS NOT NULL
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
