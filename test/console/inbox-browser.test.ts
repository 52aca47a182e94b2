import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { isQueueIdle } from '../conversation/channel-harness.js';
import { installScriptedClaude, type ScriptedClaude, text } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { testDatabase } from '../support/test-database.js';
import {
  accessibilityViolations,
  browserAvailability,
  type HeadlessChromium,
  launchChromium,
  newPage,
  screenshot,
  signIn,
  unlabeledControls,
} from './browser.js';
import { type ConsoleTestService, startConsoleTestService } from './console-service.js';

const availability = browserAvailability();
const root = path.resolve(import.meta.dirname, '../..');

// Issue 26: every conversation in the inbox, searching it, taking a chat from the bot,
// internal notes and quick replies, in a real browser against the real service.
describe.runIf(availability.run)('the whole inbox in Chromium', { timeout: 90_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let graph: GraphApiFake;
  let claude: ScriptedClaude;
  let page: Page;
  let problems: string[] = [];
  const owner = { email: `rita.${Date.now()}@salao.test`, newPassword: 'lirio-branco-2026' };
  const customer = { waId: '5521912345678', name: 'Beatriz Nunes' };
  let conversationId = 0;

  const eventually = async <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const customerWrites = async (body: string) => {
    const status = await service.postWebhook(
      webhookFixture('text', {
        phoneNumberId: salon.phoneNumberId,
        from: customer.waId,
        profileName: customer.name,
        text: body,
        messageId: newWamid(),
      }),
    );
    expect(status).toBe(200);
  };
  const processed = async (body: string) => {
    const { db } = await database;
    await eventually(() => db.message.findFirst({ where: { tenantId: salon.id, text: body, status: 'processed' } }), `"${body}" processed`);
  };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Rita' });
    await db.quickReply.create({
      data: { tenantId: salon.id, shortcut: 'endereco', text: 'Estamos na Rua das Flores, 10, perto do metrô.' },
    });
    await db.quickReply.create({ data: { tenantId: salon.id, shortcut: 'pix', text: 'Nossa chave Pix é o CNPJ 12.345.678/0001-90.' } });
    // Two other chats the bot handles, so the search has something to leave out.
    for (const [name, waId] of [
      ['Joana Prado', '5511987650001'],
      ['Clara Mendes', '5531955550003'],
    ] as const) {
      const { conversation } = await createTestConversation(db, salon.id, { name, waId });
      await createInboundMessage(db, { tenantId: salon.id, conversationId: conversation.id, text: 'Oi, tem horário amanhã?' });
    }
    const created = await createStaffAccount(db, { slug: salon.slug, email: owner.email, name: 'Rita', role: 'owner' });
    if (created.kind !== 'created') throw new Error('staff account not created');
    service = await startConsoleTestService({ database: await database, config: { ANTHROPIC_API_KEY: 'sk-ant-inbox-test' } });
    chromium = await launchChromium();
    browser = chromium.browser;
    ({ page, problems } = await newPage(browser));
    await signIn(page, service.url, owner.email, created.initialPassword);
    await page.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    await page.getByLabel('Senha inicial').fill(created.initialPassword);
    await page.getByLabel('Nova senha', { exact: true }).fill(owner.newPassword);
    await page.getByLabel('Repita a nova senha').fill(owner.newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
  });
  beforeEach(() => {
    graph = new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  it('1. the bot answers a new customer; the inbox lists the chat as the bot’s, and a phone fragment typed as people write it finds only that chat', async () => {
    const { db } = await database;
    claude.enqueue(text('Oi, Beatriz! Temos horário sábado às 10h.'));
    await customerWrites('Oi! Vocês têm horário no sábado?');
    await eventually(async () => graph.acceptedTexts().includes('Oi, Beatriz! Temos horário sábado às 10h.'), 'the bot’s answer');
    const conversation = await eventually(
      () => db.conversation.findFirst({ where: { tenantId: salon.id, customer: { waId: customer.waId } }, select: { id: true } }),
      'the conversation',
    );
    conversationId = conversation.id;

    const list = page.getByRole('list', { name: 'Todas as conversas' });
    await list.locator(`[data-conversation-id="${conversationId}"]`).waitFor();
    expect(await list.locator('[data-conversation-id]').count()).toBe(3);
    await page.getByLabel('Buscar por nome, telefone ou mensagem').fill('(21) 91234');
    await eventually(async () => (await list.locator('[data-conversation-id]').count()) === 1, 'only the matching chat listed');
    const item = list.locator(`[data-conversation-id="${conversationId}"]`);
    await expect(item.textContent()).resolves.toContain(customer.name);
    await expect(item.textContent()).resolves.toContain('Com o robô');
    expect(await unlabeledControls(page)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'inbox-search');
    expect(problems).toEqual([]);
  });

  it('2. taking the chat over silences the bot: the customer’s next message gets no bot reply', async () => {
    const { db } = await database;
    expect(conversationId).toBeGreaterThan(0);
    await page.locator(`[data-conversation-id="${conversationId}"] a`).click();
    await page.getByRole('heading', { name: customer.name }).waitFor();
    await page.getByText('O robô está atendendo esta conversa.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Assumir conversa' }).click();
    await page.getByText('Com Rita.').waitFor();
    expect(await db.handoff.findFirst({ where: { conversationId }, select: { reason: true, status: true, attendant: true } })).toEqual({
      reason: 'staff_takeover',
      status: 'claimed',
      attendant: 'Rita',
    });

    await customerWrites('Então pode ser às 10h?');
    await processed('Então pode ser às 10h?');
    await page.getByText('Então pode ser às 10h?').waitFor();
    expect(claude.requests).toHaveLength(0);
    expect(graph.sends()).toHaveLength(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('3. an internal note is shown apart in the conversation and never reaches WhatsApp', async () => {
    const note = 'Cliente prefere a Ana; alérgica a amônia.';
    await page.getByLabel('Nota interna (só a equipe vê; não é enviada ao cliente)').fill(note);
    await page.getByRole('button', { name: 'Salvar nota' }).click();
    const shown = page.locator('.message.note', { hasText: note });
    await shown.waitFor();
    await expect(shown.textContent()).resolves.toContain('Nota interna · Rita');
    // Whatever the note could have queued has run by the time the queue is idle: nothing went to the Graph fake.
    const { db } = await database;
    await eventually(() => isQueueIdle(db), 'queue idle');
    expect(graph.sends()).toHaveLength(0);
    expect(JSON.stringify(graph.sends())).not.toContain('amônia');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'conversation-note');
    expect(problems).toEqual([]);
  });

  it('4. typing / in the reply box lists the quick replies; Enter inserts the chosen one, which is sent as typed', async () => {
    const reply = page.getByLabel('Responder ao cliente');
    await reply.fill('');
    await reply.pressSequentially('/end');
    const choices = page.getByRole('list', { name: 'Respostas rápidas' });
    await choices.waitFor();
    expect(await choices.getByRole('button').allTextContents()).toEqual(['/endereco Estamos na Rua das Flores, 10, perto do metrô.']);
    expect(await accessibilityViolations(page)).toEqual([]);
    await reply.press('Enter');
    await expect(reply.inputValue()).resolves.toBe('Estamos na Rua das Flores, 10, perto do metrô.');
    expect(await choices.count()).toBe(0);
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await eventually(async () => graph.acceptedTexts().includes('Estamos na Rua das Flores, 10, perto do metrô.'), 'the quick reply sent');
    expect(problems).toEqual([]);
  });

  it('5. the owner’s team page adds an attendant (one-time password shown once, which signs in), then disables her', async () => {
    const { db } = await database;
    await page.getByRole('link', { name: 'Equipe' }).click();
    await page.getByRole('heading', { name: 'Equipe', exact: true }).waitFor();
    const newcomer = `lara.${Date.now()}@salao.test`;
    await page.getByLabel('Nome').fill('Lara');
    await page.getByLabel('E-mail').fill(newcomer);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const shown = page.locator('.one-time-password code');
    await shown.waitFor();
    const password = (await shown.textContent()) ?? '';
    const stored = await db.staffAccount.findUniqueOrThrow({ where: { email: newcomer } });
    expect(stored).toMatchObject({ tenantId: salon.id, name: 'Lara', role: 'attendant', mustChangePassword: true });
    expect(password).not.toBe('');
    expect(JSON.stringify(stored)).not.toContain(password);
    expect(await unlabeledControls(page)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'team');

    // The password shown signs Lara in (to the forced password change).
    const lara = await newPage(browser);
    await signIn(lara.page, service.url, newcomer, password);
    await lara.page.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    await lara.context.close();

    await page.getByRole('button', { name: 'Já anotei' }).click();
    expect(await shown.count()).toBe(0);
    await page.getByRole('button', { name: 'Desativar Lara' }).click();
    await page.getByRole('button', { name: 'Reativar Lara' }).waitFor();
    expect((await db.staffAccount.findUniqueOrThrow({ where: { email: newcomer } })).disabledAt).not.toBeNull();
    expect(await db.staffSession.count({ where: { staffId: stored.id, revokedAt: null } })).toBe(0);
    expect(problems).toEqual([]);
  });
});
