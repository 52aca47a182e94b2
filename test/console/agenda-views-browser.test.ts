import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { Prisma } from '../../src/db/index.js';
import { insertTenantAppointment } from '../admin/agenda-test-kit.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import {
  accessibilityViolations,
  browserAvailability,
  type HeadlessChromium,
  holdFirstRequest,
  launchChromium,
  newPage,
  screenshot,
  signIn,
} from './browser.js';
import { type ConsoleTestService, startConsoleTestService } from './console-service.js';

const availability = browserAvailability();
const root = path.resolve(import.meta.dirname, '../..');
const ZONE = 'America/Sao_Paulo';
/** Whether the page is no wider than the screen (nothing to scroll sideways). */
const FITS = 'document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth';

/** The local date in São Paulo `days` from now. */
function localDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** The first local date at least `ahead` days from now that falls on `weekday` (0 = Sunday). */
function nextWeekday(weekday: number, ahead = 2): string {
  for (let days = ahead; ; days++) {
    const date = localDate(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === weekday) return date;
  }
}

const nextDay = (date: string) => new Date(new Date(`${date}T12:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

// Issue 25, the front desk's agenda: the hours nobody works shaded, free time per professional for
// the services she does, one professional's day and the week, blocks over several days.
describe.runIf(availability.run)('the agenda’s views in Chromium, signed in as an attendant', { timeout: 120_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let page: Page;
  let problems: string[] = [];
  /** Carla does only Coloração (90 min), Monday to Saturday 09:00–18:00. */
  let carla: { id: number; name: string };
  const attendant = { email: `lia.${Date.now()}@salao.test`, newPassword: 'girassol-do-vale-2026' };
  const ana = () => salon.professionals[0]!;
  const bia = () => salon.professionals[1]!;
  // Ana works Monday to Saturday 09:00–12:00 and 13:00–18:00, Bia Tuesday to Saturday 10:00–19:00.
  const wednesday = nextWeekday(3);
  const monday = nextWeekday(1);

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Lia' });
    const coloracao = salon.services.find((candidate) => candidate.key === 'coloracao')!;
    carla = await db.professional.create({
      data: {
        tenantId: salon.id,
        key: 'carla',
        name: 'Carla',
        services: { create: [{ serviceId: coloracao.id }] },
        workingHours: { create: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 18 * 60 })) },
      },
      select: { id: true, name: true },
    });
    const created = await createStaffAccount(db, { slug: salon.slug, email: attendant.email, name: 'Lia', role: 'attendant' });
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
    await page.locator('.day-grid').waitFor();
  };
  /** The labels of the shaded spans in one professional's column, top to bottom. */
  const shadedOf = (professionalId: number): Promise<string[]> =>
    page.evaluate(
      `[...document.querySelectorAll('.day-grid .day-column[data-professional-id="${professionalId}"] .off-hours')].map((element) => element.textContent)`,
    );

  it('shades each professional’s hours off: before and after her hours, her break, a day she does not work, and a closed day', async () => {
    const { db } = await database;
    await openAgenda(wednesday);
    await page.locator('.day-grid .off-hours', { hasText: 'Intervalo' }).first().waitFor();
    // Ana: before 09:00, the lunch break 12:00–13:00, after 18:00; Bia: before 10:00 and after 19:00 only.
    expect(await shadedOf(ana().id)).toEqual(['Fora do horário', 'Intervalo', 'Fora do horário']);
    expect(await shadedOf(bia().id)).toEqual(['Fora do horário', 'Fora do horário']);
    expect(await shadedOf(carla.id)).toEqual(['Fora do horário', 'Fora do horário']);
    // The break is exactly 12:00–13:00: nothing free inside it, and its free neighbours are bookable.
    expect(await page.getByRole('button', { name: /^12:\d\d livre: agendar com Ana$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '11:30 livre: agendar com Ana' }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Monday: Bia does not work, and her whole column says so.
    await page.getByLabel('Data', { exact: true }).fill(monday);
    await page.locator('.day-grid .off-hours', { hasText: 'Não trabalha neste dia' }).waitFor();
    expect(await shadedOf(bia().id)).toEqual(['Não trabalha neste dia']);
    expect(await shadedOf(ana().id)).toEqual(['Fora do horário', 'Intervalo', 'Fora do horário']);

    // A day the tenant file closes: the whole grid is shaded with its name, no free time anywhere.
    const closed = nextWeekday(4, 9);
    await db.tenant.update({ where: { id: salon.id }, data: { holidays: { country: 'BR', closed: [closed] } } });
    try {
      await page.getByLabel('Data', { exact: true }).fill(closed);
      await page.locator('.day-grid .closed-day').waitFor();
      expect(await page.locator('.day-grid .closed-day').textContent()).toBe('Fechado: dia de folga do estabelecimento');
      expect(await page.locator('.day-grid .free').count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await db.tenant.update({ where: { id: salon.id }, data: { holidays: Prisma.DbNull } });
    }
    expect(problems).toEqual([]);
  });

  it('offers each professional’s free time for the services she does: Carla, who only colours, is not shown as fully booked', async () => {
    await openAgenda(wednesday);
    expect(await page.getByLabel('Horários livres para').inputValue()).toBe('');
    const carlaFree = page.getByRole('button', { name: '09:00 livre: agendar com Carla' });
    await carlaFree.waitFor();
    expect(await page.getByRole('button', { name: '09:00 livre: agendar com Ana' }).count()).toBe(1);
    // Her free time opens the booking with her own service chosen.
    await carlaFree.click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Serviço', { exact: true }).locator('option:checked').textContent()).toMatch(/^Coloração/);
    await screenshot(page, 'booking-dialog-1366x768');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    // One service chosen: only those who do it have free times.
    await page.getByLabel('Horários livres para').selectOption({ label: 'Corte (30 min)' });
    await page
      .getByRole('button', { name: /livre: agendar com Carla$/ })
      .first()
      .waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: '09:00 livre: agendar com Ana' }).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('shows one professional’s day, and the week of the salon or of one professional, a day’s heading leading back to its grid', async () => {
    const { db } = await database;
    const { customer } = await createTestConversation(db, salon.id, { name: 'Joana Prado' });
    // Wednesday 10:00 with Ana, Thursday 15:00 with Bia (São Paulo is UTC−3).
    const thursday = nextDay(wednesday);
    const withAna = await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: `${wednesday}T13:00:00Z` });
    const withBia = await insertTenantAppointment(db, salon, {
      customerId: customer.id,
      startsAt: `${thursday}T18:00:00Z`,
      professionalId: bia().id,
    });
    await openAgenda(wednesday);
    expect(await page.locator('.day-grid .column-head').count()).toBe(3);
    await page.getByLabel('Mostrar').selectOption({ label: 'Bia' });
    await page.locator('.day-grid .column-head', { hasText: 'Bia' }).waitFor();
    await page.waitForFunction(`document.querySelectorAll('.day-grid .column-head').length === 1`);
    expect(await page.locator(`[data-appointment-id="${withAna.id}"]`).count()).toBe(0);
    expect(await page.getByRole('button', { name: /livre: agendar com Bia$/ }).count()).toBeGreaterThan(0);

    // Bia's week: Monday to Sunday, her Thursday appointment, her days off named.
    await page.getByLabel('Visão').selectOption('week');
    const week = page.getByRole('region', { name: 'Semana de Bia, um dia por coluna' });
    await week.waitFor();
    expect(await week.locator('.week-day').count()).toBe(7);
    await week.locator(`[data-appointment-id="${withBia.id}"]`).waitFor();
    expect(await week.locator(`[data-appointment-id="${withAna.id}"]`).count()).toBe(0);
    expect(await week.locator('.week-day').first().textContent()).toContain('Não trabalha neste dia');
    expect(await week.locator('.week-day').nth(2).textContent()).toContain('Horário: 10:00–19:00');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The salon's week: both appointments, each naming its professional.
    await page.getByLabel('Mostrar').selectOption({ label: 'Todos os profissionais' });
    const salonWeek = page.getByRole('region', { name: 'Semana do salão, um dia por coluna' });
    await salonWeek.locator(`[data-appointment-id="${withAna.id}"]`).waitFor();
    expect(await salonWeek.locator(`[data-appointment-id="${withAna.id}"]`).textContent()).toContain('10:00 Joana Prado · Corte com Ana');
    expect(await salonWeek.locator(`[data-appointment-id="${withBia.id}"]`).textContent()).toContain('15:00 Joana Prado · Corte com Bia');
    await page.getByRole('button', { name: 'Próxima semana ▶' }).waitFor();
    await screenshot(page, 'agenda-week-1366x768');
    // An appointment of the week opens its dialog, as on the grid.
    await salonWeek.locator(`[data-appointment-id="${withBia.id}"]`).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar agendamento' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'appointment-dialog-1366x768');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // A day's heading opens that day's grid.
    await salonWeek.locator('.week-day').nth(3).locator('h3 button').click();
    await page.locator(`.day-grid [data-appointment-id="${withBia.id}"]`).waitFor();
    expect(await page.getByLabel('Data', { exact: true }).inputValue()).toBe(thursday);
    expect(problems).toEqual([]);

    // On a phone the week stacks its days, one under the other.
    const phone = await newPage(browser, { width: 390, height: 844 });
    // The same signed-in attendant on her phone.
    await phone.context.addCookies(await page.context().cookies());
    try {
      await phone.page.goto(`${service.url}/console/agenda`);
      await phone.page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
      await phone.page.getByLabel('Data', { exact: true }).fill(wednesday);
      await phone.page.getByLabel('Visão').selectOption('week');
      await phone.page.locator('.week-day').first().waitFor();
      const [firstBox, secondBox] = [
        await phone.page.locator('.week-day').nth(0).boundingBox(),
        await phone.page.locator('.week-day').nth(1).boundingBox(),
      ];
      expect(secondBox!.y).toBeGreaterThan(firstBox!.y + firstBox!.height - 1);
      await screenshot(phone.page, 'agenda-week-390x844');
      expect(await accessibilityViolations(phone.page)).toEqual([]);
      // The customer's record on the phone: her two appointments, one under the other.
      await phone.page.goto(`${service.url}/console/clientes/${customer.id}`);
      await phone.page.getByRole('heading', { name: 'Joana Prado' }).waitFor();
      await phone.page.locator(`[data-appointment-id="${withBia.id}"]`).waitFor();
      await phone.page.getByRole('heading', { name: 'Agendamentos' }).scrollIntoViewIfNeeded();
      // Its appointments stack as cards: nothing wider than the phone, and still a table to a screen reader.
      expect(await phone.page.evaluate<boolean>(FITS)).toBe(true);
      const [cardA, cardB] = [
        await phone.page.locator(`[data-appointment-id="${withAna.id}"]`).boundingBox(),
        await phone.page.locator(`[data-appointment-id="${withBia.id}"]`).boundingBox(),
      ];
      expect(cardA!.y).toBeGreaterThan(cardB!.y + cardB!.height - 1);
      const cdp = await phone.page.context().newCDPSession(phone.page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value?: string } }[] };
      const roles = nodes.map((node) => node.role?.value);
      expect(roles.filter((role) => role === 'table')).toHaveLength(1);
      expect(roles.filter((role) => role === 'columnheader')).toHaveLength(5);
      expect(roles.filter((role) => role === 'cell')).toHaveLength(10);
      await cdp.detach();
      await screenshot(phone.page, 'customer-record-390x844');
      expect(await accessibilityViolations(phone.page)).toEqual([]);
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('on a phone (390×844) the booking, appointment and block dialogs fit the screen', async () => {
    const { db } = await database;
    const { customer } = await createTestConversation(db, salon.id, { name: 'Rosa Lima' });
    // Wednesday 11:00 with Ana (São Paulo is UTC−3): her column is the one a phone shows first.
    const withAna = await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: `${wednesday}T14:00:00Z` });
    const phone = await newPage(browser, { width: 390, height: 844 });
    await phone.context.addCookies(await page.context().cookies());
    try {
      await phone.page.goto(`${service.url}/console/agenda`);
      await phone.page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
      await phone.page.getByLabel('Data', { exact: true }).fill(wednesday);
      await phone.page.locator(`.day-grid [data-appointment-id="${withAna.id}"]`).waitFor();
      const phoneDialog = phone.page.getByRole('dialog');
      const dialogs: [string, () => Promise<void>][] = [
        ['booking-dialog-390x844', () => phone.page.getByRole('button', { name: 'Novo agendamento' }).click()],
        ['appointment-dialog-390x844', () => phone.page.locator(`.day-grid [data-appointment-id="${withAna.id}"]`).click()],
        ['block-dialog-390x844', () => phone.page.getByRole('button', { name: 'Bloquear horário' }).click()],
      ];
      for (const [name, open] of dialogs) {
        await open();
        await phoneDialog.waitFor();
        const [box, fits] = [await phoneDialog.boundingBox(), await phone.page.evaluate<boolean>(FITS)];
        expect({ name, left: box!.x >= 0, right: box!.x + box!.width <= 390, fits }).toEqual({ name, left: true, right: true, fits: true });
        await screenshot(phone.page, name);
        expect(await accessibilityViolations(phone.page)).toEqual([]);
        await phone.page.keyboard.press('Escape');
        await phoneDialog.waitFor({ state: 'hidden' });
      }
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('when the day first shown answers after the date picked, the picked day stays on screen', async () => {
    const { db } = await database;
    const { customer } = await createTestConversation(db, salon.id, { name: 'Lara Dias' });
    // Wednesday 14:00 with Ana (São Paulo is UTC−3).
    const booked = await insertTenantAppointment(db, salon, { customerId: customer.id, startsAt: `${wednesday}T17:00:00Z` });
    const late = await newPage(browser);
    await late.context.addCookies(await page.context().cookies());
    // The first day's listing (today's) is slow, as a loaded server's can be: it lands after Wednesday's.
    const today = await holdFirstRequest(late.page, /\/admin\/appointments\?date=/, {
      passes: (url) => url.includes(`date=${wednesday}`),
      holdMs: 2500,
    });
    try {
      await late.page.goto(`${service.url}/console/agenda`);
      await late.page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
      // Wednesday is picked while today's listing is still on its way.
      await today.asked;
      await late.page.getByLabel('Data', { exact: true }).fill(wednesday);
      await late.page.locator(`.day-grid [data-appointment-id="${booked.id}"]`).waitFor();
      // Past the held answer: an older read landing now must not replace the day picked.
      await late.page.waitForTimeout(3500);
      expect(today.held()).toBe(true);
      expect(await late.page.locator(`.day-grid [data-appointment-id="${booked.id}"]`).count()).toBe(1);
      expect(await late.page.getByLabel('Data', { exact: true }).inputValue()).toBe(wednesday);
      expect(late.problems).toEqual([]);
    } finally {
      await late.context.close();
    }
  });

  it('blocks a professional over several days, and whole days, from the block dialog', async () => {
    const { db } = await database;
    const first = nextWeekday(5, 2);
    const second = nextDay(first);
    await openAgenda(first);
    await page.getByRole('button', { name: 'Bloquear horário' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Profissional', { exact: true }).selectOption(String(bia().id));
    await dialog.getByLabel('Primeiro dia').fill(first);
    await dialog.getByLabel('Das').fill('15:00');
    await dialog.getByLabel('Último dia').fill(second);
    await dialog.getByLabel('Até').fill('12:00');
    await dialog.getByLabel('Motivo (opcional)').fill('Curso de coloração');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'block-dialog-1366x768');
    await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await page.getByText('Horário bloqueado.').waitFor();
    const course = await db.professionalBlock.findFirstOrThrow({ where: { tenantId: salon.id, reason: 'Curso de coloração' } });
    expect(course.professionalId).toBe(bia().id);
    expect(course.startsAt.toISOString()).toBe(`${first}T18:00:00.000Z`);
    expect(course.endsAt.toISOString()).toBe(`${second}T15:00:00.000Z`);
    const drawn = page.locator('.day-grid .block', { hasText: 'Curso de coloração' });
    await drawn.waitFor();
    expect(await drawn.textContent()).toContain(
      `Bloqueado ${first.slice(8, 10)}/${first.slice(5, 7)} 15:00 – ${second.slice(8, 10)}/${second.slice(5, 7)} 12:00`,
    );
    await page.getByLabel('Data', { exact: true }).fill(second);
    await page.locator('.day-grid .block', { hasText: 'Curso de coloração' }).waitFor();

    // Whole days: Ana from the first day's midnight to the end of the second.
    await page.getByRole('button', { name: 'Bloquear horário' }).click();
    await dialog.getByLabel('Profissional', { exact: true }).selectOption(String(ana().id));
    await dialog.getByLabel('Dias inteiros').check();
    expect(await dialog.getByLabel('Das').count()).toBe(0);
    await dialog.getByLabel('Primeiro dia').fill(first);
    await dialog.getByLabel('Último dia').fill(second);
    await dialog.getByLabel('Motivo (opcional)').fill('Férias');
    await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
    // The first block's notice is still shown: wait for the dialog to close on this one's answer.
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Horário bloqueado.').waitFor();
    const vacation = await db.professionalBlock.findFirstOrThrow({ where: { tenantId: salon.id, reason: 'Férias' } });
    expect(vacation.professionalId).toBe(ana().id);
    expect(vacation.startsAt.toISOString()).toBe(`${first}T03:00:00.000Z`);
    expect(vacation.endsAt.toISOString()).toBe(`${nextDay(second)}T03:00:00.000Z`);
    // Ana has no free time left on either day.
    await page.locator('.day-grid .block', { hasText: 'Férias' }).waitFor();
    expect(await page.getByRole('button', { name: /livre: agendar com Ana$/ }).count()).toBe(0);

    // A last day before the first is refused at once, in words, and the message goes when the input changes.
    await page.getByRole('button', { name: 'Bloquear horário' }).click();
    await dialog.getByLabel('Primeiro dia').fill(second);
    await dialog.getByLabel('Último dia').fill(first);
    await dialog.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText(/O último dia vem antes do primeiro/)
      .waitFor();
    await dialog.getByLabel('Último dia').fill(second);
    expect(await dialog.getByRole('alert').textContent()).toBe('');
    await dialog.getByRole('button', { name: 'Voltar' }).click();
    expect(await db.professionalBlock.count({ where: { tenantId: salon.id } })).toBe(2);
    expect(problems).toEqual([]);
  });
});
