import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { insertTenantAppointment } from '../admin/agenda-test-kit.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { accessibilityViolations, browserAvailability, type HeadlessChromium, launchChromium, newPage, signIn } from './browser.js';
import { type ConsoleTestService, startConsoleTestService } from './console-service.js';

const availability = browserAvailability();
const root = path.resolve(import.meta.dirname, '../..');
const ZONE = 'America/Sao_Paulo';
/** More columns than 1366 px show (about eight), and more than Chromium would draw around the screen (about 24) were they skipped. */
const PROFESSIONALS = 32;

/** The first local date in São Paulo at least `ahead` days from now that falls on a Wednesday. */
function nextWednesday(ahead: number): string {
  for (let days = ahead; ; days++) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(Date.now() + days * 86_400_000),
    );
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 3) return date;
  }
}

// Issue 25, the agenda of a large salon: a column off screen stays in the accessibility tree and the
// arrow keys reach it; another day reuses the grid's nodes.
describe.runIf(availability.run)('the day grid of a salon wider than the screen, in Chromium', { timeout: 300_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let page: Page;
  let problems: string[] = [];
  const first = nextWednesday(2);
  const second = nextWednesday(9);
  /** each day's appointment at 10:00 of every professional, in the order they were created */
  const ids: Record<string, number[]> = { [first]: [], [second]: [] };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão Grande' });
    const corte = salon.services[0]!;
    const professionals = [...salon.professionals];
    for (let index = professionals.length; index < PROFESSIONALS; index++) {
      professionals.push(
        await db.professional.create({
          data: {
            tenantId: salon.id,
            key: `p${index}`,
            name: `Profissional ${index + 1}`,
            services: { create: [{ serviceId: corte.id }] },
            workingHours: { create: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 18 * 60 })) },
          },
          select: { id: true, key: true, name: true },
        }),
      );
    }
    for (const date of [first, second]) {
      for (const [index, professional] of professionals.entries()) {
        const { customer } = await createTestConversation(db, salon.id, { name: `Cliente ${date.slice(8)}-${index + 1}` });
        // 10:00 in São Paulo (UTC−3).
        const appointment = await insertTenantAppointment(db, salon, {
          customerId: customer.id,
          startsAt: `${date}T13:00:00Z`,
          professionalId: professional.id,
        });
        ids[date]!.push(appointment.id);
      }
    }
    const created = await createStaffAccount(db, {
      slug: salon.slug,
      email: `gil.${Date.now()}@salao.test`,
      name: 'Gil',
      role: 'attendant',
    });
    if (created.kind !== 'created') throw new Error('staff account not created');
    await db.staffAccount.updateMany({ where: { tenantId: salon.id }, data: { mustChangePassword: false } });
    service = await startConsoleTestService({ database: await database });
    chromium = await launchChromium();
    browser = chromium.browser;
    ({ page, problems } = await newPage(browser, { width: 1366, height: 768 }));
    await signIn(page, service.url, created.email, created.initialPassword);
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await chromium?.close();
    await service?.stop();
  });

  const showDay = async (date: string) => {
    await page.getByLabel('Data', { exact: true }).fill(date);
    await page.locator(`.day-grid [data-appointment-id="${ids[date]!.at(-1)}"]`).waitFor({ state: 'attached', timeout: 90_000 });
  };
  /** Whether the browser renders the element: false inside a subtree it skips (content-visibility: auto, off screen). */
  const rendered = (id: number) =>
    page.evaluate<boolean>(`document.querySelector('[data-appointment-id="${id}"]').checkVisibility({ contentVisibilityAuto: true })`);

  it('keeps the columns off screen drawn and in the accessibility tree, and the arrow keys reach the last one', async () => {
    await page.goto(`${service.url}/console/agenda`);
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await showDay(first);
    // The grid orders its columns by name ("Profissional 10" before "Profissional 2"), not by creation:
    // the leftmost and rightmost appointments are read from the grid's own columns.
    const idInColumn = async (column: number) =>
      Number(await page.locator(`.day-grid [data-column="${column}"][data-appointment-id]`).first().getAttribute('data-appointment-id'));
    const [leftmost, rightmost] = [await idInColumn(0), await idInColumn(PROFESSIONALS - 1)];
    expect(ids[first]).toContain(leftmost);
    expect(ids[first]).toContain(rightmost);
    expect(leftmost).not.toBe(rightmost);
    expect(await page.locator('.day-grid .day-column').count()).toBe(PROFESSIONALS);
    expect(await rendered(leftmost)).toBe(true);
    // Not skipped: a column Chromium skips (content-visibility: auto) is missing from its accessibility tree.
    expect(await rendered(rightmost)).toBe(true);

    // Chromium's own accessibility tree (what a screen reader gets) has the skipped column's appointment.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; name?: { value?: string } }[];
    };
    const named = (text: string) => nodes.filter((node) => node.role?.value === 'button' && String(node.name?.value ?? '').includes(text));
    expect(named(`Cliente ${first.slice(8)}-${PROFESSIONALS} · Corte`)).toHaveLength(1);
    expect(named(`Cliente ${first.slice(8)}-1 · Corte`)).toHaveLength(1);
    await cdp.detach();
    expect(await accessibilityViolations(page)).toEqual([]);

    // One Tab into the grid (its first appointment), then right across every column to the last.
    await page.getByRole('button', { name: 'Bloquear horário' }).focus();
    await page.keyboard.press('Tab');
    const focusedId = () => page.evaluate<string | null>('document.activeElement?.dataset?.appointmentId ?? null');
    expect(await focusedId()).toBe(String(leftmost));
    for (let column = 1; column < PROFESSIONALS; column++) await page.keyboard.press('ArrowRight');
    expect(await focusedId()).toBe(String(rightmost));
    // Focus brought it on screen.
    expect(await page.locator(`[data-appointment-id="${rightmost}"]`).isVisible()).toBe(true);
    const [box, grid] = [
      await page.locator(`[data-appointment-id="${rightmost}"]`).boundingBox(),
      await page.locator('.day-grid').boundingBox(),
    ];
    expect(box!.x).toBeGreaterThanOrEqual(grid!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(grid!.x + grid!.width + 1);
    expect(problems).toEqual([]);
  });

  it('another day reuses the grid’s nodes: the 10:00 of each column becomes that day’s 10:00', async () => {
    await page.goto(`${service.url}/console/agenda`);
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await showDay(first);
    await page.evaluate(`window.__kept = document.querySelector('[data-appointment-id="${ids[first]![0]}"]')`);
    await showDay(second);
    expect(
      await page.evaluate<{ connected: boolean; id: string; text: string }>(
        '({ connected: window.__kept.isConnected, id: window.__kept.dataset.appointmentId, text: window.__kept.textContent })',
      ),
    ).toEqual({ connected: true, id: String(ids[second]![0]), text: expect.stringContaining(`Cliente ${second.slice(8)}-1 · Corte`) });
    expect(await page.locator(`[data-appointment-id="${ids[first]![0]}"]`).count()).toBe(0);
    // A new day draws the columns in view first, then the rest right after that paint: in the end every column has that day's, and only that day's.
    await expect.poll(() => page.locator('.day-grid [data-appointment-id]').count()).toBe(PROFESSIONALS);
    const shown = await page
      .locator('.day-grid [data-appointment-id]')
      .evaluateAll((buttons) => buttons.map((button) => Number(button.getAttribute('data-appointment-id'))));
    expect(shown.sort((a, b) => a - b)).toEqual([...ids[second]!].sort((a, b) => a - b));
    expect(problems).toEqual([]);
  });
});
