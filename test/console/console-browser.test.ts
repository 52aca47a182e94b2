import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { insertTenantAppointment } from '../admin/agenda-test-kit.js';
import { installScriptedClaude, type ScriptedClaude, text, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
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
  unlabeledControls,
} from './browser.js';
import { type ConsoleTestService, startConsoleTestService } from './console-service.js';

const availability = browserAvailability();

/** The next date in São Paulo, from tomorrow on, when both test professionals work (Tuesday to Saturday). */
function nextWorkingDay(): string {
  for (let days = 1; ; days++) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6) return date;
  }
}
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The console in a real browser (Debian's Chromium, headless, driven by playwright-core)
 * against the real service: signed webhooks in, the Claude agent (scripted fake) and the
 * Graph API (fake) behind it, the admin API and the console's own API.
 */
describe.runIf(availability.run)('staff console in Chromium', { timeout: 90_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let other: TestTenant;
  let graph: GraphApiFake;
  let claude: ScriptedClaude;
  const owner = { email: `carla.${Date.now()}@salao.test`, password: '', newPassword: 'flor-de-lis-2026' };
  const otherStaff = { email: `bruno.${Date.now()}@outro.test`, password: '' };
  const customer = { waId: newWaId(), name: 'Maria Souza' };
  let conversationId = 0;
  let inbox: Page;
  let pageProblems: string[] = [];

  const customerWrites = async (body: string) => {
    const status = await service.postWebhook(
      webhookFixture('text', { phoneNumberId: salon.phoneNumberId, from: customer.waId, profileName: customer.name, text: body }),
    );
    expect(status).toBe(200);
  };
  const eventually = async <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const signIn = async (page: Page, email: string, password: string) => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Ana' });
    await db.service.update({ where: { id: salon.services.find((service) => service.key === 'corte')!.id }, data: { priceCents: 6000 } });
    other = await createTestTenant(db, { name: 'Barbearia do Zé' });
    const created = await createStaffAccount(db, { slug: salon.slug, email: owner.email, name: 'Carla', role: 'owner' });
    const createdOther = await createStaffAccount(db, { slug: other.slug, email: otherStaff.email, name: 'Bruno', role: 'owner' });
    if (created.kind !== 'created' || createdOther.kind !== 'created') throw new Error('staff accounts not created');
    owner.password = created.initialPassword;
    otherStaff.password = createdOther.initialPassword;
    service = await startConsoleTestService({ database: await database, config: { ANTHROPIC_API_KEY: 'sk-ant-console-test' } });
    chromium = await launchChromium();
    browser = chromium.browser;
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
  });
  beforeEach(() => {
    graph = new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  it('1. signs in (a wrong password refused, five wrong throttled, first password changed); a customer asking for a person appears in the open inbox within 2 s without a reload', async () => {
    const { db } = await database;
    const throttled = await createStaffAccount(db, { slug: salon.slug, email: `dora.${Date.now()}@salao.test`, name: 'Dora' });
    if (throttled.kind !== 'created') throw new Error('no account');
    const opened = await newPage(browser);
    inbox = opened.page;
    pageProblems = opened.problems;
    const response = await inbox.goto(`${service.url}/console`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    await expect(inbox.getByRole('heading', { name: 'Entrar no console' }).isVisible()).resolves.toBe(true);
    await screenshot(inbox, 'sign-in');
    expect(await accessibilityViolations(inbox)).toEqual([]);

    await signIn(inbox, owner.email, 'senha-errada-123');
    await inbox.getByText('E-mail ou senha incorretos.').waitFor();

    for (let attempt = 0; attempt < 5; attempt++) {
      await signIn(inbox, throttled.email, `errada-${attempt}-xyz`);
      await inbox.getByText('E-mail ou senha incorretos.').waitFor();
      await inbox.getByLabel('Senha', { exact: true }).fill('');
    }
    await signIn(inbox, throttled.email, throttled.initialPassword);
    await inbox.getByText(/Muitas tentativas erradas/).waitFor();

    await signIn(inbox, owner.email, owner.password);
    await inbox.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    expect(await accessibilityViolations(inbox)).toEqual([]);
    await inbox.getByLabel('Senha inicial').fill(owner.password);
    await inbox.getByLabel('Nova senha', { exact: true }).fill(owner.newPassword);
    await inbox.getByLabel('Repita a nova senha').fill(owner.newPassword);
    await inbox.getByRole('button', { name: 'Salvar nova senha' }).click();
    await inbox.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
    await inbox.getByText('Nenhuma conversa aguardando').waitFor();
    // A marker on the page's global object: still there later means the page was never reloaded.
    await inbox.evaluate('globalThis.stillTheSamePage = true');

    claude.enqueue(toolCalls([{ name: 'transferir_para_humano', input: { motivo: 'quer falar com uma pessoa' } }]));
    claude.enqueue(text('Certo! Vou chamar uma atendente, ela já te responde por aqui.'));
    await customerWrites('Oi, quero falar com uma pessoa, por favor');
    const handoff = await eventually(
      () => db.handoff.findFirst({ where: { tenantId: salon.id, status: 'pending' }, select: { id: true, conversationId: true } }),
      'the handoff row',
    );
    const createdAt = Date.now();
    conversationId = handoff.conversationId;
    await inbox.locator(`[data-handoff-id="${handoff.id}"]`).waitFor({ timeout: 2000 });
    const shownAfterMs = Date.now() - createdAt;
    expect(shownAfterMs).toBeLessThan(2000);
    expect(await inbox.evaluate('globalThis.stillTheSamePage')).toBe(true);

    const item = inbox.locator(`[data-handoff-id="${handoff.id}"]`);
    await expect(item.textContent()).resolves.toContain('O cliente pediu para falar com uma pessoa');
    await expect(item.textContent()).resolves.toContain(customer.name);
    // Staff see the whole number (they call customers back).
    await expect(item.textContent()).resolves.toContain(`+${customer.waId}`);
    await expect(item.textContent()).resolves.toContain('Ninguém assumiu ainda');
    await eventually(async () => (await inbox.title()).startsWith('(1)'), 'the title badge');
    await screenshot(inbox, 'inbox');
    expect(await unlabeledControls(inbox)).toEqual([]);
    expect(await accessibilityViolations(inbox)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });

  it('2. claims, replies (the fake Graph API gets the text), sees the customer’s next message live, and gives the chat back to the bot', async () => {
    const { db } = await database;
    expect(conversationId).toBeGreaterThan(0);
    await inbox.locator(`[data-handoff-id] a`).first().click();
    await inbox.getByRole('heading', { name: customer.name }).waitFor();
    await inbox.getByText('O cliente pediu para falar com uma pessoa').waitFor();
    await inbox.getByText('Oi, quero falar com uma pessoa, por favor').waitFor();
    expect(await inbox.getByLabel('Responder ao cliente').isDisabled()).toBe(true);
    await inbox.getByText('Assuma a conversa para responder.').waitFor();

    await inbox.getByRole('button', { name: 'Assumir conversa' }).click();
    await inbox.getByText('Com Carla.').waitFor();
    const stored = await db.handoff.findFirst({ where: { conversationId }, select: { attendant: true, status: true } });
    expect(stored).toEqual({ attendant: 'Carla', status: 'claimed' });

    const reply = 'Oi Maria, aqui é a Carla! Como posso ajudar?';
    await inbox.getByLabel('Responder ao cliente').fill(reply);
    await inbox.getByRole('button', { name: 'Enviar', exact: true }).click();
    await eventually(async () => graph.acceptedTexts().includes(reply), 'the reply at the fake Graph API');
    await inbox.getByText(reply).waitFor();

    const next = 'Queria marcar uma coloração para sábado de manhã';
    await customerWrites(next);
    await inbox.getByText(next).waitFor({ timeout: 3000 });
    expect(claude.requests).toHaveLength(0);
    await screenshot(inbox, 'conversation');
    expect(await unlabeledControls(inbox)).toEqual([]);
    expect(await accessibilityViolations(inbox)).toEqual([]);

    await inbox.getByRole('button', { name: 'Resolver e devolver ao robô' }).click();
    await inbox.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
    await eventually(
      async () => (await db.handoff.findFirst({ where: { conversationId }, select: { status: true } }))?.status === 'resolved',
      'the handoff resolved',
    );
    claude.enqueue(text('Oi de novo! Posso ver horários para você. Qual serviço?'));
    await customerWrites('Obrigada! Agora quero ver horários');
    await eventually(
      async () => graph.acceptedTexts().includes('Oi de novo! Posso ver horários para você. Qual serviço?'),
      'the bot answer',
    );
    expect(pageProblems).toEqual([]);
  });

  /** The free starts the bot would offer for a corte (the admin availability, with the API key). */
  const offeredBy = async (professionalId: number, day = nextWorkingDay()) => {
    const corte = salon.services.find((each) => each.key === 'corte')!;
    const response = await fetch(`${service.url}/admin/availability?date=${day}&professionalId=${professionalId}&serviceId=${corte.id}`, {
      headers: { authorization: `Bearer ${salon.apiKey}` },
    });
    return ((await response.json()) as { slots: string[] }).slots;
  };

  it('3. the agenda shows the bot’s booking; a click on a free time books a walk-in the bot stops offering; moving, cancelling, attendance and an afternoon block work', async () => {
    const { db } = await database;
    const day = nextWorkingDay();
    const ana = salon.professionals.find((professional) => professional.key === 'ana')!;
    const bia = salon.professionals.find((professional) => professional.key === 'bia')!;
    const corte = salon.services.find((service) => service.key === 'corte')!;
    const booker = newWaId();
    claude.enqueue(toolCalls([{ name: 'agendar', input: { profissional_id: ana.id, servico_id: corte.id, inicio: `${day}T10:00` } }]));
    claude.enqueue(text(`Pronto! Corte com a Ana no dia ${day} às 10:00.`));
    const status = await service.postWebhook(
      webhookFixture('text', {
        phoneNumberId: salon.phoneNumberId,
        from: booker,
        profileName: 'João Lima',
        text: `Quero cortar o cabelo dia ${day} às 10h com a Ana`,
      }),
    );
    expect(status).toBe(200);
    const botBooking = await eventually(
      () =>
        db.appointment.findFirst({
          where: { tenantId: salon.id, professionalId: ana.id, status: 'booked' },
          select: { id: true, source: true },
        }),
      'the bot’s booking',
    );
    expect(botBooking.source).toBe('bot');

    await inbox.getByRole('link', { name: 'Agenda' }).click();
    await inbox.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await inbox.getByLabel('Data').fill(day);
    const botBlock = inbox.locator(`[data-appointment-id="${botBooking.id}"]`);
    await botBlock.waitFor();
    await expect(botBlock.textContent()).resolves.toContain('Robô');
    await expect(botBlock.textContent()).resolves.toContain('João Lima');
    await screenshot(inbox, 'agenda');
    expect(await unlabeledControls(inbox)).toEqual([]);
    expect(await accessibilityViolations(inbox)).toEqual([]);

    // A walk-in at Ana's free 14:00.
    expect(await offeredBy(ana.id)).toContain('14:00');
    await inbox.getByRole('button', { name: '14:00 livre: agendar com Ana' }).click();
    expect(await unlabeledControls(inbox)).toEqual([]);
    expect(await accessibilityViolations(inbox)).toEqual([]);
    // The service list shows each price as the customer reads it.
    expect(await inbox.getByLabel('Serviço').locator('option').allTextContents()).toEqual([
      'Coloração (90 min)',
      'Corte (30 min · R$ 60,00)',
    ]);
    await inbox.getByLabel('Nome do cliente').fill('Paula Reis');
    await inbox.getByLabel('Telefone (WhatsApp)').fill('(11) 98888-7777');
    await inbox.getByRole('button', { name: 'Agendar', exact: true }).click();
    await inbox.getByText('Agendado: Paula Reis às 14:00 com Ana.').waitFor();
    const walkIn = await db.appointment.findFirst({
      where: { tenantId: salon.id, professionalId: ana.id, source: 'staff' },
      select: { id: true, events: { select: { actorKind: true, actorId: true, change: true } } },
    });
    const carla = await db.staffAccount.findUnique({ where: { email: owner.email }, select: { id: true } });
    expect(walkIn?.events).toEqual([{ actorKind: 'staff_account', actorId: carla!.id, change: 'created' }]);
    await inbox.locator(`[data-appointment-id="${walkIn!.id}"]`).waitFor();
    await expect(inbox.locator(`[data-appointment-id="${walkIn!.id}"]`).textContent()).resolves.toContain('Equipe');
    expect(await inbox.getByRole('button', { name: '14:00 livre: agendar com Ana' }).count()).toBe(0);
    const offered = offeredBy;
    const anaAfter = await offered(ana.id);
    expect(anaAfter).not.toContain('14:00');
    expect(anaAfter).not.toContain('13:45');
    expect(anaAfter).toContain('09:00');

    // Move the walk-in to 15:00, then cancel it.
    const agendaOf = async () => {
      const response = await fetch(`${service.url}/admin/appointments?date=${day}&professionalId=${ana.id}`, {
        headers: { authorization: `Bearer ${salon.apiKey}` },
      });
      return ((await response.json()) as { items: { id: number; start: string; status: string; source: string }[] }).items;
    };
    await inbox.locator(`[data-appointment-id="${walkIn!.id}"]`).click();
    await inbox.getByLabel('Novo horário').fill('15:00');
    await inbox.getByRole('button', { name: 'Mover', exact: true }).click();
    await inbox.getByText('Paula Reis: movido para 15:00.').waitFor();
    const moved = await eventually(
      async () => (await agendaOf()).find((item) => item.start === `${day}T15:00` && item.status === 'booked'),
      'the moved appointment',
    );
    expect(moved.source).toBe('staff');
    expect(await offeredBy(ana.id)).toContain('14:00');
    await inbox.locator(`[data-appointment-id="${moved.id}"]`).click();
    await inbox.getByRole('button', { name: 'Cancelar agendamento' }).click();
    await inbox.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await inbox.getByText('Paula Reis: cancelado.').waitFor();
    expect((await agendaOf()).find((item) => item.id === moved.id)?.status).toBe('cancelled');
    await inbox.getByText('Cancelados do dia').waitFor();

    // Bia's afternoon off.
    expect((await offered(bia.id)).some((slot) => slot >= '13:00' && slot < '18:00')).toBe(true);
    await inbox.getByRole('button', { name: 'Bloquear horário' }).click();
    await inbox.getByLabel('Profissional', { exact: true }).selectOption(String(bia.id));
    await inbox.getByLabel('Das').fill('13:00');
    await inbox.getByLabel('Até').fill('18:00');
    await inbox.getByLabel('Motivo (opcional)').fill('Consulta médica');
    await inbox.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await inbox.getByText('Horário bloqueado.').waitFor();
    await inbox.getByText(/Bloqueado 13:00–18:00/).waitFor();
    expect((await offered(bia.id)).filter((slot) => slot >= '13:00' && slot < '18:00')).toEqual([]);
    expect(await inbox.getByRole('button', { name: '15:00 livre: agendar com Bia' }).count()).toBe(0);
    expect(await inbox.getByRole('button', { name: '15:00 livre: agendar com Ana' }).count()).toBe(1);
    await screenshot(inbox, 'agenda-after-changes');

    // Attendance of an appointment that has started (inserted as the bot books, two hours ago).
    const startsAt = new Date(Math.floor((Date.now() - 2 * 60 * 60 * 1000) / 900_000) * 900_000);
    const customerRow = await db.customer.create({ data: { tenantId: salon.id, waId: newWaId(), name: 'Rita Alves' } });
    const past = await insertTenantAppointment(db, salon, {
      customerId: customerRow.id,
      startsAt,
      professionalId: bia.id,
      serviceId: corte.id,
    });
    const pastDay = new Intl.DateTimeFormat('en-CA', { timeZone: salon.timezone }).format(startsAt);
    await inbox.getByLabel('Data').fill(pastDay);
    await inbox.locator(`[data-appointment-id="${past.id}"]`).click();
    await inbox.getByRole('button', { name: 'Compareceu', exact: true }).click();
    await inbox.getByText('Rita Alves: compareceu.').waitFor();
    expect((await db.appointment.findUnique({ where: { id: past.id }, select: { status: true } }))?.status).toBe('attended');

    // The owner's figures: handoffs by reason (two so far), runs by exit, attendance.
    await inbox.getByRole('link', { name: 'Estatísticas' }).click();
    await inbox.getByRole('heading', { name: 'Estatísticas' }).waitFor();
    const reasons = inbox.getByRole('table', { name: /Pedidos de atendimento por motivo/ });
    await reasons.waitFor();
    await expect(reasons.textContent()).resolves.toContain('O cliente pediu para falar com uma pessoa');
    await inbox.getByRole('table', { name: /Execuções do robô/ }).waitFor();
    await expect(inbox.locator('.figures').textContent()).resolves.toContain('sem dados');
    await screenshot(inbox, 'stats');
    expect(await accessibilityViolations(inbox)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });

  it('4. another tenant’s staff cannot see or change anything: direct URLs and API calls answer 404', async () => {
    const { page, problems, context } = await newPage(browser);
    await page.goto(`${service.url}/console`);
    // Keyboard only: Tab into the form, type, Enter submits.
    await page.getByLabel('E-mail').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('email');
    await page.keyboard.type(otherStaff.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(otherStaff.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    await page.getByLabel('Senha inicial').fill(otherStaff.password);
    await page.getByLabel('Nova senha', { exact: true }).fill('barba-e-bigode-99');
    await page.getByLabel('Repita a nova senha').fill('barba-e-bigode-99');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
    await page.getByText('Nenhuma conversa aguardando').waitFor();
    expect(await page.content()).not.toContain(customer.name);

    const direct = await page.goto(`${service.url}/console/conversas/${conversationId}`);
    expect(direct?.status()).toBe(404);
    await page.goto(`${service.url}/console`);
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
    const { db } = await database;
    const handoff = await db.handoff.findFirst({ where: { conversationId }, select: { id: true } });
    const statuses = await page.evaluate(
      async ({ conversation, handoffId }) => {
        const session = (await (await fetch('/console/api/session')).json()) as { csrfToken: string };
        const post = (url: string, body: unknown) =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
            body: JSON.stringify(body),
          }).then((response) => response.status);
        return [
          await fetch(`/admin/conversations/${conversation}`).then((response) => response.status),
          await fetch(`/console/api/conversations/${conversation}/appointments`).then((response) => response.status),
          await post(`/admin/conversations/${conversation}/messages`, { text: 'invasão' }),
          await post(`/admin/handoffs/${handoffId}/claim`, {}),
          await post(`/admin/handoffs/${handoffId}/resolve`, { returnToBot: true }),
        ];
      },
      { conversation: conversationId, handoffId: handoff!.id },
    );
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    expect(await db.message.count({ where: { conversationId, text: 'invasão' } })).toBe(0);
    await screenshot(page, 'other-tenant-404');
    await context.close();
    expect(problems).toEqual([]);
  });

  it('5. a phone-sized viewport can read the inbox, a conversation and the agenda (one column)', async () => {
    const { db } = await database;
    claude.enqueue(toolCalls([{ name: 'transferir_para_humano', input: { motivo: 'pediu uma pessoa' } }]));
    claude.enqueue(text('Já chamo alguém para te atender.'));
    await customerWrites('Pode me passar para uma atendente?');
    await eventually(() => db.handoff.findFirst({ where: { conversationId, status: 'pending' } }), 'the second handoff');

    const { page, problems, context } = await newPage(browser, { width: 390, height: 844, mobile: true });
    await page.goto(`${service.url}/console`);
    await signIn(page, owner.email, owner.newPassword);
    const item = page.locator('[data-handoff-id]').first();
    await item.waitFor();
    expect(await item.isVisible()).toBe(true);
    const fits = () => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth + 1');
    expect(await fits()).toBe(true);
    const box = await item.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'phone-inbox');
    expect(await accessibilityViolations(page)).toEqual([]);
    await item.locator('a').click();
    await page.getByRole('heading', { name: customer.name }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'phone-conversation');
    await page.getByRole('link', { name: 'Agenda' }).click();
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await page.getByLabel('Data').fill(nextWorkingDay());
    await page.locator('.appointment').first().waitFor();
    expect(await page.locator('.column-head').count()).toBe(1);
    await page.getByLabel('Profissional', { exact: true }).selectOption({ label: 'Bia' });
    await page.locator('.column-head', { hasText: 'Bia' }).waitFor();
    expect(await page.locator('.column-head').count()).toBe(1);
    await page.getByLabel('Profissional', { exact: true }).selectOption({ label: 'Ana' });
    await page.locator('.column-head', { hasText: 'Ana' }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'phone-agenda');
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
    expect(problems).toEqual([]);
  });
});
