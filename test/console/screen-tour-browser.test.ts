import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { claimHandoff, requestHandoff } from '../../src/handoff/index.js';
import { insertTenantAppointment } from '../admin/agenda-test-kit.js';
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
} from './browser.js';
import { type ConsoleTestService, startConsoleTestService } from './console-service.js';

const availability = browserAvailability();
const root = path.resolve(import.meta.dirname, '../..');
const ZONE = 'America/Sao_Paulo';
const writeDocs = process.env.UPDATE_SCREENSHOTS === '1';
/** The two screens the docs show every console screen at: the front desk's laptop and a phone. */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];

/** The local date in São Paulo `days` from now. */
function localDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** The first local date at least two days from now that falls on a Wednesday (everyone works). */
function nextWednesday(): string {
  for (let days = 2; ; days++) {
    const date = localDate(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 3) return date;
  }
}

/** An instant at a São Paulo wall time (UTC−3) on a local date. */
const at = (date: string, clock: string) => new Date(`${date}T${clock}:00-03:00`);

// The acceptance of the console: every screen at 1366×768 and 390×844, each audited by axe-core
// (no serious or critical violation), its picture written to docs/ with UPDATE_SCREENSHOTS=1.
describe.runIf(availability.run)('a tour of every console screen at 1366×768 and 390×844', { timeout: 120_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  const day = nextWednesday();
  const ids = { joana: 0, joanaConversation: 0, appointment: 0 };
  const accounts = {
    attendant: {
      email: 'lia@salaodalia.test',
      name: 'Lia',
      role: 'attendant' as const,
      initial: '',
      page: null as Page | null,
    },
    owner: { email: 'rosa@salaodalia.test', name: 'Rosa', role: 'owner' as const, initial: '', page: null as Page | null },
  };
  /** Each signed-in page's errors (page errors, console errors, requests leaving the service). */
  const problems: string[][] = [];

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    await seedSalon();
    for (const account of Object.values(accounts)) {
      const created = await createStaffAccount(db, { slug: salon.slug, email: account.email, name: account.name, role: account.role });
      if (created.kind !== 'created') throw new Error('staff account not created');
      account.initial = created.initialPassword;
      if (account.name === 'Lia') {
        await db.handoff.updateMany({ where: { tenantId: salon.id, attendant: 'Lia' }, data: { attendantStaffId: created.staffId } });
      }
    }
    service = await startConsoleTestService({ database: await database, worker: false });
    chromium = await launchChromium();
    browser = chromium.browser;
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
  });

  /** One salon's ordinary week: three professionals, chats with the bot and with people, a full day, a fortnight behind. */
  async function seedSalon() {
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Lia' });
    const [corte, coloracao] = salon.services as [TestTenant['services'][number], TestTenant['services'][number]];
    const [ana, bia] = salon.professionals as [TestTenant['professionals'][number], TestTenant['professionals'][number]];
    await db.service.update({ where: { id: corte.id }, data: { priceCents: 6000 } });
    await db.service.update({ where: { id: coloracao.id }, data: { priceCents: 18000 } });
    const carla = await db.professional.create({
      data: {
        tenantId: salon.id,
        key: 'carla',
        name: 'Carla',
        services: { create: [{ serviceId: coloracao.id }] },
        workingHours: { create: [2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 18 * 60 })) },
      },
      select: { id: true },
    });
    const lavatorio = await db.resource.create({ data: { tenantId: salon.id, key: 'lavatorio', name: 'Lavatório', count: 2 } });
    await db.serviceResource.create({ data: { tenantId: salon.id, serviceId: coloracao.id, resourceId: lavatorio.id } });
    await db.resource.create({ data: { tenantId: salon.id, key: 'cadeira-manicure', name: 'Cadeira de manicure', count: 1 } });

    const chat = async (
      name: string,
      waId: string,
      lines: { author: 'customer' | 'bot' | 'attendant'; text: string; minutesAgo: number }[],
    ) => {
      const { customer, conversation } = await createTestConversation(db, salon.id, { name, waId });
      for (const line of lines) {
        const createdAt = new Date(Date.now() - line.minutesAgo * 60_000);
        if (line.author === 'customer') {
          await createInboundMessage(db, {
            tenantId: salon.id,
            conversationId: conversation.id,
            text: line.text,
            status: 'processed',
            createdAt,
          });
        } else {
          await db.message.create({
            data: {
              tenantId: salon.id,
              conversationId: conversation.id,
              direction: 'outbound',
              author: line.author,
              type: 'text',
              text: line.text,
              status: 'read',
              createdAt,
              sentAt: createdAt,
              ...(line.author === 'attendant' ? { attendant: 'Lia' } : {}),
            },
          });
        }
      }
      return { customer, conversation };
    };
    const joana = await chat('Joana Prado', '5511987650001', [
      { author: 'customer', text: 'Oi! Queria marcar uma coloração para quarta de manhã', minutesAgo: 42 },
      { author: 'bot', text: 'Oi, Joana! Na quarta a Carla tem horário às 09:00 ou às 13:00. Qual prefere?', minutesAgo: 41 },
      { author: 'customer', text: 'Às 13:00. E a coloração pode ser com tinta sem amônia? Sou alérgica', minutesAgo: 35 },
      { author: 'bot', text: 'Vou chamar uma pessoa da equipe para confirmar a tinta, só um instante.', minutesAgo: 34 },
      {
        author: 'attendant',
        text: 'Oi, Joana, aqui é a Lia! Temos sim, a Carla usa tinta sem amônia. Já deixei anotado na sua ficha.',
        minutesAgo: 20,
      },
      { author: 'customer', text: 'Perfeito, obrigada! Até quarta', minutesAgo: 18 },
    ]);
    const maria = await chat('Maria Souza', '5511987650002', [
      { author: 'customer', text: 'Boa tarde, quero falar com uma pessoa, por favor', minutesAgo: 6 },
      { author: 'bot', text: 'Certo! Vou chamar uma atendente, ela já te responde por aqui.', minutesAgo: 6 },
    ]);
    const paulo = await chat('Paulo Mendes', '5521987650003', [
      { author: 'customer', text: 'Tem horário para corte na quarta às 10h com a Ana?', minutesAgo: 120 },
      { author: 'bot', text: 'Pronto! Corte com a Ana na quarta às 10:00. Te mando um lembrete na véspera.', minutesAgo: 119 },
    ]);
    const camila = await chat('Camila Rocha', '5531987650004', [
      { author: 'bot', text: 'Lembrete: seu corte com a Bia é na quarta às 10:30. Confirma?', minutesAgo: 300 },
      { author: 'customer', text: 'Confirmo!', minutesAgo: 290 },
    ]);
    const fernanda = await chat('Fernanda Costa', '5511987650005', [
      { author: 'customer', text: 'Quanto custa a coloração?', minutesAgo: 15 },
      { author: 'bot', text: 'A coloração sai por R$ 180,00 e leva 1h30. Quer ver os horários?', minutesAgo: 15 },
      { author: 'customer', text: 'Quero sim, mas só posso depois das 17h', minutesAgo: 3 },
    ]);
    const rita = await chat('Rita Alves', '5511987650006', [{ author: 'customer', text: 'Oi, vocês abrem no sábado?', minutesAgo: 600 }]);
    ids.joana = joana.customer.id;
    ids.joanaConversation = joana.conversation.id;
    const waiting = await requestHandoff(db, {
      tenantId: salon.id,
      conversationId: maria.conversation.id,
      reason: 'requested_by_customer',
    });
    await db.handoff.update({ where: { id: waiting.id }, data: { createdAt: new Date(Date.now() - 6 * 60_000) } });
    const taken = await requestHandoff(db, { tenantId: salon.id, conversationId: joana.conversation.id, reason: 'complaint' });
    await db.handoff.update({ where: { id: taken.id }, data: { createdAt: new Date(Date.now() - 34 * 60_000) } });
    // Claimed by Lia's account, created after the seed: its id is set once the account exists.
    await claimHandoff(db, {
      tenantId: salon.id,
      handoffId: taken.id,
      attendant: 'Lia',
      attendantStaffId: null,
      now: new Date(Date.now() - 21 * 60_000),
    });
    await db.customer.update({
      where: { id: joana.customer.id },
      data: { notes: 'Alérgica a amônia: usar tinta sem amônia. Prefere as manhãs.' },
    });

    // The day shown: a morning and an afternoon for each professional, told apart by who booked it.
    const book = async (
      customerId: number,
      clock: string,
      professionalId: number,
      serviceId: number,
      source: string,
      options: { date?: string; status?: string } = {},
    ) => {
      const row = await insertTenantAppointment(db, salon, {
        customerId,
        startsAt: at(options.date ?? day, clock),
        professionalId,
        serviceId,
        ...(options.status ? { status: options.status } : {}),
      });
      const priceCents = serviceId === corte.id ? 6000 : 18000;
      await db.appointment.update({ where: { id: row.id }, data: { source, priceCents } });
      return row;
    };
    const first = await book(paulo.customer.id, '10:00', ana.id, corte.id, 'bot');
    ids.appointment = first.id;
    await book(rita.customer.id, '11:00', ana.id, coloracao.id, 'staff');
    await book(fernanda.customer.id, '14:30', ana.id, corte.id, 'staff');
    await book(camila.customer.id, '10:30', bia.id, corte.id, 'reminder');
    await book(maria.customer.id, '15:00', bia.id, corte.id, 'bot');
    await book(joana.customer.id, '13:00', carla.id, coloracao.id, 'bot');
    await book(fernanda.customer.id, '09:30', carla.id, coloracao.id, 'staff');
    await db.professionalBlock.create({
      data: {
        tenantId: salon.id,
        professionalId: bia.id,
        startsAt: at(day, '17:00'),
        endsAt: at(day, '19:00'),
        reason: 'Consulta médica',
        actorKind: 'staff_account',
      },
    });

    // A fortnight behind: most attended, a no-show, a cancellation, a deposit, handoffs a person took.
    const customers = [joana, paulo, camila, fernanda, rita, maria].map((each) => each.customer.id);
    for (let back = 14; back >= 1; back -= 1) {
      const date = localDate(-back);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (weekday === 0) continue;
      const pick = (offset: number) => customers[(back + offset) % customers.length]!;
      await book(pick(0), '09:00', ana.id, corte.id, back % 3 === 0 ? 'staff' : 'bot', { date, status: 'attended' });
      if (weekday !== 1) await book(pick(1), '11:00', bia.id, corte.id, back % 4 === 0 ? 'reminder' : 'bot', { date, status: 'attended' });
      if (weekday !== 1 && back % 2 === 0) await book(pick(2), '14:00', carla.id, coloracao.id, 'bot', { date, status: 'attended' });
      if (back === 5) await book(pick(3), '16:00', ana.id, corte.id, 'bot', { date, status: 'no_show' });
      if (back === 8) await book(pick(4), '16:00', bia.id, corte.id, 'staff', { date, status: 'cancelled' });
    }
    await book(joana.customer.id, '09:00', carla.id, coloracao.id, 'bot', { date: localDate(-20), status: 'no_show' });
    const paid = await db.appointment.findFirstOrThrow({ where: { tenantId: salon.id, status: 'attended', serviceId: coloracao.id } });
    await db.deposit.create({
      data: {
        tenantId: salon.id,
        appointmentId: paid.id,
        status: 'paid',
        amountCents: 5400,
        holdUntil: new Date(),
        chargeKey: `tour-${paid.id}`,
      },
    });
    for (const [back, name, waitSeconds] of [
      [3, 'Beatriz Lima', 95],
      [6, 'Luana Martins', 240],
      [9, 'Sônia Ribeiro', 40],
    ] as const) {
      const createdAt = new Date(Date.now() - back * 86_400_000);
      const { conversation } = await createTestConversation(db, salon.id, { name, lastInboundAt: createdAt });
      await db.conversation.update({ where: { id: conversation.id }, data: { createdAt } });
      await createInboundMessage(db, {
        tenantId: salon.id,
        conversationId: conversation.id,
        text: 'Preciso falar com alguém sobre um horário',
        status: 'processed',
        createdAt,
      });
      const open = await requestHandoff(db, { tenantId: salon.id, conversationId: conversation.id, reason: 'requested_by_customer' });
      await db.handoff.update({
        where: { id: open.id },
        data: {
          createdAt,
          status: 'resolved',
          attendant: 'Lia',
          claimedAt: new Date(createdAt.getTime() + waitSeconds * 1000),
          resolvedAt: new Date(createdAt.getTime() + 900_000),
        },
      });
    }
    // Reminders of the fortnight: two confirmed by the customer, one left unanswered.
    const reminded = await db.appointment.findMany({
      where: { tenantId: salon.id, status: 'attended' },
      orderBy: { startsAt: 'desc' },
      take: 3,
    });
    for (const [index, appointment] of reminded.entries()) {
      await db.appointmentReminder.create({
        data: {
          tenantId: salon.id,
          appointmentId: appointment.id,
          customerId: appointment.customerId,
          beforeMinutes: 1440,
          dueAt: new Date(appointment.startsAt.getTime() - 86_400_000),
          startsAt: appointment.startsAt,
          status: 'sent',
          payloadToken: `tour-${appointment.id}`,
        },
      });
      if (index < 2) {
        await db.appointmentEvent.create({
          data: { tenantId: salon.id, appointmentId: appointment.id, actorKind: 'customer_reminder', change: 'confirmed' },
        });
      }
    }
  }

  /** Signs an account in (its first sign-in: the initial password is replaced) on a page of its own. */
  async function pageOf(who: keyof typeof accounts): Promise<Page> {
    const account = accounts[who];
    if (account.page) return account.page;
    const opened = await newPage(browser, SIZES[0]);
    problems.push(opened.problems);
    const page = opened.page;
    await signIn(page, service.url, account.email, account.initial);
    await page.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    await page.getByLabel('Senha inicial').fill(account.initial);
    const password = `${who}-jabuticaba-madura-2026`;
    await page.getByLabel('Nova senha', { exact: true }).fill(password);
    await page.getByLabel('Repita a nova senha').fill(password);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
    account.page = page;
    return page;
  }

  /** The screen as it stands: its picture, then axe-core's audit (no serious or critical violation). */
  async function capture(page: Page, screen: string, size: Size) {
    await page.evaluate('document.fonts.ready');
    await screenshot(page, `${screen}-${size.width}x${size.height}`, { docs: writeDocs });
    const serious = (await accessibilityViolations(page)).filter((line) => /^[\w-]+ \((serious|critical)\)/.test(line));
    expect({ screen, size, serious }).toEqual({ screen, size, serious: [] });
  }

  async function openAgenda(page: Page) {
    await page.goto(`${service.url}/console/agenda`);
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await page.getByLabel('Data', { exact: true }).fill(day);
    await page.locator(`.day-grid [data-appointment-id="${ids.appointment}"]`).waitFor();
    // The date picker keeps the focus after typing; the pictures show the agenda as it is read.
    await page.evaluate('document.activeElement?.blur()');
  }

  for (const size of SIZES) {
    const label = `${size.width}×${size.height}`;

    it(`the sign-in page at ${label}`, async () => {
      const { page, context, problems: signInProblems } = await newPage(browser, size);
      try {
        await page.goto(`${service.url}/console`);
        await page.getByRole('heading', { name: 'Entrar no console' }).waitFor();
        await capture(page, 'sign-in', size);
        expect(signInProblems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`the attendant’s screens at ${label}: inbox, a conversation, the customer record`, async () => {
      const page = await pageOf('attendant');
      await page.setViewportSize(size);
      await page.goto(`${service.url}/console`);
      await page.locator('[data-handoff-id]').first().waitFor();
      await page.getByText('Fernanda Costa').first().waitFor();
      await capture(page, 'inbox', size);

      await page.goto(`${service.url}/console/conversas/${ids.joanaConversation}`);
      await page.getByRole('heading', { name: 'Joana Prado' }).waitFor();
      await page.getByText('Perfeito, obrigada! Até quarta').waitFor();
      await page.getByRole('heading', { name: 'Agendamentos do cliente' }).waitFor();
      await capture(page, 'conversation', size);

      await page.goto(`${service.url}/console/clientes/${ids.joana}`);
      await page.getByRole('heading', { name: 'Joana Prado' }).waitFor();
      await page.getByRole('table', { name: 'Agendamentos do cliente' }).locator('tbody tr').first().waitFor();
      await capture(page, 'customer-record', size);
      expect(problems.flat()).toEqual([]);
    });

    it(`the agenda at ${label}: the day, one professional’s day, the week, and its dialogs`, async () => {
      const page = await pageOf('attendant');
      await page.setViewportSize(size);
      const phone = size.width < 600;
      await openAgenda(page);
      await page.locator('.day-grid .block', { hasText: 'Consulta médica' }).or(page.locator('.day-grid .column-head')).first().waitFor();
      await capture(page, 'agenda', size);

      // One professional's day: on a wide screen "Mostrar", on a phone (always one column) "Profissional".
      await page.getByLabel(phone ? 'Profissional' : 'Mostrar', { exact: true }).selectOption({ label: 'Bia' });
      await page.locator('.day-grid .column-head', { hasText: 'Bia' }).waitFor();
      await page.waitForFunction(`document.querySelectorAll('.day-grid .column-head').length === 1`);
      await page.locator('.day-grid .block', { hasText: 'Consulta médica' }).waitFor();
      // On a phone the controls fill the first screen: the picture shows her column.
      if (phone) await page.locator('.day-grid').evaluate((element) => element.scrollIntoView());
      await capture(page, 'agenda-professional', size);
      // Back to everyone (on a phone, to Ana, whose appointment the week waits for), and drawn so before the week is asked for.
      if (!phone) await page.getByLabel('Mostrar', { exact: true }).selectOption({ label: 'Todos os profissionais' });
      else await page.getByLabel('Profissional', { exact: true }).selectOption({ label: 'Ana' });
      await page.locator(`.day-grid [data-appointment-id="${ids.appointment}"]`).waitFor();

      await page.getByLabel('Visão').selectOption('week');
      await page.locator(`.week-day [data-appointment-id="${ids.appointment}"]`).waitFor();
      // On a phone the days stack: the picture shows the Wednesday shown on the day grid.
      if (phone)
        await page
          .locator('.week-day')
          .nth(2)
          .evaluate((element) => element.scrollIntoView());
      await capture(page, 'agenda-week', size);
      await page.getByLabel('Visão').selectOption('day');

      await openAgenda(page);
      const dialog = page.getByRole('dialog');
      await page.getByRole('button', { name: 'Novo agendamento' }).click();
      await dialog.getByLabel('Nome do cliente').waitFor();
      await capture(page, 'booking-dialog', size);
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.locator(`.day-grid [data-appointment-id="${ids.appointment}"]`).click();
      await dialog.getByRole('button', { name: 'Cancelar agendamento' }).waitFor();
      await capture(page, 'appointment-dialog', size);
      await dialog.getByLabel('Novo horário').scrollIntoViewIfNeeded();
      await dialog.getByRole('button', { name: 'Mover', exact: true }).scrollIntoViewIfNeeded();
      await capture(page, 'appointment-move', size);
      await dialog.getByRole('button', { name: 'Cancelar agendamento' }).click();
      await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).scrollIntoViewIfNeeded();
      await capture(page, 'appointment-cancel', size);
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Bloquear horário' }).click();
      await dialog.getByLabel('Primeiro dia').waitFor();
      await capture(page, 'block-dialog', size);
      await dialog.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(problems.flat()).toEqual([]);
    });

    it(`the owner’s screens at ${label}: stats, overview, team, the settings pages`, async () => {
      const page = await pageOf('owner');
      await page.setViewportSize(size);
      await page.goto(`${service.url}/console/estatisticas`);
      await page.getByRole('heading', { name: 'Estatísticas' }).waitFor();
      await page.getByRole('table', { name: /Pedidos de atendimento por motivo/ }).waitFor();
      await capture(page, 'stats', size);

      await page.goto(`${service.url}/console/resumo`);
      await page.getByRole('heading', { name: 'Resumo', exact: true }).waitFor();
      await page.locator('.uplot canvas').first().waitFor();
      await page.getByRole('heading', { name: 'Sinais por Pix' }).waitFor();
      await capture(page, 'overview', size);

      await page.goto(`${service.url}/console/equipe`);
      await page.getByRole('heading', { name: 'Equipe', exact: true }).waitFor();
      await page.getByText('Lia', { exact: true }).first().waitFor();
      await capture(page, 'team', size);

      await page.goto(`${service.url}/console/ajustes`);
      await page.getByRole('heading', { name: 'Ajustes do salão' }).waitFor();
      await page.getByRole('heading', { name: 'Serviços e preços' }).waitFor();
      await capture(page, 'settings', size);
      await page.getByRole('heading', { name: 'Serviços e preços' }).evaluate((element) => element.scrollIntoView());
      await capture(page, 'settings-services', size);
      await page.getByRole('button', { name: 'Editar Ana' }).click();
      const form = page.getByRole('form', { name: 'Editar Ana' });
      await form.waitFor();
      await form.evaluate((element) => element.scrollIntoView());
      await capture(page, 'settings-professional', size);

      await page.goto(`${service.url}/console/ajustes/recursos`);
      await page.getByRole('heading', { name: 'Recursos do salão' }).waitFor();
      await page.getByText(/Lavatório · 2 ao mesmo tempo/).waitFor();
      await capture(page, 'settings-resources', size);
      expect(problems.flat()).toEqual([]);
    });
  }
});
