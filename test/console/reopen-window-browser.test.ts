import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
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

// Issue 29 item 4: a message that arrived after the 24-hour window is an `outside_window`
// handoff; the console offers the attendant the tenant's approved template to reopen the chat.
describe.runIf(availability.run)('reopening a chat outside the 24-hour window, in Chromium', { timeout: 90_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let graph: GraphApiFake;
  let page: Page;
  let problems: string[] = [];
  const owner = { email: `lia.${Date.now()}@salao.test`, newPassword: 'girassol-azul-2026' };

  const eventually = async <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  /** A chat whose customer last wrote `hoursAgo` hours ago, handed to a person as `outside_window`. */
  const handedOffChat = async (name: string, hoursAgo: number) => {
    const { db } = await database;
    const lastInboundAt = new Date(Date.now() - hoursAgo * 3_600_000);
    const { conversation, customer } = await createTestConversation(db, salon.id, { name, lastInboundAt });
    await createInboundMessage(db, {
      tenantId: salon.id,
      conversationId: conversation.id,
      text: 'Vocês abrem no feriado?',
      createdAt: lastInboundAt,
    });
    await requestHandoff(db, { tenantId: salon.id, conversationId: conversation.id, reason: 'outside_window' });
    return { conversation, customer };
  };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Lia' });
    await db.tenant.update({
      where: { id: salon.id },
      data: { templates: { reopenConversation: { name: 'retomar_conversa', language: 'pt_BR' } } },
    });
    const created = await createStaffAccount(db, { slug: salon.slug, email: owner.email, name: 'Lia', role: 'owner' });
    if (created.kind !== 'created') throw new Error('staff account not created');
    service = await startConsoleTestService({ database: await database });
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
  });

  it('an outside_window handoff shows the reopen button; a click sends the template to the customer on WhatsApp', async () => {
    const { conversation, customer } = await handedOffChat('Rosa Lima', 30);
    await page.goto(`${service.url}/console/conversas/${conversation.id}`);
    await page.getByRole('heading', { name: 'Rosa Lima' }).waitFor();
    await page.getByText('Janela de 24 horas fechada.').waitFor();
    const reopen = page.getByRole('button', { name: 'Reabrir conversa com mensagem modelo' });
    await reopen.waitFor();
    expect(await page.getByLabel('Responder ao cliente').isDisabled()).toBe(true);
    expect(await unlabeledControls(page)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'reopen-window');

    await reopen.click();
    const sent = await eventually(
      async () => graph.sends().find((send) => send.body.type === 'template'),
      'the template at the fake Graph API',
    );
    expect(sent.body).toMatchObject({
      to: customer.waId,
      type: 'template',
      template: { name: 'retomar_conversa', language: { code: 'pt_BR' }, components: [{ type: 'body' }] },
    });
    await page.getByText('Mensagem modelo "retomar_conversa" enviada para reabrir a conversa.').waitFor();
    expect(problems).toEqual([]);
  });

  it('a chat whose window is still open shows no reopen button', async () => {
    const { conversation } = await handedOffChat('Beto Dias', 2);
    await page.goto(`${service.url}/console/conversas/${conversation.id}`);
    await page.getByRole('heading', { name: 'Beto Dias' }).waitFor();
    await page.getByText(/Janela de 24 horas aberta/).waitFor();
    expect(await page.getByRole('button', { name: 'Reabrir conversa com mensagem modelo' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
