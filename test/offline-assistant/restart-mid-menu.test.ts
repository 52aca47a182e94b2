import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { customerMessageWebhook, newWamid, postSignedWebhook } from '../../src/cli/chat-webhook.js';
import { CHAT_TEST_SECRET, eventually } from '../cli/service-harness.js';
import { createTestTenant } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { testDatabase } from '../support/test-database.js';

const root = path.resolve(import.meta.dirname, '../..');
const database = await testDatabase();
const { db } = database;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The real service entry point (src/main.ts) as a child process on the test database. */
async function startServerProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      PORT: String(port),
      WHATSAPP_APP_SECRET: CHAT_TEST_SECRET,
      ANTHROPIC_API_KEY: '',
      DEBOUNCE_MS: '400',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  children.push(child);
  await eventually(
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok,
    'the server process to answer /healthz',
    60_000,
  );
  return child;
}

describe('offline assistant across a crash', () => {
  it('when the server is SIGKILLed mid-menu and restarted on the same database, then the next message continues the same step', {
    timeout: 120_000,
  }, async () => {
    const tenant = await createTestTenant(db, { accessToken: null });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const waId = '5511987611111';
    const send = (text: string) =>
      postSignedWebhook(
        url,
        CHAT_TEST_SECRET,
        customerMessageWebhook({
          phoneNumberId: tenant.phoneNumberId,
          waId,
          profileName: 'Rita',
          input: { kind: 'text', text },
          wamid: newWamid(),
          at: new Date(),
        }),
      );
    let seen = 0;
    const nextReply = () =>
      eventually(async () => {
        const rows = await db.message.findMany({
          where: { tenantId: tenant.id, direction: 'outbound', status: 'sent', id: { gt: seen } },
          orderBy: { id: 'asc' },
        });
        const last = rows.at(-1);
        if (last) seen = last.id;
        return last;
      }, 'a reply');
    const step = async () => {
      const conversation = await db.conversation.findFirstOrThrow({ where: { tenantId: tenant.id, customer: { waId } } });
      return (conversation.assistantState as { current: { step: string } } | null)?.current.step;
    };

    const first = await startServerProcess(port);
    await send('agendar');
    expect((await nextReply()).text).toContain('Qual serviço');
    await send('corte');
    expect((await nextReply()).text).toContain('Com quem você prefere?');
    expect(await step()).toBe('choose_professional');

    // Killed between two messages of the menu.
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const second = await startServerProcess(port);
    await send('ana');
    expect((await nextReply()).text).toContain('Qual dia?');
    expect(await step()).toBe('choose_day');

    // Killed again right after the webhook was acknowledged, before the turn ran (debounce).
    await send('2');
    second.kill('SIGKILL');
    await new Promise((resolve) => second.once('exit', resolve));
    await startServerProcess(port);
    expect((await nextReply()).text).toContain('Horários livres');
    expect(await step()).toBe('choose_time');
  });
});
