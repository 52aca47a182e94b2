import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createAdminRouter } from '../src/admin/index.js';
import { createStaffAccount } from '../src/auth/index.js';
import { schedulingDepsOf } from '../src/boot/index.js';
import { createConsoleRouter } from '../src/console/index.js';
import { createDb } from '../src/db/index.js';
import { createHttpApp } from '../src/http/index.js';
import { createLogger, systemClock } from '../src/shared/index.js';
import { browserAvailability, launchChromium, newPage } from '../test/console/browser.js';
import { createBenchDatabase } from './support/bench-database.js';
import { percentile, round } from './support/samples.js';
import { BENCH_HOURS as HOURS, BENCH_PROFESSIONALS as PROFESSIONALS, seedBenchSalon } from './support/seed-bench-salon.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const ROUNDS = 20;
const WARMUP = 3;
const root = path.resolve(import.meta.dirname, '..');

/** What the page records: when each of the day's answers was parsed, and when a grid showing `expectId` was first painted. */
const RECORDER = `
  window.__render = { dataAt: 0, paintedAt: 0, expectId: null };
  const parse = Response.prototype.json;
  Response.prototype.json = async function () {
    const body = await parse.call(this);
    if (/\\/admin\\/(appointments\\?date=|availability\\?)|\\/console\\/api\\/blocks\\?/.test(this.url)) window.__render.dataAt = performance.now();
    return body;
  };
  new MutationObserver(() => {
    const wanted = window.__render.expectId;
    if (wanted === null || !document.querySelector('.day-grid [data-appointment-id="' + wanted + '"]')) return;
    window.__render.expectId = null;
    // A rAF callback runs just before the frame is painted; a message posted from it runs after.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__render.paintedAt = performance.now(); };
      channel.port2.postMessage(null);
    });
    // Attributes too: a grid that reuses its nodes for another day changes their ids in place.
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-appointment-id'] });
`;

/**
 * The console's agenda in headless Chromium for the salon of 50 professionals with 400
 * appointments a day (bench/support/seed-bench-salon.ts): the time from the day's last answer
 * (appointments, blocks, every professional's free times) to the first paint of the grid that
 * shows them, switching between two days. Its floor, measured in the same page right after
 * each render: the same grid (the same tree of elements, attributes, inline styles and texts the
 * app drew) built by hand with the DOM API in its place, to its first paint. Target: ≤ 100 ms (issue 25).
 */
export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const available = browserAvailability();
  if (!available.run) {
    console.log(`agenda render: skipped, ${available.reason}`);
    return targets.list;
  }
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
  const logger = createLogger('warn');
  const database = await createBenchDatabase({ prefix: 'wa_bench_render', serverUrl: process.env.DATABASE_URL, logger });
  const db = createDb(database.url, { maxConnections: 8 });
  const chromium = await launchChromium();
  let server: Server | undefined;
  const consoleRouter = createConsoleRouter({ db, logger, clock: systemClock, config: { PUBLIC_URL: undefined }, eventPollMs: 1000 });
  try {
    const seeded = await seedBenchSalon(db, { slug: 'bench-render', name: 'Bench Render', phoneNumberId: '1997' });
    const account = await createStaffAccount(db, {
      slug: 'bench-render',
      email: 'bench.render@salao.test',
      name: 'Rita',
      role: 'attendant',
    });
    if (account.kind !== 'created') throw new Error('staff account not created');
    await db.staffAccount.updateMany({ where: { tenantId: seeded.tenantId }, data: { mustChangePassword: false } });
    const app = createHttpApp({
      db,
      logger,
      routers: [
        createAdminRouter({
          db,
          scheduling: schedulingDepsOf(db),
          logger,
          clock: systemClock,
          config: { ADMIN_RATE_LIMIT_PER_MINUTE: 1_000_000, ADMIN_AUTH_FAILURES_PER_MINUTE: 1_000_000, PUBLIC_URL: 'http://localhost' },
        }),
        consoleRouter,
      ],
    });
    const listening = app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    const address = listening.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // Two working days ahead of today (free times on both), each with the full 400 appointments.
    const today = new Date().toISOString().slice(0, 10);
    const [first, second] = seeded.dates.filter((date) => date > today);
    if (!first || !second) throw new Error('the seeded salon has no working days ahead of today');
    const lastIdOf = async (date: string) => {
      const [row] = await db.$queryRaw<{ id: number; count: bigint }[]>`
        SELECT max(id) AS id, count(*) AS count FROM appointments
         WHERE tenant_id = ${seeded.tenantId}::int AND starts_at >= ${new Date(`${date}T03:00:00Z`)}
           AND starts_at < ${new Date(new Date(`${date}T03:00:00Z`).getTime() + 86_400_000)}`;
      if (Number(row?.count) !== PROFESSIONALS * HOURS.length)
        throw new Error(`expected ${PROFESSIONALS * HOURS.length} appointments on ${date}`);
      return row!.id;
    };
    const days = [
      { date: first, lastId: await lastIdOf(first) },
      { date: second, lastId: await lastIdOf(second) },
    ];

    const { page, problems } = await newPage(chromium.browser, { width: 1366, height: 768 });
    await page.addInitScript(RECORDER);
    await page.goto(`${base}/console`);
    await page.getByLabel('E-mail').fill('bench.render@salao.test');
    await page.getByLabel('Senha', { exact: true }).fill(account.initialPassword);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Atendimento', exact: true }).waitFor();
    await page.goto(`${base}/console/agenda`);
    await page.getByRole('heading', { name: 'Agenda', exact: true }).waitFor();
    await page.locator('.day-grid').waitFor();

    const rendered: number[] = [];
    const floor: number[] = [];
    let elements = 0;
    for (let index = 0; index < WARMUP + ROUNDS; index++) {
      const day = days[index % 2]!;
      const shown = await renderDay(page, day.date, day.lastId);
      const built = await buildFloor(page);
      elements = built.elements;
      if (index >= WARMUP) {
        rendered.push(shown);
        floor.push(built.ms);
      }
    }
    if (problems.length > 0) throw new Error(`the page had problems: ${problems.join('; ')}`);
    const appointments = await page.locator('.day-grid .appointment').count();
    if (appointments !== PROFESSIONALS * HOURS.length) throw new Error(`the grid shows ${appointments} appointments`);

    console.log(
      `agenda of ${PROFESSIONALS} professionals × ${appointments} appointments (${elements} grid elements), Chromium ${chromium.browser.version()} headless at 1366×768; ${ROUNDS} renders after ${WARMUP} warm-up, alternating two days`,
    );
    console.table([
      {
        measure: 'floor: the same grid built by hand (DOM API) to first paint',
        'median ms': round(percentile(floor, 50)),
        'p95 ms': round(percentile(floor, 95)),
      },
      {
        measure: 'agenda: last answer of the day → first paint of its grid',
        'median ms': round(percentile(rendered, 50)),
        'p95 ms': round(percentile(rendered, 95)),
      },
    ]);
    const p95 = percentile(rendered, 95);
    console.log(
      `agenda render: p95 ${round(p95)} ms, ratio to floor p95 ${(p95 / percentile(floor, 95)).toFixed(2)}× (median ${(percentile(rendered, 50) / percentile(floor, 50)).toFixed(2)}×) → ` +
        `p95 ≤ 100 ms ${targets.check('agenda render: p95 ≤ 100 ms', p95 <= 100)}`,
    );
    return targets.list;
  } finally {
    await chromium.close();
    consoleRouter.closeStreams();
    if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    server?.closeAllConnections();
    await db.$disconnect();
    await database.dispose();
  }
}

/** Shows `date` through the date field and answers the milliseconds from its last answer to the first paint of its grid. */
async function renderDay(page: Page, date: string, lastId: number): Promise<number> {
  await page.evaluate(`window.__render.expectId = ${lastId}; window.__render.paintedAt = 0;`);
  await page.getByLabel('Data', { exact: true }).fill(date);
  // Polled from here (a predicate evaluated inside the page would need 'unsafe-eval', which the CSP refuses); the times are the page's own.
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate<boolean>('window.__render.paintedAt > 0'))) {
    if (Date.now() > deadline) throw new Error(`the grid of ${date} was not painted within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return page.evaluate<number>('window.__render.paintedAt - window.__render.dataAt');
}

/**
 * The grid on screen rebuilt by hand in its place (the same tree: every element with its
 * attributes, inline styles included, and every text), timed to its first paint, then removed.
 * The app's grid is hidden meanwhile, so the copy is laid out where the grid is, on screen.
 */
function buildFloor(page: Page): Promise<{ ms: number; elements: number }> {
  return page.evaluate<{ ms: number; elements: number }>(`new Promise((resolve) => {
    const grid = document.querySelector('.day-grid');
    let elements = 0;
    const describe = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return { text: node.data };
      elements++;
      return {
        tag: node.tagName,
        attributes: [...node.attributes].filter((attribute) => attribute.name !== 'style').map((attribute) => [attribute.name, attribute.value]),
        style: node.style.cssText,
        children: [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE || child.nodeType === Node.ELEMENT_NODE).map(describe),
      };
    };
    const tree = describe(grid);
    // Through the CSSOM (style.cssText), as Preact does: the page's CSP refuses style attributes.
    const build = (part) => {
      if ('text' in part) return document.createTextNode(part.text);
      const element = document.createElement(part.tag);
      for (const [name, value] of part.attributes) element.setAttribute(name, value);
      if (part.style) element.style.cssText = part.style;
      for (const child of part.children) element.append(build(child));
      return element;
    };
    const started = performance.now();
    const copy = build(tree);
    grid.style.display = 'none';
    grid.after(copy);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const ms = performance.now() - started;
        copy.remove();
        grid.style.display = '';
        resolve({ ms, elements });
      };
      channel.port2.postMessage(null);
    });
  })`);
}
