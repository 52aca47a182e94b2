/**
 * Who made a change to an appointment or a block, as recorded in its history:
 * - `bot_run`: the Claude agent or the offline assistant, with the `agent_runs` id when known;
 * - `staff_account`: a person signed in to the console (staff account id);
 * - `api_key`: a call with a tenant admin API key (`tenant_api_keys` id);
 * - `customer_reminder`: the customer, answering a reminder (customer id);
 * - `payment`: the deposit's own machinery (Mercado Pago confirmed the payment, the hold ran out, the
 *   charge could not be created); no id.
 */
export type AppointmentActor =
  | { kind: 'bot_run'; runId: number | null }
  | { kind: 'staff_account'; staffAccountId: number }
  | { kind: 'api_key'; apiKeyId: number }
  | { kind: 'customer_reminder'; customerId: number }
  | { kind: 'payment' };

export type ActorKind = AppointmentActor['kind'];

/** The actor as the `actor_kind` / `actor_id` columns store it. */
export function actorColumns(actor: AppointmentActor): { actorKind: ActorKind; actorId: number | null } {
  switch (actor.kind) {
    case 'bot_run':
      return { actorKind: actor.kind, actorId: actor.runId };
    case 'staff_account':
      return { actorKind: actor.kind, actorId: actor.staffAccountId };
    case 'api_key':
      return { actorKind: actor.kind, actorId: actor.apiKeyId };
    case 'customer_reminder':
      return { actorKind: actor.kind, actorId: actor.customerId };
    case 'payment':
      return { actorKind: actor.kind, actorId: null };
  }
}

/** The bot's actor for a tool call (the run is unknown outside an agent run). */
export function botActor(runId: number | undefined | null): AppointmentActor {
  return { kind: 'bot_run', runId: runId ?? null };
}
