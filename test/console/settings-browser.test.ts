import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import type { BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { offeredStarts } from '../admin/agenda-test-kit.js';
import { installScriptedClaude, type ScriptedClaude, text, toolCalls } from '../fakes/anthropic.js';
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
  unlabeledControls,
} from './browser.js';
import { type ConsoleTestService, startConsoleTestService } from './console-service.js';

const availability = browserAvailability();
const root = path.resolve(import.meta.dirname, '../..');

/** The next Wednesday in São Paulo at least two days ahead (inside the booking horizon, past the notice). */
function nextWednesday(): string {
  for (let days = 2; ; days++) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 3) return date;
  }
}

// Issue 33: the owner edits the salon in the console, and the bot sees it on its next tool call.
describe.runIf(availability.run)('the salon’s settings in Chromium, signed in as the owner', { timeout: 120_000 }, () => {
  const database = testDatabase();
  let service: ConsoleTestService;
  let chromium: HeadlessChromium;
  let browser: Browser;
  let salon: TestTenant;
  let page: Page;
  let claude: ScriptedClaude;
  let graph: GraphApiFake;
  let problems: string[] = [];
  const owner = { email: `dona.${Date.now()}@salao.test`, newPassword: 'girassol-da-serra-2026' };
  const customer = { waId: '5511987001234', name: 'Paula Reis' };
  const wednesday = nextWednesday();

  const eventually = async <T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 20_000) => {
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
  /** The JSON of the tool results the model was sent last (what the bot saw). */
  const lastToolResult = <T>() => {
    const [result] = claude.lastToolResults();
    const content = typeof result?.content === 'string' ? result.content : (result?.content?.[0] as { text?: string } | undefined)?.text;
    return JSON.parse(content ?? 'null') as T;
  };

  beforeAll(async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
    const { db } = await database;
    salon = await createTestTenant(db, { name: 'Salão da Dona Lu' });
    const created = await createStaffAccount(db, { slug: salon.slug, email: owner.email, name: 'Lu', role: 'owner' });
    if (created.kind !== 'created') throw new Error('staff account not created');
    service = await startConsoleTestService({ database: await database, config: { ANTHROPIC_API_KEY: 'sk-ant-settings-test' } });
    chromium = await launchChromium();
    browser = chromium.browser;
    ({ page, problems } = await newPage(browser, { width: 1366, height: 768 }));
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

  it('1. the settings page shows the first-run checklist and links the team; a wrong field is named under it and cleared on typing', async () => {
    await page.getByRole('link', { name: 'Ajustes' }).click();
    await page.getByRole('heading', { name: 'Ajustes do salão' }).waitFor();
    const checklist = page.getByRole('region', { name: 'Primeiros passos' });
    await checklist.waitFor();
    await expect(checklist.textContent()).resolves.toContain('Cadastre os serviços com seus preços (a fazer)');
    expect(await page.getByRole('link', { name: 'Equipe' }).count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await unlabeledControls(page)).toEqual([]);
    await screenshot(page, 'settings');

    await page.getByRole('button', { name: 'Novo serviço' }).click();
    await page.getByLabel('Nome do serviço').fill('Escova');
    await page.getByLabel('Duração (minutos)').fill('2');
    await page.getByLabel('Preço (R$)').fill('60,00');
    await page.getByRole('button', { name: 'Criar serviço' }).click();
    const durationError = page.getByText('deve ser de pelo menos 5 minutos');
    await durationError.waitFor();
    await expect(page.getByLabel('Duração (minutos)').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Duração (minutos)').fill('40');
    await durationError.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Adicionar variação' }).click();
    await page.getByLabel('Variação 1: nome').fill('Escova cabelo longo');
    await page.getByLabel('Variação 1: duração (min)').fill('60');
    await page.getByLabel('Variação 1: preço (R$)').fill('90,00');
    await page.getByRole('button', { name: 'Criar serviço' }).click();
    await page.getByText('Escova · 40 min · R$ 60,00 · variações: Escova cabelo longo').waitFor();
    await expect(checklist.textContent()).resolves.toContain('Cadastre os serviços com seus preços (feito)');
    expect(problems).toEqual([]);
  });

  it('2. the owner adds a professional with hours, a break and a service; the bot’s next buscar_horarios offers exactly that time', async () => {
    const { db } = await database;
    await page.getByRole('button', { name: 'Novo profissional' }).click();
    const form = page.getByRole('form', { name: 'Novo profissional' });
    await form.getByLabel('Nome do profissional').fill('Carla');
    await form.getByLabel('Escova', { exact: true }).check();
    await form.getByLabel('Quarta', { exact: true }).check();
    await form.getByLabel('Início (Quarta)').fill('09:00');
    await form.getByLabel('Pausa de (Quarta)').fill('10:00');
    await form.getByLabel('Pausa até (Quarta)').fill('10:30');
    await form.getByLabel('Fim (Quarta)').fill('12:00');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'settings-professional');
    await form.getByRole('button', { name: 'Adicionar profissional' }).click();
    await page.getByText('Carla · Qua 09:00–10:00, 10:30–12:00').waitFor();
    const carla = await db.professional.findFirstOrThrow({ where: { tenantId: salon.id, key: 'carla' }, select: { id: true } });
    const escova = await db.service.findFirstOrThrow({ where: { tenantId: salon.id, key: 'escova' }, select: { id: true } });
    expect(await db.settingsChange.findMany({ where: { tenantId: salon.id }, select: { change: true, actorKind: true } })).toEqual([
      { change: 'service_added', actorKind: 'staff_account' },
      { change: 'professional_added', actorKind: 'staff_account' },
    ]);

    claude.enqueue(toolCalls([{ name: 'buscar_horarios', input: { profissional_id: carla.id, data: wednesday, servico_id: escova.id } }]));
    claude.enqueue(text('A Carla tem escova na quarta às 9h, 9h15 ou a partir das 10h30.'));
    await customerWrites('Oi! A Carla tem horário de escova na quarta?');
    await eventually(
      async () => graph.acceptedTexts().includes('A Carla tem escova na quarta às 9h, 9h15 ou a partir das 10h30.'),
      'the bot’s answer',
    );
    // 40 minutes every 15: 09:00 and 09:15 end before the break; from 10:30 the last start that ends by 12:00 is 11:15.
    expect(offeredStarts(lastToolResult<BuscarHorariosResult>())).toEqual(['09:00', '09:15', '10:30', '10:45', '11:00', '11:15']);
    expect(problems).toEqual([]);
  });

  it('3. a price changed in the console is the price of the bot’s next listar_servicos', async () => {
    await page.getByRole('button', { name: 'Editar Escova' }).click();
    const form = page.getByRole('form', { name: 'Editar Escova' });
    await form.getByLabel('Preço (R$)', { exact: true }).fill('72,50');
    await form.getByRole('button', { name: 'Salvar serviço' }).click();
    await page.getByText('Escova · 40 min · R$ 72,50').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    claude.enqueue(toolCalls([{ name: 'listar_servicos', input: {} }]));
    claude.enqueue(text('A escova sai por R$ 72,50.'));
    await customerWrites('Quanto custa a escova?');
    await eventually(async () => graph.acceptedTexts().includes('A escova sai por R$ 72,50.'), 'the price answer');
    const listed = lastToolResult<{ servicos: { nome: string; preco: string | null }[] }>();
    expect(listed.servicos.find((entry) => entry.nome === 'Escova')?.preco).toBe('R$ 72,50');
    expect(problems).toEqual([]);
  });

  it('4. a professional’s own price for a service is saved from the page; a wrong own duration is named at its field', async () => {
    const { db } = await database;
    await page.getByRole('button', { name: 'Editar Carla' }).click();
    const form = page.getByRole('form', { name: 'Editar Carla' });
    await form.getByLabel('Preço próprio de Escova (R$, opcional)').fill('80,00');
    await form.getByLabel('Duração própria de Escova (min, opcional)').fill('2');
    await form.getByRole('button', { name: 'Salvar profissional' }).click();
    const durationError = form.getByText('deve ser de pelo menos 5 minutos');
    await durationError.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await form.getByLabel('Duração própria de Escova (min, opcional)').fill('');
    await durationError.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Salvar profissional' }).click();
    await page.getByText('Carla: alterações salvas.').waitFor();
    const link = await db.professionalService.findFirstOrThrow({
      where: { tenantId: salon.id, professional: { key: 'carla' }, service: { key: 'escova' } },
      select: { priceCents: true, durationMinutes: true },
    });
    expect(link).toEqual({ priceCents: 8000, durationMinutes: null });
    expect(problems).toEqual([]);
  });
});
