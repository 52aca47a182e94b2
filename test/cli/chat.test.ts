import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installScriptedClaude, text } from '../fakes/anthropic.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { createTestDatabase, testDatabase } from '../support/test-database.js';
import { CHAT_TEST_SECRET, startTestService, type TestService } from './service-harness.js';

const root = path.resolve(import.meta.dirname, '../..');
const database = await testDatabase();
const { db } = database;
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  // A sandbox tenant (no access token), no ANTHROPIC_API_KEY: the offline assistant answers.
  tenant = await createTestTenant(db, { accessToken: null, cancelNoticeMinutes: 0 });
  service = await startTestService({ database, config: { ANTHROPIC_API_KEY: '' } });
});
afterAll(async () => service?.stop());

/** Runs `npx tsx src/cli/chat.ts` with these lines on a piped (non-TTY) stdin; resolves with its output. */
function runChat(args: string[], lines: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'src/cli/chat.ts', ...args], {
      cwd: root,
      env: { ...process.env, WHATSAPP_APP_SECRET: CHAT_TEST_SECRET, ANTHROPIC_API_KEY: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}

describe('npm run chat (the chat program itself)', () => {
  it('when a person books, lists, cancels and asks for a person in the terminal, then the rows are in the database', {
    timeout: 120_000,
  }, async () => {
    const waId = '5511987600042';
    const booking = [
      'oi', // main menu
      '1', // Agendar horário
      '2', // Corte (services are listed by name: Coloração, Corte)
      '1', // Qualquer um
      '2', // the second day with free time
      '1', // the first time offered
      '1', // Confirmar
    ];
    const afterwards = ['meus agendamentos', '1', '1', 'quero falar com uma pessoa', '/sair'];
    const { code, stdout, stderr } = await runChat(
      ['--url', service.url, '--tenant', tenant.phoneNumberId, '--phone', waId, '--quiet-ms', '400', '--wait-ms', '15000'],
      [...booking, ...afterwards],
    );
    expect(stderr).not.toMatch(/não enviado|chat failed|falha ao ler/);
    expect(code).toBe(0);
    // What the person saw: numbered options for buttons and list rows.
    expect(stdout).toContain('1) Agendar horário');
    expect(stdout).toContain('3) Falar com uma pessoa');
    expect(stdout).toContain('1) Qualquer um — o primeiro horário livre');
    expect(stdout).toContain('Pronto, agendado!');
    expect(stdout).toContain('Agendamento cancelado.');

    const customer = await db.customer.findFirstOrThrow({ where: { tenantId: tenant.id, waId } });
    expect(customer.name).toBe('Cliente Teste');
    const appointments = await db.appointment.findMany({ where: { tenantId: tenant.id, customerId: customer.id } });
    expect(appointments).toHaveLength(1);
    expect(appointments[0]?.status).toBe('cancelled');
    expect(appointments[0]?.idempotencyKey).toMatch(/^offline:\d+:book:\d+$/);
    // Booked with the 7th customer message: the booking flow takes 7 messages.
    const inbound = await db.message.findMany({
      where: { tenantId: tenant.id, direction: 'inbound', conversation: { customerId: customer.id } },
      orderBy: { id: 'asc' },
    });
    expect(inbound).toHaveLength(booking.length + afterwards.length - 1);
    expect(inbound.filter((message) => message.type === 'interactive').length).toBeGreaterThanOrEqual(8);
    expect(inbound[booking.length - 1]!.createdAt.getTime()).toBeLessThan(appointments[0]!.createdAt.getTime());
    expect(inbound[booking.length]!.createdAt.getTime()).toBeGreaterThan(appointments[0]!.createdAt.getTime());

    const handoffs = await db.handoff.findMany({ where: { tenantId: tenant.id, conversation: { customerId: customer.id } } });
    expect(handoffs.map((handoff) => [handoff.reason, handoff.status])).toEqual([['requested_by_customer', 'pending']]);
    const runs = await db.agentRun.findMany({ where: { tenantId: tenant.id } });
    expect(new Set(runs.map((run) => run.responder))).toEqual(new Set(['offline']));
  });

  it('when the tenant has a real access token, then the chat refuses to run against it', { timeout: 60_000 }, async () => {
    const live = await createTestTenant(db);
    const { code, stderr } = await runChat(['--url', service.url, '--tenant', live.phoneNumberId], ['oi']);
    expect(code).toBe(1);
    expect(stderr).toContain('no sandbox tenant');
  });

  it('when the Claude agent answers (API key set), then the chat shows its reply the same way', { timeout: 60_000 }, async () => {
    const agentDatabase = await createTestDatabase();
    const agentTenant = await createTestTenant(agentDatabase.db, { accessToken: null });
    const agentService = await startTestService({ database: agentDatabase, config: { ANTHROPIC_API_KEY: 'sk-ant-chat-test' } });
    try {
      const claude = installScriptedClaude(mswServer);
      claude.enqueue(text('Olá! Sou a assistente do salão. Quer marcar um corte? Tenho amanhã às 10:00.'));
      const { code, stdout } = await runChat(
        ['--url', agentService.url, '--tenant', agentTenant.phoneNumberId, '--phone', '5511987600043', '--quiet-ms', '400'],
        ['oi'],
      );
      expect(code).toBe(0);
      expect(stdout).toContain('🤖 Olá! Sou a assistente do salão.');
      expect(claude.requests).toHaveLength(1);
      const runs = await agentDatabase.db.agentRun.findMany({ where: { tenantId: agentTenant.id } });
      expect(runs.map((run) => run.responder)).toEqual(['agent']);
    } finally {
      await agentService.stop();
    }
  });
});
