import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import type { DeadLetter } from './dead-letters.js';
import { intakeWebhook } from './intake-webhook.js';
import { type ProcessingSchedule, storeInboundMessage } from './store-inbound-message.js';
import { createTenantResolver } from './tenant-resolver.js';

export type ReplayOutcome =
  | { kind: 'replayed'; stored: number; duplicates: number; statuses: number; echoes: number }
  | { kind: 'failed_again'; error: string }
  | { kind: 'already_replayed'; replayedAt: Date }
  | { kind: 'not_found' };

/**
 * Runs one dead letter through the webhook intake again (after a fix, or after ops edited
 * its `raw` with SQL). Success sets `replayed_at`; a new failure is recorded in
 * `replay_error` and creates no second dead letter. A letter already replayed is left alone.
 */
export async function replayDeadLetter(deps: { db: Db; logger: Logger; schedule: ProcessingSchedule }, id: number): Promise<ReplayOutcome> {
  const letter = await deps.db.webhookDeadLetter.findUnique({ where: { id } });
  if (!letter) return { kind: 'not_found' };
  if (letter.replayedAt) return { kind: 'already_replayed', replayedAt: letter.replayedAt };
  const failures: DeadLetter[] = [];
  let error: string | null = null;
  let summary: Awaited<ReturnType<typeof intakeWebhook>> | null = null;
  try {
    const raw: unknown = JSON.parse(letter.raw);
    const body =
      letter.kind === 'body'
        ? raw
        : { object: 'whatsapp_business_account', entry: [{ id: 'replay', changes: [{ field: letter.field ?? 'messages', value: raw }] }] };
    summary = await intakeWebhook(
      {
        db: deps.db,
        logger: deps.logger,
        resolveTenant: createTenantResolver(deps.db),
        schedule: deps.schedule,
        storeInbound: (message) => storeInboundMessage(deps.db, message, deps.schedule),
        deadLetter: async (failure) => {
          failures.push(failure);
        },
      },
      body,
    );
    if (failures.length > 0) error = failures.map((failure) => failure.error).join('; ');
    else if (summary.ignored > 0 && summary.stored + summary.duplicates + summary.statuses + summary.echoes === 0)
      error = 'nothing stored: unknown phone_number_id or unused field';
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  if (error !== null || !summary) {
    const message = (error ?? 'replay failed').slice(0, 2000);
    await deps.db.webhookDeadLetter.update({ where: { id }, data: { replayError: message } });
    return { kind: 'failed_again', error: message };
  }
  await deps.db.webhookDeadLetter.update({ where: { id }, data: { replayedAt: new Date(), replayError: null } });
  return { kind: 'replayed', stored: summary.stored, duplicates: summary.duplicates, statuses: summary.statuses, echoes: summary.echoes };
}

/** The newest dead letters (not yet replayed unless `all`), newest first, without their raw bodies. */
export async function listDeadLetters(db: Db, options: { all?: boolean; limit?: number } = {}) {
  return db.webhookDeadLetter.findMany({
    where: options.all ? {} : { replayedAt: null },
    orderBy: { id: 'desc' },
    take: options.limit ?? 50,
    select: {
      id: true,
      createdAt: true,
      tenantId: true,
      phoneNumberId: true,
      field: true,
      kind: true,
      error: true,
      replayedAt: true,
      replayError: true,
    },
  });
}
