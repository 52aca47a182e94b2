import { beforeAll, describe, expect, it } from 'vitest';
import {
  planTurnEnding,
  RUN_ENDINGS,
  RUN_EXIT_LABELS_PT,
  RUN_EXITS,
  type TurnEnding,
  type TurnScope,
} from '../../src/conversation/index.js';
import { createTestConversation, createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const scope: TurnScope = { tenantId: 1, conversationId: 7, messageIds: [40] };
const reply = [{ type: 'text' as const, text: 'Oi!' }];
const open = { claimedByAttendant: false, customerWindow: 'open' } as const;

/** One ending of every kind that closes a run. */
const RUN_CLOSING: TurnEnding[] = [
  { kind: 'answer', run: { id: 1 }, replies: reply },
  { kind: 'answer', run: { id: 1 }, replies: reply, exit: 'gave_up' },
  { kind: 'answer_and_handoff', run: { id: 1 }, reason: 'requested_by_customer', replies: reply },
  { kind: 'handoff', run: { id: 1 }, reason: 'iteration_limit' },
  { kind: 'cancelled', run: { id: 1 } },
  { kind: 'give_up', run: { id: 1 } },
  { kind: 'superseded', run: { id: 1 } },
];

/** The quoted values of a `CHECK (col IN (...))` or `= ANY (ARRAY[...])` definition. */
const checkedValues = (definition: string) => [...definition.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]);

describe('how a run ended: one vocabulary per column', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when every run-closing ending is planned, then the outcomes stored are exactly RUN_ENDINGS, and gave_up is only an exit', () => {
    const plans = RUN_CLOSING.map((ending) => planTurnEnding(ending, scope, open).run);
    expect(new Set(plans.map((run) => run?.outcome))).toEqual(new Set(RUN_ENDINGS));
    expect(plans.map((run) => run?.outcome)).not.toContain('gave_up');
    expect(plans.find((run) => run?.exit === 'gave_up')?.outcome).toBe('answer');
    expect(new Set(plans.map((run) => run?.exit)).size).toBeGreaterThan(3);
  });

  it("when the schema's CHECK constraints are read, then they list exactly the unions' values", async () => {
    const rows = await database.db.$queryRaw<{ name: string; definition: string }[]>`
      SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = 'agent_runs'::regclass AND conname IN ('agent_runs_outcome_known', 'agent_runs_exit_known')`;
    const definitionOf = (name: string) => rows.find((row) => row.name === name)?.definition ?? '';
    expect(checkedValues(definitionOf('agent_runs_outcome_known')).sort()).toEqual([...RUN_ENDINGS].sort());
    expect(checkedValues(definitionOf('agent_runs_exit_known')).sort()).toEqual([...RUN_EXITS].sort());
  });

  it('when a run is stored with the old give-up word as its outcome, then the database refuses it', async () => {
    const tenant = await createTestTenant(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    await expect(
      database.db.agentRun.create({ data: { tenantId: tenant.id, conversationId: conversation.id, status: 'failed', outcome: 'gave_up' } }),
    ).rejects.toThrow(/agent_runs_outcome_known/);
  });

  it('when the console labels exits, then there is one label per exit the database can hold, plus running', () => {
    expect(Object.keys(RUN_EXIT_LABELS_PT).sort()).toEqual([...RUN_EXITS, 'running'].sort());
  });
});
