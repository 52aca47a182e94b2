import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { installScriptedClaude, type ScriptedClaude, text } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
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
} from './browser.js';
import { type ConsoleTestService, startConsoleTestService } from './console-service.js';

const availability = browserAvailability();
const root = path.resolve(import.meta.dirname, '../..');

// Issue 26 (and 29, item 12): a chat assigned to a colleague, resolved and closed or given
// back to the bot, and the owner disabling, re-enabling, resetting and promoting an attendant
// whose console is open, in a real browser against the real service.
describe.runIf(availability.run)('assigning, closing and the team in Chromium', { timeout: 90_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let graph: GraphApiFake;
  let claude: ScriptedClaude;
  let rita: { page: Page; problems: string[] };
  let lara: { page: Page; problems: string[] };
  const stamp = Date.now();
  const ritaEmail = `rita.${stamp}@salao.test`;
  const laraEmail = `lara.${stamp}@salao.test`;
  const customer = { waId: '5521987651234', name: 'Helena Dias' };
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
  const signInFirstTime = async (page: Page, email: string, password: string, newPassword: string) => {
    await signIn(page, service.url, email, password);
    await page.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    await page.getByLabel('Senha inicial').fill(password);
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Repita a nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
  };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Rita' });
    const owner = await createStaffAccount(db, { slug: salon.slug, email: ritaEmail, name: 'Rita', role: 'owner' });
    const attendant = await createStaffAccount(db, { slug: salon.slug, email: laraEmail, name: 'Lara', role: 'attendant' });
    if (owner.kind !== 'created' || attendant.kind !== 'created') throw new Error('staff accounts not created');
    service = await startConsoleTestService({ database: await database, config: { ANTHROPIC_API_KEY: 'sk-ant-team-test' } });
    chromium = await launchChromium();
    browser = chromium.browser;
    rita = await newPage(browser);
    lara = await newPage(browser);
    await signInFirstTime(rita.page, ritaEmail, owner.initialPassword, 'camelia-rosa-2026');
    await signInFirstTime(lara.page, laraEmail, attendant.initialPassword, 'girassol-azul-2026');
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
  });
  beforeEach(() => {
    graph = new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  it('1. the owner assigns the bot’s chat to Lara: it is hers (the bot silent), and her inbox lists it under Minhas', async () => {
    const { db } = await database;
    claude.enqueue(text('Oi, Helena! Como posso ajudar?'));
    await customerWrites('Oi, queria ver um horário');
    await eventually(async () => graph.acceptedTexts().includes('Oi, Helena! Como posso ajudar?'), 'the bot’s answer');
    const conversation = await eventually(
      () => db.conversation.findFirst({ where: { tenantId: salon.id, customer: { waId: customer.waId } }, select: { id: true } }),
      'the conversation',
    );
    conversationId = conversation.id;

    const { page } = rita;
    await page.goto(`${service.url}/console/conversas/${conversationId}`);
    await page.getByRole('heading', { name: customer.name }).waitFor();
    await page.getByLabel('Atribuir a').selectOption({ label: 'Lara' });
    await page.getByRole('button', { name: 'Atribuir', exact: true }).click();
    await page.getByText('Esta conversa está com Lara.').waitFor();
    expect(await db.handoff.findFirst({ where: { conversationId }, select: { reason: true, status: true, attendant: true } })).toEqual({
      reason: 'staff_takeover',
      status: 'claimed',
      attendant: 'Lara',
    });
    expect(await accessibilityViolations(page)).toEqual([]);

    await lara.page.getByLabel('Mostrar').selectOption({ label: 'Minhas' });
    const mine = lara.page.getByRole('list', { name: 'Todas as conversas' });
    await mine.locator(`[data-conversation-id="${conversationId}"]`).waitFor();
    expect(await mine.locator('[data-conversation-id]').count()).toBe(1);
    expect(rita.problems).toEqual([]);
    expect(lara.problems).toEqual([]);
  });

  it('2. resolve and close keeps the bot silent on the next message; Devolver ao robô gives the chat back', async () => {
    const { page } = rita;
    await page.getByRole('button', { name: 'Resolver e encerrar' }).click();
    await page.getByText(/^Conversa encerrada em/).waitFor();
    await customerWrites('Obrigada, até mais!');
    await processed('Obrigada, até mais!');
    await page.getByText('Obrigada, até mais!').waitFor();
    expect(claude.requests).toHaveLength(0);
    expect(graph.sends()).toHaveLength(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'conversation-closed');

    await page.getByRole('button', { name: 'Devolver ao robô' }).click();
    await page.getByText('O robô está atendendo esta conversa.', { exact: true }).waitFor();
    claude.enqueue(text('Claro! Temos sexta às 15h.'));
    await customerWrites('Na verdade, tem sexta à tarde?');
    await eventually(async () => graph.acceptedTexts().includes('Claro! Temos sexta às 15h.'), 'the bot answers again');
    expect(rita.problems).toEqual([]);
  });

  it('3. disabling Lara signs her open console out within seconds; re-enabled, a new one-time password lets her in; she is made an owner', async () => {
    const { db } = await database;
    const { page } = rita;
    await lara.page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Equipe' }).click();
    await page.getByRole('heading', { name: 'Equipe', exact: true }).waitFor();

    const disabledAt = Date.now();
    await page.getByRole('button', { name: 'Desativar Lara' }).click();
    await page.getByRole('button', { name: 'Reativar Lara' }).waitFor();
    // Nothing is clicked on Lara's page: the open console notices by itself.
    await lara.page.getByRole('heading', { name: 'Entrar no console' }).waitFor({ timeout: 10_000 });
    const signedOutAfterMs = Date.now() - disabledAt;
    expect(signedOutAfterMs).toBeLessThan(5_000);
    process.stdout.write(`a disabled attendant's open console was signed out ${signedOutAfterMs} ms after the owner's click\n`);
    const laraAccount = await db.staffAccount.findUniqueOrThrow({ where: { email: laraEmail } });
    expect(await db.staffSession.count({ where: { staffId: laraAccount.id, revokedAt: null } })).toBe(0);

    await page.getByRole('button', { name: 'Reativar Lara' }).click();
    await page.getByRole('button', { name: 'Desativar Lara' }).waitFor();
    await page.getByRole('button', { name: 'Nova senha para Lara' }).click();
    const shown = page.locator('.one-time-password code');
    await shown.waitFor();
    const password = (await shown.textContent()) ?? '';
    expect(password.length).toBeGreaterThan(8);
    expect(JSON.stringify(await db.staffAccount.findUniqueOrThrow({ where: { email: laraEmail } }))).not.toContain(password);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Já anotei' }).click();
    expect(await shown.count()).toBe(0);
    await signInFirstTime(lara.page, laraEmail, password, 'hortensia-lilas-2026');

    await page.getByLabel('Papel de Lara').selectOption({ label: 'Proprietário' });
    await eventually(
      async () => (await db.staffAccount.findUniqueOrThrow({ where: { email: laraEmail } })).role === 'owner',
      'Lara is an owner',
    );
    await lara.page.reload();
    await lara.page.getByRole('link', { name: 'Equipe' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(rita.problems).toEqual([]);
    expect(lara.problems).toEqual([]);
  });

  it('4. the customer’s image, voice note (with its transcript) and document show in the conversation; Lara sends a document back', async () => {
    const { db } = await database;
    // A 1×1 PNG, as Meta would hand it over.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    graph.addMedia('7000000001', png, 'image/png').addMedia('7000000002', Uint8Array.from([0x4f, 0x67, 0x67, 0x53]), 'audio/ogg');
    graph.addMedia('7000000003', new TextEncoder().encode('%PDF-1.4'), 'application/pdf');
    const inbound = (type: string, content: Record<string, string | boolean>, text: string | null) =>
      db.message.create({
        data: {
          tenantId: salon.id,
          conversationId,
          direction: 'inbound',
          author: 'customer',
          type,
          text,
          status: 'processed',
          payload: { message: { type, [type]: content } },
        },
      });
    await inbound('image', { id: '7000000001', mime_type: 'image/png' }, null);
    await inbound('audio', { id: '7000000002', mime_type: 'audio/ogg', voice: true }, 'Pode ser sexta às três?');
    await inbound('document', { id: '7000000003', mime_type: 'application/pdf', filename: 'referencia.pdf' }, null);

    const { page } = lara;
    await page.goto(`${service.url}/console/conversas/${conversationId}`);
    const image = page.getByRole('img', { name: 'Imagem enviada pelo cliente' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    await page.locator('audio[aria-label="Áudio enviado pelo cliente"]').waitFor();
    await page.getByText('Pode ser sexta às três?').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Baixar documento enviado pelo cliente' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('referencia.pdf');
    expect(graph.mediaRequests.some((each) => each.path === '/media-files/7000000001')).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'conversation-media');

    // Lara takes the chat and sends a document: uploaded to the Graph API, then sent by its media id.
    await page.getByRole('button', { name: 'Assumir conversa' }).click();
    await page.getByText('Com Lara.').waitFor();
    await page.getByLabel('Responder ao cliente').fill('Segue a nossa tabela');
    await page.getByLabel('Enviar imagem ou documento (o texto da resposta vai como legenda)').setInputFiles({
      name: 'tabela.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 tabela'),
    });
    await page.getByRole('button', { name: 'Enviar arquivo' }).click();
    const sent = await eventually(
      async () => graph.sends().find((each) => (each.body as { type?: string }).type === 'document'),
      'the document sent',
    );
    expect(graph.uploads).toHaveLength(1);
    expect(graph.uploads[0]).toMatchObject({ type: 'application/pdf', filename: 'tabela.pdf' });
    expect(sent.body).toMatchObject({
      document: { id: graph.uploads[0]!.mediaId, filename: 'tabela.pdf', caption: 'Segue a nossa tabela' },
    });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(lara.problems).toEqual([]);
  });
});
