import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { installScriptedClaude, type ScriptedClaude, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { comingWorkday } from '../support/customer-day-time.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type CountingDatabase, countingDatabase, type StatementCount } from '../support/statement-counter.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  findConversation,
  isQueueIdle,
  outboundMessages,
  sendTextWebhook,
  startChannel,
  testConfig,
  waitFor,
} from './channel-harness.js';

/** The claim watch polls on a timer while any turn runs: its statements depend on timing, not on the turn. */
const isClaimWatchPoll = (statement: string) => statement.includes('FROM handoffs h JOIN unnest(');

const listing = (count: StatementCount) =>
  count.statements.map((statement, index) => `${index + 1}. ${statement.slice(0, 140)}`).join('\n');

// Every statement outside a transaction is a commit of its own (PostgreSQL's xact_commit counts reads too):
// the soak measured 72 commits per inbound message, most of them single reads of rows the turn had already read.
describe('statements per turn: what one answered message costs the database', () => {
  let database: TestDatabase;
  let counted: CountingDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let claude: ScriptedClaude;
  beforeAll(async () => {
    database = await testDatabase();
    counted = countingDatabase(database.url, { ignore: isClaimWatchPoll });
    // The worker's turns and sends run on the counted client; graphile-worker and the webhook intake have pools of their own.
    channel = await startChannel({ database: { url: database.url, db: counted.db } });
    tenant = await createTestTenant(database.db, { name: 'Salão da Ana', address: 'Rua X, 10' });
    const config = testConfig({ ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' });
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: counted.db, clock: systemClock, logger: silentLogger }));
    channel.useResponder(createAgentResponder({ db: counted.db, logger: silentLogger, clock: systemClock, config, tools }));
  });
  afterAll(async () => {
    await channel.stop();
    await counted.end();
  });
  beforeEach(() => {
    new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  /** One customer message answered: webhook, turn, sends; what the worker's client sent for it. */
  const turn = async (from: string, message: string, replies: number): Promise<StatementCount> => {
    const before = await outboundCount(from);
    counted.reset();
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, message);
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversation.id);
        return rows.length >= before + replies && rows.every((row) => row.status === 'sent') && (await isQueueIdle(database.db));
      },
      { what: 'replies sent' },
    );
    return counted.count();
  };
  const outboundCount = async (from: string) => {
    const conversation = await findConversation(database.db, tenant.id, from);
    return conversation ? (await outboundMessages(database.db, conversation.id)).length : 0;
  };

  it('when a customer asks for the services and then books, then each turn, its sends included, stays within its statement budget', async () => {
    const from = newWaId();
    claude.enqueue(
      toolCalls([{ name: 'listar_servicos', input: {} }]),
      toolCalls([{ name: 'responder_cliente', input: { texto: 'Temos corte e escova. Qual você quer?', afirma: 'nada' } }]),
    );
    const asked = await turn(from, 'oi, quais serviços vocês fazem?', 1);
    // The reads of a turn's start, the loop's start, two steps, the turn's commit and one send.
    expect(asked.commits, listing(asked)).toBeLessThanOrEqual(ASKED_COMMITS);
    expect(asked.statements.length, listing(asked)).toBeLessThanOrEqual(ASKED_STATEMENTS);

    const [ana] = tenant.professionals;
    const [corte] = tenant.services;
    const date = comingWorkday();
    claude.enqueue(
      toolCalls([{ name: 'agendar', input: { profissional_id: ana?.id, servico_id: corte?.id, inicio: `${date}T15:30` } }]),
      () => {
        const result = JSON.parse(String(claude.lastToolResults()[0]?.content ?? '{}'));
        return toolCalls([
          {
            name: 'responder_cliente',
            input: { texto: 'Pronto! Posso ajudar em algo mais?', afirma: 'agendou', agendamento_id: result.agendamento.agendamento_id },
          },
        ]);
      },
    );
    const booked = await turn(from, `quero um corte com a Ana dia ${date} às 15h30`, 2);
    // The same, plus the booking's own transaction, its receipt and a second send.
    expect(booked.commits, listing(booked)).toBeLessThanOrEqual(BOOKED_COMMITS);
    expect(booked.statements.length, listing(booked)).toBeLessThanOrEqual(BOOKED_STATEMENTS);
  });
});

// Before the turn's reads were merged (commit 458a842) the same turns made 37 commits in 52 statements
// (asked) and 58 commits in 83 statements (booked); docs/scaling.md lists them by caller.
const ASKED_COMMITS = 16;
const ASKED_STATEMENTS = 30;
const BOOKED_COMMITS = 26;
const BOOKED_STATEMENTS = 50;
