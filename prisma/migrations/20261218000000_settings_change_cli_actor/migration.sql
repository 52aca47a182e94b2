-- settings_change_cli_actor: an import from the command line is recorded too, with no account or key behind it.
-- AlterTable
ALTER TABLE "settings_changes" ALTER COLUMN "actor_id" DROP NOT NULL;

-- A change is made by a staff account or an API key (both with their id), or by the command line (no id).
ALTER TABLE "settings_changes" DROP CONSTRAINT "settings_changes_actor_kind_check";
ALTER TABLE "settings_changes" ADD CONSTRAINT "settings_changes_actor_kind_check" CHECK (
  ("actor_kind" IN ('staff_account', 'api_key') AND "actor_id" IS NOT NULL) OR ("actor_kind" = 'cli' AND "actor_id" IS NULL)
);
