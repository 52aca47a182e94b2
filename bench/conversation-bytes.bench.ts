/**
 * What one booking conversation leaves in the database, table by table.
 *
 * The whole path runs in this process on a real PostgreSQL: signed webhooks into the intake,
 * graphile-worker jobs, the Claude agent (a scripted model served in-process through the real
 * SDK) with the real scheduling tools, the turn's commit, the outbox and its send jobs (the
 * tenant has no access token: the sandbox transport marks replies sent). Every customer books
 * a haircut in three messages (which services, which professional and day, which time), and
 * comes back for VISITS bookings in all, as regulars do; a conversation here is one such visit.
 *
 * Measured twice in the same run, each in a fresh database:
 * - baseline: tool results stored in agent_history as well as agent_tool_calls (as before),
 *   and no maintenance;
 * - shrunk: results stored once, then the daily maintenance run (history beyond the window
 *   compacted, queue leftovers deleted).
 * Per table: rows, live bytes (sum of pg_column_size of the rows: what the data takes, TOAST
 * compression included) and bytes on disk (pg_total_relation_size with indexes and TOAST,
 * after VACUUM FULL, so dead rows do not count), all per conversation, with the ratio.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import pg from 'pg';
import request from 'supertest';
import { createAgentResponder } from '../src/agent/index.js';
import { runDailyMaintenance } from '../src/boot/create-maintenance-tasks.js';
import { createChannelTasks, schedulingToolDepsOf } from '../src/boot/index.js';
import type { ServiceDeps } from '../src/boot/service-deps.js';
import { loadConfig } from '../src/config/index.js';
import { keyringFromConfig } from '../src/credentials/index.js';
import { createDb, createIntakePool, type Db } from '../src/db/index.js';
import { createHttpApp } from '../src/http/index.js';
import { conversationQueueName, startWorker } from '../src/queue/index.js';
import { createSchedulingTools } from '../src/scheduling/tools/index.js';
import { createLogger, localDateTimeOf, systemClock } from '../src/shared/index.js';
import { importTenant } from '../src/tenant/index.js';
import { createWhatsAppWebhookRouter, signPayload } from '../src/whatsapp/index.js';
import { inProcessFetch, type RecordedRequest, ScriptedClaude, toolCalls } from '../test/fakes/anthropic.js';
import { newWamid, webhookFixture } from '../test/fixtures/whatsapp/webhook-fixtures.js';
import { createBenchDatabase } from './support/bench-database.js';
import type { BenchTarget } from './support/targets.js';

const demoTenant = JSON.parse(readFileSync(new URL('../scripts/demo-tenant.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const CUSTOMERS = 12;
const VISITS = 4;
const APP_SECRET = 'bench-app-secret';
const PHONE_NUMBER_ID = '100000000000077';

interface TableBytes {
  rows: number;
  liveBytes: number;
  diskBytes: number;
}
type Sizes = Map<string, TableBytes>;

export default async function run(): Promise<BenchTarget[]> {
  const baseline = (await measure({ shrink: false })).kept;
  const { written: once, kept: shrunk } = await measure({ shrink: true });
  const conversations = CUSTOMERS * VISITS;
  console.log(
    `${CUSTOMERS} customers × ${VISITS} visits = ${conversations} booking conversations (3 customer messages each: services, professional and day, time), whole path in process, real PostgreSQL`,
  );
  console.log(
    'before: tool results stored twice, no maintenance (the baseline); once: results stored once; after: once + the daily maintenance (history compaction, queue leftovers)',
  );
  const tables = [...new Set([...baseline.keys(), ...shrunk.keys()])].sort();
  const per = (value: number) => value / conversations;
  const total = (sizes: Sizes, pick: (bytes: TableBytes) => number) => [...sizes.values()].reduce((sum, bytes) => sum + pick(bytes), 0);
  const line = (table: string, pick: (sizes: Sizes, field: keyof TableBytes) => number) => ({
    table,
    'rows before': round(per(pick(baseline, 'rows'))),
    'rows after': round(per(pick(shrunk, 'rows'))),
    'live B before': Math.round(per(pick(baseline, 'liveBytes'))),
    'live B once': Math.round(per(pick(once, 'liveBytes'))),
    'live B after': Math.round(per(pick(shrunk, 'liveBytes'))),
    'live after/before': ratio(pick(shrunk, 'liveBytes'), pick(baseline, 'liveBytes')),
    'disk B before': Math.round(per(pick(baseline, 'diskBytes'))),
    'disk B after': Math.round(per(pick(shrunk, 'diskBytes'))),
    'disk after/before': ratio(pick(shrunk, 'diskBytes'), pick(baseline, 'diskBytes')),
  });
  const rows = tables
    .filter((table) =>
      [baseline, once, shrunk].some((sizes) => (sizes.get(table)?.rows ?? 0) !== 0 || (sizes.get(table)?.diskBytes ?? 0) !== 0),
    )
    .map((table) => line(table, (sizes, field) => sizes.get(table)?.[field] ?? 0));
  rows.push(line('TOTAL', (sizes, field) => total(sizes, (bytes) => bytes[field])));
  console.log('per conversation (rows, live bytes = sum of pg_column_size, bytes on disk with indexes after VACUUM FULL):');
  console.table(rows);
  const liveBefore = total(baseline, (bytes) => bytes.liveBytes);
  const liveAfter = total(shrunk, (bytes) => bytes.liveBytes);
  const diskBefore = total(baseline, (bytes) => bytes.diskBytes);
  const diskAfter = total(shrunk, (bytes) => bytes.diskBytes);
  console.log(
    `bytes per conversation: live ${Math.round(per(liveBefore))} → ${Math.round(per(liveAfter))} (${ratio(liveAfter, liveBefore)}), on disk ${Math.round(per(diskBefore))} → ${Math.round(per(diskAfter))} (${ratio(diskAfter, diskBefore)})`,
  );
  // figures only: this benchmark has no target of its own
  return [];
}

const round = (value: number) => Math.round(value * 100) / 100;
const ratio = (after: number, before: number) => (before === 0 ? (after === 0 ? '-' : 'new') : `${(after / before).toFixed(2)}×`);

async function measure(options: { shrink: boolean }): Promise<{ written: Sizes; kept: Sizes }> {
  const logger = createLogger('warn');
  const database = await createBenchDatabase({ prefix: 'wa_bench_bytes', serverUrl: process.env.DATABASE_URL, queue: true, logger });
  const db = createDb(database.url, { maxConnections: 8 });
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ANTHROPIC_API_KEY: 'sk-ant-bench',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'bench-verify',
      DEBOUNCE_MS: '30',
    });
    const imported = await importTenant(
      db,
      { ...demoTenant, slug: `bytes-${randomBytes(3).toString('hex')}`, whatsapp: { phoneNumberId: PHONE_NUMBER_ID } },
      { keyring: keyringFromConfig(config) },
    );
    if (imported.kind !== 'imported') throw new Error(`tenant refused: ${imported.problems.join('; ')}`);
    const catalog = await catalogOf(db, imported.tenantId);

    const claude = new ScriptedClaude();
    const client = new Anthropic({ apiKey: 'sk-ant-bench', fetch: inProcessFetch(claude), maxRetries: 0 });
    const responder = createAgentResponder({
      db,
      logger,
      clock: systemClock,
      config,
      tools: createSchedulingTools(schedulingToolDepsOf({ db, clock: systemClock, logger })),
      client,
      inlineToolResults: !options.shrink,
    });
    const deps: ServiceDeps = { config, db, databaseUrl: database.url, logger, clock: systemClock };
    const intakePool = createIntakePool(database.url, logger);
    const webhook = createWhatsAppWebhookRouter({ ...deps, intakePool: intakePool.pool });
    const app = createHttpApp({ db, logger, routers: [webhook] });
    const worker = await startWorker({
      connectionString: database.url,
      concurrency: 4,
      tasks: createChannelTasks(deps, { chooseResponder: async () => responder, claimPollMs: 50 }),
      logger,
      pollInterval: 20,
    });

    const before = await tableSizes(admin);
    const slots = bookableSlots(catalog.timezone, CUSTOMERS * VISITS);
    try {
      for (let visit = 0; visit < VISITS; visit++) {
        for (let customer = 0; customer < CUSTOMERS; customer++) {
          const slot = slots[visit * CUSTOMERS + customer];
          if (!slot) throw new Error('ran out of slots');
          await bookOneHaircut(app, db, claude, catalog, `55119${String(7_000_000 + customer).padStart(8, '0')}`, slot);
        }
      }
    } finally {
      await worker.stop();
      await intakePool.end();
    }
    if (claude.remaining !== 0) throw new Error(`${claude.remaining} model steps left unused`);
    const booked = await db.appointment.count({ where: { tenantId: imported.tenantId, status: 'booked' } });
    if (booked !== CUSTOMERS * VISITS) throw new Error(`expected ${CUSTOMERS * VISITS} booked appointments, found ${booked}`);
    const delta = (after: Sizes): Sizes =>
      new Map(
        [...after].map(([table, size]) => {
          const start = before.get(table) ?? { rows: 0, liveBytes: 0, diskBytes: 0 };
          return [
            table,
            { rows: size.rows - start.rows, liveBytes: size.liveBytes - start.liveBytes, diskBytes: size.diskBytes - start.diskBytes },
          ];
        }),
      );
    const written = delta(await tableSizes(admin));
    if (!options.shrink) return { written, kept: written };
    await runDailyMaintenance({ db, logger, clock: systemClock, historyWindow: config.AGENT_HISTORY_MAX_MESSAGES });
    return { written, kept: delta(await tableSizes(admin)) };
  } finally {
    await admin.end();
    await db.$disconnect();
    await database.dispose();
  }
}

interface Catalog {
  tenantId: number;
  timezone: string;
  phoneNumberId: string;
  serviceId: number;
  professionalId: number;
}

async function catalogOf(db: Db, tenantId: number): Promise<Catalog> {
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { timezone: true, phoneNumberId: true } });
  const service = await db.service.findFirstOrThrow({ where: { tenantId, key: 'corte' }, select: { id: true } });
  const professional = await db.professional.findFirstOrThrow({ where: { tenantId, key: 'juliana' }, select: { id: true } });
  return {
    tenantId,
    timezone: tenant.timezone,
    phoneNumberId: tenant.phoneNumberId,
    serviceId: service.id,
    professionalId: professional.id,
  };
}

/** Juliana's 45-minute haircut starts (Tue–Fri 09:00–12:00 and 13:00–19:00), from the day after tomorrow on. */
function bookableSlots(timezone: string, count: number): { date: string; time: string }[] {
  const starts = ['09:00', '09:45', '10:30', '11:15', '13:00', '13:45', '14:30', '15:15', '16:00', '16:45', '17:30', '18:15'];
  const slots: { date: string; time: string }[] = [];
  for (let day = 2; slots.length < count && day < 30; day++) {
    const local = localDateTimeOf(Date.now() + day * 86_400_000, timezone).slice(0, 10);
    const weekday = new Date(`${local}T12:00:00Z`).getUTCDay();
    if (weekday < 2 || weekday > 5) continue;
    for (const time of starts) if (slots.length < count) slots.push({ date: local, time });
  }
  return slots;
}

/** One visit: three customer messages, each answered by the scripted model through real tools. */
async function bookOneHaircut(
  app: ReturnType<typeof createHttpApp>,
  db: Db,
  claude: ScriptedClaude,
  catalog: Catalog,
  waId: string,
  slot: { date: string; time: string },
): Promise<void> {
  const [year, month, day] = slot.date.split('-');
  const answer = (texto: string, afirma = 'nada') => toolCalls([{ name: 'responder_cliente', input: { texto, afirma } }]);
  claude.enqueue(
    toolCalls([{ name: 'listar_servicos' }]),
    toolCalls([{ name: 'listar_profissionais', input: { servico_id: catalog.serviceId } }]),
    answer('Para corte feminino temos a Juliana Alves e o Rafael Souza. Com quem você prefere, e para qual dia?'),
  );
  await customerSays(app, db, catalog, waId, 'Oi! Queria marcar um corte feminino, vocês têm horário?');
  claude.enqueue(
    toolCalls([
      { name: 'buscar_horarios', input: { profissional_id: catalog.professionalId, data: slot.date, servico_id: catalog.serviceId } },
    ]),
    answer(`No dia ${day}/${month} a Juliana tem horários livres de manhã e à tarde. Qual horário fica melhor para você?`),
  );
  await customerSays(app, db, catalog, waId, `Com a Juliana, dia ${day}/${month}/${year}`);
  claude.enqueue(
    toolCalls([
      {
        name: 'agendar',
        input: { profissional_id: catalog.professionalId, servico_id: catalog.serviceId, inicio: `${slot.date}T${slot.time}` },
      },
    ]),
    (request: RecordedRequest) => {
      const last = request.body.messages.at(-1)?.content;
      const result = Array.isArray(last)
        ? (last.find((block) => block.type === 'tool_result') as { content?: unknown } | undefined)
        : undefined;
      const content = typeof result?.content === 'string' ? result.content : '{}';
      const booked = JSON.parse(content) as { agendamento?: { agendamento_id?: number } };
      return toolCalls([
        {
          name: 'responder_cliente',
          input: {
            texto: 'Pronto, está agendado! O comprovante vai logo abaixo. Até lá!',
            afirma: 'agendou',
            agendamento_id: booked.agendamento?.agendamento_id,
          },
        },
      ]);
    },
  );
  await customerSays(app, db, catalog, waId, `Pode ser às ${slot.time}`);
}

async function customerSays(app: ReturnType<typeof createHttpApp>, db: Db, catalog: Catalog, waId: string, text: string): Promise<void> {
  const messageId = newWamid();
  const raw = JSON.stringify(webhookFixture('text', { phoneNumberId: catalog.phoneNumberId, from: waId, text, messageId }));
  const response = await request(app)
    .post('/webhooks/whatsapp')
    .set('content-type', 'application/json')
    .set('x-hub-signature-256', signPayload(raw, APP_SECRET))
    .send(raw);
  if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
  const deadline = Date.now() + 30_000;
  while (!(await isTurnDone(db, messageId))) {
    if (Date.now() > deadline) throw new Error(`the turn "${text}" did not finish in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * True when the turn of the customer's message `waMessageId` is over: the message was answered
 * (no longer `received`) and its conversation's queue holds no job that can still run (the turn,
 * its reply sends). Jobs elsewhere do not count: a booking queues its reminders hours ahead, and
 * waiting for the whole queue to empty never ends.
 */
async function isTurnDone(db: Db, waMessageId: string): Promise<boolean> {
  const message = await db.message.findFirst({ where: { waMessageId }, select: { status: true, conversationId: true } });
  if (!message || message.status === 'received') return false;
  const [row] = await db.$queryRaw<{ runnable: bigint }[]>`
    SELECT count(*) AS runnable FROM graphile_worker.jobs
    WHERE queue_name = ${conversationQueueName(message.conversationId)} AND attempts < max_attempts`;
  return row?.runnable === 0n;
}

/** Rows, live bytes and bytes on disk (after VACUUM FULL) of every table of the service and of the queue. */
async function tableSizes(client: pg.Client): Promise<Sizes> {
  // A partition (agent_history_p2027_01) counts under its partitioned table.
  const tables = await client.query<{ schema: string; table: string; parent: string | null }>(
    `SELECT n.nspname AS schema, c.relname AS table,
            (SELECT p.relname FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE i.inhrelid = c.oid) AS parent
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'graphile_worker') AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
        AND c.relname <> 'migrations'`,
  );
  const sizes: Sizes = new Map();
  for (const { schema, table, parent } of tables.rows) {
    const name = `"${schema}"."${table}"`;
    await client.query(`VACUUM FULL ${name}`);
    const result = await client.query<{ rows: string; live: string | null; disk: string }>(
      `SELECT count(*) AS rows, sum(pg_column_size(t.*)) AS live, pg_total_relation_size('${name}') AS disk FROM ${name} t`,
    );
    const row = result.rows[0];
    const label = schema === 'public' ? (parent ?? table) : `${schema}.${table}`;
    const sum = sizes.get(label) ?? { rows: 0, liveBytes: 0, diskBytes: 0 };
    sizes.set(label, {
      rows: sum.rows + Number(row?.rows ?? 0),
      liveBytes: sum.liveBytes + Number(row?.live ?? 0),
      diskBytes: sum.diskBytes + Number(row?.disk ?? 0),
    });
  }
  return sizes;
}
