import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { createCustomer, insertAppointment } from '../scheduling/scheduling-test-kit.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
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

/** The n-th local day before today in São Paulo (UTC-3), at hh:mm, as an instant. */
function daysAgo(days: number, clock: string): string {
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return new Date(`${date.toISOString().slice(0, 10)}T${clock}:00-03:00`).toISOString();
}

// Issue 26: the owner's overview renders its charts (loaded on first visit only), shows the
// day's numbers under the pointer and downloads the days as CSV; a new handoff while the tab
// is in the background shows a browser notification.
describe.runIf(availability.run)('the owner’s overview in Chromium', { timeout: 90_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let page: Page;
  let problems: string[] = [];
  const scripts: string[] = [];

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Rita' });
    const [ana, bia] = salon.professionals;
    const corte = salon.services[0]!;
    const { customerId } = await createCustomer(db, salon.id);
    // A fortnight of work: two to four appointments a day, some attended, a no-show, a cancellation.
    const made = new Map<string, number>();
    for (let day = 14; day >= 1; day -= 1) {
      const rows = [
        { professionalId: ana!.id, clock: '09:00', source: 'bot', status: 'attended', priceCents: 6000 },
        { professionalId: bia!.id, clock: '10:00', source: day % 3 === 0 ? 'staff' : 'bot', status: 'attended', priceCents: 5000 },
        ...(day % 2 === 0 ? [{ professionalId: ana!.id, clock: '14:00', source: 'reminder', status: 'attended', priceCents: 9000 }] : []),
        ...(day === 4 ? [{ professionalId: bia!.id, clock: '15:00', source: 'staff', status: 'no_show', priceCents: 5000 }] : []),
        ...(day === 6 ? [{ professionalId: ana!.id, clock: '16:00', source: 'bot', status: 'cancelled', priceCents: 6000 }] : []),
      ];
      for (const row of rows) {
        const startsAt = daysAgo(day, row.clock);
        const created = await insertAppointment(db, {
          tenantId: salon.id,
          professionalId: row.professionalId,
          serviceId: corte.id,
          customerId,
          startsAt,
          endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000).toISOString(),
          status: row.status,
        });
        await db.appointment.update({ where: { id: created.id }, data: { source: row.source, priceCents: row.priceCents } });
        made.set(`${day} ${row.clock}`, created.id);
      }
    }
    // Deposits by Pix: two paid (one of them the no-show's, kept), the cancellation's refunded, a hold that expired unpaid.
    const expiredHold = await insertAppointment(db, {
      tenantId: salon.id,
      professionalId: ana!.id,
      serviceId: corte.id,
      customerId,
      startsAt: daysAgo(5, '17:00'),
      endsAt: daysAgo(5, '17:30'),
      status: 'expired',
    });
    const deposits = [
      { appointmentId: made.get('14 09:00')!, status: 'paid', amountCents: 1800 },
      { appointmentId: made.get('4 15:00')!, status: 'paid', amountCents: 1500 },
      { appointmentId: made.get('6 16:00')!, status: 'refunded', amountCents: 1800 },
      { appointmentId: expiredHold.id, status: 'expired', amountCents: 1800 },
    ];
    for (const deposit of deposits) {
      await db.deposit.create({
        data: { tenantId: salon.id, ...deposit, holdUntil: new Date(), chargeKey: `overview-${deposit.appointmentId}` },
      });
    }
    // Conversations of the fortnight: three the bot finished, one a person took after 90 s; one reminder confirmed.
    for (const [index, waitSeconds] of [null, null, null, 90].entries()) {
      const { conversation } = await createTestConversation(db, salon.id);
      await createInboundMessage(db, {
        tenantId: salon.id,
        conversationId: conversation.id,
        text: 'Oi, tem horário?',
        status: 'processed',
        createdAt: new Date(daysAgo(index + 2, '08:00')),
      });
      if (waitSeconds === null) continue;
      const open = await requestHandoff(db, { tenantId: salon.id, conversationId: conversation.id, reason: 'requested_by_customer' });
      const createdAt = new Date(daysAgo(index + 2, '08:01'));
      await db.handoff.update({
        where: { id: open.id },
        data: {
          createdAt,
          status: 'resolved',
          attendant: 'Rita',
          claimedAt: new Date(createdAt.getTime() + waitSeconds * 1000),
          resolvedAt: createdAt,
        },
      });
    }
    const reminded = await db.appointment.findFirstOrThrow({
      where: { tenantId: salon.id, status: 'attended' },
      orderBy: { startsAt: 'desc' },
    });
    await db.appointmentReminder.create({
      data: {
        tenantId: salon.id,
        appointmentId: reminded.id,
        customerId,
        beforeMinutes: 1440,
        dueAt: new Date(reminded.startsAt.getTime() - 86_400_000),
        startsAt: reminded.startsAt,
        status: 'sent',
        payloadToken: `overview-${reminded.id}`,
      },
    });
    await db.appointmentEvent.create({
      data: { tenantId: salon.id, appointmentId: reminded.id, actorKind: 'customer_reminder', change: 'confirmed' },
    });
    const owner = await createStaffAccount(db, { slug: salon.slug, email: `rita.${Date.now()}@salao.test`, name: 'Rita', role: 'owner' });
    if (owner.kind !== 'created') throw new Error('staff account not created');
    service = await startConsoleTestService({ database: await database, worker: false });
    chromium = await launchChromium();
    browser = chromium.browser;
    const opened = await newPage(browser);
    page = opened.page;
    problems = opened.problems;
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signIn(page, service.url, owner.email, owner.initialPassword);
    await page.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    await page.getByLabel('Senha inicial').fill(owner.initialPassword);
    await page.getByLabel('Nova senha', { exact: true }).fill('violeta-lunar-2026');
    await page.getByLabel('Repita a nova senha').fill('violeta-lunar-2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
  });
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
  });

  it('1. the charts load only when the owner opens Resumo, render the period, and give the day’s numbers under the pointer', async () => {
    expect(scripts.some((script) => script.includes('overview-page'))).toBe(false);
    await page.getByRole('link', { name: 'Resumo' }).click();
    await page.getByRole('heading', { name: 'Resumo', exact: true }).waitFor();
    await page.locator('.uplot canvas').first().waitFor();
    expect(await page.locator('.uplot').count()).toBe(3);
    expect(scripts.some((script) => script.includes('overview-page'))).toBe(true);
    // 14 days × 2 + 7 reminder days + the no-show + the cancellation = 37 bookings; 35 attended.
    const tile = (label: string) => page.locator('.tiles div', { hasText: label }).locator('dd');
    await expect(tile('Agendamentos').textContent()).resolves.toBe('37');
    await expect(tile('Compareceram').textContent()).resolves.toBe('35');
    await expect(tile('Faltaram').textContent()).resolves.toBe('1');
    await expect(tile('Conversas resolvidas só pelo robô').textContent()).resolves.toBe('75,0% (3 de 4)');
    await expect(tile('Confirmações pelo lembrete').textContent()).resolves.toBe('100,0% (1 de 1)');
    // The deposits block: collected (paid and kept), of those forfeited, refunded, expired unpaid.
    await page.getByRole('heading', { name: 'Sinais por Pix' }).waitFor();
    const depositTile = (label: string) => page.locator('.deposit-tiles div', { hasText: label }).locator('dd');
    await expect(depositTile('Sinais recebidos').textContent()).resolves.toMatch(/^R\$\s33,00 \(2 sinais\)$/);
    await expect(depositTile('Retidos').textContent()).resolves.toMatch(/^R\$\s15,00 \(1 sinal\)$/);
    await expect(depositTile('Devolvidos').textContent()).resolves.toMatch(/^R\$\s18,00 \(1 sinal\)$/);
    await expect(depositTile('Expirados sem pagamento').textContent()).resolves.toBe('1');

    // The pointer over the bookings chart's last day: the legend shows that day's figures.
    const bookings = page.locator('.chart', { hasText: 'Agendamentos por dia' });
    const plot = bookings.locator('.u-over');
    const box = await plot.boundingBox();
    if (!box) throw new Error('chart not laid out');
    await page.mouse.move(box.x + box.width * (28 / 29), box.y + box.height / 2);
    const legend = bookings.locator('.u-legend');
    await expect.poll(() => legend.textContent()).toMatch(/Pelo robô\s*2/);
    await expect(legend.textContent()).resolves.toMatch(/Por lembrete\s*0/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'overview');
    expect(problems).toEqual([]);
  });

  it('2. Baixar CSV downloads the days with the totals, as a spreadsheet in Brazil reads it', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^resumo-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = await download.path();
    const csv = readFileSync(saved, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'data;agendamentos_robo;agendamentos_equipe;agendamentos_lembrete;agendamentos_lista_espera;compareceram;faltaram;cancelados;faturamento_agendado_reais;faturamento_realizado_reais',
    );
    expect(lines).toHaveLength(1 + 30 + 1);
    // 14 × (60 + 50) + 7 × 90 + the no-show's 50 = 2 220,00 booked; attended leaves the no-show out.
    expect(lines.at(-1)).toBe('total;25;5;7;0;35;1;1;2220,00;2170,00');
    expect(problems).toEqual([]);
  });

  it('3. a new handoff while the tab is in the background shows a browser notification (none while it is in front)', async () => {
    const { db } = await database;
    // The browser's Notification and the tab's visibility are the outside world here: recorded and switched by the test.
    await page.addInitScript(`(() => {
      const shown = [];
      window.__notifications = shown;
      window.__hidden = false;
      class RecordedNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        constructor(title, options) {
          this.onclick = null;
          shown.push({ title, body: options?.body });
        }
        close() {}
      }
      window.Notification = RecordedNotification;
      Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
    })()`);
    await page.reload();
    await page.getByRole('heading', { name: 'Resumo', exact: true }).waitFor();
    await page.getByLabel('Aviso do navegador com a aba em segundo plano').check();
    const shown = () => page.evaluate<{ title: string; body: string }[]>('window.__notifications');
    const waiting = async () => {
      const { conversation } = await createTestConversation(db, salon.id);
      await requestHandoff(db, { tenantId: salon.id, conversationId: conversation.id, reason: 'requested_by_customer' });
    };

    await waiting();
    await page.locator('nav a', { hasText: /Atendimento \(1\)/ }).waitFor();
    expect(await shown()).toEqual([]);

    await page.evaluate('window.__hidden = true');
    await waiting();
    await page.locator('nav a', { hasText: /Atendimento \(2\)/ }).waitFor();
    await expect.poll(shown).toEqual([{ title: 'Nova conversa aguardando atendimento', body: 'Abra o console para assumir.' }]);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('4. when the period first shown answers after the one picked next, the picked period stays on screen', async () => {
    const late = await newPage(browser);
    await late.context.addCookies(await page.context().cookies());
    // The first period's figures (the last 30 days) are slow, as a loaded server's can be: they land after the week's.
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const weekFrom = daysAgo(6, '12:00').slice(0, 10);
    const first = await holdFirstRequest(late.page, /\/admin\/stats\/overview\?/, {
      passes: (url) => url.includes(`from=${weekFrom}`),
      holdMs: 2500,
    });
    try {
      await late.page.goto(`${service.url}/console/resumo`);
      await late.page.getByRole('heading', { name: 'Resumo', exact: true }).waitFor();
      await first.asked;
      await late.page.getByLabel('De', { exact: true }).fill(weekFrom);
      await late.page.getByLabel('Até (inclusive)').fill(today);
      await late.page.getByRole('button', { name: 'Atualizar' }).click();
      // Days 1 to 6: 6 × 2 + the reminder days 2, 4 and 6 + the no-show + the cancellation = 17.
      const tile = late.page.locator('.tiles div', { hasText: 'Agendamentos' }).locator('dd');
      await expect.poll(() => tile.textContent()).toBe('17');
      // Past the held answer: the 30 days landing now must not replace the week picked.
      await late.page.waitForTimeout(3500);
      expect(first.held()).toBe(true);
      await expect(tile.textContent()).resolves.toBe('17');
      expect(await late.page.getByLabel('De', { exact: true }).inputValue()).toBe(weekFrom);
      expect(late.problems).toEqual([]);
    } finally {
      await late.context.close();
    }
  });
});
