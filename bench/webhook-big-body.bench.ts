/**
 * One webhook body carrying 1 000 messages (1 000 customers): the time from POST to the 200,
 * with every message stored and its conversation's job queued before the answer. Baseline,
 * measured in the same run on the same database: the same 1 000 messages stored one after
 * another, one statement each — what the intake did before it stored a body's items
 * concurrently through the batcher (4.2 s on the development machine).
 * Target: well under a second (Meta gives up on a webhook after a few seconds).
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceDeps } from '../src/boot/service-deps.js';
import { loadConfig } from '../src/config/index.js';
import { createDb, createIntakePool, type DatabasePool } from '../src/db/index.js';
import { createHttpApp } from '../src/http/index.js';
import { silentLogger, systemClock } from '../src/shared/index.js';
import { createWhatsAppWebhookRouter, signPayload, storeInboundMessage, toInboundMessageContent } from '../src/whatsapp/index.js';
import { createBenchDatabase } from './support/bench-database.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const MESSAGES = 1000;
/** the one-by-one baseline stores this many per round and is scaled to MESSAGES (it is linear, and slow) */
const BASELINE_MESSAGES = 250;
const ROUNDS = 3;
const SECRET = 'bench-app-secret';
const PHONE_NUMBER_ID = '109876543210988';

export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const database = await createBenchDatabase({ prefix: 'wa_bench_body', serverUrl: process.env.DATABASE_URL, queue: true });
  let server: http.Server | undefined;
  let intakePool: DatabasePool | undefined;
  try {
    const config = loadConfig({ NODE_ENV: 'test', WHATSAPP_APP_SECRET: SECRET, DEBOUNCE_MS: '2000' });
    const db = createDb(database.url);
    const tenant = await db.tenant.create({
      data: { slug: 'bench-body', name: 'Bench', timezone: 'America/Sao_Paulo', phoneNumberId: PHONE_NUMBER_ID },
    });
    const deps: ServiceDeps = { config, db, databaseUrl: database.url, logger: silentLogger, clock: systemClock };
    intakePool = createIntakePool(database.url, silentLogger);
    const app = createHttpApp({
      db,
      logger: silentLogger,
      routers: [createWhatsAppWebhookRouter({ ...deps, intakePool: intakePool.pool })],
    });
    server = await new Promise<http.Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const port = (server.address() as AddressInfo).port;
    const schedule = { debounceMs: 2000, maxWaitMs: 10_000, maxAttempts: 5 };

    // warm-up: connections, prepared plans, JIT
    await post(port, bigBody(50, 'warm'));
    const rows: { target: string; round: number; ms: number; stored: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const baselineItems = items(BASELINE_MESSAGES, `base${round}`);
      const baselineStart = performance.now();
      for (const item of baselineItems) {
        await storeInboundMessage(
          db,
          {
            tenantId: tenant.id,
            waId: item.from,
            bsuid: null,
            parentBsuid: null,
            username: null,
            profileName: 'Cliente',
            waMessageId: item.id,
            sentAt: new Date(Number(item.timestamp) * 1000),
            content: toInboundMessageContent({ ...item, timestamp: Number(item.timestamp) }),
            referral: null,
            raw: item,
          },
          schedule,
        );
      }
      rows.push({
        target: `baseline: one statement per message (${BASELINE_MESSAGES}, scaled to ${MESSAGES})`,
        round,
        ms: Number(((ms(baselineStart) * MESSAGES) / BASELINE_MESSAGES).toFixed(1)),
        stored: ((await countLike(db, `base${round}`)) * MESSAGES) / BASELINE_MESSAGES,
      });

      const body = bigBody(MESSAGES, `body${round}`);
      const start = performance.now();
      const status = await post(port, body);
      const elapsed = ms(start);
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      rows.push({ target: 'webhook: one body of 1 000 messages', round, ms: elapsed, stored: await countLike(db, `body${round}`) });
    }
    await db.$disconnect();
    console.table(rows);
    const median = (target: string) => {
      const values = rows
        .filter((row) => row.target.startsWith(target))
        .map((row) => row.ms)
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    };
    const intake = median('webhook');
    const baseline = median('baseline');
    console.log(
      `1 000 messages in one body: ${intake.toFixed(0)} ms to the 200 (median of ${ROUNDS}; target < 1 000 ms: ${targets.check('1 000 messages in one body < 1 000 ms', intake < 1000)}); ` +
        `baseline one-by-one ${baseline.toFixed(0)} ms; webhook/baseline time ratio ${(intake / baseline).toFixed(3)} (${(baseline / intake).toFixed(1)}× faster)`,
    );
    for (const row of rows)
      if (row.stored !== MESSAGES) throw new Error(`${row.target} round ${row.round} stored ${row.stored} of ${MESSAGES}`);
    return targets.list;
  } finally {
    if (server) await new Promise((resolve) => server!.close(resolve));
    await intakePool?.end();
    await database.dispose();
  }
}

const ms = (start: number) => Number((performance.now() - start).toFixed(1));

function items(count: number, tag: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return Array.from({ length: count }, (_, index) => ({
    from: `55119${String(20_000_000 + index).padStart(8, '0')}`,
    id: `wamid.${tag}.${index}`,
    timestamp,
    type: 'text',
    text: { body: 'Oi, queria marcar um corte amanhã à tarde' },
  }));
}

function bigBody(count: number, tag: string): string {
  const messages = items(count, tag);
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511933334444', phone_number_id: PHONE_NUMBER_ID },
              contacts: messages.map((message) => ({ profile: { name: 'Cliente' }, wa_id: message.from })),
              messages,
            },
          },
        ],
      },
    ],
  });
}

async function countLike(db: ReturnType<typeof createDb>, tag: string): Promise<number> {
  return db.message.count({ where: { waMessageId: { startsWith: `wamid.${tag}.` } } });
}

async function post(port: number, body: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, SECRET) },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}
