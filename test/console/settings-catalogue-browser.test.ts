import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { plainOnlyKeyring } from '../../src/credentials/index.js';
import { importTenant, type TenantFile } from '../../src/tenant/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
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

// Issue 33: the salon's shared resources, a service's variants retired from their own row, and a
// tenant file imported from the console with its result shown.
describe.runIf(availability.run)(
  'resources, variants and the tenant file in Chromium, signed in as the owner',
  { timeout: 120_000 },
  () => {
    const database = testDatabase();
    let service: ConsoleTestService;
    let chromium: HeadlessChromium;
    let browser: Browser;
    let salon: TestTenant;
    let page: Page;
    let problems: string[] = [];
    const owner = { email: `dona.recursos.${Date.now()}@salao.test`, newPassword: 'jabuticaba-do-quintal-2026' };

    const openSettings = async () => {
      await page.getByRole('link', { name: 'Ajustes' }).first().click();
      await page.getByRole('heading', { name: 'Ajustes do salão' }).waitFor();
      await page.getByRole('heading', { name: 'Serviços e preços' }).waitFor();
    };
    const openResources = async () => {
      await page.getByRole('link', { name: 'Recursos do salão' }).click();
      await page.getByRole('heading', { name: 'Recursos do salão' }).waitFor();
    };
    const setColoracaoNeedsLavatorio = async (needs: boolean) => {
      await openSettings();
      await page.getByRole('button', { name: 'Editar Coloração' }).click();
      const form = page.getByRole('form', { name: 'Editar Coloração' });
      await form.getByLabel('Lavatório', { exact: true }).setChecked(needs);
      await form.getByRole('button', { name: 'Salvar serviço' }).click();
      await page.getByText('Serviço Coloração salvo.').waitFor();
    };

    beforeAll(async () => {
      const build = spawnSync(process.execPath, ['scripts/build.mjs', '--console'], { cwd: root, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`console build failed:\n${build.stderr}`);
      const { db } = await database;
      salon = await createTestTenant(db, { name: 'Salão Jabuticaba' });
      const created = await createStaffAccount(db, { slug: salon.slug, email: owner.email, name: 'Rosa', role: 'owner' });
      if (created.kind !== 'created') throw new Error('staff account not created');
      service = await startConsoleTestService({ database: await database, worker: false });
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

    it('1. the owner adds a resource (after its wrong fields are named), a service needs it, it cannot be retired until no service does', async () => {
      const { db } = await database;
      await openSettings();
      await openResources();
      await page.getByText('Nenhum recurso cadastrado.').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Novo recurso' }).click();
      const form = page.getByRole('form', { name: 'Novo recurso' });
      await form.getByLabel('Quantos atendimentos ao mesmo tempo').fill('0');
      await form.getByRole('button', { name: 'Criar recurso' }).click();
      await form.getByText('não pode ficar vazio').waitFor();
      const countError = form.getByText('deve ser pelo menos 1 (quantas pessoas usam ao mesmo tempo)');
      await countError.waitFor();
      await expect(form.getByLabel('Quantos atendimentos ao mesmo tempo').getAttribute('aria-invalid')).resolves.toBe('true');
      expect(await accessibilityViolations(page)).toEqual([]);
      await form.getByLabel('Nome do recurso').fill('Lavatório');
      await form.getByLabel('Quantos atendimentos ao mesmo tempo').fill('2');
      await countError.waitFor({ state: 'detached' });
      await form.getByRole('button', { name: 'Criar recurso' }).click();
      await page.getByText('Lavatório · 2 ao mesmo tempo · nenhum serviço usa').waitFor();

      await setColoracaoNeedsLavatorio(true);
      await openResources();
      await page.getByText('Lavatório · 2 ao mesmo tempo · usado por Coloração').waitFor();
      await page.getByRole('button', { name: 'Retirar Lavatório' }).click();
      await page.getByRole('alert').getByText('Este recurso ainda é usado por Coloração').waitFor();
      expect((await db.resource.findFirstOrThrow({ where: { tenantId: salon.id, key: 'lavatorio' } })).active).toBe(true);

      await page.getByRole('button', { name: 'Editar Lavatório' }).click();
      await page.getByRole('form', { name: 'Editar Lavatório' }).getByLabel('Quantos atendimentos ao mesmo tempo').fill('3');
      await page.getByRole('button', { name: 'Salvar recurso' }).click();
      await page.getByText('Lavatório · 3 ao mesmo tempo · usado por Coloração').waitFor();
      expect((await db.resource.findFirstOrThrow({ where: { tenantId: salon.id, key: 'lavatorio' } })).count).toBe(3);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await unlabeledControls(page)).toEqual([]);
      await screenshot(page, 'settings-resources');

      await setColoracaoNeedsLavatorio(false);
      await openResources();
      await page.getByText('Lavatório · 3 ao mesmo tempo · nenhum serviço usa').waitFor();
      await page.getByRole('button', { name: 'Retirar Lavatório' }).click();
      await page.getByText('Recurso Lavatório retirado.').waitFor();
      await page.getByText('Nenhum recurso cadastrado.').waitFor();
      expect((await db.resource.findFirstOrThrow({ where: { tenantId: salon.id, key: 'lavatorio' } })).active).toBe(false);
      expect(
        (await db.settingsChange.findMany({ where: { tenantId: salon.id }, orderBy: { id: 'asc' }, select: { change: true } })).map(
          (row) => row.change,
        ),
      ).toEqual(['resource_added', 'service_changed', 'resource_changed', 'service_changed', 'resource_retired']);
      expect(problems).toEqual([]);
    });

    it('2. one variant is retired from its own row under its service; the other stays', async () => {
      const { db } = await database;
      await openSettings();
      await page.getByRole('button', { name: 'Novo serviço' }).click();
      const form = page.getByRole('form', { name: 'Novo serviço' });
      await form.getByLabel('Nome do serviço').fill('Escova');
      await form.getByLabel('Duração (minutos)').fill('40');
      await form.getByLabel('Preço (R$)').fill('60,00');
      await form.getByRole('button', { name: 'Adicionar variação' }).click();
      await form.getByLabel('Variação 1: nome').fill('Escova curta');
      await form.getByRole('button', { name: 'Adicionar variação' }).click();
      await form.getByLabel('Variação 2: nome').fill('Escova longa');
      await form.getByLabel('Variação 2: duração (min)').fill('60');
      await form.getByLabel('Variação 2: preço (R$)').fill('90,00');
      await form.getByRole('button', { name: 'Criar serviço' }).click();
      const variants = page.getByRole('list', { name: 'Variações de Escova' });
      await variants.getByText('Escova longa · 60 min · R$ 90,00').waitFor();
      await variants.getByText('Escova curta · 40 min · R$ 60,00').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await variants.getByRole('button', { name: 'Retirar variação Escova longa' }).click();
      await page.getByText('Variação Escova longa retirada.').waitFor();
      // The row and its button both name the variant: wait for each to go (the list refreshes after the message).
      await variants.getByText('Escova longa · 60 min · R$ 90,00').waitFor({ state: 'detached' });
      await variants.getByRole('button', { name: 'Retirar variação Escova longa' }).waitFor({ state: 'detached' });
      await page.getByText('Escova · 40 min · R$ 60,00 · variações: Escova curta', { exact: true }).waitFor();
      expect(await page.getByRole('list', { name: 'Variações de Escova' }).getByRole('listitem').count()).toBe(1);
      const rows = await db.service.findMany({ where: { tenantId: salon.id, key: { startsWith: 'escova-' } }, orderBy: { key: 'asc' } });
      expect(rows.map((row) => [row.key, row.active])).toEqual([
        ['escova-curta', true],
        ['escova-longa', false],
      ]);
      expect((await db.service.findFirstOrThrow({ where: { tenantId: salon.id, key: 'escova' } })).active).toBe(true);
      expect(problems).toEqual([]);
    });

    it('3. a tenant file imported in the page shows what changed; a wrong one shows each problem in pt-BR and changes nothing', async () => {
      const { db } = await database;
      await openSettings();
      const downloaded = await page.request.get(`${service.url}/admin/tenant-file`);
      expect(downloaded.status()).toBe(200);
      const file = (await downloaded.json()) as TenantFile;
      const edited: TenantFile = {
        ...file,
        booking: { ...file.booking, minNoticeMinutes: 120 },
        services: file.services.map((entry) => (entry.key === 'corte' ? { ...entry, priceCents: 5500 } : entry)),
      };
      const input = page.getByLabel('Arquivo do salão (.json)');
      await input.setInputFiles({ name: 'salao.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(edited)) });
      await page.getByRole('button', { name: 'Importar arquivo' }).click();
      const result = page.getByRole('status', { name: 'Resultado da importação' });
      await result.getByText('Serviço alterado: Corte (preço)').waitFor();
      await result.getByText('Regras de agendamento: alterado (antecedência mínima)').waitFor();
      await page.getByText('Corte · 30 min · R$ 55,00').waitFor();
      expect((await db.tenant.findUniqueOrThrow({ where: { id: salon.id } })).minNoticeMinutes).toBe(120);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'settings-import');

      const wrong = {
        ...edited,
        slug: 'outro-salao',
        services: edited.services.map((entry) => (entry.key === 'corte' ? { ...entry, durationMinutes: 3 } : entry)),
      };
      await input.setInputFiles({ name: 'errado.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(wrong)) });
      await page.getByRole('button', { name: 'Importar arquivo' }).click();
      const refused = page.getByRole('alert', { name: 'Resultado da importação' });
      await refused.getByText('Arquivo recusado, nada foi alterado. Corrija:').waitFor();
      await refused.getByText(`slug: o arquivo é de outro salão ("outro-salao"); este é "${salon.slug}"`).waitFor();
      await refused.getByText('services.corte.durationMinutes: deve ser de pelo menos 5 minutos').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      expect((await db.service.findFirstOrThrow({ where: { tenantId: salon.id, key: 'corte' } })).durationMinutes).toBe(30);

      await input.setInputFiles({ name: 'quebrado.json', mimeType: 'application/json', buffer: Buffer.from('{"slug": ') });
      await page.getByRole('button', { name: 'Importar arquivo' }).click();
      await page.getByText('Este arquivo não é um JSON válido: nada foi alterado.').waitFor();
      expect(
        (await db.settingsChange.findMany({ where: { tenantId: salon.id, change: 'file_imported' }, select: { actorKind: true } })).map(
          (row) => row.actorKind,
        ),
      ).toEqual(['staff_account']);
      const history = page.getByRole('region', { name: 'Últimas alterações' });
      await history.getByText(/Arquivo do salão importado · Rosa/).waitFor();
      await history.getByText(/Serviço retirado \(escova-longa\) · Rosa/).waitFor();
      expect(problems).toEqual([]);
    });

    it('4. a file the operator imports at the command line shows in the page’s latest changes, with what it changed', async () => {
      const { db } = await database;
      const file = (await (await page.request.get(`${service.url}/admin/tenant-file`)).json()) as TenantFile;
      const outcome = await importTenant(
        db,
        { ...file, name: 'Salão Jabuticaba & Cia' },
        { keyring: plainOnlyKeyring, actor: { kind: 'cli' } },
      );
      expect(outcome.kind).toBe('imported');
      await page.reload();
      await page.getByRole('heading', { name: 'Ajustes do salão' }).waitFor();
      const history = page.getByRole('region', { name: 'Últimas alterações' });
      const latest = history.getByRole('listitem').first();
      await latest.getByText(/Arquivo do salão importado · operador, pela linha de comando/).waitFor();
      await latest.getByRole('list').getByText('Nome do salão: alterado').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(await unlabeledControls(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  },
);
