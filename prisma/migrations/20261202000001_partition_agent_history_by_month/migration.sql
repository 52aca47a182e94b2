-- partition_agent_history_by_month (written by hand: Prisma cannot express partitioning; the only
-- change Prisma sees is the primary key, now ("id", "created_at"), as PostgreSQL requires the
-- partition key in every unique index of a partitioned table).
--
-- agent_history becomes a table partitioned by range of created_at, one partition per calendar
-- month (UTC). Its rows are deleted, not anonymised, by retention, compaction and erasure, so a
-- month past every tenant's retention can be dropped whole (src/db/monthly-partitions.ts, run by
-- the daily maintenance job, which also creates the coming months ahead).
--
-- No row is copied: the existing table becomes the first partition, holding everything before
-- next month (FROM MINVALUE), checked by a constraint added before the attach so the attach
-- needs no second scan. A DEFAULT partition catches rows past the last month created, so an
-- insert never fails if the maintenance job has not run for months.

-- 1. The existing table, without the constraints and indexes its parent will own.
ALTER TABLE "agent_history" DROP CONSTRAINT "agent_history_conversation_id_tenant_id_fkey";
ALTER TABLE "agent_history" DROP CONSTRAINT "agent_history_run_id_fkey";
ALTER TABLE "agent_history" DROP CONSTRAINT "agent_history_pkey";
DROP INDEX "agent_history_conversation_id_id_idx";
DROP INDEX "agent_history_tenant_id_created_at_idx";
ALTER TABLE "agent_history" RENAME TO "agent_history_legacy";

-- 2. The partitioned table, with what Prisma expects of it (names as Prisma would give them).
CREATE TABLE "agent_history" (
    "id" INTEGER NOT NULL DEFAULT nextval('agent_history_id_seq'::regclass),
    "tenant_id" INTEGER NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "run_id" INTEGER,
    "role" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_id" INTEGER,

    CONSTRAINT "agent_history_pkey" PRIMARY KEY ("id", "created_at"),
    CONSTRAINT "agent_history_role_check" CHECK ("role" IN ('user', 'assistant'))
) PARTITION BY RANGE ("created_at");

-- The sequence now belongs to the parent: dropping the old partition one day must not drop it.
ALTER SEQUENCE "agent_history_id_seq" OWNED BY "agent_history"."id";

CREATE INDEX "agent_history_conversation_id_id_idx" ON "agent_history"("conversation_id", "id");
CREATE INDEX "agent_history_tenant_id_created_at_idx" ON "agent_history"("tenant_id", "created_at");

ALTER TABLE "agent_history" ADD CONSTRAINT "agent_history_conversation_id_tenant_id_fkey" FOREIGN KEY ("conversation_id", "tenant_id") REFERENCES "conversations"("id", "tenant_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_history" ADD CONSTRAINT "agent_history_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "agent_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- 3. The old rows become the first partition; the current month's next three get their own; then the default.
DO $$
DECLARE
  next_month timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '1 month';
  month_start timestamptz;
BEGIN
  EXECUTE format('ALTER TABLE "agent_history_legacy" ADD CONSTRAINT "agent_history_legacy_bound" CHECK ("created_at" < %L)', next_month);
  EXECUTE format('ALTER TABLE "agent_history" ATTACH PARTITION "agent_history_legacy" FOR VALUES FROM (MINVALUE) TO (%L)', next_month);
  ALTER TABLE "agent_history_legacy" DROP CONSTRAINT "agent_history_legacy_bound";
  EXECUTE format('ALTER TABLE "agent_history_legacy" RENAME TO %I', 'agent_history_before_' || to_char(next_month AT TIME ZONE 'UTC', 'YYYY_MM'));
  FOR step IN 0..2 LOOP
    month_start := next_month + make_interval(months => step);
    EXECUTE format('CREATE TABLE %I PARTITION OF "agent_history" FOR VALUES FROM (%L) TO (%L)',
      'agent_history_p' || to_char(month_start AT TIME ZONE 'UTC', 'YYYY_MM'), month_start, month_start + interval '1 month');
  END LOOP;
END $$;

CREATE TABLE "agent_history_default" PARTITION OF "agent_history" DEFAULT;
