import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { bookAppointment, botActor, customerPolicy } from '../../src/scheduling/appointments/index.js';
import { insertTenantAppointment } from '../admin/agenda-test-kit.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
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
const ZONE = 'America/Sao_Paulo';

/** Local date and wall time in São Paulo of an instant. */
function localOf(instant: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * A walk-in's start: five minutes ahead, on the minute. A booking may not run past its day's last
 * working minute (Ana's days end at 24:00, and a day's hours do not run on into the next), so in
 * the last 35 minutes of the São Paulo day, where the dialog's 30-minute service would pass
 * midnight, the walk-in comes at 00:05 the next day instead (a CI run at 23:35 was refused).
 */
function walkInStart(): { date: string; time: string } {
  const soon = localOf(new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000));
  if (soon.time < '23:30') return soon;
  const nextDay = localOf(new Date(Date.now() + 3 * 3_600_000));
  return { date: nextDay.date, time: '00:05' };
}

/** The next date in São Paulo, two days ahead or later, when both test professionals work (Tuesday to Saturday). */
function nextWorkingDay(): string {
  for (let days = 2; ; days++) {
    const date = localOf(new Date(Date.now() + days * 86_400_000)).date;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6) return date;
  }
}

// Issue 25, the front desk: an attendant runs the day from the console: full phones, walk-ins
// now, errors at their field, the customer record.
describe.runIf(availability.run)('the front desk in Chromium, signed in as an attendant', { timeout: 90_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let page: Page;
  let problems: string[] = [];
  const attendant = { email: `rita.${Date.now()}@salao.test`, newPassword: 'jasmim-do-cabo-2026' };
  const ana = () => salon.professionals[0]!;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Rita' });
    // Ana works around the clock, so "now + 5 min" is inside her hours whenever the test runs.
    await db.workingHours.deleteMany({ where: { professionalId: ana().id } });
    await db.workingHours.createMany({
      data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        tenantId: salon.id,
        professionalId: ana().id,
        weekday,
        startMinute: 0,
        endMinute: 1440,
      })),
    });
    const created = await createStaffAccount(db, { slug: salon.slug, email: attendant.email, name: 'Rita', role: 'attendant' });
    if (created.kind !== 'created') throw new Error('staff account not created');
    service = await startConsoleTestService({ database: await database });
    chromium = await launchChromium();
    browser = chromium.browser;
    ({ page, problems } = await newPage(browser, { width: 1366, height: 768 }));
    await signIn(page, service.url, attendant.email, created.initialPassword);
    await page.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    await page.getByLabel('Senha inicial').fill(created.initialPassword);
    await page.getByLabel('Nova senha', { exact: true }).fill(attendant.newPassword);
    await page.getByLabel('Repita a nova senha').fill(attendant.newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
  });
  beforeEach(() => {
    new GraphApiFake().install();
  });

  const openAgenda = async (date: string) => {
    await page.goto(`${service.url}/console/agenda`);
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await page.getByLabel('Data', { exact: true }).fill(date);
  };

  it('a walk-in at now + 5 min is booked (no bot notice), found by name next time, and shows the full phone as a tel: link', async () => {
    const { db } = await database;
    const start = walkInStart();
    await openAgenda(start.date);
    await page.getByRole('button', { name: 'Novo agendamento' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Profissional').selectOption(String(ana().id));
    await dialog.getByLabel('Data do agendamento').fill(start.date);
    await dialog.getByLabel('Horário', { exact: true }).fill(start.time);
    await dialog.getByLabel('Nome do cliente').fill('Paula Reis');
    await dialog.getByLabel('Telefone (WhatsApp)').fill('(11) 97777-6666');
    expect(await unlabeledControls(page)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
    await page.getByText(`Agendado: Paula Reis às ${start.time} com Ana.`).waitFor();

    const walkIn = await db.appointment.findFirstOrThrow({
      where: { tenantId: salon.id, professionalId: ana().id, source: 'staff' },
      select: { id: true, startsAt: true, customer: { select: { waId: true } } },
    });
    expect(localOf(walkIn.startsAt)).toEqual(start);
    expect(walkIn.customer.waId).toBe('5511977776666');

    // The appointment shows the customer's whole number, formatted, as a link that calls it.
    await page.locator(`[data-appointment-id="${walkIn.id}"]`).click();
    const call = page.getByRole('dialog').getByRole('link', { name: '(11) 97777-6666' });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:+5511977776666');
    // It has not started: no attendance buttons yet.
    expect(await page.getByRole('button', { name: 'Compareceu', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Fechar' }).click();

    // The next booking finds her by part of the name and fills name and phone.
    await page.getByRole('button', { name: 'Novo agendamento' }).click();
    await page.getByRole('dialog').getByLabel('Buscar cliente (nome ou telefone)').fill('paula');
    await page.getByRole('button', { name: 'Paula Reis · (11) 97777-6666' }).click();
    expect(await page.getByRole('dialog').getByLabel('Nome do cliente').inputValue()).toBe('Paula Reis');
    expect(await page.getByRole('dialog').getByLabel('Telefone (WhatsApp)').inputValue()).toBe('(11) 97777-6666');
    await page.getByRole('button', { name: 'Fechar' }).click();
    expect(problems).toEqual([]);
  });

  it("a bad phone shows the API's pt-BR message at the phone field, cleared when the phone changes", async () => {
    const start = localOf(new Date(Date.now() + 2 * 86_400_000));
    await openAgenda(start.date);
    await page.getByRole('button', { name: 'Novo agendamento' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Horário', { exact: true }).fill('10:00');
    await dialog.getByLabel('Nome do cliente').fill('Caio Nunes');
    const phone = dialog.getByLabel('Telefone (WhatsApp)');
    await phone.fill('12345');
    await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();

    const message = 'Telefone inválido: use, por exemplo, (11) 98765-4321 ou +55 11 98765-4321.';
    await dialog.getByText(message).waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await phone.getAttribute('aria-describedby');
    expect(await dialog.locator(`#${describedBy}`).textContent()).toBe(message);
    await dialog.getByText('Confira os campos destacados.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'front-desk-bad-phone');

    await phone.fill('(11) 96666-5555');
    expect(await dialog.getByText(message).count()).toBe(0);
    expect(await phone.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Fechar' }).click();
    expect(problems).toEqual([]);
  });

  it('the customer record: phone, no-shows, appointments with status and source, notes kept, book and open the conversation', async () => {
    const { db } = await database;
    const { customer, conversation } = await createTestConversation(db, salon.id, { name: 'Joana Souza', waId: '5521998765432' });
    await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: '2026-11-20T13:00:00Z', status: 'no_show' });
    await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: '2026-11-25T13:00:00Z', status: 'attended' });

    await page.goto(`${service.url}/console/clientes/${customer.id}`);
    await page.getByRole('heading', { name: 'Joana Souza' }).waitFor();
    expect(await page.getByRole('link', { name: '(21) 99876-5432' }).getAttribute('href')).toBe('tel:+5521998765432');
    const rows = page.getByRole('table', { name: 'Agendamentos do cliente' }).locator('tbody tr');
    await expect(rows.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^25\/11\/2026 10:00Corte.*Compareceu.*Marcado pelo robô$/),
      expect.stringMatching(/^20\/11\/2026 10:00Corte.*Não compareceu.*Marcado pelo robô$/),
    ]);
    await expect(page.locator('dl').textContent()).resolves.toContain('Faltas1');
    expect(await page.getByRole('link', { name: 'Abrir a conversa' }).getAttribute('href')).toBe(`/console/conversas/${conversation.id}`);
    expect(await unlabeledControls(page)).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'customer-record');

    await page.getByLabel('Observações da equipe').fill('Prefere as manhãs.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Ficha salva.').waitFor();
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id }, select: { notes: true } })).notes).toBe('Prefere as manhãs.');

    await page.getByRole('button', { name: 'Agendar para este cliente' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Nome do cliente').inputValue()).toBe('Joana Souza');
    expect(await dialog.getByLabel('Telefone (WhatsApp)').inputValue()).toBe('(21) 99876-5432');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Fechar' }).click();
    expect(problems).toEqual([]);
  });

  it('a move to another professional picked from her free times keeps the id: Bia has it, it shows as moved, never as cancelled, and the customer told', async () => {
    const { db } = await database;
    const day = nextWorkingDay();
    const { customer } = await createTestConversation(db, salon.id, { name: 'Lia Prado', waId: '5511933332222' });
    // 11:00 in São Paulo (UTC-3) with Ana.
    const booked = await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: `${day}T14:00:00Z` });
    await openAgenda(day);
    await page.locator(`[data-appointment-id="${booked.id}"]`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mover para o profissional').selectOption(String(salon.professionals[1]!.id));
    await dialog.getByRole('group', { name: 'Horários livres de Bia' }).getByRole('button', { name: '15:00', exact: true }).click();
    expect(await dialog.getByLabel('Novo horário').inputValue()).toBe('15:00');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
    // She wrote a moment ago: inside the 24-hour window, a plain message tells her.
    await page.getByText('Lia Prado: movido para 15:00 com Bia. Cliente avisado pelo WhatsApp.').waitFor();

    const moved = await db.appointment.findUniqueOrThrow({ where: { id: booked.id } });
    expect(moved.professionalId).toBe(salon.professionals[1]!.id);
    expect(moved.status).toBe('booked');
    expect(localOf(moved.startsAt)).toEqual({ date: day, time: '15:00' });
    expect(await db.appointment.count({ where: { tenantId: salon.id, customerId: customer.id } })).toBe(1);
    const card = page.locator(`[data-appointment-id="${booked.id}"]`);
    await card.locator('.badge.moved', { hasText: 'Remarcado' }).waitFor();
    expect(await page.getByText(/Cancelados do dia/).count()).toBe(0);
    expect(await page.getByText(/Remarcados do dia/).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Outside the window and without a template, the customer cannot be told: the agenda says so.
    const { customer: quiet } = await createTestConversation(db, salon.id, {
      name: 'Rita Alves',
      waId: '5511933334444',
      lastInboundAt: new Date(Date.now() - 3 * 24 * 3_600_000),
    });
    const silent = await insertTenantAppointment(db, salon, { customerId: quiet.id, startsAt: `${day}T17:00:00Z` });
    await openAgenda(day);
    await page.locator(`[data-appointment-id="${silent.id}"]`).click();
    await dialog.getByLabel('Novo horário').fill('16:30');
    await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
    await page.getByText(/Rita Alves: movido para 16:30\. Cliente NÃO avisado: O cliente não escreveu nas últimas 24 horas/).waitFor();
    expect((await db.appointment.findUniqueOrThrow({ where: { id: silent.id } })).startsAt).toEqual(new Date(`${day}T19:30:00Z`));
    expect(problems).toEqual([]);
  });

  it('a booking waiting for its deposit shows it on its card and in its dialog, and the attendant marks it paid in cash: booked, her name in the history', async () => {
    const { db } = await database;
    const day = nextWorkingDay();
    const { customer } = await createTestConversation(db, salon.id, { name: 'Sara Lima', waId: '5511955554444' });
    // 13:00 in São Paulo with Ana, waiting for a R$ 54,00 deposit.
    const waiting = await insertTenantAppointment(db, salon, {
      customerId: customer.id,
      startsAt: `${day}T16:00:00Z`,
      status: 'pending_payment',
    });
    await db.deposit.create({
      data: {
        tenantId: salon.id,
        appointmentId: waiting.id,
        amountCents: 5400,
        holdUntil: new Date(Date.now() + 900_000),
        chargeKey: `browser-${waiting.id}`,
      },
    });
    await openAgenda(day);
    const card = page.locator(`[data-appointment-id="${waiting.id}"]`);
    await card.locator('.badge', { hasText: 'Aguardando sinal' }).waitFor();
    await card.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sinal pendente: R$ 54,00').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sinal recebido' }).click();
    await page.getByText('Sara Lima: sinal recebido, horário confirmado.').waitFor();
    const paid = await db.appointment.findUniqueOrThrow({ where: { id: waiting.id }, select: { status: true, events: true } });
    expect(paid.status).toBe('booked');
    expect(paid.events.at(-1)).toMatchObject({ change: 'deposit_paid', actorKind: 'staff_account' });
    expect((await db.deposit.findUniqueOrThrow({ where: { appointmentId: waiting.id } })).status).toBe('paid');
    await page.locator(`[data-appointment-id="${waiting.id}"]`).locator('.badge', { hasText: 'Sinal pago' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('cancel asks for confirmation and a reason and can be undone; so can removing a block', async () => {
    const { db } = await database;
    const day = nextWorkingDay();
    const { customer } = await createTestConversation(db, salon.id, { name: 'Nina Costa', waId: '5511922221111' });
    const booked = await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: `${day}T19:00:00Z` });
    await openAgenda(day);
    await page.locator(`[data-appointment-id="${booked.id}"]`).click();
    await page.getByRole('button', { name: 'Cancelar agendamento' }).click();
    // Nothing happens before the confirmation.
    expect((await db.appointment.findUniqueOrThrow({ where: { id: booked.id } })).status).toBe('booked');
    await page.getByLabel('Motivo do cancelamento (opcional)').fill('Cliente pediu por telefone');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await page.getByText('Agendamento de Nina Costa às 16:00 cancelado.').waitFor();
    await page.getByRole('button', { name: 'Desfazer' }).click();
    expect(await page.getByRole('button', { name: 'Desfazer' }).count()).toBe(0);
    expect((await db.appointment.findUniqueOrThrow({ where: { id: booked.id } })).status).toBe('booked');

    // Confirmed and not undone: cancelled, with the reason in its history.
    await page.locator(`[data-appointment-id="${booked.id}"]`).click();
    await page.getByRole('button', { name: 'Cancelar agendamento' }).click();
    await page.getByLabel('Motivo do cancelamento (opcional)').fill('Cliente pediu por telefone');
    await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await page.getByText('Nina Costa: cancelado.').waitFor();
    const cancelled = await db.appointment.findUniqueOrThrow({ where: { id: booked.id }, select: { status: true, events: true } });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.events.map((event) => event.details)).toEqual([
      { status: { from: 'booked', to: 'cancelled' }, reason: 'Cliente pediu por telefone' },
    ]);

    // A block is removed only after "Remover bloqueio" is confirmed, and that too can be undone.
    const created = await fetch(`${service.url}/admin/professionals/${ana().id}/blocks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${salon.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: `${day}T17:00`, to: `${day}T18:00`, reason: 'Curso' }),
    });
    expect(created.status).toBe(201);
    const block = (await created.json()) as { id: number };
    await openAgenda(day);
    await page.getByRole('button', { name: 'Remover bloqueio' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover bloqueio' }).click();
    await page.getByRole('button', { name: 'Desfazer' }).click();
    expect(await db.professionalBlock.count({ where: { id: block.id } })).toBe(1);
    expect(problems).toEqual([]);
  });

  it('the agenda is live: it opens at now with a now-line and the past shaded, and a booking by the bot appears within seconds without a reload', async () => {
    const { db } = await database;
    const today = localOf(new Date()).date;
    await page.goto(`${service.url}/console/agenda`);
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    expect(await page.getByLabel('Data', { exact: true }).inputValue()).toBe(today);
    const nowLine = page.getByRole('img', { name: /^Agora, \d\d:\d\d$/ });
    await nowLine.waitFor();
    expect(await nowLine.isVisible()).toBe(true);
    expect(await page.locator('.day-grid .past').getByText('Passado').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    const day = nextWorkingDay();
    await page.getByLabel('Data', { exact: true }).fill(day);
    await page.locator('.day-grid').waitFor();
    expect(await page.getByRole('img', { name: /^Agora/ }).count()).toBe(0);
    const { customer } = await createTestConversation(db, salon.id, { name: 'Bruna Dias', waId: '5511944443333' });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) requests.push(request.url());
    });
    // The bot's own booking path (the customer's policy, a bot run as the actor), from outside the page.
    const started = Date.now();
    const booked = await bookAppointment(schedulingDepsOf(db), {
      tenantId: salon.id,
      customer: { id: customer.id },
      professionalId: salon.professionals[1]!.id,
      serviceId: salon.services[0]!.id,
      start: `${day}T11:00`,
      idempotencyKey: `live-bot-${salon.id}`,
      now: new Date(),
      policy: customerPolicy(botActor(null)),
    });
    if (booked.kind !== 'booked') throw new Error(`the bot could not book: ${JSON.stringify(booked)}`);
    await page.locator(`[data-appointment-id="${booked.appointment.id}"]`).waitFor({ timeout: 5_000 });
    const seconds = (Date.now() - started) / 1000;
    console.info(`live agenda: the bot's booking appeared after ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(5);
    expect(requests).toEqual([]);
    expect(await page.locator(`[data-appointment-id="${booked.appointment.id}"]`).getByText('Robô').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('the keyboard: one tab stop for the grid (its first appointment, not every free time), arrows move inside it, N opens a new booking and H goes to today', async () => {
    const { db } = await database;
    const day = nextWorkingDay();
    const { customer } = await createTestConversation(db, salon.id, { name: 'Ivo Reis', waId: '5511911110000' });
    // 07:00 in São Paulo with Ana: the day's first appointment.
    const first = await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: `${day}T10:00:00Z` });
    await openAgenda(day);
    await page.locator(`[data-appointment-id="${first.id}"]`).waitFor();
    await page.getByRole('button', { name: 'Bloquear horário' }).focus();
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate<{ key: string | null; column: string | null; minute: number }>(
        `(() => { const e = document.activeElement; return { key: e?.dataset?.gridKey ?? null, column: e?.dataset?.column ?? null, minute: Number(e?.dataset?.minute) }; })()`,
      );
    expect((await focused()).key).toBe(`a${first.id}`);
    await page.keyboard.press('ArrowDown');
    const below = await focused();
    expect(below.column).toBe('0');
    expect(below.minute).toBeGreaterThan(7 * 60);
    await page.keyboard.press('ArrowRight');
    expect((await focused()).column).toBe('1');
    await page.keyboard.press('ArrowLeft');
    expect((await focused()).column).toBe('0');
    // Leaving the grid takes one Tab, whatever the number of free times in it.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate<string | undefined>('document.activeElement?.textContent?.trim()')).toBe('Bloquear horário');

    await page.evaluate('document.activeElement?.blur()');
    await page.keyboard.press('h');
    await page.waitForFunction(`document.getElementById('agenda-date')?.value === '${localOf(new Date()).date}'`);
    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Nome do cliente').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
  });

  it('on a phone (390×844) the agenda shows the next appointments first, then one professional’s column', async () => {
    const { db } = await database;
    const { customer } = await createTestConversation(db, salon.id, { name: 'Téo Lima', waId: '5511900001111' });
    const soon = new Date(Math.ceil((Date.now() + 60 * 60_000) / 900_000) * 900_000);
    const next = await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: soon.toISOString() });
    const desk = localOf(soon).date === localOf(new Date()).date;
    await page.goto(`${service.url}/console/agenda`);
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await page.locator('.day-grid').waitFor();
    await screenshot(page, 'agenda-1366x768');
    const phone = await newPage(browser, { width: 390, height: 844 });
    // The same signed-in attendant on her phone.
    await phone.context.addCookies(await page.context().cookies());
    try {
      await phone.page.goto(`${service.url}/console/agenda`);
      await phone.page.getByRole('heading', { name: 'Próximos atendimentos' }).waitFor();
      const list = phone.page.locator('.upcoming');
      const [listBox, gridBox] = [await list.boundingBox(), await phone.page.locator('.day-grid').boundingBox()];
      expect(listBox!.y).toBeLessThan(gridBox!.y);
      if (desk) expect(await list.getByRole('button', { name: /Téo Lima/ }).count()).toBe(1);
      await screenshot(phone.page, 'agenda-390x844');
      expect(await accessibilityViolations(phone.page)).toEqual([]);
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.context.close();
    }
    expect(next.id).toBeGreaterThan(0);
  });

  it('time off is drawn: the tenant file’s whole-day time off and a staff block over several days, on each day they cover', async () => {
    const { db } = await database;
    const first = nextWorkingDay();
    const second = localOf(new Date(new Date(`${first}T12:00:00Z`).getTime() + 86_400_000)).date;
    const bia = salon.professionals[1]!;
    // Bia's vacation from the tenant file: the whole first day (São Paulo midnight to midnight).
    await db.timeOff.create({
      data: {
        tenantId: salon.id,
        professionalId: bia.id,
        startsAt: new Date(`${first}T03:00:00Z`),
        endsAt: new Date(`${second}T03:00:00Z`),
      },
    });
    // Ana's course: from 15:00 on the first day to 12:00 on the next.
    const created = await fetch(`${service.url}/admin/professionals/${ana().id}/blocks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${salon.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: `${first}T20:00`, to: `${second}T12:00`, reason: 'Congresso' }),
    });
    expect(created.status).toBe(201);
    await openAgenda(first);
    const vacation = page.locator('.day-grid .time-off');
    await vacation.first().waitFor();
    expect(await vacation.first().textContent()).toMatch(/^Folga .*\(cadastro\)$/);
    await page.locator('.day-grid .block', { hasText: 'Congresso' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Data', { exact: true }).fill(second);
    await page.locator('.day-grid .block', { hasText: 'Congresso' }).waitFor();
    expect(await page.locator('.day-grid .time-off').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
