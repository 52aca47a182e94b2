-- When the intake's jobs wake the workers (add_conversation_jobs and store_inbound_batch, from
-- 20261219000000_intake_jobs_without_add_jobs and 20261221000000_intake_pending_messages_index).
-- add_conversation_jobs announced every job it wrote on graphile-worker's `jobs:insert`, and each
-- worker process nudged that many idle workers at once. A debounced job is due seconds later, so
-- every one of those lookups found nothing: about two `get_job` calls per inbound message with
-- two worker processes, each a commit that also locks every free named queue (WAL). The job was
-- found at its due time anyway, through the due-time channel (queue/job-wakeups.ts).
--
-- Now the two announcements split the jobs at the statement's start, `now()`: `jobs:insert`
-- counts the jobs due by then (the max wait passed) and is not sent when there are none; the
-- due-time channel lists the due times of all the others (it compared with clock_timestamp(),
-- later in the statement, which left a job due in between to the lag watch once `jobs:insert`
-- no longer covered it). A job due between the statement's start and its commit is past due
-- when the notification arrives, and is looked for at once. Measured in docs/scaling.md (issue 31).

CREATE OR REPLACE FUNCTION add_conversation_jobs(p_conversation_ids int[], p_run_at timestamptz[], p_task text, p_max_attempts smallint)
RETURNS TABLE (id bigint, run_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_task_id int;
  v_queues text[];
  v_keys text[];
  v_due_now bigint;
BEGIN
  SELECT tasks.id INTO v_task_id FROM graphile_worker._private_tasks tasks WHERE tasks.identifier = p_task;
  IF v_task_id IS NULL THEN
    INSERT INTO graphile_worker._private_tasks (identifier) VALUES (p_task) ON CONFLICT DO NOTHING;
    SELECT tasks.id INTO v_task_id FROM graphile_worker._private_tasks tasks WHERE tasks.identifier = p_task;
  END IF;
  -- the conversation's named queue (one job at a time per conversation), created when missing:
  -- the names looked up in their unique index (a NOT EXISTS over the unnest was planned as a
  -- scan of every queue row); the insert runs even when it has nothing to insert, for its lock
  v_queues := ARRAY(SELECT 'conversation:' || conversation_id FROM unnest(p_conversation_ids) AS wanted(conversation_id));
  INSERT INTO graphile_worker._private_job_queues (queue_name)
    SELECT missing.queue_name FROM (
      SELECT unnest(v_queues) AS queue_name
      EXCEPT
      SELECT existing.queue_name FROM graphile_worker._private_job_queues existing WHERE existing.queue_name = ANY (v_queues)
    ) missing
    ORDER BY missing.queue_name
    ON CONFLICT DO NOTHING;
  v_keys := ARRAY(SELECT 'process-conversation:' || conversation_id FROM unnest(p_conversation_ids) AS wanted(conversation_id));
  -- a job already running (or out of attempts) loses its key: the new message gets a job of its own
  UPDATE graphile_worker._private_jobs jobs SET key = NULL, attempts = jobs.max_attempts, updated_at = now()
    WHERE jobs.key = ANY (v_keys) AND jobs.is_available IS NOT TRUE;
  -- graphile-worker's announcement, for the jobs due already (the max wait passed): each worker
  -- process nudges that many idle workers, whose lookups would find nothing for a job due later
  SELECT count(*) INTO v_due_now FROM unnest(p_run_at) AS wanted(run_at) WHERE wanted.run_at <= now();
  IF v_due_now > 0 THEN
    PERFORM pg_notify('jobs:insert', '{"r":' || random()::text || ',"count":' || v_due_now::text || '}');
  END IF;
  RETURN QUERY
    INSERT INTO graphile_worker._private_jobs AS jobs (job_queue_id, task_id, payload, run_at, max_attempts, key, priority, flags)
    SELECT (SELECT queues.id FROM graphile_worker._private_job_queues queues
            WHERE queues.queue_name = 'conversation:' || wanted.conversation_id),
           v_task_id, json_build_object('conversationId', wanted.conversation_id), wanted.run_at, p_max_attempts,
           'process-conversation:' || wanted.conversation_id, 0::smallint, NULL::jsonb
    FROM unnest(p_conversation_ids, p_run_at) AS wanted(conversation_id, run_at)
    ORDER BY wanted.conversation_id
    ON CONFLICT (key) DO UPDATE SET
      job_queue_id = EXCLUDED.job_queue_id, task_id = EXCLUDED.task_id, payload = EXCLUDED.payload,
      max_attempts = EXCLUDED.max_attempts, run_at = EXCLUDED.run_at, priority = EXCLUDED.priority,
      revision = jobs.revision + 1, flags = EXCLUDED.flags, attempts = 0, last_error = NULL, updated_at = now()
      WHERE jobs.locked_at IS NULL
    RETURNING jobs.id, jobs.run_at;
END $$;

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
      -- the workers wake at the debounce deadline instead of at their next poll (queue/job-wakeups.ts),
      -- for every job due after the statement's start (add_conversation_jobs announced the others)
      SELECT pg_notify(p_due_channel, due_times.times::text) FROM (
        SELECT json_agg(due_at) AS times FROM (
          SELECT DISTINCT ceil(extract(epoch FROM due_job.run_at) * 1000)::bigint AS due_at
          FROM job due_job WHERE due_job.run_at > now() LIMIT 100
        ) due_at_times
      ) due_times WHERE due_times.times IS NOT NULL
    )
    SELECT message.id, message.conversation_id, message.wa_message_id, (SELECT count(*) FROM job), (SELECT count(*) FROM due)
    FROM message;
END $$;
